"""Benchmark: score a large generated batch of deals and print deals per second.

Run: .venv/bin/python scripts/bench_scoring.py [N]   (target: >= 20,000 deals/s)
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
    if rng.random() < 0.05:
        doc["valat"] = taker
    if rng.random() < 0.2:
        doc["king_last"] = {"announced": False, "outcome": "won" if taker == "bidder" else "lost"}
    if rng.random() < 0.2:
        doc["tarok1_last"] = {"team": taker, "announced": True, "outcome": "tarok1_won"}
    if rng.random() < 0.2:
        doc["declarations"] = [{"player": rng.choice(PLAYERS), "kind": "ten_taroky"}]
    return doc


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(2026)
    deals = [make_deal(rng) for _ in range(n)]
    start = time.perf_counter()
    transfers = 0
    for doc in deals:
        transfers += len(score(doc).transfers)
    elapsed = time.perf_counter() - start
    print(
        f"scored {n} deals ({transfers} transfers) in {elapsed:.2f} s: "
        f"{n / elapsed:,.0f} deals/s on one core (target 20,000)"
    )


if __name__ == "__main__":
    main()
