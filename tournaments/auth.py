"""Sign-in with a lock after repeated failures (per user name and address)."""

from __future__ import annotations

from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.core.exceptions import ValidationError

MAX_FAILURES = 5
LOCK_SECONDS = 15 * 60


def _key(request, username: str) -> str:
    address = request.META.get("REMOTE_ADDR", "") if request else ""
    return f"signin-failures:{(username or '').strip().lower()}:{address}"


class ThrottledAuthenticationForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "locked": "Too many failed sign-ins for this user name. Try again in 15 minutes.",
    }

    def clean(self):
        key = _key(self.request, self.data.get("username", ""))
        failures = cache.get(key, 0)
        if failures >= MAX_FAILURES:
            raise ValidationError(self.error_messages["locked"], code="locked")
        try:
            cleaned = super().clean()
        except ValidationError:
            cache.set(key, failures + 1, LOCK_SECONDS)
            raise
        cache.delete(key)
        return cleaned


class ThrottledLoginView(LoginView):
    form_class = ThrottledAuthenticationForm
