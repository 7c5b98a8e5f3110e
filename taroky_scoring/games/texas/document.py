"""The Texas games' deal document, described as data: the fields the three share, each
game's own through its hooks (``common.Texas``)."""

from __future__ import annotations

from typing import Any

from ...conditions import all_of, not_, when
from ...fields import Description, Field, choices
from ...kinds import BOOL, CHOICE, INT, LIST, OBJECT, OPTIONS, PLAYER, PLAYERS
from .bonuses import BONUS_CHIPS

TOTAL = 106  # card points in the pack, every card counted singly


PLAYED = when("kind", "played")
SIDES = choices(("bidder", "declarer's side"), ("opponents", "opponents"))
LAST_OUTCOMES = choices(
    ("won", "took the last trick"),
    ("lost", "played to the last trick and beaten"),
    ("played_early", "announced, played before the last trick"),
)
# A valat's yes/no and an announcement's, as a deal's line says them.
SAID_MADE = ("not made", "made")
SAID_ANNOUNCED = ("", "announced")
TALON = choices(
    ("first", "first three"),
    ("second", "second three"),
    ("first_after_second", "first three after seeing the second"),
)


def describe(game: Any, rules: Any) -> Description:
    """The document of ``game`` (a ``common.Texas``) under ``rules``: the fields the three
    games share, and each game's own from its hooks (bids, calls, extra and late fields,
    what its bonuses and contra apply to)."""
    words = tuple((w, game.doubling.label(w)) for w in game.doubling.words)
    contra = Field("contra", "Contra", CHOICE, "doubling", choices(*words), default="none")
    # A declarer bids in a played deal, and in a surrendered one where a house rule
    # allows a throw-in (texas-xix's called_trump_throw_in).
    kinds = [k for k, _ in game.kinds(rules)]
    bidding = when("kind", *(k for k in ("played", "surrendered") if k in kinds))
    by_points = all_of(PLAYED, not_(when("bid", *game.no_points_bids)))
    called = tuple(game.called.items())
    bonus_kinds = [(k, game.bonus_names[k]) for k in BONUS_CHIPS if game.bonus_allowed(k, rules)]
    announced = Field(
        "announced", "Announced", BOOL, "announced before play", default=False, said=SAID_ANNOUNCED
    )
    pagat_items = (
        Field("team", "Side", CHOICE, "the side that played the Pagat", SIDES, required=True),
        announced,
        Field("outcome", "Outcome", CHOICE, "what the Pagat did", LAST_OUTCOMES, required=True),
    )
    if game.pagat_allows_contra(rules):
        pagat_items += (
            Field(
                "contra",
                "Contra",
                CHOICE,
                "on an announced Pagat",
                choices(*words),
                default="none",
            ),
        )
    valat_items = (
        Field(
            "team",
            "Side",
            CHOICE,
            "the side that took (or announced) every trick",
            SIDES,
            required=True,
        ),
        announced,
        Field("made", "Made", BOOL, "every trick taken", required=True, said=SAID_MADE),
    )
    if game.valat_contra:
        valat_items += (
            Field(
                "contra",
                "Contra",
                CHOICE,
                "on an announced valat",
                choices(*words),
                default="none",
            ),
        )
    fields = (
        Field(
            "ruleset",
            "Ruleset",
            CHOICE,
            "the ruleset",
            choices((rules.name, rules.title)),
            required=True,
        ),
        Field("options", "House rules", OPTIONS, "options overriding the preset"),
        Field(
            "players",
            "Players",
            PLAYERS,
            "the four players in the order of play (counter-clockwise)",
            required=True,
        ),
        Field("dealer", "Dealer", PLAYER, "who dealt (optional)"),
        Field(
            "kind",
            "Kind of deal",
            CHOICE,
            "what happened to the deal",
            choices(*game.kinds(rules)),
            required=True,
            default="played",  # what a deal form starts at
        ),
        Field("bidder", "Declarer", PLAYER, "who won the bidding", required=True, applies=bidding),
        Field(
            "bid",
            "Bid",
            CHOICE,
            "the game played (required in a played deal)",
            choices(*game.bids),
            applies=bidding,
        ),
        Field(
            "partner",
            "Partner",
            PLAYER,
            "holder of the called card; null when the declarer plays alone",
            applies=all_of(PLAYED, when("bid", *game.partner_bids)),
            none_label=game.alone_words,
            asked=game.partner_asked,
        ),
    )
    for bid, values in called:
        fields += (
            Field(
                "called",
                "Called",
                CHOICE,
                "the card called, for the record",
                choices(*values),
                applies=all_of(bidding, when("bid", bid)),
            ),
        )
    fields += (
        Field(
            "talon",
            "Talon",
            CHOICE,
            "which three of the talon the Prever declarer took",
            TALON,
            required=True,
            applies=all_of(PLAYED, when("bid", "prever")),
        ),
    )
    fields += game.extra_fields(rules)
    fields += (
        Field(
            "contra",
            "Contra on the game",
            CHOICE,
            contra.help,
            contra.choices,
            applies=(
                all_of(PLAYED, not_(when("bid", *game.no_contra_bids)))
                if game.no_contra_bids
                else PLAYED
            ),
        ),
        Field(
            "bidder_points",
            "Declarer's side's card points",
            INT,
            "of 106; 54 win; or give the opponents' points below (a valat made: 106 or 0)",
            minimum=0,
            maximum=TOTAL,
            applies=by_points,
        ),
        Field(
            "opponent_points",
            "Opponents' card points",
            INT,
            "of 106; or give the declarer's side's points above",
            minimum=0,
            maximum=TOTAL,
            applies=by_points,
        ),
        Field(
            "valat",
            "Valat",
            OBJECT,
            "every trick taken, or announced",
            applies=by_points,
            items=valat_items,
        ),
        Field(
            "pagat",
            "Pagat in the last trick",
            OBJECT,
            "the trump I in the last trick",
            applies=by_points,
            items=pagat_items,
        ),
    )
    fields += game.late_fields(rules)
    fields += (
        Field(
            "bonuses",
            "Bonuses for holdings",
            LIST,
            "paid to the holder by each other player",
            applies=game.bonuses_apply(rules),
            item_label="Bonus",
            items=(
                Field("player", "Player", PLAYER, "the holder", required=True),
                Field("kind", "Bonus", CHOICE, "the holding", choices(*bonus_kinds), required=True),
            ),
        ),
    )
    return Description(fields)
