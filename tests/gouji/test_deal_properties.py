"""Invariants over seeded self-play deals of every preset (issue 3).

Card conservation at every step, termination, six distinct places, points that
add up as the preset says, and a log that replays to the same result.  The
number of deals per preset and bot is ``GOUJI_SELFPLAY_EXAMPLES`` (default 40);
``bench/selfplay.py`` runs the same checks over thousands.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gouji.bots import HeuristicBot, RandomBot
from gouji.deal import DealState
from gouji.dealer import random_setup
from gouji.presets import PRESETS
from gouji.scoring import deal_result
from gouji.selfplay import MAX_ACTIONS

EXAMPLES = int(os.environ.get("GOUJI_SELFPLAY_EXAMPLES", "40"))
NAMES = list(PRESETS)


def check_conservation(state: DealState, total: int) -> None:
    assert state.hands is not None
    assert sum(state.counts) + sum(state.played.values()) == total
    for seat, hand in enumerate(state.hands):
        assert sum(hand.values()) == state.counts[seat]
        assert all(n >= 0 for n in hand.values())


@pytest.mark.parametrize("preset", NAMES)
@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_every_deal_ends_with_six_places_and_conserves_cards(
    preset: str, bot: type[RandomBot] | type[HeuristicBot], seed: int
) -> None:
    setup = random_setup(preset, seed)
    state = DealState.start(setup)
    total = sum(setup.seat_counts)
    assert total == state.rules.deck.size
    chooser = bot(random.Random(seed))
    while not state.over:
        assert len(state.log) < MAX_ACTIONS
        state.apply(chooser.choose(state))
        check_conservation(state, total)
    assert sorted(p for p in state.places if p is not None) == list(range(6))
    result = deal_result(state)
    if result.chuan is None:
        assert sum(result.team_points) == 0  # every preset's points are zero-sum
    replayed = DealState.replay(setup, state.log)
    assert replayed.places == state.places and replayed.events == state.events
    assert deal_result(replayed) == result


@pytest.mark.parametrize("preset", NAMES)
def test_undo_then_redo_is_the_same_state(preset: str) -> None:
    setup = random_setup(preset, 99)
    state = DealState.start(setup)
    bot = RandomBot(random.Random(1))
    for _ in range(40):
        if state.over:
            break
        action = bot.choose(state)
        state.apply(action)
        back = state.undo()
        back.apply(action)
        assert (back.queue, back.counts, back.events, back.places) == (
            state.queue, state.counts, state.events, state.places
        )
