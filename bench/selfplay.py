"""Benchmark: self-play deals per second per preset, and replaying a 200-event record.

Run: ``.venv/bin/python bench/selfplay.py [--deals N] [--soak N]``.  Times are this
process's CPU time (medians of three runs), so other load on a shared machine does
not count.  Target (issue 3): at least 50 deals/s per core with random bots.

``--soak N`` plays N seeded deals per preset and bot and checks the invariants of
``tests/gouji/test_deal_properties.py`` on each (card conservation, six places,
zero-sum points without 串三户, replay to the same result), printing the count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gouji.bots import HeuristicBot, RandomBot
from gouji.deal import DealState
from gouji.dealer import random_setup
from gouji.presets import PRESETS
from gouji.record import read_deal, write_deal
from gouji.scoring import deal_result

BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def play(preset: str, seed: int, bot: str) -> DealState:
    state = DealState.start(random_setup(preset, seed))
    chooser = BOTS[bot](random.Random(seed))
    while not state.over:
        state.apply(chooser.choose(state))
    return state


def deals_per_second(preset: str, bot: str, deals: int) -> float:
    rates = []
    for run in range(3):
        start = time.process_time()
        for seed in range(run * deals, (run + 1) * deals):
            play(preset, seed, bot)
        rates.append(deals / (time.process_time() - start))
    return statistics.median(rates)


def replay_ms(events: int = 200) -> tuple[int, float]:
    """Median milliseconds to read and replay a record cut to about ``events`` events."""
    state = play("zaozhuang", 1, "heuristic")
    log = state.log[:events]
    text = write_deal(state.setup, log)
    times = []
    for _ in range(7):
        start = time.process_time()
        deal = read_deal(text)
        DealState.replay(deal.setup, deal.log)
        times.append((time.process_time() - start) * 1000)
    return len(log), statistics.median(times)


def soak(deals: int) -> None:
    for preset in PRESETS:
        for bot in BOTS:
            for seed in range(deals):
                state = play(preset, seed, bot)
                assert state.hands is not None
                total = sum(state.counts) + sum(state.played.values())
                assert total == state.rules.deck.size
                assert sorted(p for p in state.places if p is not None) == list(range(6))
                result = deal_result(state)
                assert result.chuan is not None or sum(result.team_points) == 0
                assert DealState.replay(state.setup, state.log).places == state.places
            print(f"soak {preset:<10} {bot:<9} {deals} deals: invariants hold")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20, help="deals per timed run")
    parser.add_argument("--soak", type=int, default=0, help="deals per preset and bot to check")
    args = parser.parse_args()
    print(f"{'preset':<10} {'random deals/s':>15} {'heuristic deals/s':>18}")
    for preset in PRESETS:
        rnd = deals_per_second(preset, "random", args.deals)
        heu = deals_per_second(preset, "heuristic", max(args.deals // 4, 2))
        print(f"{preset:<10} {rnd:>15.1f} {heu:>18.1f}")
    n, ms = replay_ms()
    print(f"read + replay of a {n}-event record: {ms:.1f} ms")
    if args.soak:
        soak(args.soak)


if __name__ == "__main__":
    main()
