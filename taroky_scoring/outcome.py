"""Nebraska's ``outcome`` under its old name, for the web layer's imports (the web is
Nebraska-only until it becomes generic); the module is ``games.nebraska.outcome``."""

from .games.nebraska.outcome import *  # noqa: F403
