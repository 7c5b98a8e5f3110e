"""Nebraska's ``payments`` under its old name, for the web layer's imports (the web is
Nebraska-only until it becomes generic); the module is ``games.nebraska.payments``."""

from .games.nebraska.payments import *  # noqa: F403
