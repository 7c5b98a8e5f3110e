"""Hypothesis strategies for the three Texas games' deal documents."""

from hypothesis import strategies as st

PLAYERS = ["Anna", "Bill", "Čada", "Dana"]


BIDS = {
    "texas-xix": ["povinost", "prever"],
    "texas-xx": ["povinost", "ze_ruky", "prever", "zebrak"],
    "texas-king": ["povenost", "prever", "no_trick"],
}


CONTRA = {
    "texas-xix": ["none", "contra", "re", "supre", "mort"],
    "texas-xx": ["none", "hrb", "rhea", "contrec", "suprec"],
    "texas-king": ["none", "contra", "re", "supre", "mort"],
}


TRICK_BIDS = {"zebrak", "no_trick"}


GAMES = list(BIDS)


@st.composite
def texas_deals(draw, ruleset):
    players = draw(st.permutations(PLAYERS))
    bidder = draw(st.sampled_from(players))
    bid = draw(st.sampled_from(BIDS[ruleset]))
    doc = {"ruleset": ruleset, "players": players, "kind": "played", "bidder": bidder, "bid": bid}
    partner = None
    if bid in ("povinost", "povenost", "ze_ruky") and draw(st.booleans()):
        partner = draw(st.sampled_from([p for p in players if p != bidder]))
        doc["partner"] = partner
    elif bid == "ze_ruky":
        doc["xx_in_talon"] = True
    if bid == "prever":
        doc["talon"] = draw(st.sampled_from(["first", "second", "first_after_second"]))
    if bid in TRICK_BIDS:
        doc["bidder_took_a_trick"] = draw(st.booleans())
    if bid != "zebrak":
        doc["contra"] = draw(st.sampled_from(CONTRA[ruleset]))
    if bid not in TRICK_BIDS:
        points = draw(st.integers(0, 106))
        doc["bidder_points"] = points
        side = "bidder" if points >= 54 else "opponents"
        # A side with no card points took no trick: the other side's valat was made
        # (contract 19 D6).
        swept = points in (0, 106)
        if swept or draw(st.booleans()):
            announced = draw(st.booleans())
            made = True if not announced or swept else draw(st.booleans())
            team = side if made else draw(st.sampled_from(["bidder", "opponents"]))
            valat = {"team": team, "announced": announced, "made": made}
            if announced and ruleset != "texas-king":
                valat["contra"] = draw(st.sampled_from(CONTRA[ruleset]))
            doc["valat"] = valat
        if draw(st.booleans()):
            announced = draw(st.booleans())
            outcomes = ["won", "lost"] + (["played_early"] if announced else [])
            team = draw(st.sampled_from(["bidder", "opponents"]))
            outcome = draw(st.sampled_from(outcomes))
            valat = doc.get("valat")
            if valat and valat["made"] and outcome == "won":
                team = valat["team"]
            pagat = {"team": team, "announced": announced, "outcome": outcome}
            if announced and ruleset != "texas-xx":
                pagat["contra"] = draw(st.sampled_from(CONTRA[ruleset]))
            doc["pagat"] = pagat
    # texas-king pays no bonuses in a No Trick unless the house rule says so (19 D3).
    no_trick_bonuses = ruleset == "texas-king" and draw(st.booleans())
    if no_trick_bonuses:
        doc["options"] = {"no_trick_bonuses": True}
    if draw(st.booleans()) and (bid != "no_trick" or no_trick_bonuses):
        kind = draw(st.sampled_from(["krale", "trull", "eight_trumps", "spjst", "no_trumps"]))
        holders = players
        if ruleset == "texas-king" and bid == "povenost" and kind in ("krale", "spjst"):
            # He holds the called King (a King is presumed without `called`): the
            # partner, or the declarer alone with his own (19 D4, D5).
            holders = [partner or bidder]
        holder = draw(st.sampled_from(holders))
        doc["bonuses"] = [{"player": holder, "kind": kind}]
    return doc
