"""The app's public pages as files: each URL asked of its own view as an anonymous
visitor, then its links made relative (site_export.py says what a site holds).

A page is asked through a request made here (Django's RequestFactory) and handed to the
view its URL resolves to, as the server would hand it, but with no middleware: the
visitor is anonymous (``AnonymousUser``: the public's pages, nothing an organizer sees),
and ``request.published`` says the page is being published, which the base template's
published mode reads (no script, no service worker, no sign-in, a brand linking to the
site's first page).

Links (``relink``): every ``href`` and ``src`` is resolved against the page's URL and
looked up among the site's URLs (its query's order aside). A link to a file of the site
becomes the relative path to it; a link (``<a>``) to anything else (a deal's page, the
wall, the home page, a sort order of a table) becomes its text alone; anything else that
is not in the site (a stylesheet, an image) is an error: the site must fetch nothing
from outside its folder.
"""

from __future__ import annotations

import datetime
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape, unescape
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit

from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.test import RequestFactory
from django.urls import Resolver404, resolve


@dataclass(frozen=True)
class Published:
    """What the base template's published mode shows: the site's first page (the brand
    links to it), its name, and the day it was published (the footer)."""

    home: str
    name: str
    on: datetime.date


class SiteError(Exception):
    """A page of the site that could not be published (a bug: never a visitor's doing)."""


def url_key(url: str) -> str:
    """A URL as the site's map knows it: the path, and the query in one order."""
    parts = urlsplit(url)
    query = urlencode(sorted(parse_qsl(parts.query, keep_blank_values=True)))
    return f"{parts.path}?{query}" if query else parts.path


def site_map(files: dict[str, str], stylesheets: dict[str, tuple[str, bytes]]) -> dict[str, str]:
    """{URL as ``url_key`` says it: its path in the site}, of the pages and stylesheets."""
    where = {url_key(url): path for url, path in files.items()}
    for url, (path, _) in stylesheets.items():
        where[url_key(url)] = path
    return where


def render_site(
    files: dict[str, str],
    stylesheets: dict[str, tuple[str, bytes]],
    published: Published,
    pace: Callable[[], None] | None = None,
) -> dict[str, bytes]:
    """Every file of ``files`` ({URL: path in the site}) as the app's view answers it,
    with the ``stylesheets`` ({URL: (path, bytes)}); ``pace`` is called after each file
    (site_store.py lets the server's other requests go first)."""
    where = site_map(files, stylesheets)
    site = {path: body for path, body in stylesheets.values()}
    factory = RequestFactory()
    for url, path in files.items():
        body = _get(factory, url, published)
        if path.endswith(".html"):
            body = relink(body.decode("utf-8"), url, path, where).encode("utf-8")
        site[path] = body
        if pace is not None:
            pace()
    return site


def _get(factory: RequestFactory, url: str, published: Published) -> bytes:
    # The host is one the app answers to (a page that says its own address would ask).
    request = factory.get(url, SERVER_NAME="localhost")
    request.user = AnonymousUser()
    request.published = published
    path = urlsplit(url).path
    try:
        match = resolve(path)
        response = match.func(request, *match.args, **match.kwargs)
    except (Resolver404, Http404) as e:
        raise SiteError(f"{url} is not a public page: {e}") from e
    if hasattr(response, "render"):
        response.render()
    if response.status_code != 200:
        raise SiteError(f"{url} answered {response.status_code}, not a page to publish")
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


ANCHOR = re.compile(r"<a\b([^>]*)>(.*?)</a>", re.S)
# Any other start tag with a link in it (a stylesheet, an image, a script).
TAG = re.compile(r"<(?!a\b)[a-zA-Z][\w-]*\b[^>]*?\s(?:href|src|action)=\"[^\"]*\"[^>]*>")
LINK = re.compile(r'(\s(?:href|src|action)=")([^"]*)(")')


def relink(html: str, url: str, path: str, where: dict[str, str]) -> str:
    """The page at ``url``, written to ``path``, with its links made relative to it, or
    plain text where they lead out of the site (see the module's docstring)."""
    here = posixpath.dirname(path) or "."

    def target(value: str) -> str | None:
        link = unescape(value)
        if link.startswith("#"):
            return value  # on the page itself
        parts = urlsplit(urljoin(url, link))
        if parts.scheme or parts.netloc:
            return None
        found = where.get(url_key(parts._replace(fragment="").geturl()))
        if found is None:
            return None
        relative = posixpath.relpath(found, here)
        return escape(relative + (f"#{parts.fragment}" if parts.fragment else ""))

    def anchor(match: re.Match) -> str:
        attributes, text = match.groups()
        link = LINK.search(attributes)
        if link is None:
            return match.group(0)
        new = target(link.group(2))
        if new is None:
            return text  # a page the site does not hold: its words only
        return f"<a{attributes[: link.start(2)]}{new}{attributes[link.end(2) :]}>{text}</a>"

    def tag(match: re.Match) -> str:
        def each(link: re.Match) -> str:
            new = target(link.group(2))
            if new is None:
                raise SiteError(f"{url} fetches {link.group(2)}, which is not in the site")
            return f"{link.group(1)}{new}{link.group(3)}"

        return LINK.sub(each, match.group(0))

    return TAG.sub(tag, ANCHOR.sub(anchor, html))
