"""Forms translate fields to the scoring contract's document and show the core's
errors at the right field; they never re-implement a rule. One module per subject:
fields (what every form shares), events, players, tables, deals, seasons."""

from .deals import CardPointsForm, ChipCountForm, VoidDealForm
from .events import EventForm
from .fields import bounded, clean_typed_name
from .players import (
    AddPlayerForm,
    PlayerEmailForm,
    PlayerFieldsForm,
    PlayersCsvForm,
    RegistrationChangeForm,
    RenamePlayerForm,
    RollCallForm,
    WithdrawForm,
)
from .schedule import CannotMoveForm, DrawAllRoundsForm, SeatByRankingForm
from .seasons import PointsTableField, SeasonEventForm, SeasonForm
from .tables import DrawForm, FirstForehandForm, SwapForm, TableForm

__all__ = [
    "CannotMoveForm",
    "AddPlayerForm",
    "CardPointsForm",
    "ChipCountForm",
    "DrawAllRoundsForm",
    "DrawForm",
    "SeatByRankingForm",
    "EventForm",
    "FirstForehandForm",
    "PlayerEmailForm",
    "PlayerFieldsForm",
    "PlayersCsvForm",
    "PointsTableField",
    "RegistrationChangeForm",
    "RenamePlayerForm",
    "RollCallForm",
    "SeasonEventForm",
    "SeasonForm",
    "SwapForm",
    "TableForm",
    "VoidDealForm",
    "WithdrawForm",
    "bounded",
    "clean_typed_name",
]
