"""Writes fixtures/demo_events.json: the demo events that `make run` loads.

The deals are chosen so the demo shows every kind of deal, bonus, declaration and
penalty, a correction and a void. Run it again only to change the demo:
    .venv/bin/python scripts/make_demo_fixture.py
"""

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from demo_scenarios import petrtyl_scenarios, scenarios, texas_scenarios  # noqa: E402

import taroky_scoring as core  # noqa: E402
from taroky_scoring.games.nebraska.outcome import DealOutcome  # noqa: E402
from taroky_scoring.games.nebraska.rotation import next_deal  # noqa: E402
from taroky_scoring.games.nebraska.rulesets import ruleset as ruleset_of  # noqa: E402

PLAYERS = [
    ("Ken Čada", "Clarkson"),
    ("Robert Brichaček", "Heun"),
    ("Emily Wynn", "La Vista"),
    ("Marie Dvořáková", "Prague NE"),
    ("Josef Kučera", "Schuyler"),
    ("Anna Nováková", "Wilber"),
    ("František Svoboda", "Clarkson"),
    ("Ludmila Procházková", "Howells"),
    ("Tom Petrtyl", "Omaha"),
    ("Jan Šťastný", "Dodge"),
    ("Věra Horáková", "Clarkson"),
    ("Pete Vlasák", "Linwood"),
    ("Agnes Zelenka", "Heun"),
]


def table_deals(seats, ruleset, first_forehand, count, rng, kontra_allowed):
    rules = ruleset_of(ruleset)
    deals = []
    previous = None
    for i in range(count):
        nxt = next_deal(seats, rules, previous, first_forehand=first_forehand)
        p = list(nxt.players)
        options = scenarios(p)
        # Long sessions walk through every scenario; short ones pick at random.
        fields = options[i % len(options)] if count >= 20 else rng.choice(options)
        fields = dict(fields)
        if not kontra_allowed:
            fields.pop("kontra", None)
        doc = {"ruleset": ruleset, "players": p, "dealer": nxt.dealer}
        if nxt.sitting_out:
            doc["sitting_out"] = nxt.sitting_out
        doc.update(fields)
        core.parse_deal(doc)  # every demo deal must be valid
        deals.append({"document": doc})
        o = DealOutcome.from_document(doc)
        previous = core.PreviousDeal(nxt.dealer, o.kind, o.effective_bid, o.bidder)
    return deals


def other_game_deals(seats, ruleset, first_forehand, scenario_list):
    """One deal of each scenario, dealt in the game's own rotation; the pot (Petrtyl)
    is filled by the app from the ledger, so documents leave it out."""
    game = core.game_for(ruleset)
    rules = game.rules(ruleset)
    deals, previous, pot = [], None, 0
    for fields in scenario_list(seats):
        nxt = game.next_deal(seats, rules, previous, first_forehand=first_forehand)
        p = list(nxt.players)
        # Scenarios name players by their place from forehand: map them to this deal.
        rename = dict(zip(seats_from(seats, first_forehand), p, strict=True))
        fields = json.loads(json.dumps(fields), object_hook=lambda d, r=rename: _renamed(d, r))
        doc = {"ruleset": ruleset, "players": p, "dealer": nxt.dealer, **fields}
        settlement = core.score(game.with_pot(doc, pot))  # must be valid
        pot += settlement.net.get("#pot", 0)
        deals.append({"document": doc})
        previous = core.PreviousDeal(nxt.dealer, doc["kind"], doc.get("bid"), doc.get("bidder"))
    return deals


def seats_from(seats, first):
    i = seats.index(first)
    return seats[i:] + seats[:i]


def _renamed(d, rename):
    return {
        k: rename.get(v, v) if isinstance(v, str) and k in NAME_KEYS else v for k, v in d.items()
    }


NAME_KEYS = {"bidder", "partner", "player"}


def event(name, date, venue, kind, ruleset, chips, deals_per_session, rounds):
    """An event of the fixture: published, no house rules, sessions of a fixed number of
    deals."""
    return {
        "name": name,
        "date": date,
        "venue": venue,
        "kind": kind,
        "ruleset": ruleset,
        "house_rules": {},
        "starting_chips": chips,
        "session_end": "fixed_deals",
        "deals_per_session": deals_per_session,
        "published": True,
        "rounds": rounds,
    }


def correct(deals, i, first_points, reason):
    """Deal ``i`` was first entered with ``first_points`` card points, then corrected."""
    deals[i]["first_document"] = {**deals[i]["document"], "bidder_points": first_points}
    deals[i]["corrections"] = [{"reason": reason}]


def enter_twice(deals, i, reason):
    """Deal ``i`` entered twice by mistake: the copy after it is voided."""
    deals.insert(i + 1, {"document": dict(deals[i]["document"]), "void": reason})


def other_game_night(name, date, ruleset, seats, scenario_list, corrected, voided, chips):
    deals = other_game_deals(seats, ruleset, seats[1], scenario_list)
    points = deals[corrected]["document"].get("bidder_points")
    if points is not None:
        correct(deals, corrected, points - 10, "Piles recounted: 10 card points more.")
    enter_twice(deals, voided, "Entered twice by mistake.")
    table = {"seats": seats, "first_forehand": seats[1], "deals": deals}
    return event(
        name, date, "Sokol Hall", "club_night", ruleset, chips, len(deals), [{"tables": [table]}]
    )


def main():
    rng = random.Random(1997)
    names = [n for n, _ in PLAYERS]
    four = names[0:4]
    five = names[4:9]
    t1 = table_deals(four, "la-vista", four[1], 20, rng, True)
    # Deal 3: the organizer first typed 34 points; the pile was recounted to 44.
    correct(t1, 2, 34, "Pile recounted with the card-point counter: 44, not 34.")
    # Deal 19 was entered twice by mistake; the copy (deal 20) is voided.
    enter_twice(t1, 18, "Entered twice by mistake (same as deal 19).")
    t2 = table_deals(five, "la-vista", five[2], 20, rng, True)
    correct(t2, 6, 31, "Bidder's team had 33, not 31 (discard not counted).")
    club_night = event(
        "Thursday club night",
        "2026-11-05",
        "Czech and Slovak Educational Center, La Vista",
        "club_night",
        "la-vista",
        chips=20,
        deals_per_session=20,
        rounds=[
            {
                "tables": [
                    {"seats": four, "first_forehand": four[1], "deals": t1},
                    {"seats": five, "first_forehand": five[2], "deals": t2},
                ]
            }
        ],
    )
    tour_players = names[0:8]
    r1 = [tour_players[0:4], tour_players[4:8]]
    r2 = [[tour_players[i] for i in (0, 4, 1, 5)], [tour_players[i] for i in (2, 6, 3, 7)]]
    tournament = event(
        "Clarkson Taroky Tournament",
        "2026-11-21",
        "Clarkson Opera House",
        "tournament",
        "clarkson",
        chips=20,
        deals_per_session=8,
        rounds=[
            {
                "tables": [
                    {
                        "seats": s,
                        "first_forehand": s[0],
                        "deals": table_deals(s, "clarkson", s[0], 8, rng, False),
                    }
                    for s in r1
                ]
            },
            {
                "tables": [
                    {
                        "seats": s,
                        "first_forehand": s[1],
                        "deals": table_deals(s, "clarkson", s[1], n, rng, False),
                    }
                    for s, n in zip(r2, (3, 5), strict=True)
                ]
            },
        ],
    )
    texas_players = names[9:13]
    texas_xix = other_game_night(
        "Texas XIX club night",
        "2026-11-12",
        "texas-xix",
        texas_players,
        lambda p: texas_scenarios(p, xx=False),
        corrected=0,
        voided=3,
        chips=100,
    )
    texas_xx = other_game_night(
        "Texas XX club night",
        "2026-11-13",
        "texas-xx",
        texas_players,
        lambda p: texas_scenarios(p, xx=True),
        corrected=1,
        voided=4,
        chips=100,
    )
    petrtyl = other_game_night(
        "Petrtyl four-handed club night",
        "2026-11-19",
        "petrtyl",
        names[8:12],
        petrtyl_scenarios,
        corrected=1,
        voided=5,
        chips=300,
    )
    # The club's fall season: its four club nights, of three games, by placement points,
    # each player's best three nights counting.
    nights = [club_night, texas_xix, texas_xx, petrtyl]
    season = {
        "name": "Fall club season 2026",
        "club": "Czech and Slovak Educational Center",
        "start_date": "2026-09-01",
        "end_date": "2026-12-31",
        "basis": "placement",
        "placement_points": [10, 8, 6, 5, 4, 3, 2, 1],
        "participation_points": 1,
        "planned_events": 4,
        "best_of": 3,
        "tie_breaks": ["chips", "events_won", "head_to_head"],
        "published": True,
        "events": [[e["name"], e["date"]] for e in nights],
    }
    fixture = {
        "players": [{"name": n, "club": c} for n, c in PLAYERS],
        "events": [club_night, tournament, texas_xix, texas_xx, petrtyl],
        "seasons": [season],
    }
    out = ROOT / "fixtures" / "demo_events.json"
    out.write_text(json.dumps(fixture, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
