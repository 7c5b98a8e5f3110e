"""Fixtures of the web tests built by the helper modules beside this file."""

from .commands import fresh_sqlite  # noqa: F401  (a fixture)
from .every_url import season_world, world  # noqa: F401  (fixtures)
from .seasons import nights, season_with_a_hidden_event  # noqa: F401  (fixtures)
