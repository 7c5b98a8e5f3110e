"""Benchmark a player's statistics over a season: 2,000 deals of every game, scored
through the core and tallied for one player (``player_statistics``), in milliseconds.

Run: .venv/bin/python scripts/bench_statistics.py [N]   (N deals, default 2,000; target:
well under 100 ms for 2,000 on one core). Times are the process's CPU time, the best
of five runs, so other work on the machine does not count against the figure; the
scoring alone is timed too, so what the statistics add shows.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_petrtyl import make_deal as make_petrtyl_deal  # noqa: E402
from bench_scoring import TEXAS_BIDS, make_texas_deal  # noqa: E402
from bench_scoring import make_deal as make_nebraska_deal  # noqa: E402

from taroky_scoring import player_statistics, score  # noqa: E402
from taroky_scoring.games.petrtyl.tables import TABLES  # noqa: E402

PLAYER = "Anna"  # seated in every generated deal


def season(rng: random.Random, n: int) -> list[dict]:
    """``n`` deals: half Nebraska, a quarter Texas, a quarter Petrtyl."""
    deals = []
    for i in range(n):
        if i % 4 < 2:
            deals.append(make_nebraska_deal(rng))
        elif i % 4 == 2:
            deals.append(make_texas_deal(rng, rng.choice(list(TEXAS_BIDS))))
        else:
            deals.append(make_petrtyl_deal(rng, rng.choice(list(TABLES))))
    return deals


def best_of(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    deals = season(random.Random(2026), n)
    pairs = [(doc, PLAYER) for doc in deals]
    scoring = best_of(5, lambda: [score(doc) for doc in deals])
    tallying = best_of(5, lambda: player_statistics(pairs))
    tally = player_statistics(pairs)
    rows = sum(len(g.rows) for g in tally.groups())
    print(
        f"{n} deals ({tally.deals} played by {PLAYER}, {rows} rows): statistics "
        f"{tallying * 1000:.1f} ms, of which scoring {scoring * 1000:.1f} ms "
        f"(target: well under 100 ms for 2,000)"
    )


if __name__ == "__main__":
    main()
