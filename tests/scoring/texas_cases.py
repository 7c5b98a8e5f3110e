"""The three Texas games' payments, case by case (seed 003 and the contract, 13-16):
each deal document with the net it settles to."""

P = ["Anna", "Bill", "Cyril", "Dana"]


def each(declarer_gets, partner=None):
    """The net when the declarer (Anna) wins ``declarer_gets`` from each opponent."""
    v = declarer_gets
    if partner is None:
        return {"Anna": 3 * v, "Bill": -v, "Cyril": -v, "Dana": -v}
    assert partner == "Cyril"
    return {"Anna": v, "Bill": -v, "Cyril": v, "Dana": -v}


XIX, XX, KING = "texas-xix", "texas-xx", "texas-king"
PREVER = dict(bid="prever", talon="first")
POVINOST = dict(bid="povinost", partner="Cyril")

CASES = [
    # 19.16: a Prever won with 59 points: (6 + 10) x 3 = 48 -> 50: 5 from each opponent.
    (XIX, dict(PREVER, bidder_points=59), each(5)),
    # 19.16: lost with 42 after taking the second three: 60 -> 6, doubled: 12 to each.
    (XIX, dict(bid="prever", talon="second", bidder_points=42), each(-12)),
    # ... tripled after going back to the first three: 18 to each.
    (XIX, dict(bid="prever", talon="first_after_second", bidder_points=42), each(-18)),
    # A won Prever is not multiplied by the talon.
    (XIX, dict(bid="prever", talon="second", bidder_points=64), each(6)),
    # Povinost with a partner: (6 + 10) x 2 = 32 -> 30 = 3.
    (XIX, dict(POVINOST, bidder_points=59), each(3, "Cyril")),
    # opponent_points instead: 106 - 47 = 59.
    (XIX, dict(POVINOST, opponent_points=47), each(3, "Cyril")),
    # 53-53 loses: (0 + 10) x 2 = 20 -> 2.
    (XIX, dict(POVINOST, bidder_points=53), each(-2, "Cyril")),
    # Povinost alone (called his own XIX): (17 + 10) x 2 = 54 -> 50 = 5.
    (XIX, dict(bid="povinost", called="xix", bidder_points=70), each(5)),
    # Contra words: contra x2, re x4, supre x8, mort x16 on the game.
    (XIX, dict(POVINOST, bidder_points=59, contra="contra"), each(6, "Cyril")),
    (XIX, dict(POVINOST, bidder_points=59, contra="mort"), each(48, "Cyril")),
    # prever_back_value: 12 going back, won or lost, instead of the formula; contra applies.
    (
        XIX,
        dict(
            bid="prever",
            talon="first_after_second",
            bidder_points=42,
            options={"prever_back_value": 12},
        ),
        each(-12),
    ),
    (
        XIX,
        dict(
            bid="prever",
            talon="first_after_second",
            bidder_points=80,
            contra="contra",
            options={"prever_back_value": 12},
        ),
        each(24),
    ),
    # Valat: 20 unannounced, 40 announced, x the valat's contra; replaces the game.
    (XIX, dict(PREVER, bidder_points=90, valat={"team": "bidder", "made": True}), each(20)),
    (
        XIX,
        dict(PREVER, bidder_points=90, valat={"team": "bidder", "announced": True, "made": True}),
        each(40),
    ),
    (
        XIX,
        dict(
            PREVER,
            bidder_points=90,
            valat={"team": "bidder", "announced": True, "made": True, "contra": "re"},
        ),
        each(160),
    ),
    # Announced and failed: the declarer's side pays the announced value.
    (
        XIX,
        dict(PREVER, bidder_points=90, valat={"team": "bidder", "announced": True, "made": False}),
        each(-40),
    ),
    # Made by the opponents: 20 from the declarer's side; the game's contra applies to an
    # unannounced valat; Prever's talon multipliers do not.
    (
        XIX,
        dict(
            bid="prever",
            talon="second",
            bidder_points=10,
            contra="contra",
            valat={"team": "opponents", "made": True},
        ),
        each(-40),
    ),
    # Announced by the opponents and failed: they pay 40.
    (
        XIX,
        dict(
            POVINOST,
            bidder_points=60,
            valat={"team": "opponents", "announced": True, "made": False},
        ),
        each(40, "Cyril"),
    ),
    # Pagat (19.16): unannounced won +2 / lost -2, announced won +4 / failed -4, x contra.
    (XIX, dict(PREVER, bidder_points=59, pagat={"team": "bidder", "outcome": "won"}), each(7)),
    (XIX, dict(PREVER, bidder_points=59, pagat={"team": "bidder", "outcome": "lost"}), each(3)),
    (
        XIX,
        dict(PREVER, bidder_points=59, pagat={"team": "opponents", "outcome": "won"}),
        each(3),
    ),
    (
        XIX,
        dict(PREVER, bidder_points=59, pagat={"team": "opponents", "outcome": "lost"}),
        each(7),
    ),
    (
        XIX,
        dict(
            PREVER, bidder_points=59, pagat={"team": "bidder", "announced": True, "outcome": "won"}
        ),
        each(9),
    ),
    (
        XIX,
        dict(
            PREVER,
            bidder_points=59,
            pagat={"team": "bidder", "announced": True, "outcome": "lost", "contra": "contra"},
        ),
        each(-3),
    ),
    (
        XIX,
        dict(
            PREVER,
            bidder_points=59,
            pagat={"team": "bidder", "announced": True, "outcome": "played_early"},
        ),
        each(1),
    ),
    # No Pagat payment with a valat made or announced (19.16).
    (
        XIX,
        dict(
            PREVER,
            bidder_points=90,
            valat={"team": "bidder", "made": True},
            pagat={"team": "bidder", "outcome": "won"},
        ),
        each(20),
    ),
    # thrown in: nothing.
    (XIX, dict(kind="thrown_in", bidder=...), {p: 0 for p in P}),
    # called_trump_throw_in: the declarer pays 2 to each other player.
    (
        XIX,
        dict(kind="surrendered", options={"called_trump_throw_in": True}),
        each(-2),
    ),
    (
        XIX,
        dict(
            kind="surrendered",
            bid="povinost",
            called="xviii",
            options={"called_trump_throw_in": True},
        ),
        each(-2),
    ),
    # 19.17 rounding: (22 + 10) x 2 = 64 -> 6, (23 + 10) x 2 = 66 -> 7.
    (XX, dict(POVINOST, bidder_points=75), each(6, "Cyril")),
    (XX, dict(POVINOST, bidder_points=76), each(7, "Cyril")),
    # 19.17: both sides at 53: Povinost pays 2, Ze Ruky 4, Prever 3 to each opponent.
    (XX, dict(POVINOST, bidder_points=53), each(-2, "Cyril")),
    (XX, dict(bid="ze_ruky", partner="Cyril", bidder_points=53), each(-4, "Cyril")),
    (XX, dict(bid="prever", talon="second", bidder_points=53), each(-3)),
    # Ze Ruky: D(P, 4); the XX in the talon: the declarer played alone.
    (XX, dict(bid="ze_ruky", partner="Cyril", bidder_points=60), each(7, "Cyril")),
    (XX, dict(bid="ze_ruky", xx_in_talon=True, bidder_points=40), each(-9)),
    # Prever lost: x2 after the second three, x4 back to the first: (13 + 10) x 3 = 69 -> 7.
    (XX, dict(bid="prever", talon="second", bidder_points=40), each(-14)),
    (XX, dict(bid="prever", talon="first_after_second", bidder_points=40), each(-28)),
    # Zebrak: 16 from each, or 16 to each when the declarer took a trick.
    (XX, dict(bid="zebrak", bidder_took_a_trick=False), each(16)),
    (XX, dict(bid="zebrak", bidder_took_a_trick=True), each(-16)),
    # Doubling words Hrb x2, Rhea x4, Contrec x8, Suprec x16.
    (XX, dict(POVINOST, bidder_points=59, contra="suprec"), each(48, "Cyril")),
    # Valat: Povinost 20 (40), Ze Ruky 40 (80), Prever 30 (60).
    (
        XX,
        dict(POVINOST, bidder_points=80, valat={"team": "bidder", "made": True}),
        each(20, "Cyril"),
    ),
    (
        XX,
        dict(
            bid="ze_ruky",
            partner="Cyril",
            bidder_points=80,
            valat={"team": "bidder", "announced": True, "made": True, "contra": "hrb"},
        ),
        each(160, "Cyril"),
    ),
    (XX, dict(PREVER, bidder_points=80, valat={"team": "bidder", "made": True}), each(30)),
    # Pagat payments stand with a valat in 19.17: 30 + 2.
    (
        XX,
        dict(
            PREVER,
            bidder_points=80,
            valat={"team": "bidder", "made": True},
            pagat={"team": "bidder", "outcome": "won"},
        ),
        each(32),
    ),
    # pagat_contra: a doubled announced Pagat (4 x hrb 2).
    (
        XX,
        dict(
            PREVER,
            bidder_points=59,
            options={"pagat_contra": True},
            pagat={"team": "opponents", "announced": True, "outcome": "won", "contra": "hrb"},
        ),
        each(5 - 8),
    ),
    # mond_penalty: the player who lost the XXI pays 2 to each other player.
    (
        XX,
        dict(PREVER, bidder_points=59, options={"mond_penalty": True}, mond_lost="Bill"),
        {"Anna": 17, "Bill": -11, "Cyril": -3, "Dana": -3},
    ),
    # 18.13 stated values: Povenost 1, the same won or lost.
    (KING, dict(bid="povenost", partner="Cyril", bidder_points=70), each(1, "Cyril")),
    (KING, dict(bid="povenost", partner="Cyril", bidder_points=53), each(-1, "Cyril")),
    # Prever 1 / 2 / 4 by the talon; 2 with the first three when No Trick was bid.
    (KING, dict(PREVER, bidder_points=60), each(1)),
    (KING, dict(PREVER, bidder_points=60, no_trick_bid=True), each(2)),
    (KING, dict(bid="prever", talon="second", bidder_points=30), each(-2)),
    (KING, dict(bid="prever", talon="first_after_second", bidder_points=60), each(4)),
    # No Trick 1; contra allowed on it.
    (KING, dict(bid="no_trick", bidder_took_a_trick=False, contra="re"), each(4)),
    (KING, dict(bid="no_trick", bidder_took_a_trick=True), each(-1)),
    # game_value difference: as texas-xix, No Trick 16.
    (
        KING,
        dict(
            bid="povenost", partner="Cyril", bidder_points=59, options={"game_value": "difference"}
        ),
        each(3, "Cyril"),
    ),
    (
        KING,
        dict(bid="prever", talon="second", bidder_points=42, options={"game_value": "difference"}),
        each(-12),
    ),
    (
        KING,
        dict(bid="no_trick", bidder_took_a_trick=False, options={"game_value": "difference"}),
        each(16),
    ),
    # King Last: won 2, announced 4; announced and failed -4; unannounced lost nothing.
    (
        KING,
        dict(
            bid="povenost",
            partner="Cyril",
            bidder_points=60,
            king_last={"outcome": "won"},
        ),
        each(3, "Cyril"),
    ),
    (
        KING,
        dict(
            bid="povenost",
            partner="Cyril",
            bidder_points=60,
            king_last={"announced": True, "outcome": "won", "contra": "contra"},
        ),
        each(9, "Cyril"),
    ),
    (
        KING,
        dict(
            bid="povenost",
            partner="Cyril",
            bidder_points=60,
            king_last={"announced": True, "outcome": "played_early"},
        ),
        each(-3, "Cyril"),
    ),
    (
        KING,
        dict(bid="povenost", partner="Cyril", bidder_points=60, king_last={"outcome": "lost"}),
        each(1, "Cyril"),
    ),
    # Pagat captured even by the partner: -2.
    (
        KING,
        dict(
            bid="povenost",
            partner="Cyril",
            bidder_points=60,
            pagat={"team": "bidder", "outcome": "lost"},
        ),
        each(-1, "Cyril"),
    ),
    # Valat 20 / 40; no Pagat or King Last payment with it.
    (
        KING,
        dict(
            bid="povenost",
            partner="Cyril",
            bidder_points=100,
            valat={"team": "bidder", "announced": True, "made": True},
            king_last={"outcome": "won"},
            pagat={"team": "bidder", "outcome": "won"},
        ),
        each(40, "Cyril"),
    ),
    # The XXI captured by the Skys: its holder pays 2 to each other player.
    (
        KING,
        dict(bid="povenost", partner="Cyril", bidder_points=60, mond_lost="Cyril"),
        {"Anna": 3, "Bill": 1, "Cyril": -5, "Dana": 1},
    ),
]
