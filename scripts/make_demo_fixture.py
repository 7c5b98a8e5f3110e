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
    rules = core.ruleset(ruleset)
    deals = []
    previous = None
    for i in range(count):
        nxt = core.next_deal(seats, rules, previous, first_forehand=first_forehand)
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
        o = core.DealOutcome.from_document(doc)
        previous = core.PreviousDeal(nxt.dealer, o.kind, o.effective_bid, o.bidder)
    return deals


def main():
    rng = random.Random(1997)
    names = [n for n, _ in PLAYERS]
    four = names[0:4]
    five = names[4:9]
    t1 = table_deals(four, "la-vista", four[1], 20, rng, True)
    # Deal 3: the organizer first typed 34 points; the pile was recounted to 44.
    t1[2]["first_document"] = {**t1[2]["document"], "bidder_points": 34}
    t1[2]["corrections"] = [{"reason": "Pile recounted with the card-point counter: 44, not 34."}]
    # Deal 19 was entered twice by mistake; the copy (deal 20) is voided.
    t1.insert(
        19,
        {
            "document": dict(t1[18]["document"]),
            "void": "Entered twice by mistake (same as deal 19).",
        },
    )
    t2 = table_deals(five, "la-vista", five[2], 20, rng, True)
    t2[6]["first_document"] = {**t2[6]["document"], "bidder_points": 31}
    t2[6]["corrections"] = [{"reason": "Bidder's team had 33, not 31 (discard not counted)."}]
    club_night = {
        "name": "Thursday club night",
        "date": "2026-11-05",
        "venue": "Czech and Slovak Educational Center, La Vista",
        "kind": "club_night",
        "ruleset": "la-vista",
        "house_rules": {},
        "starting_chips": 20,
        "session_end": "fixed_deals",
        "deals_per_session": 20,
        "published": True,
        "rounds": [
            {
                "tables": [
                    {"seats": four, "first_forehand": four[1], "deals": t1},
                    {"seats": five, "first_forehand": five[2], "deals": t2},
                ]
            }
        ],
    }
    tour_players = names[0:8]
    r1 = [tour_players[0:4], tour_players[4:8]]
    r2 = [[tour_players[i] for i in (0, 4, 1, 5)], [tour_players[i] for i in (2, 6, 3, 7)]]
    tournament = {
        "name": "Clarkson Taroky Tournament",
        "date": "2026-11-21",
        "venue": "Clarkson Opera House",
        "kind": "tournament",
        "ruleset": "clarkson",
        "house_rules": {},
        "starting_chips": 20,
        "session_end": "fixed_deals",
        "deals_per_session": 8,
        "published": True,
        "rounds": [
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
    }
    fixture = {
        "players": [{"name": n, "club": c} for n, c in PLAYERS],
        "events": [club_night, tournament],
    }
    out = ROOT / "fixtures" / "demo_events.json"
    out.write_text(json.dumps(fixture, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
