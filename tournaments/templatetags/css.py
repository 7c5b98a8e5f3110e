"""Text put into a page's CSS: ``{% load css %}``."""

import re

from django import template
from django.utils.safestring import mark_safe

register = template.Library()

_PLAIN = re.compile(r"[A-Za-z0-9 ,.:;()\-]")


@register.filter
def css_string(value) -> str:
    """``value`` as a CSS string, quotes included: every character but letters, digits
    and plain punctuation as a CSS escape, so no text can end the string, the rule or
    the ``<style>`` element it is in."""
    said = "".join(c if _PLAIN.fullmatch(c) else f"\\{ord(c):06x}" for c in str(value))
    return mark_safe(f'"{said}"')
