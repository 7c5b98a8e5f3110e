"""Benchmark Petrtyl's four rulesets: deals per second for each (target >= 20,000).

Run: .venv/bin/python scripts/bench_petrtyl.py [N]   (N deals per ruleset, default 100,000)
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from taroky_scoring import score  # noqa: E402
from taroky_scoring.games.petrtyl.tables import TABLES  # noqa: E402

NAMES = ["Anna", "Bill", "Čada", "Dana", "Emil"]
TALON = ["first", "second", "first_after_second"]


def make_deal(rng: random.Random, ruleset: str) -> dict:
    t = TABLES[ruleset]
    players = NAMES[: t.players]
    bidder = rng.choice(players)
    doc = {"ruleset": ruleset, "players": players, "kind": "played", "bidder": bidder}
    roll = rng.random()
    if roll < 0.05:
        return {**doc, "kind": "three_passed"}
    if roll < 0.08:
        return {"ruleset": ruleset, "players": players, "kind": "misdeal", "dealer": bidder}
    bids = ["four", "four", "four", "five"] + (
        ["grand_nullo", "grand_sweep"] if t.grand_bids else []
    )
    bid = doc["bid"] = rng.choice(bids)
    doc["pot"] = rng.choice([0, 0, 4, 8])
    if rng.random() < 0.2:
        doc["contra"] = "contra"
    if bid == "grand_nullo":
        doc["bidder_took_a_trick"] = rng.random() < 0.5
        return doc
    if bid == "grand_sweep":
        doc["bidder_took_all_tricks"] = rng.random() < 0.5
        return doc
    partner = None
    if t.chief_called and rng.random() < 0.85:
        partner = doc["partner"] = rng.choice([p for p in players if p != bidder])
    if bid == "four" and t.halves:
        doc["talon"] = rng.choice(TALON)
    points = doc["bidder_points"] = rng.randint(0, t.total)
    won = points >= t.winning
    if won and (rng.random() < 0.05 or points == t.total):  # all points: a Sweep (19 D6)
        doc["sweep"] = {"announced": False, "made": True}
    if t.chief_called and partner and rng.random() < 0.2:
        doc["chief_last"] = {"announced": False, "outcome": "won" if won else "lost"}
    if rng.random() < 0.2:
        doc["papoose_last"] = {"player": bidder, "announced": True, "outcome": "lost"}
    if rng.random() < 0.2:
        doc["declarations"] = [{"player": rng.choice(players), "kind": "regiment"}]
    return doc


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(2026)
    rates = {}
    for ruleset in TABLES:
        deals = [make_deal(rng, ruleset) for _ in range(n)]
        start = time.process_time()
        transfers = sum(len(score(doc).transfers) for doc in deals)
        elapsed = time.process_time() - start
        rates[ruleset] = n / elapsed
        print(
            f"{ruleset:<14} {n} deals ({transfers} transfers) in {elapsed:.2f} s: "
            f"{rates[ruleset]:,.0f} deals/s"
        )
    slowest = min(rates, key=rates.get)
    print(f"slowest: {slowest} {rates[slowest]:,.0f} deals/s on one core (target 20,000 each)")


if __name__ == "__main__":
    main()
