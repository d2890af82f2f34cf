"""Benchmark: comparisons and classifications per second, per preset, on one core.

Run: ``.venv/bin/python bench/rules.py [--pairs N]``.  Prints the median of
five timed runs over a fixed, seeded set of random legal plays.  Time is this
process's CPU time, so other load on a shared machine does not count against
it.  Target (issue 2): at least 200,000 comparisons per second here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from gouji.cards import NATURAL_RANKS, Rank
from gouji.compare import judge
from gouji.plays import Play, PlayError, check_legal, is_gouji, is_pure_gouji
from gouji.presets import PRESETS
from gouji.rules import Rules


def random_plays(rules: Rules, n: int, seed: int) -> list[Play]:
    """``n`` legal plays of realistic shape under ``rules``."""
    rng = random.Random(seed)
    plays: list[Play] = []
    while len(plays) < n:
        rank = rng.choice([*NATURAL_RANKS, Rank.TWO, None])
        small, big = rng.choice([0, 0, 0, 1, 2]), rng.choice([0, 0, 0, 1, 2])
        if rank is None:
            play = Play(None, 0, 0, max(small, 1), big)
        elif rank is Rank.TWO:
            play = Play(rank, rng.randint(1, 4), 0, small, big)
        else:
            play = Play(rank, rng.randint(1, 7), rng.choice([0, 0, 1, 2]), small, big)
        try:
            check_legal(play, rules)
        except PlayError:
            continue
        plays.append(play)
    return plays


def rate(fn: Callable[[], int], repeats: int = 5) -> float:
    """Median operations per second over ``repeats`` runs of ``fn`` (which returns its count)."""
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        count = fn()
        rates.append(count / (time.process_time() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=100_000, help="comparisons per run")
    args = parser.parse_args()
    print(f"{'preset':<10} {'comparisons/s':>14} {'classifications/s':>18}")
    for name, preset in PRESETS.items():
        rules = preset.rules
        plays = random_plays(rules, 2000, seed=7)
        rng = random.Random(11)
        pairs = [(rng.choice(plays), rng.choice(plays)) for _ in range(args.pairs)]

        def compare_all(pairs: list[tuple[Play, Play]] = pairs, rules: Rules = rules) -> int:
            for previous, answer in pairs:
                judge(previous, answer, rules)
            return len(pairs)

        def classify_all(plays: list[Play] = plays, rules: Rules = rules) -> int:
            for _ in range(25):
                for play in plays:
                    check_legal(play, rules)
                    is_gouji(play, rules)
                    is_pure_gouji(play, rules)
            return 25 * len(plays)

        print(f"{name:<10} {rate(compare_all):>14,.0f} {rate(classify_all):>18,.0f}")


if __name__ == "__main__":
    main()
