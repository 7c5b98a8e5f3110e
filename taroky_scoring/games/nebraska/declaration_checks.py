"""Whether a deal's declarations (Four Kings, Ten Taroky, Three High) can all be true:
each player once per kind, the cards they claim fit in one hand and in the pack, and
they agree with who bid, who partnered and who played the tarok 1.
"""

from __future__ import annotations

from ...errors import FieldError
from .outcome import Bid, Called, DealOutcome, DeclarationKind


def check_declarations(outcome: DealOutcome, add) -> None:
    declarations = outcome.declarations or ()
    if not declarations:  # most deals: nothing declared, nothing to check
        return
    by_kind: dict[DeclarationKind, list[str]] = {k: [] for k in DeclarationKind}
    for d in declarations:
        if d.player == outcome.sitting_out:
            add(FieldError("declarations", f"{d.player} sits out this deal and holds no cards."))
            continue
        if d.player not in outcome.players:
            add(FieldError("declarations", f"{d.player} is not one of this deal's players."))
            continue
        if d.player in by_kind[d.kind]:
            add(FieldError("declarations", f"{d.player} declared {d.kind.label} twice."))
            continue
        by_kind[d.kind].append(d.player)

    for kind in (DeclarationKind.FOUR_KINGS, DeclarationKind.THREE_HIGH):
        if len(by_kind[kind]) > 1:
            add(
                FieldError(
                    "declarations",
                    f"Only one player can hold {kind.label}: "
                    f"{' and '.join(by_kind[kind])} both declared it.",
                )
            )
    if len(by_kind[DeclarationKind.TEN_TAROKY]) > 2:
        add(
            FieldError(
                "declarations",
                "There are only 22 taroky: at most two players can hold Ten Taroky.",
            )
        )
    elif len(by_kind[DeclarationKind.THREE_HIGH]) <= 1:
        _check_taroky_in_pack(by_kind, add)
    for player in set(by_kind[DeclarationKind.TEN_TAROKY]) & set(
        by_kind[DeclarationKind.FOUR_KINGS]
    ):
        add(
            FieldError(
                "declarations",
                f"{player} cannot hold Ten Taroky and Four Kings: that is 14 cards in a "
                "12-card hand.",
            )
        )
    for player in by_kind[DeclarationKind.FOUR_KINGS]:
        # The holder of all four Kings holds the called King, so is bidder or partner.
        if player not in outcome.bidder_team:
            add(
                FieldError(
                    "declarations",
                    f"{player} cannot hold Four Kings: whoever holds all four holds the "
                    "called King, so is the bidder or the partner.",
                )
            )
        elif player == outcome.bidder and outcome.partner is not None:
            add(
                FieldError(
                    "partner",
                    f"{player} declared Four Kings, so holds the called King and plays "
                    "alone: there is no partner.",
                )
            )
        elif outcome.king_in_blind and outcome.bid is not Bid.FOUR:
            add(
                FieldError(
                    "declarations",
                    f"{player} cannot hold Four Kings: the called King was in the blind.",
                )
            )
        elif outcome.called is Called.FOURTH_KING and not outcome.king_in_blind:
            add(
                FieldError(
                    "declarations",
                    f"{player} cannot hold Four Kings: the bidder called the fourth King, "
                    "so the Kings are split between bidder and partner.",
                )
            )
    t1 = outcome.tarok1_last
    for player in by_kind[DeclarationKind.THREE_HIGH]:
        # Three High includes the tarok 1, so its holder's team played the 1.
        if t1 is not None and player in outcome.players and outcome.team_of(player) is not t1.team:
            add(
                FieldError(
                    "tarok1_last",
                    f"{player} declared Three High and so held the tarok 1: Tarok 1 Last "
                    f"belongs to the {outcome.team_of(player).label}.",
                )
            )


TAROKY_IN_PACK = 22
# The fewest taroky each declaration needs in its holder's hand.
TAROKY_NEEDED = {DeclarationKind.TEN_TAROKY: 10, DeclarationKind.THREE_HIGH: 3}


def _check_taroky_in_pack(by_kind: dict[DeclarationKind, list[str]], add) -> None:
    """Every hand's claims together must fit in the pack's 22 taroky.

    A player's Three High can be among their own Ten Taroky, so a hand needs the most
    any one of its claims needs, and the hands together need the sum of that.
    """
    needs: dict[str, tuple[DeclarationKind, int]] = {}
    for kind, count in TAROKY_NEEDED.items():
        for player in by_kind[kind]:
            if player not in needs or needs[player][1] < count:
                needs[player] = (kind, count)
    total = sum(count for _, count in needs.values())
    if total > TAROKY_IN_PACK:
        claims = ", ".join(f"{kind.label} ({p}) {count}" for p, (kind, count) in needs.items())
        add(
            FieldError(
                "declarations",
                f"Together these declarations need {total} taroky and the pack has only "
                f"{TAROKY_IN_PACK}: {claims}.",
            )
        )
