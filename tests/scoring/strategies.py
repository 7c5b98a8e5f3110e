"""Hypothesis strategies for valid deal documents (and some invalid ones)."""

from hypothesis import strategies as st

NAMES = ["Anna", "Bill", "Čada", "Dana", "Emil", "Brichaček"]


@st.composite
def table(draw):
    """Four active players, and at a five-player table the sitting-out dealer."""
    seated = draw(st.permutations(NAMES).map(lambda p: p[: draw(st.sampled_from([4, 5]))]))
    players = list(seated[:4])
    sitting_out = seated[4] if len(seated) == 5 else None
    return players, sitting_out


@st.composite
def played_deals(draw, ruleset=None):
    ruleset = ruleset or draw(st.sampled_from(["la-vista", "heun", "clarkson"]))
    players, sitting_out = draw(table())
    doc = {"ruleset": ruleset, "players": players, "kind": "played"}
    if sitting_out:
        doc["sitting_out"] = sitting_out
        doc["dealer"] = sitting_out
    bidder = draw(st.sampled_from(players))
    bid = draw(st.sampled_from(["four", "five", "five_over"]))
    alone = draw(st.booleans())
    king_in_blind = alone and draw(st.booleans())
    partner = None if alone else draw(st.sampled_from([p for p in players if p != bidder]))
    doc.update(bidder=bidder, bid=bid, partner=partner)
    if king_in_blind:
        doc["king_in_blind"] = True
    if bid == "four":
        doc["blind"] = draw(st.sampled_from(["first", "second", "first_after_second"]))
    elif ruleset == "la-vista":
        doc["kontra"] = draw(st.sampled_from(["none", "kontra", "rekontra"]))
    # The blind's cards that are the opponents' count at least 1 (three) or 2 (six).
    most = 69 if bid == "four" or king_in_blind else 68
    points = draw(st.integers(0, most))
    doc["bidder_points"] = points
    winner_by_points = "bidder" if points >= 36 else "opponents"
    valat = draw(st.sampled_from([None, winner_by_points]))
    doc["valat"] = valat
    last_trick = valat or draw(st.sampled_from(["bidder", "opponents"]))

    if not king_in_blind and draw(st.booleans()):
        announced = draw(st.booleans())
        outcomes = ["won" if last_trick == "bidder" else "lost"]
        if announced:
            outcomes.append("played_early")
        doc["king_last"] = {"announced": announced, "outcome": draw(st.sampled_from(outcomes))}

    tarok1_team = None
    if draw(st.booleans()):
        tarok1_team = draw(st.sampled_from(["bidder", "opponents"]))
        announced = draw(st.booleans())
        if tarok1_team == last_trick:
            outcomes = ["tarok1_won"]
            if not (tarok1_team == "bidder" and alone):
                outcomes.append("partner_won")
        else:
            outcomes = ["lost"]
        if announced:
            outcomes.append("played_early")
        doc["tarok1_last"] = {
            "team": tarok1_team,
            "announced": announced,
            "outcome": draw(st.sampled_from(outcomes)),
        }

    bidder_team = [bidder] + ([partner] if partner else [])
    declarations = []
    ten = draw(st.lists(st.sampled_from(players), max_size=2, unique=True))
    declarations += [{"player": p, "kind": "ten_taroky"} for p in ten]
    # All four Kings include the called one: the bidder who holds them plays alone.
    kings_possible = [p for p in ([partner] if partner else [bidder]) if p not in ten]
    if king_in_blind and bid != "four":
        kings_possible = []
    if kings_possible and draw(st.booleans()):
        declarations.append({"player": draw(st.sampled_from(kings_possible)), "kind": "four_kings"})
    high_possible = [
        p for p in players if tarok1_team is None or (p in bidder_team) == (tarok1_team == "bidder")
    ]
    if len(ten) == 2:  # 20 of the 22 taroky: Three High only among the ten
        high_possible = [p for p in high_possible if p in ten]
    if high_possible and draw(st.booleans()):
        declarations.append({"player": draw(st.sampled_from(high_possible)), "kind": "three_high"})
    if declarations:
        doc["declarations"] = draw(st.permutations(declarations))
    if bid == "four" and draw(st.booleans()):
        doc["penalties"] = [{"kind": "forgotten_discard"}]
    return doc


@st.composite
def other_deals(draw):
    players, sitting_out = draw(table())
    kind = draw(st.sampled_from(["surrendered", "thrown_in", "misdeal"]))
    doc = {"players": players, "kind": kind}
    if sitting_out:
        doc["sitting_out"] = sitting_out
    dealer = sitting_out or draw(st.sampled_from(players))
    if kind == "misdeal" or draw(st.booleans()):
        doc["dealer"] = dealer
    if kind == "surrendered":
        doc["bidder"] = draw(st.sampled_from(players))
        doc["bid"] = "four"
        doc["blind"] = draw(st.sampled_from(["second", "first_after_second"]))
    return doc


any_deal = st.one_of(played_deals(), other_deals())
