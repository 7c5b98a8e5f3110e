"""A Petrtyl deal document described as data (contract sections 12 and 17).

``describe(table)`` is the single description of the document for one table size:
the reader parses by it, ``score --help --ruleset petrtyl-five`` prints it, a web form
is built from it. Fields that can never apply at a table (a partner at three or two,
``talon`` at five) are left out of its description, except ``partner``, which is part
of every ruleset's envelope and must then be null.
"""

from __future__ import annotations

from functools import cache

from ...conditions import NEVER, all_of, any_of, not_, when
from ...doubling import Doubling
from ...fields import Description, Field, choices, took_a_trick
from ...kinds import BOOL, CHOICE, INT, LIST, OBJECT, OPTIONS, PLAYER, PLAYERS
from .tables import TABLES, Table

PLAYED = when("kind", "played")
FOUR_OR_FIVE = all_of(PLAYED, when("bid", "four", "five"))
CHIEF_CALLED = any_of(FOUR_OR_FIVE, when("kind", "surrendered"))

KIND_WORDS = {
    "played": "Played",
    "three_passed": "Three passed by all, not played",
    "surrendered": "Four given up, the called Chief in the talon",
    "thrown_in": "Thrown in: a hand with no Taroks and no Chiefs",
    "misdeal": "Misdeal: the dealer pays 4 into the pot",
}
BID_WORDS = {
    "three": "Three",
    "four": "Four",
    "five": "Five",
    "grand_nullo": "Grand Nullo",
    "grand_sweep": "Grand Sweep",
}
CALLED_WORDS = (
    ("clubs", "Chief of clubs"),
    ("spades", "Chief of spades"),
    ("hearts", "Chief of hearts"),
    ("diamonds", "Chief of diamonds"),
    ("fourth_chief", "the fourth Chief"),
    ("no_chief", "No Chief: alone"),
)
TALON_CHOICES = choices(
    ("first", "first three"),
    ("second", "second three"),
    ("first_after_second", "back to the first three after seeing the second"),
)
DECLARATION_WORDS = {
    "regiment": "Regiment",
    "trule": "Trule",
    "all_four": "All Four",
    "four_honours": "four honours",
    "lack_of_regiment": "Lack of Regiment",
    "no_trule_card": "no Trule card",
    "no_chief": "no Chief",
}
LAST_OUTCOMES = choices(
    ("won", "took the last trick"),
    ("lost", "lost in the last trick"),
    ("played_early", "announced, played before the last trick"),
)
# Contra on the game and on an announcement (18.14).
PETRTYL = Doubling(("none", "contra", "recontra", "suprecontra"))
CONTRA = choices(*((w, f"{PETRTYL.label(w)} (x{PETRTYL.multiplier(w)})") for w in PETRTYL.words))


def _contra(help: str) -> Field:
    return Field("contra", "Contra", CHOICE, help, CONTRA, default="none")


ANNOUNCED = Field(
    "announced",
    "Announced",
    BOOL,
    "announced before the first lead",
    default=False,
    said=("", "announced"),
)


@cache
def describe(ruleset: str) -> Description:
    """Every field of the ruleset's deal document, in the document's order."""
    t: Table = TABLES[ruleset]
    chief = t.chief_called
    bids = [(b, BID_WORDS[b]) for b in t.bids()]
    declarations = [
        (k, DECLARATION_WORDS[k])
        for k in (*t.declarations("four"), *(t.declarations("grand_nullo") if t.grand_bids else ()))
    ]
    fields = [
        Field("ruleset", "Ruleset", CHOICE, "the ruleset", choices((t.ruleset, t.title))),
        Field("options", "House rules", OPTIONS, "options overriding the preset"),
        Field(
            "players",
            "Players",
            PLAYERS,
            f"the {('two', 'three', 'four', 'five')[t.players - 2]} players in the order of "
            "play (clockwise)",
            required=True,
        ),
        Field("dealer", "Dealer", PLAYER, "who dealt: required for a misdeal"),
        Field(
            "pot",
            "Pot",
            INT,
            "chips in the table's penalty pot before the deal (default 0)",
            default=0,
        ),
        Field(
            "kind",
            "Kind of deal",
            CHOICE,
            "what happened to the deal",
            choices(*((k, KIND_WORDS[k]) for k in t.kinds())),
            required=True,
            default="played",  # what a deal form starts at
        ),
        Field(
            "bidder",
            "Declarer",
            PLAYER,
            "who won the bidding (after a passed Three: forehand)",
            applies=when("kind", "played", "three_passed", "surrendered"),
        ),
        Field(
            "bid",
            "Bid",
            CHOICE,
            "the game (a passed Three is three; a surrender is always a Four)",
            choices(*bids),
            applies=when("kind", "played", "three_passed"),
        ),
        Field(
            "partner",
            "Partner",
            PLAYER,
            "holder of the called Chief; null when the declarer plays alone"
            if chief
            else "always null: the declarer plays alone",
            applies=FOUR_OR_FIVE if chief else NEVER,
            none_label="Alone" if chief else "",
            # Not asked where the deal already says they are alone.
            asked=not_(any_of(when("chief_in_talon", True), when("called", "no_chief")))
            if chief
            else None,
        ),
    ]
    if chief:
        fields += [
            Field(
                "called",
                "Called Chief",
                CHOICE,
                "for the record",
                choices(*CALLED_WORDS),
                applies=CHIEF_CALLED,
            ),
            Field(
                "chief_in_talon",
                "Chief in the talon",
                BOOL,
                "the called Chief was in the talon (the declarer plays alone; a Four "
                "given up says so itself)",
                applies=FOUR_OR_FIVE,
            ),
        ]
    if t.halves:
        four = any_of(
            all_of(PLAYED, when("bid", "four")),
            when("kind", "surrendered"),
        )
        fields.append(
            Field(
                "talon",
                "Talon",
                CHOICE,
                "which three of the talon the Four declarer took",
                TALON_CHOICES,
                required=True,
                applies=four if chief else all_of(PLAYED, when("bid", "four")),
            )
        )
    fields += [
        Field(
            "contra",
            "Contra on the game",
            CHOICE,
            "the opponents' doubling of the game",
            CONTRA,
            applies=PLAYED,
        ),
        Field(
            "bidder_points",
            "Declarer's side's card points",
            INT,
            f"of {t.total}; {t.winning} win; or give the opponents' points below",
            minimum=0,
            maximum=t.total,
            applies=FOUR_OR_FIVE,
        ),
        Field(
            "opponent_points",
            "Opponents' card points",
            INT,
            f"of {t.total}; or give the declarer's side's points above",
            minimum=0,
            maximum=t.total,
            applies=FOUR_OR_FIVE,
        ),
    ]
    if t.grand_bids:
        fields += [
            took_a_trick(
                "grand_nullo",
                "Grand Nullo",
                "Grand Nullo: true if the declarer took any trick (the declarer lost)",
            ),
            Field(
                "bidder_took_all_tricks",
                "Declarer took all the tricks",
                BOOL,
                "Grand Sweep: true if the declarer took every trick (the declarer won)",
                required=True,
                applies=all_of(PLAYED, when("bid", "grand_sweep")),
                said=(
                    "Grand Sweep lost: the declarer lost a trick",
                    "Grand Sweep won: the declarer took every trick",
                ),
            ),
        ]
    sweep_items = (
        ANNOUNCED,
        Field("made", "Made", BOOL, "every trick taken", required=True, said=("not made", "made")),
    )
    sweep_items += (_contra("on an announced Sweep"),)
    fields.append(
        Field(
            "sweep",
            "Sweep",
            OBJECT,
            "the declarer's side taking every trick, made or announced"
            + ("" if chief or t.grand_bids else " (made only: it cannot be announced)"),
            applies=FOUR_OR_FIVE,
            items=sweep_items,
        )
    )
    if chief:
        fields.append(
            Field(
                "chief_last",
                "Chief Last",
                OBJECT,
                "the called Chief in the last trick, seen from the declarer's side",
                applies=FOUR_OR_FIVE,
                items=(
                    ANNOUNCED,
                    Field("outcome", "Outcome", CHOICE, "what happened", LAST_OUTCOMES, True),
                    _contra("on an announced Chief Last"),
                ),
            )
        )
    fields += [
        Field(
            "papoose_last",
            "Papoose Last",
            OBJECT,
            "the Papoose (trump I) in the last trick",
            applies=FOUR_OR_FIVE,
            items=(
                Field("player", "Player", PLAYER, "who played the Papoose", required=True),
                ANNOUNCED,
                Field("outcome", "Outcome", CHOICE, "what happened", LAST_OUTCOMES, True),
                _contra("on an announced Papoose Last"),
            ),
        ),
        Field(
            "declarations",
            "Declarations",
            LIST,
            "paid to the holder by each other player: "
            + " and ".join(DECLARATION_WORDS[k] for k in ("regiment", *t.honours))
            + (
                " in a Four, Five or Grand Sweep; Lack of Regiment (the declarer), no Trule "
                "card and no Chief in a Grand Nullo"
                if t.grand_bids
                else " in a Four or Five"
            ),
            applies=PLAYED,
            items=(
                Field("player", "Player", PLAYER, "the holder", required=True),
                Field("kind", "Declaration", CHOICE, "what", choices(*declarations), True),
            ),
        ),
    ]
    return Description(fields)
