"""Benchmark: score a generated batch of deals per ruleset and print deals per second.

Run: .venv/bin/python scripts/bench_scoring.py [N]   (N deals per ruleset, default
100,000; target: >= 20,000 deals/s for each ruleset on one core). Times are the
process's CPU time, so other work on the machine does not count against the figures.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from taroky_scoring import score  # noqa: E402

PLAYERS = ["Anna", "Bill", "Čada", "Dana"]


def make_deal(rng: random.Random) -> dict:
    bidder = rng.choice(PLAYERS)
    alone = rng.random() < 0.15
    partner = None if alone else rng.choice([p for p in PLAYERS if p != bidder])
    bid = rng.choice(["four", "four", "four", "five", "five_over"])
    points = rng.randint(0, 68)
    doc = {
        "ruleset": "la-vista",
        "players": PLAYERS,
        "kind": "played",
        "bidder": bidder,
        "bid": bid,
        "partner": partner,
        "bidder_points": points,
    }
    if bid == "four":
        doc["blind"] = rng.choice(["first", "second", "first_after_second"])
    else:
        doc["kontra"] = rng.choice(["none", "none", "kontra", "rekontra"])
    taker = "bidder" if points >= 36 else "opponents"
    if rng.random() < 0.05 or points == 0:  # 0 points: no trick taken (contract 19 D6)
        doc["valat"] = taker
    if rng.random() < 0.2:
        doc["king_last"] = {"announced": False, "outcome": "won" if taker == "bidder" else "lost"}
    if rng.random() < 0.2:
        doc["tarok1_last"] = {"team": taker, "announced": True, "outcome": "tarok1_won"}
    if rng.random() < 0.2:
        doc["declarations"] = [{"player": rng.choice(PLAYERS), "kind": "ten_taroky"}]
    return doc


TEXAS_BIDS = {
    "texas-xix": ["povinost", "povinost", "prever"],
    "texas-xx": ["povinost", "povinost", "ze_ruky", "prever", "zebrak"],
    "texas-king": ["povenost", "povenost", "prever", "no_trick"],
}
TEXAS_CONTRA = {"texas-xix": "re", "texas-xx": "hrb", "texas-king": "contra"}


def make_texas_deal(rng: random.Random, ruleset: str) -> dict:
    bidder = rng.choice(PLAYERS)
    bid = rng.choice(TEXAS_BIDS[ruleset])
    doc = {"ruleset": ruleset, "players": PLAYERS, "kind": "played", "bidder": bidder, "bid": bid}
    if bid in ("povinost", "povenost", "ze_ruky"):
        doc["partner"] = rng.choice([p for p in PLAYERS if p != bidder])
    if bid == "prever":
        doc["talon"] = rng.choice(["first", "second", "first_after_second"])
    if bid in ("zebrak", "no_trick"):
        doc["bidder_took_a_trick"] = rng.random() < 0.5
    else:
        points = rng.randint(0, 106)
        doc["bidder_points"] = points
        if rng.random() < 0.2:
            doc["contra"] = TEXAS_CONTRA[ruleset]
        if rng.random() < 0.05 or points in (0, 106):  # a side at 0 took no trick (19 D6)
            doc["valat"] = {"team": "bidder" if points >= 54 else "opponents", "made": True}
        if rng.random() < 0.2:
            doc["pagat"] = {"team": "bidder", "announced": False, "outcome": "lost"}
    if rng.random() < 0.2 and bid != "no_trick":  # no bonuses in a No Trick (19 D3)
        # In a Povenost a suit is called: the partner holds all four Kings (19 D4).
        holders = [doc["partner"]] if bid == "povenost" else PLAYERS
        doc["bonuses"] = [{"player": rng.choice(holders), "kind": "krale"}]
    return doc


def bench(name: str, deals: list[dict]) -> float:
    start = time.process_time()
    transfers = 0
    for doc in deals:
        transfers += len(score(doc).transfers)
    elapsed = time.process_time() - start
    rate = len(deals) / elapsed
    print(
        f"{name:<12} {len(deals)} deals ({transfers} transfers) in {elapsed:.2f} s: "
        f"{rate:,.0f} deals/s"
    )
    return rate


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(2026)
    rates = {}
    for ruleset in ("la-vista", "heun", "clarkson"):
        deals = [{**make_deal(rng), "ruleset": ruleset} for _ in range(n)]
        if ruleset != "la-vista":
            for doc in deals:
                doc.pop("kontra", None)
        rates[ruleset] = bench(ruleset, deals)
    for ruleset in TEXAS_BIDS:
        rates[ruleset] = bench(ruleset, [make_texas_deal(rng, ruleset) for _ in range(n)])
    slowest = min(rates, key=rates.get)
    print(f"slowest: {slowest} {rates[slowest]:,.0f} deals/s on one core (target 20,000 each)")


if __name__ == "__main__":
    main()
