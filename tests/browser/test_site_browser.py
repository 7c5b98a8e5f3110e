"""The results website opened from disk (file://) in Chromium with the network cut: every
request that is not a file of the folder is aborted and counted (none is allowed), and
every link of every page, followed from index.html, is a file of the folder. At a
phone's size and a desktop's: nothing spills sideways."""

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from django.db import connections

from tournaments import site_export

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("SCREENSHOTS_DIR")  # set it to keep the pictures and look at them
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


@pytest.fixture
def site_folder(season_with_a_hidden_event, tmp_path):  # noqa: F811
    season, _, _ = season_with_a_hidden_event
    files = site_export.build_season(season)
    folder = tmp_path / "site"
    folder.mkdir()
    site_export.write_folder(files, folder)
    # The database is done with: its connection, opened under Playwright's event loop,
    # is not left open (PostgreSQL would not drop the test database).
    connections.close_all()
    return folder, set(files)


def on_disk(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file", url
    return Path(unquote(parts.path))


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_site_opens_from_disk_offline_and_every_link_resolves(browser, site_folder, size):
    folder, files = site_folder
    context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone")
    outside: list[str] = []

    def cut(route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", cut)
    page = context.new_page()
    page.set_default_timeout(10_000)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    start = (folder / "index.html").as_uri()
    queue, seen, linked = [start], {start}, set()
    try:
        while queue:
            url = queue.pop()
            page.goto(url)
            path = on_disk(url)
            assert page.title(), path
            assert page.locator("h1").count() == 1, path
            spills = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
            assert not spills, f"{path} scrolls sideways at {size} size"
            if SHOTS and path.name == "index.html" and path.parent == folder:
                page.screenshot(path=os.path.join(SHOTS, f"site-{size}.png"))
            targets = page.evaluate(
                "Array.from(document.querySelectorAll('a[href], link[href], [src]'),"
                " e => e.href || e.src)"
            )
            for target in targets:
                target = target.split("#")[0]
                file = on_disk(target)
                assert file.is_file(), f"{path} links to {target}, which is not in the folder"
                assert file.is_relative_to(folder), target
                linked.add(str(file.relative_to(folder)))
                if target.endswith(".html") and target not in seen:
                    seen.add(target)
                    queue.append(target)
    finally:
        context.close()
    assert outside == []  # not one request left the folder
    assert failed == []
    # Every page of the site was reached by following links; every file is linked.
    assert {str(on_disk(u).relative_to(folder)) for u in seen} == {
        f for f in files if f.endswith(".html")
    }
    assert linked | {"index.html"} == files
