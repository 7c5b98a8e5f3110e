"""The sign-in lock's two hooks into django-axes (configured in settings)."""

from __future__ import annotations

import unicodedata

from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import render

LOCKED = "Too many failed sign-ins for this user name. Try again in 15 minutes."


def lock_username(request, credentials) -> str:
    """The name a failure counts against: NFKC and case-folded.

    Django's sign-in form NFKC-normalises the name it looks up, so a fullwidth "ｖ"
    signs in as "v"; keyed on the raw name, each look-alike would get five more
    guesses. Case-folding also counts "ORG" against "org".
    """
    name = (credentials or {}).get("username")
    if name is None and request is not None:
        name = request.POST.get("username")
    return unicodedata.normalize("NFKC", str(name or "")).casefold().strip()


def lockout_response(request, _original_response=None, _credentials=None):
    """The sign-in page again, saying the name is locked (429 Too Many Requests)."""
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    return render(
        request,
        "registration/login.html",
        {"form": form, "locked": LOCKED, "next": request.POST.get("next", "")},
        status=429,
    )
