"""Nebraska's ``rulesets`` under its old name, for the web layer's imports (the web is
Nebraska-only until it becomes generic); the module is ``games.nebraska.rulesets``."""

from .games.nebraska.rulesets import *  # noqa: F403
