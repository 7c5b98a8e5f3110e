"""The whole schedule drawn in advance against the round-by-round draw: how many
meetings repeat (a pair meeting c times counts c - 1), with tables of four and five
(la-vista, Nebraska's sizes), over a few seeds.

Run: .venv/bin/python scripts/schedule_repeats.py [--players=16,24,37] [--rounds=4,6]
[--seeds=5]. Prints, per size, the repeats of each way summed over the seeds and the
schedule's slowest draw in milliseconds (a figure, not a test).
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.schedule import draw_schedule, round_by_round  # noqa: E402
from tournaments.seating import table_sizes  # noqa: E402


def numbers(text: str) -> list[int]:
    return [int(n) for n in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=numbers, default=[16, 24, 37])
    parser.add_argument("--rounds", type=numbers, default=[4, 6])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    seeds = range(1, args.seeds + 1)
    over = f"{args.seeds} seed{'' if args.seeds == 1 else 's'}"
    print(f"repeated meetings, summed over {over} (tables of four and five)")
    print(f"{'players':>7} {'rounds':>6} {'tables':>18} {'round by round':>14} "
          f"{'schedule':>8} {'slowest ms':>10}")  # fmt: skip
    for n in args.players:
        players = list(range(1, n + 1))
        sizes = "+".join(str(s) for s in table_sizes(n))
        for rounds in args.rounds:
            before = sum(round_by_round(players, rounds, seed) for seed in seeds)
            after, slowest = 0, 0.0
            for seed in seeds:
                start = time.perf_counter()
                after += draw_schedule(players, rounds, seed).repeats
                slowest = max(slowest, time.perf_counter() - start)
            print(f"{n:>7} {rounds:>6} {sizes:>18} {before:>14} {after:>8} {slowest * 1000:>10.0f}")


if __name__ == "__main__":
    main()
