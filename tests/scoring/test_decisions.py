"""The sixteen decisions of contract section 19 (D1-D16), where the seeds are silent.

Each case cites its decision ("contract 19 Dn") and asserts the exact net of every
player, or the exact errors (field and message) of a refused deal.
"""

import pytest

from taroky_scoring import OutcomeError, score

from .helpers import petrtyl, texas

P = ["Anna", "Bill", "Cyril", "Dana"]
XIX, XX, KING = "texas-xix", "texas-xx", "texas-king"


def nebraska(**fields):
    doc = {"players": list(P), "kind": "played", "bidder": "Anna", "partner": "Cyril"}
    doc.update(fields)
    return {k: v for k, v in doc.items() if v is not ...}


def each(v, partner=None):
    """The net when the declarer (Anna) wins ``v`` from each opponent."""
    if partner is None:
        return {"Anna": 3 * v, "Bill": -v, "Cyril": -v, "Dana": -v}
    return {"Anna": v, "Bill": -v, "Cyril": v, "Dana": -v}


def pot(net):
    return {**net, "#pot": 0}


def outcome(doc):
    """The deal's net, or its errors as (field, message)."""
    try:
        return score(doc).net
    except OutcomeError as e:
        return [(err.field, err.message) for err in e.errors]


def bonuses(*claims):
    return [{"player": p, "kind": k} for p, k in claims]


POVENOST = dict(bid="povenost", partner="Cyril", called="hearts", bidder_points=60)
PREVER = dict(bid="prever", talon="first")
NO_TRICK = dict(bid="no_trick", bidder_took_a_trick=False)

D3 = (
    "Bonuses for holdings are not paid in a No Trick: 18.13 allows nothing but Contra "
    "to be said to it. A club that pays them sets the house rule no_trick_bonuses."
)
D6_OPPONENTS = (
    "The opponents have no card points, so they took no trick: record the declarer's "
    "side's valat as made."
)
D6_DECLARER = (
    "The declarer's side has no card points, so it took no trick: record the opponents' "
    "valat as made."
)
D6_SWEEP = (
    "The opponents have no card points, so they took no trick: record the declarer's "
    "side's Sweep as made."
)


def d13(most, claims):
    return (
        "bonuses",
        "These claims leave too few trumps in the hands: the talon holds at most 6 of the "
        f"22, so the hands hold at least 16, and with these claims they hold at most {most}: "
        f"{claims}.",
    )


def krale_refused(n, player, why, name="Krale"):
    return [("bonuses", f"Bonus {n}: {player} claims {name}, but {why}.")]


PARTNER_HOLDS = "the holder of all four Kings holds the called King, so that player is the partner"

CASES = [
    # -- D1: a texas-king valat carries the game's contra, announced or not --------------
    (
        "D1: an announced valat made under Contra is 40 x 2 = 80 from each opponent",
        texas(
            KING,
            **dict(POVENOST, bidder_points=106),
            contra="contra",
            valat={"team": "bidder", "announced": True, "made": True},
        ),
        each(80, "Cyril"),
    ),
    (
        "D1: an unannounced valat made under Re is 20 x 4",
        texas(
            KING,
            **dict(POVENOST, bidder_points=106),
            contra="re",
            valat={"team": "bidder", "made": True},
        ),
        each(80, "Cyril"),
    ),
    (
        "D1: an announced valat that fails under Contra costs the declarer's side 80",
        texas(
            KING,
            **POVENOST,
            contra="contra",
            valat={"team": "bidder", "announced": True, "made": False},
        ),
        each(-80, "Cyril"),
    ),
    (
        "D1: the opponents' announced valat under Contra, against a Prever: 80 from Anna",
        texas(
            KING,
            **PREVER,
            bidder_points=0,
            contra="contra",
            valat={"team": "opponents", "announced": True, "made": True},
        ),
        each(-80),
    ),
    (
        "D1: texas-xix's announced valat carries its own contra, not the game's",
        texas(
            XIX,
            bid="povinost",
            partner="Cyril",
            bidder_points=106,
            contra="contra",
            valat={"team": "bidder", "announced": True, "made": True},
        ),
        each(40, "Cyril"),
    ),
    # -- D2: texas-xx Prever at 53-53 pays 3 x contra, whatever the talon ----------------
    (
        "D2: back to the first three at 53, Hrb: 3 x 2",
        texas(XX, bid="prever", talon="first_after_second", bidder_points=53, contra="hrb"),
        each(-6),
    ),
    (
        "D2: the second three at 53, Rhea: 3 x 4",
        texas(XX, bid="prever", talon="second", bidder_points=53, contra="rhea"),
        each(-12),
    ),
    # -- D3: no bonuses in a texas-king No Trick, unless no_trick_bonuses ---------------
    (
        "D3: a bonus in a No Trick is refused",
        texas(KING, **NO_TRICK, bonuses=bonuses(("Bill", "trull"))),
        [("bonuses", D3)],
    ),
    (
        "D3: the house rule no_trick_bonuses pays it (No Trick 1, Trul 2 from each)",
        texas(
            KING,
            **NO_TRICK,
            options={"no_trick_bonuses": True},
            bonuses=bonuses(("Bill", "trull")),
        ),
        {"Anna": 3 - 2, "Bill": -1 + 6, "Cyril": -1 - 2, "Dana": -1 - 2},
    ),
    (
        "D3: mond_lost stands in a No Trick (Bill pays 2 to each)",
        texas(KING, **NO_TRICK, mond_lost="Bill"),
        {"Anna": 3 + 2, "Bill": -1 - 6, "Cyril": -1 + 2, "Dana": -1 + 2},
    ),
    (
        "D3: Contra may be said to a No Trick",
        texas(KING, **NO_TRICK, contra="re"),
        each(4),
    ),
    (
        "D3: the house rule changes nothing in a Povenost",
        texas(
            KING, **POVENOST, options={"no_trick_bonuses": True}, bonuses=bonuses(("Bill", "pane"))
        ),
        {"Anna": 1 - 2, "Bill": -1 + 6, "Cyril": 1 - 2, "Dana": -1 - 2},
    ),
    # -- D4: who may claim the four Kings follows the call -------------------------------
    (
        "D4: a Queen called alone: the declarer holds the four Kings (Krale 4 from each)",
        texas(
            KING, **dict(POVENOST, called="queen", partner=None), bonuses=bonuses(("Anna", "krale"))
        ),
        {"Anna": 3 + 12, "Bill": -1 - 4, "Cyril": -1 - 4, "Dana": -1 - 4},
    ),
    (
        "D4: a Queen called with its holder as partner: the declarer holds them",
        texas(KING, **dict(POVENOST, called="queen"), bonuses=bonuses(("Anna", "krale"))),
        {"Anna": 1 + 12, "Bill": -1 - 4, "Cyril": 1 - 4, "Dana": -1 - 4},
    ),
    (
        "D4: a Queen called: the partner cannot hold the four Kings",
        texas(KING, **dict(POVENOST, called="queen"), bonuses=bonuses(("Cyril", "krale"))),
        krale_refused(
            1, "Cyril", "a Queen was called, so the declarer holds all four Kings: only Anna can"
        ),
    ),
    (
        "D4: a suit called alone: the declarer called his own King (Rosane Pane 6)",
        texas(KING, **dict(POVENOST, partner=None), bonuses=bonuses(("Anna", "rosanne_pane"))),
        {"Anna": 3 + 18, "Bill": -1 - 6, "Cyril": -1 - 6, "Dana": -1 - 6},
    ),
    (
        "D4: a suit called alone: an opponent cannot hold the four Kings",
        texas(KING, **dict(POVENOST, partner=None), bonuses=bonuses(("Bill", "krale"))),
        krale_refused(
            1,
            "Bill",
            "the declarer called a King and plays alone, so the declarer holds it: only Anna can",
        ),
    ),
    (
        "D4: a suit called with a partner: the partner holds the four Kings (SPJST 10)",
        texas(KING, **POVENOST, bonuses=bonuses(("Cyril", "spjst"))),
        {"Anna": 1 - 10, "Bill": -1 - 10, "Cyril": 1 + 30, "Dana": -1 - 10},
    ),
    (
        "D4: a suit called with a partner: the declarer cannot hold them",
        texas(KING, **POVENOST, bonuses=bonuses(("Anna", "krale"))),
        krale_refused(1, "Anna", f"{PARTNER_HOLDS}: only Cyril can"),
    ),
    (
        "D4: a suit called with a partner: an opponent cannot hold them",
        texas(
            KING, **POVENOST, bonuses=bonuses(("Dana", "eight_trumps"), ("Bill", "rosanne_pane"))
        ),
        krale_refused(2, "Bill", f"{PARTNER_HOLDS}: only Cyril can", "Rosane Pane"),
    ),
    (
        "D4: no call given with a partner: a King is presumed, so the partner holds them",
        texas(KING, **dict(POVENOST, called=...), bonuses=bonuses(("Anna", "krale"))),
        krale_refused(
            1,
            "Anna",
            "the holder of all four Kings holds the called King (none is given: a King is "
            "presumed), so that player is the partner: only Cyril can",
        ),
    ),
    (
        "D4: the fourth King called: nobody holds all four",
        texas(KING, **dict(POVENOST, called="fourth_king"), bonuses=bonuses(("Cyril", "krale"))),
        krale_refused(
            1,
            "Cyril",
            "the fourth King was called: the declarer holds three Kings and the partner the "
            "fourth, so nobody holds all four",
        ),
    ),
    (
        "D4: the fourth King needs a partner",
        texas(KING, **dict(POVENOST, called="fourth_king", partner=None)),
        [
            (
                "partner",
                "The declarer called the fourth King, holding the other three: all six talon "
                "cards are drawn before the call, so the fourth King is in another player's "
                "hand. Name that player as partner.",
            )
        ],
    ),
    (
        "D4: no King is called in a Prever: anybody may hold the four Kings",
        texas(KING, **PREVER, bidder_points=60, bonuses=bonuses(("Bill", "krale"))),
        {"Anna": 3 - 4, "Bill": -1 + 12, "Cyril": -1 - 4, "Dana": -1 - 4},
    ),
    # -- D5: King Last without `called`; refused with its reason elsewhere ---------------
    (
        "D5: no call given: a called King is presumed (Povenost 1, King Last 2)",
        texas(KING, **dict(POVENOST, called=...), king_last={"outcome": "won"}),
        each(3, "Cyril"),
    ),
    (
        "D5: after a Queen, no King Last",
        texas(KING, **dict(POVENOST, called="queen"), king_last={"outcome": "won"}),
        [("king_last", "King Last does not apply to this deal: no King was called: a Queen was.")],
    ),
    (
        "D5: no King Last in a Prever",
        texas(KING, **PREVER, bidder_points=60, king_last={"outcome": "won"}),
        [("king_last", "King Last does not apply to a Prever: no King is called in it.")],
    ),
    (
        "D5: no King Last in a No Trick",
        texas(KING, **NO_TRICK, king_last={"outcome": "won"}),
        [("king_last", "King Last does not apply to a No Trick: no King is called in it.")],
    ),
    # -- D6: a side with no card points took no trick ------------------------------------
    (
        "D6: Texas, the opponents at 0 without a valat",
        texas(XIX, bid="povinost", partner="Cyril", bidder_points=106),
        [("valat", D6_OPPONENTS)],
    ),
    (
        "D6: Texas, the opponents' 0 given as opponent_points",
        texas(KING, **dict(POVENOST, bidder_points=...), opponent_points=0),
        [("valat", D6_OPPONENTS)],
    ),
    (
        "D6: Texas, the declarer's side's valat announced and not made, at 106",
        texas(
            XX,
            bid="povinost",
            partner="Cyril",
            bidder_points=106,
            valat={"team": "bidder", "announced": True, "made": False},
        ),
        [("valat", D6_OPPONENTS)],
    ),
    (
        "D6: Texas, the opponents' valat announced and failed leaves 106 unrecorded",
        texas(
            XIX,
            **PREVER,
            bidder_points=106,
            valat={"team": "opponents", "announced": True, "made": False},
        ),
        [("valat", D6_OPPONENTS)],
    ),
    (
        "D6: Texas, 106 with the valat made (20 from each)",
        texas(
            XIX,
            bid="povinost",
            partner="Cyril",
            bidder_points=106,
            valat={"team": "bidder", "made": True},
        ),
        each(20, "Cyril"),
    ),
    (
        "D6: Texas, the declarer's side at 0 without the opponents' valat",
        texas(XX, bid="ze_ruky", partner="Cyril", bidder_points=0),
        [("valat", D6_DECLARER)],
    ),
    (
        "D6: Texas, the declarer's side at 0 with the opponents' valat (Ze Ruky 40)",
        texas(
            XX,
            bid="ze_ruky",
            partner="Cyril",
            bidder_points=0,
            valat={"team": "opponents", "made": True},
        ),
        each(-40, "Cyril"),
    ),
    (
        "D6: Petrtyl, the opponents at 0 without a Sweep",
        petrtyl(bidder_points=70),
        [("sweep", D6_SWEEP)],
    ),
    (
        "D6: Petrtyl, a Sweep announced and not made at 70",
        petrtyl(bidder_points=70, sweep={"announced": True, "made": False}),
        [("sweep", D6_SWEEP)],
    ),
    (
        "D6: Petrtyl, 70 with the Sweep made (the first three: 12)",
        petrtyl(bidder_points=70, sweep={"made": True}),
        pot({"Anna": 12, "Bill": -12, "Cyril": 12, "Dana": -12}),
    ),
    (
        "D6: petrtyl-three, the opponents at 0 of 66",
        petrtyl("petrtyl-three", bidder_points=..., opponent_points=0),
        [("sweep", D6_SWEEP)],
    ),
    (
        "D6: Petrtyl, the declarer's side at 0 needs nothing recorded (Four lost, 4)",
        petrtyl(bidder_points=0),
        pot({"Anna": -4, "Bill": 4, "Cyril": -4, "Dana": 4}),
    ),
    (
        # Section 19 is Part II's and D6 names the Texas valat and the Petrtyl Sweep:
        # Nebraska's 0 without a valat is scored as Part I says (a Five lost, 8 each).
        "D6: Nebraska's bidder's team at 0 without a valat loses (D6 is Part II's)",
        nebraska(bid="five", bidder_points=0),
        {"Anna": -8, "Bill": 8, "Cyril": -8, "Dana": 8},
    ),
    (
        "D6: Nebraska, the bidder's team at 0 with the opponents' valat (Five 8 x 2)",
        nebraska(bid="five", bidder_points=0, valat="opponents"),
        {"Anna": -16, "Bill": 16, "Cyril": -16, "Dana": 16},
    ),
    # -- D7: Petrtyl All Four ---------------------------------------------------------------
    (
        "D7: a declarer who called a suit and has a partner cannot hold All Four",
        petrtyl(called="hearts", declarations=[{"player": "Anna", "kind": "all_four"}]),
        [("declarations", "Anna cannot hold All Four: the called Chief is held by Cyril.")],
    ),
    (
        "D7: his partner can (Four 4, All Four 1 from each)",
        petrtyl(called="hearts", declarations=[{"player": "Cyril", "kind": "all_four"}]),
        pot({"Anna": 4 - 1, "Bill": -4 - 1, "Cyril": 4 + 3, "Dana": -4 - 1}),
    ),
    (
        "D7: the called Chief in the talon: not the declarer",
        petrtyl(
            called="hearts",
            partner=None,
            chief_in_talon=True,
            declarations=[{"player": "Anna", "kind": "all_four"}],
        ),
        [
            (
                "declarations",
                "Anna cannot hold All Four: the called Chief was in the talon, not in a hand.",
            )
        ],
    ),
    (
        "D7: the called Chief in the talon: nobody, in a Five either",
        petrtyl(
            bid="five",
            talon=...,
            partner=None,
            chief_in_talon=True,
            declarations=[{"player": "Bill", "kind": "all_four"}],
        ),
        [
            (
                "declarations",
                "Bill cannot hold All Four: the called Chief was in the talon, not in a hand.",
            )
        ],
    ),
    (
        "D7: alone with his own Chief, the declarer can (Four 4 x 3, All Four 3)",
        petrtyl(
            called="hearts", partner=None, declarations=[{"player": "Anna", "kind": "all_four"}]
        ),
        pot({"Anna": 12 + 3, "Bill": -4 - 1, "Cyril": -4 - 1, "Dana": -4 - 1}),
    ),
    (
        "D7: No Chief: anybody can",
        petrtyl(
            called="no_chief", partner=None, declarations=[{"player": "Bill", "kind": "all_four"}]
        ),
        pot({"Anna": 12 - 1, "Bill": -4 + 3, "Cyril": -4 - 1, "Dana": -4 - 1}),
    ),
    # -- D8: Regiment counts the declarer's hand after the talon; the pack checks hold ---
    (
        "D8: the declarer's and another player's Regiment (1 from each)",
        petrtyl(
            declarations=[
                {"player": "Anna", "kind": "regiment"},
                {"player": "Bill", "kind": "regiment"},
            ]
        ),
        pot({"Anna": 4 + 3 - 1, "Bill": -4 - 1 + 3, "Cyril": 4 - 2, "Dana": -4 - 2}),
    ),
    (
        "D8: three Regiments need 30 of the 22 trumps, the declarer's included",
        petrtyl(declarations=[{"player": p, "kind": "regiment"} for p in ("Anna", "Bill", "Dana")]),
        [
            (
                "declarations",
                "These cannot all be true: the pack has 22 trumps, among them the three Trule "
                "cards (Uncle Sam, XXI and Papoose), and 4 Chiefs: Regiment (Anna), Regiment "
                "(Bill), Regiment (Dana).",
            )
        ],
    ),
    # -- D9: three_passed's bidder is forehand ----------------------------------------------
    (
        "D9: the dealer given: forehand (the player after him) is paid 3 by each",
        {"ruleset": "petrtyl", "players": P, "kind": "three_passed", "dealer": "Dana"},
        pot({"Anna": 9, "Bill": -3, "Cyril": -3, "Dana": -3}),
    ),
    (
        "D9: neither dealer nor bidder",
        {"ruleset": "petrtyl", "players": P, "kind": "three_passed"},
        [("bidder", "Required: forehand, whose Three was passed (or the dealer).")],
    ),
    (
        "D9: a bidder who is not forehand",
        {
            "ruleset": "petrtyl",
            "players": P,
            "kind": "three_passed",
            "dealer": "Dana",
            "bidder": "Bill",
        },
        [("bidder", "Only forehand opens with a Three: after Dana's deal that is Anna, not Bill.")],
    ),
    # -- D10: [] means none, in every ruleset ------------------------------------------------
    (
        "D10: Texas, a thrown-in deal with no bonuses",
        {"ruleset": KING, "players": P, "kind": "thrown_in", "bonuses": []},
        {p: 0 for p in P},
    ),
    (
        "D10: Texas, a No Trick with no bonuses",
        texas(KING, **NO_TRICK, bonuses=[]),
        each(1),
    ),
    (
        "D10: Texas, a Prever with no bonuses",
        texas(XIX, **PREVER, bidder_points=59, bonuses=[]),
        each(5),
    ),
    (
        "D10: Petrtyl, a thrown-in deal with no declarations",
        {"ruleset": "petrtyl", "players": P, "kind": "thrown_in", "declarations": []},
        pot({p: 0 for p in P}),
    ),
    (
        "D10: Petrtyl, a misdeal with no declarations",
        {
            "ruleset": "petrtyl-three",
            "players": P[:3],
            "kind": "misdeal",
            "dealer": "Bill",
            "declarations": [],
        },
        {"Anna": 0, "Bill": -4, "Cyril": 0, "#pot": 4},
    ),
    (
        "D10: Petrtyl, a passed Three with no declarations",
        {
            "ruleset": "petrtyl-two",
            "players": P[:2],
            "kind": "three_passed",
            "dealer": "Bill",
            "declarations": [],
        },
        pot({"Anna": 3, "Bill": -3}),
    ),
    (
        "D10: Petrtyl, a Four given up with no declarations",
        {
            "ruleset": "petrtyl",
            "players": P,
            "kind": "surrendered",
            "bidder": "Anna",
            "talon": "second",
            "declarations": [],
        },
        pot({"Anna": -15, "Bill": 5, "Cyril": 5, "Dana": 5}),
    ),
    (
        "D10: Nebraska, a thrown-in deal with no declarations or penalties",
        {"players": P, "kind": "thrown_in", "declarations": [], "penalties": []},
        {p: 0 for p in P},
    ),
    # -- D11: the last trick claimed by both sides --------------------------------------------
    (
        "D11: Texas, a valat and the other side's Pagat",
        texas(
            XIX,
            **PREVER,
            bidder_points=106,
            valat={"team": "bidder", "made": True},
            pagat={"team": "opponents", "outcome": "won"},
        ),
        [
            (
                "pagat",
                "Contradicts valat: that says the declarer's side took the last trick, this "
                "says the opponents.",
            )
        ],
    ),
    (
        "D11: texas-king, the opponents' valat and King Last won",
        texas(
            KING,
            **dict(POVENOST, bidder_points=0),
            valat={"team": "opponents", "made": True},
            king_last={"outcome": "won"},
        ),
        [
            (
                "king_last",
                "Contradicts valat: that says the opponents took the last trick, this says the "
                "declarer's side.",
            )
        ],
    ),
    (
        "D11: Nebraska, a valat and the other team's Tarok 1 Last",
        nebraska(
            bid="five",
            bidder_points=50,
            valat="bidder",
            tarok1_last={"team": "opponents", "outcome": "tarok1_won"},
        ),
        [
            (
                "tarok1_last",
                "Contradicts valat: that says the bidder's team took the last trick, this says "
                "the opponents.",
            )
        ],
    ),
    (
        "D11: Petrtyl, a Sweep and the opponents' Papoose Last",
        petrtyl(
            bidder_points=70,
            sweep={"made": True},
            papoose_last={"player": "Bill", "outcome": "won"},
        ),
        [
            (
                "papoose_last",
                "Contradicts sweep: that says the declarer's side took the last trick, this "
                "says the opponents.",
            )
        ],
    ),
    (
        "D11: Petrtyl, a Sweep and Chief Last lost",
        petrtyl(bidder_points=70, sweep={"made": True}, chief_last={"outcome": "lost"}),
        [
            (
                "chief_last",
                "Contradicts sweep: that says the declarer's side took the last trick, this "
                "says the opponents.",
            )
        ],
    ),
    # -- D12: petrtyl-two doubles as at four ----------------------------------------------
    (
        "D12: Four 4 x Suprecontra 8, Papoose Last announced 2 x Recontra 4",
        petrtyl(
            "petrtyl-two",
            contra="suprecontra",
            papoose_last={
                "player": "Anna",
                "announced": True,
                "outcome": "won",
                "contra": "recontra",
            },
        ),
        pot({"Anna": 32 + 8, "Bill": -32 - 8}),
    ),
    # -- D13: the hands hold at least 16 of the 22 trumps ---------------------------------
    (
        "D13: Two trumps by all four players: at most 8 trumps in the hands",
        texas(XIX, **PREVER, bidder_points=60, bonuses=bonuses(*((p, "two_trumps") for p in P))),
        [
            d13(
                8,
                "Two trumps (Anna), Two trumps (Bill), Two trumps (Cyril), Two trumps (Dana)",
            )
        ],
    ),
    (
        "D13: No trumps by three players: the fourth hand holds 12 at most",
        texas(
            KING,
            **PREVER,
            bidder_points=60,
            bonuses=bonuses(("Bill", "no_trumps"), ("Cyril", "no_trumps"), ("Dana", "no_trumps")),
        ),
        [d13(12, "No trumps (Bill), No trumps (Cyril), No trumps (Dana)")],
    ),
    (
        "D13: 2 + 2 + 0 + a hand of 12 = 16 trumps: accepted",
        texas(
            XIX,
            **PREVER,
            bidder_points=60,
            bonuses=bonuses(("Anna", "two_trumps"), ("Bill", "two_trumps"), ("Cyril", "no_trumps")),
        ),
        # Prever 5 from each; Two trumps 2 to Anna and to Bill, Uni 4 to Cyril.
        {"Anna": 15 + 6 - 2 - 4, "Bill": -5 - 2 + 6 - 4, "Cyril": -5 - 4 + 12, "Dana": -5 - 8},
    ),
    (
        "D13: ... and Krale in the fourth hand leaves it 8 trumps: 12 in all",
        texas(
            XIX,
            **PREVER,
            bidder_points=60,
            bonuses=bonuses(
                ("Anna", "two_trumps"),
                ("Bill", "two_trumps"),
                ("Cyril", "no_trumps"),
                ("Dana", "krale"),
            ),
        ),
        [d13(12, "Two trumps (Anna), Two trumps (Bill), Uni (Cyril), Krale (Dana)")],
    ),
    (
        "D13: the same claim twice by one player, refused as before",
        texas(
            XX, **PREVER, bidder_points=60, bonuses=bonuses(("Bill", "trull"), ("Bill", "trull"))
        ),
        [("bonuses", "Bill claims Trull and Trull: a hand is paid for one honour only.")],
    ),
    (
        "D13: Petrtyl's Lack of Regiment at five (no trumps) leaves the others enough",
        petrtyl(
            "petrtyl-five",
            bid="grand_nullo",
            partner=...,
            bidder_points=...,
            bidder_took_a_trick=False,
            declarations=[{"player": "Anna", "kind": "lack_of_regiment"}],
        ),
        pot({"Anna": 144 + 16, "Bill": -36 - 4, "Cyril": -36 - 4, "Dana": -36 - 4, "Emil": -40}),
    ),
    # -- D14: texas-xix, a trump below the XIX called without a partner ------------------
    (
        "D14: the XV called, the declarer alone (Povinost (7 + 10) x 2 -> 3)",
        texas(XIX, bid="povinost", called="xv", bidder_points=60),
        each(3),
    ),
    (
        "D14: the XVII drawn from the talon and thrown in under called_trump_throw_in",
        texas(
            XIX,
            kind="surrendered",
            bid="povinost",
            called="xvii",
            options={"called_trump_throw_in": True},
        ),
        each(-2),
    ),
    # -- D15: a thrown-in deal takes no game fields, and the refusal names the kind ------
    (
        "D15: Texas, a declarer in a thrown-in deal",
        {"ruleset": KING, "players": P, "kind": "thrown_in", "bidder": "Anna"},
        [("bidder", "Declarer does not apply to a thrown-in deal.")],
    ),
    (
        "D15: Texas, a bid, a contra and card points in a thrown-in deal",
        {
            "ruleset": XIX,
            "players": P,
            "kind": "thrown_in",
            "bid": "povinost",
            "contra": "contra",
            "bidder_points": 60,
        },
        [
            ("bid", "Bid does not apply to a thrown-in deal."),
            ("contra", "Contra on the game does not apply to a thrown-in deal."),
            ("bidder_points", "Declarer's side's card points does not apply to a thrown-in deal."),
        ],
    ),
    (
        "D15: Petrtyl, a declarer in a thrown-in deal",
        {"ruleset": "petrtyl", "players": P, "kind": "thrown_in", "bidder": "Anna"},
        [("bidder", "Declarer does not apply to a thrown-in deal.")],
    ),
    (
        "D15: Petrtyl, a partner in a misdeal",
        {
            "ruleset": "petrtyl-five",
            "players": [*P, "Emil"],
            "kind": "misdeal",
            "dealer": "Emil",
            "partner": "Cyril",
        },
        [("partner", "Partner does not apply to a misdeal.")],
    ),
    (
        "D15: Nebraska, a bidder and a partner in a thrown-in deal",
        {"players": P, "kind": "thrown_in", "bidder": "Anna", "partner": "Cyril"},
        [
            ("bidder", "Does not apply to a thrown-in deal."),
            ("partner", "Does not apply to a thrown-in deal."),
        ],
    ),
    # -- D16: no surrender after No Chief ------------------------------------------------------
    (
        "D16: petrtyl, a Four given up after No Chief",
        {
            "ruleset": "petrtyl",
            "players": P,
            "kind": "surrendered",
            "bidder": "Anna",
            "called": "no_chief",
            "talon": "second",
        },
        [("called", "With No Chief no Chief was called, so none can be in the talon.")],
    ),
    (
        "D16: petrtyl-five, the same",
        {
            "ruleset": "petrtyl-five",
            "players": [*P, "Emil"],
            "kind": "surrendered",
            "bidder": "Anna",
            "called": "no_chief",
        },
        [("called", "With No Chief no Chief was called, so none can be in the talon.")],
    ),
]


@pytest.mark.parametrize("doc, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_contract_19_decisions(doc, expected):
    assert outcome(doc) == expected


def test_every_decision_has_cases():
    assert {c[0].split(":")[0] for c in CASES} == {f"D{n}" for n in range(1, 17)}


def test_d1_the_valat_explanation_says_the_games_contra():
    # contract 19 D1
    s = score(
        texas(
            KING,
            **dict(POVENOST, bidder_points=106),
            contra="contra",
            valat={"team": "bidder", "announced": True, "made": True},
        )
    )
    assert (s.bidder_won, s.game_value) == (True, 80)
    assert s.transfers[0].explanation == (
        "Valat announced and made by the declarer's side: 40 x Contra 2 = 80"
    )


# -- a hand of 12 holds exactly its claims (contract section 13) ----------------------------

FULL_HANDS = [
    # 4 Kings and 8 trumps: 12 cards, the whole hand.
    (
        ("krale", "eight_trumps"),
        {"Anna": 15 - 2 - 4, "Bill": -5 + 12 + 6, "Cyril": -11, "Dana": -11},
    ),
    # SPJST's 7 cards (3 of them trumps) and 5 more trumps: 4 Kings and 8 trumps.
    (
        ("spjst", "eight_trumps"),
        {"Anna": 15 - 10 - 2, "Bill": -5 + 30 + 6, "Cyril": -17, "Dana": -17},
    ),
    # Pane as two Trull cards and two Kings, with ten trumps: 2 Kings and 10 trumps.
    (
        ("pane", "ten_trumps"),
        {"Anna": 15 - 2 - 4, "Bill": -5 + 6 + 12, "Cyril": -11, "Dana": -11},
    ),
]


@pytest.mark.parametrize("claims, net", FULL_HANDS, ids=["+".join(c) for c, _ in FULL_HANDS])
def test_a_hand_holding_exactly_twelve_cards_of_claims_is_accepted(claims, net):
    doc = texas(XIX, **PREVER, bidder_points=60, bonuses=bonuses(*(("Bill", k) for k in claims)))
    assert outcome(doc) == net


def test_a_hand_needing_more_than_twelve_cards_is_refused():
    # Krale and Tarocky: 4 Kings and 10 trumps, 14 cards. (No two claims need exactly 13:
    # Pane with Tarocky fits 12 as two Trull cards and two Kings.)
    doc = texas(
        XIX, **PREVER, bidder_points=60, bonuses=bonuses(("Bill", "krale"), ("Bill", "ten_trumps"))
    )
    assert outcome(doc) == [("bonuses", "Bill's hand of 12 cannot hold Krale and Tarocky.")]
