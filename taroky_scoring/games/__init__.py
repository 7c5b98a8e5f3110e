"""The games; importing this package registers each (see ``taroky_scoring.registry``)."""

from . import (
    nebraska,  # noqa: F401
    petrtyl,  # noqa: F401
    texas,  # noqa: F401
)
