"""Requests no page of the app can mean, refused before anything reads them.

A NUL character (\\0): no address, form value, header or cookie of the app holds one,
and PostgreSQL's text columns cannot store or even compare one (a query with it fails,
which was a 500), while SQLite stored it. One check here, right after
SecurityMiddleware (its answer carries the security headers) and before anything that
queries, so every page, the admin's too, answers alike on both databases.
"""

from __future__ import annotations

from django.http import HttpResponseBadRequest, JsonResponse

NUL = "\x00"
SAID = "The request holds a NUL character (\\0), which no address or form of this app takes."


def _holds_nul(values) -> bool:
    return any(NUL in v for v in values if isinstance(v, str))


def _nul_fields(request) -> list[str]:
    """The posted fields that hold a NUL (in their name or a value), by name."""
    if request.method != "POST":
        return []
    # A malformed body raises here as it would in CSRF's check (a 400); one that could
    # not be read is left to the view, as that check leaves it.
    try:
        posted, files = request.POST, request.FILES
    except OSError:
        return []
    # An uploaded file's name comes without its NULs (Django's parser drops them).
    return [k for k, vs in posted.lists() if NUL in k or _holds_nul(vs)] + [
        k for k in files if NUL in k
    ]


def wants_json(request) -> bool:
    """The deal form's script (its saves ask for JSON, its previews say ``fetch``): it
    reads the answer as JSON."""
    return (
        "application/json" in request.headers.get("Accept", "")
        or request.headers.get("X-Requested-With") == "fetch"
    )


class RefuseNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        in_request = (
            NUL in request.path_info
            or NUL in request.path
            or any(NUL in k or _holds_nul(vs) for k, vs in request.GET.lists())
            or any(
                NUL in k or _holds_nul([v])
                for k, v in request.META.items()
                if k.startswith("HTTP_")
            )
            # A cookie's value may say its NUL quoted ("\\000"), unquoted here.
            or any(NUL in k or NUL in v for k, v in request.COOKIES.items())
        )
        fields = [] if in_request else _nul_fields(request)
        if not (in_request or fields):
            return self.get_response(request)
        if wants_json(request):
            # Refused with the field to fix, as the deal form's script reads a save's
            # answer (result) and a preview's (ok).
            errors = {name.replace(NUL, "\\0"): [SAID] for name in fields}
            return JsonResponse(
                {"result": "refused", "ok": False, "message": SAID, "errors": errors}, status=400
            )
        return HttpResponseBadRequest(SAID, content_type="text/plain; charset=utf-8")


# The header the hall's service worker sends when it fetches a copy of an open page to
# keep for a reload without network (sw.js, keepOpenPages).
KEEP_COPY_HEADER = "X-Keep-Copy"


class _Unread:
    """The messages a kept copy sees: none, and none read."""

    used = False

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0

    def add(self, *args, **kwargs):
        pass


class KeepCopyMiddleware:
    """A copy the service worker keeps neither shows nor uses up the messages waiting for
    the page (a "Deal 3 saved." between a save and its page would be swallowed by a copy
    fetched in that instant). Inside MessageMiddleware, which then stores nothing new."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.headers.get(KEEP_COPY_HEADER) != "1" or not hasattr(request, "_messages"):
            return self.get_response(request)
        waiting, request._messages = request._messages, _Unread()
        try:
            return self.get_response(request)
        finally:
            request._messages = waiting
