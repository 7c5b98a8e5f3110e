"""Nebraska's ``validation`` under its old name, for the web layer's imports (the web is
Nebraska-only until it becomes generic); the module is ``games.nebraska.validation``."""

from .games.nebraska.validation import *  # noqa: F403
