"""Hypothesis strategies for Petrtyl deal documents of every table size."""

from hypothesis import assume
from hypothesis import strategies as st

from taroky_scoring import OutcomeError, score
from taroky_scoring.games.petrtyl.tables import TABLES

NAMES = ["Anna", "Bill", "Cyril", "Dana", "Emil"]


WORDS = ["none", "contra", "recontra", "suprecontra"]


DECLARATIONS = {
    "regiment",
    "trule",
    "all_four",
    "four_honours",
    "lack_of_regiment",
    "no_trule_card",
    "no_chief",
}


@st.composite
def petrtyl_deals(
    draw, kinds=("played",) * 6 + ("three_passed", "surrendered", "thrown_in", "misdeal")
):
    ruleset = draw(st.sampled_from(sorted(TABLES)))
    t = TABLES[ruleset]
    players = NAMES[: t.players]
    kind = draw(st.sampled_from([k for k in kinds if k in t.kinds()]))
    doc = {"ruleset": ruleset, "players": players, "kind": kind, "pot": draw(st.integers(0, 40))}
    if draw(st.booleans()) or kind == "misdeal":
        doc["dealer"] = draw(st.sampled_from(players))
    bidder = draw(st.sampled_from(players))
    if kind == "three_passed":
        if "dealer" in doc:
            return doc  # the bidder is forehand, after the dealer
        doc["bidder"] = bidder
        return doc
    if kind == "surrendered":
        doc.update(bidder=bidder, bid="four", chief_in_talon=True)
        if t.halves:
            doc["talon"] = draw(st.sampled_from(["first", "second", "first_after_second"]))
        return doc
    if kind != "played":
        return doc
    bid = draw(st.sampled_from([b for b in t.bids() if b != "three"]))
    doc.update(bidder=bidder, bid=bid, contra=draw(st.sampled_from(WORDS)))
    partner = None
    if bid == "grand_nullo":
        doc["bidder_took_a_trick"] = draw(st.booleans())
    elif bid == "grand_sweep":
        doc["bidder_took_all_tricks"] = draw(st.booleans())
    else:
        chief_in_talon = False
        if t.chief_called:
            partner = draw(st.sampled_from([None, *[p for p in players if p != bidder]]))
            chief_in_talon = partner is None and draw(st.booleans())
            doc.update(partner=partner, chief_in_talon=chief_in_talon)
        if bid == "four" and t.halves:
            doc["talon"] = draw(st.sampled_from(["first", "second", "first_after_second"]))
        points = draw(st.integers(0, t.total))
        swept = draw(st.integers(0, 4)) == 0
        announced = draw(st.booleans()) and (t.chief_called or t.grand_bids)
        # The opponents with no card points took no trick: the Sweep was made (19 D6).
        swept = swept or points == t.total
        if swept or announced:
            if swept:
                points = max(points, t.winning)
            doc["sweep"] = {"announced": announced, "made": swept}
            if announced:
                doc["sweep"]["contra"] = draw(st.sampled_from(WORDS))
        doc["bidder_points"] = points
        side = {bidder, partner}
        taker = "declarer" if swept else draw(st.sampled_from(["declarer", "opponents"]))
        if t.chief_called and not chief_in_talon and draw(st.booleans()):
            announced = draw(st.booleans())
            outcome = "won" if taker == "declarer" else "lost"
            if announced and draw(st.booleans()):
                outcome = "played_early"
            doc["chief_last"] = {"announced": announced, "outcome": outcome}
            if announced:
                doc["chief_last"]["contra"] = draw(st.sampled_from(WORDS))
        if draw(st.booleans()):
            player = draw(st.sampled_from(players))
            mine = "declarer" if player in side else "opponents"
            announced = draw(st.booleans())
            choices = ["lost"] + (["won"] if mine == taker else [])
            choices += ["played_early"] if announced else []
            doc["papoose_last"] = {
                "player": player,
                "announced": announced,
                "outcome": draw(st.sampled_from(choices)),
            }
    allowed = list(t.declarations(bid))
    claims = draw(
        st.lists(st.tuples(st.sampled_from(players), st.sampled_from(allowed)), max_size=3)
    )
    # All Four holds the called Chief: the partner's, or the declarer's own; nobody's
    # when it was in the talon (contract 19 D7).
    holders = set() if doc.get("chief_in_talon") else {partner or bidder}
    claims = [
        (p, k)
        for p, k in claims
        if (k != "lack_of_regiment" or p == bidder) and (k != "all_four" or p in holders)
    ]
    doc["declarations"] = [{"player": p, "kind": k} for p, k in dict.fromkeys(claims)]
    return doc


def scored(doc):
    try:
        return score(doc)
    except OutcomeError:  # an impossible draw of declarations: not a valid deal
        assume(False)
