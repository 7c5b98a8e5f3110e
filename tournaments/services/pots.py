"""The pot of the later deals when an earlier deal changes (Petrtyl's penalty pot).

Every deal plays for the chips the ledger holds in its table's pot before it (the app
fills the document's pot, ``Game.with_pot``). Correcting or voiding a deal changes what
it put into or took from the pot, and so the pot that later deals find, until a deal
finds the pot its document already says (one that takes the whole pot, or one after
the pot came back to what it was). ``plan_new_pots`` walks the later deals and says
which of them will play for another pot, with their old and new pot and chips: a
correction's preview shows it before Save, and the correction saves exactly it.
Deals whose pot does not change are neither re-scored nor re-checked: they stand as
they are, whatever else may have changed since they were saved (a deal recorded under
earlier rules too). One whose pot changes is scored under today's rules: if they refuse
it, the change is refused, saying so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import F

import taroky_scoring as core
from taroky_scoring.editions import EDITIONS, RULES_EDITION

from .. import seat_holders
from ..balances import net_by_deal_and_player
from ..models import POT_ACCOUNT, Deal, DealVersion, LedgerEntry
from ..todays_names import under_todays_names
from .checking import CheckedDeal, check_document
from .errors import DealError


@dataclass(frozen=True)
class NewPot:
    """A later deal that will play for another pot: its pot before and after the change,
    each account's chips before and after (the pot as ``#pot``), and what saving posts
    (``checked``: the document with its new pot, checked)."""

    deal: Deal
    old_pot: int
    new_pot: int
    old_net: dict[str, int]
    new_net: dict[str, int]
    checked: CheckedDeal

    @property
    def number(self) -> int:
        return self.deal.number

    def as_dict(self) -> dict:
        """For the preview: the deal, its pot old and new, each player's chips old and new."""
        names = [n for n in self.new_net if n != POT_ACCOUNT]
        return {
            "number": self.number,
            "old_pot": self.old_pot,
            "new_pot": self.new_pot,
            "net": [
                {"name": n, "old": self.old_net.get(n, 0), "new": self.new_net[n]} for n in names
            ],
        }


def plan_new_pots(
    table, after: int, pot: int, seat_list: list, refused: str, lock: bool = False
) -> list[NewPot]:
    """The live deals of ``table`` after deal ``after`` that will play for another pot,
    when the pot before the first of them holds ``pot`` chips (``seat_list``: the
    table's seats, ``seat_holders.seats_of``). A deal that cannot be played with its
    new pot raises DealError (``refused`` begins its message); ``lock`` locks the later
    deals (a correction saving; not its preview)."""
    later = Deal.objects.filter(table_id=table.pk, number__gt=after, voided=False)
    if lock:
        later = later.select_for_update(of=("self",))
    later = list(later.order_by("number"))
    if not later:
        return []
    # What each later deal's current version holds in the ledger (reversals cancel),
    # one query for all: the chips of an unchanged deal stand as they are.
    held = net_by_deal_and_player(LedgerEntry.objects.filter(deal__in=later))
    # Every player who held a seat, leavers and substitutes, by today's name.
    names = {
        player.pk: player.name
        for number in {after + 1, *(d.number for d in later)}
        for h in seat_holders.holders(seat_list, number)
        for player in (h.leaver, h.player)
    }
    # Who each name of a deal's document is (its current version's), one query for all:
    # a deal given a new pot is posted under the names the table's seats have now.
    saved_as, editions = {}, {}
    for deal_id, saved_names, edition in DealVersion.objects.filter(
        deal__in=later, number=F("deal__version")
    ).values_list("deal_id", "names", "rules_edition"):
        saved_as[deal_id], editions[deal_id] = saved_names, edition
    planned = []
    for deal in later:
        game = core.game_of_document(deal.document)
        old = Counter(
            {POT_ACCOUNT if k is None else names[k]: v for k, v in held.get(deal.pk, {}).items()}
        )
        if game.pot_of(deal.document) == pot:
            pot += old[POT_ACCOUNT]
            continue
        # Names as the table's seats say them now (a name fixed since the deal was saved).
        document = game.with_pot(
            under_todays_names(deal.document, saved_as.get(deal.pk), names), pot
        )
        finds = f"{refused}: deal {deal.number} would then find {pot} chips in the pot"
        try:
            seats = seat_holders.by_name(seat_list, deal.number)
            checked = check_document(table, document, seats, deal.document)
        except DealError as e:
            why = "; ".join(err.message for err in e.field_errors) or e.message
            edition = editions.get(deal.pk, RULES_EDITION)
            first = (
                f"Deal {deal.number} was recorded under {EDITIONS[edition]}, which today's "
                f"rules refuse: correct or void deal {deal.number} first"
                if edition < RULES_EDITION
                else f"Correct or void deal {deal.number} first"
            )
            raise DealError(
                f"{finds}, and it cannot be scored with them ({why}). {first}; nothing was saved."
            ) from e
        pot_after = pot + checked.settlement.net.get(POT_ACCOUNT, 0)
        if pot_after < 0:
            raise DealError(
                f"{finds}, and it takes {pot - pot_after} from it. "
                f"Correct or void deal {deal.number} first; nothing was saved."
            )
        planned.append(
            NewPot(
                deal=deal,
                old_pot=game.pot_of(deal.document),
                new_pot=pot,
                old_net=dict(old),
                new_net=dict(checked.settlement.net),
                checked=checked,
            )
        )
        pot = pot_after
    return planned
