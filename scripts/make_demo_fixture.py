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


def scenarios(p):
    """Deal fields for players p[0..3] (clockwise from forehand): covers every rule."""
    a, b, c, d = p
    return [
        dict(
            kind="played",
            bidder=a,
            bid="four",
            blind="second",
            partner=c,
            called="hearts",
            bidder_points=41,
        ),
        dict(
            kind="played",
            bidder=b,
            bid="five",
            partner=d,
            called="clubs",
            bidder_points=30,
            kontra="kontra",
        ),
        dict(
            kind="played",
            bidder=c,
            bid="four",
            blind="first_after_second",
            partner=None,
            called="spades",
            bidder_points=44,
        ),
        dict(
            kind="played",
            bidder=d,
            bid="four",
            blind="first",
            partner=a,
            bidder_points=38,
            king_last={"announced": False, "outcome": "won"},
        ),
        dict(kind="misdeal"),
        dict(
            kind="played",
            bidder=a,
            bid="five_over",
            partner=b,
            called="diamonds",
            bidder_points=52,
            king_last={"announced": True, "outcome": "won"},
        ),
        dict(
            kind="played",
            bidder=b,
            bid="four",
            blind="second",
            partner=c,
            bidder_points=33,
            tarok1_last={"team": "opponents", "announced": False, "outcome": "tarok1_won"},
            declarations=[{"player": d, "kind": "ten_taroky"}],
        ),
        dict(
            kind="surrendered",
            bidder=c,
            bid="four",
            blind="second",
            called="clubs",
            king_in_blind=True,
        ),
        dict(
            kind="played",
            bidder=d,
            bid="five",
            partner=None,
            king_in_blind=True,
            bidder_points=39,
            declarations=[{"player": b, "kind": "three_high"}],
            tarok1_last={"team": "opponents", "announced": True, "outcome": "lost"},
        ),
        dict(kind="thrown_in"),
        dict(
            kind="played",
            bidder=a,
            bid="four",
            blind="second",
            partner=d,
            bidder_points=62,
            valat="bidder",
            king_last={"announced": False, "outcome": "won"},
        ),
        dict(
            kind="played",
            bidder=b,
            bid="four",
            blind="first",
            partner=a,
            bidder_points=36,
            penalties=[{"kind": "forgotten_discard"}],
        ),
        dict(
            kind="played",
            bidder=c,
            bid="five",
            partner=a,
            bidder_points=47,
            kontra="rekontra",
            declarations=[{"player": a, "kind": "four_kings"}],
        ),
        dict(
            kind="played",
            bidder=d,
            bid="four",
            blind="second",
            partner=b,
            bidder_points=35,
            king_last={"announced": True, "outcome": "played_early"},
        ),
        dict(
            kind="played",
            bidder=a,
            bid="four",
            blind="first_after_second",
            partner=c,
            bidder_points=40,
            tarok1_last={"team": "bidder", "announced": False, "outcome": "partner_won"},
        ),
        dict(
            kind="played",
            bidder=b,
            bid="five",
            partner=c,
            bidder_points=12,
            king_last={"announced": False, "outcome": "lost"},
            tarok1_last={"team": "opponents", "announced": True, "outcome": "tarok1_won"},
        ),
        dict(
            kind="played",
            bidder=c,
            bid="four",
            blind="second",
            partner=d,
            bidder_points=43,
            tarok1_last={"team": "bidder", "announced": True, "outcome": "played_early"},
        ),
        dict(
            kind="played",
            bidder=d,
            bid="five",
            partner=None,
            called="hearts",
            bidder_points=0,
            valat="opponents",
            declarations=[{"player": a, "kind": "ten_taroky"}, {"player": b, "kind": "ten_taroky"}],
        ),
        dict(kind="played", bidder=a, bid="four", blind="first", partner=b, bidder_points=37),
        dict(kind="played", bidder=b, bid="four", blind="second", partner=d, bidder_points=28),
        dict(kind="played", bidder=c, bid="five", partner=b, bidder_points=45),
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


def petrtyl_scenarios(p):
    """Petrtyl four-handed: every kind of deal, bid, declaration, the sweep, Chief and
    Papoose Last, and the pot (two misdeals fill it, an announced Papoose takes it)."""
    a, b, c, d = p
    return [
        dict(kind="misdeal"),
        dict(
            kind="played",
            bidder=a,
            bid="four",
            partner=c,
            called="clubs",
            talon="second",
            bidder_points=41,
            papoose_last={"player": c, "announced": True, "outcome": "won"},
        ),
        dict(kind="three_passed", bidder=b),
        dict(kind="surrendered", bidder=c, chief_in_talon=True, talon="first"),
        dict(kind="thrown_in"),
        dict(
            kind="played",
            bidder=b,
            bid="five",
            partner=d,
            called="spades",
            bidder_points=30,
            contra="contra",
            declarations=[{"player": b, "kind": "regiment"}],
        ),
        dict(kind="misdeal"),
        dict(
            kind="played",
            bidder=c,
            bid="grand_nullo",
            bidder_took_a_trick=False,
            declarations=[
                {"player": c, "kind": "lack_of_regiment"},
                {"player": a, "kind": "no_chief"},
            ],
        ),
        dict(
            kind="played",
            bidder=d,
            bid="grand_sweep",
            bidder_took_all_tricks=True,
            declarations=[{"player": d, "kind": "regiment"}],
        ),
        dict(
            kind="played",
            bidder=a,
            bid="four",
            partner=None,
            chief_in_talon=True,
            called="hearts",
            talon="first_after_second",
            bidder_points=70,
            sweep={"announced": True, "made": True},
        ),
        dict(
            kind="played",
            bidder=b,
            bid="four",
            partner=a,
            called="diamonds",
            talon="first",
            bidder_points=33,
            chief_last={"announced": False, "outcome": "won"},
            declarations=[{"player": c, "kind": "trule"}, {"player": a, "kind": "all_four"}],
        ),
        dict(
            kind="played",
            bidder=c,
            bid="four",
            partner=b,
            called="clubs",
            talon="second",
            bidder_points=38,
            papoose_last={"player": d, "announced": False, "outcome": "lost"},
        ),
    ]


def texas_scenarios(p, xx):
    """Texas: Povinost with a partner and alone, Prever with each talon, thrown in,
    points of 106, Pagat, valat, every bonus, doubling (XX also Zebrak and Ze Ruky)."""
    a, b, c, d = p
    called = "xx" if xx else "xix"
    deals = [
        dict(kind="played", bidder=a, bid="povinost", partner=c, called=called, bidder_points=60),
        dict(
            kind="played",
            bidder=b,
            bid="prever",
            talon="second",
            bidder_points=59,
            contra="contra",
            bonuses=[{"player": b, "kind": "no_trumps"}],
        ),
        dict(kind="thrown_in"),
        dict(
            kind="played",
            bidder=c,
            bid="povinost",
            partner=None,
            called=called,
            bidder_points=40,
            pagat={"team": "opponents", "announced": True, "outcome": "won"},
        ),
        dict(
            kind="played",
            bidder=d,
            bid="povinost",
            partner=b,
            called="xviii",
            bidder_points=106,
            valat={"team": "bidder", "announced": True, "made": True},
            bonuses=[{"player": d, "kind": "eight_trumps"}, {"player": a, "kind": "trull"}],
        ),
        dict(
            kind="played",
            bidder=a,
            bid="prever",
            talon="first",
            bidder_points=50,
            contra="re",
            pagat={"team": "bidder", "announced": False, "outcome": "lost"},
            bonuses=[{"player": b, "kind": "pane"}],
        ),
        dict(
            kind="played",
            bidder=b,
            bid="povinost",
            partner=d,
            called="xvii",
            bidder_points=70,
            bonuses=[{"player": a, "kind": "ten_trumps"}, {"player": d, "kind": "spjst"}],
        ),
        dict(
            kind="played",
            bidder=c,
            bid="prever",
            talon="first_after_second",
            bidder_points=0,
            valat={"team": "opponents", "made": True},
            bonuses=[{"player": c, "kind": "two_trumps"}],
        ),
        dict(
            kind="played",
            bidder=d,
            bid="povinost",
            partner=a,
            called=called,
            bidder_points=55,
            pagat={"team": "bidder", "announced": True, "outcome": "played_early"},
            bonuses=[{"player": b, "kind": "trull_pane"}],
        ),
        dict(
            kind="played",
            bidder=a,
            bid="povinost",
            partner=d,
            called="xviii",
            bidder_points=52,
            bonuses=[{"player": c, "kind": "krale"}],
        ),
        dict(
            kind="played",
            bidder=b,
            bid="povinost",
            partner=c,
            called="xvii",
            bidder_points=49,
            bonuses=[{"player": d, "kind": "rosanne_pane"}],
        ),
    ]
    if xx:
        words = {"contra": "hrb", "re": "rhea"}
        deals = [{**f, "contra": words[f["contra"]]} if "contra" in f else f for f in deals]
    if xx:
        deals += [
            dict(kind="played", bidder=a, bid="zebrak", bidder_took_a_trick=False),
            dict(kind="played", bidder=b, bid="ze_ruky", partner=c, bidder_points=58),
        ]
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
