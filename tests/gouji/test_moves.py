"""Move generation finds exactly the plays the rules accept (issue 3)."""

from __future__ import annotations

import random

import pytest

from gouji.actions import PlayCards
from gouji.bots import RandomBot
from gouji.compare import comparator
from gouji.deal import DealState
from gouji.dealer import random_setup
from gouji.moves import candidate_plays, formable_plays, legal_actions
from gouji.presets import PRESETS


@pytest.mark.parametrize("preset", list(PRESETS))
def test_candidates_are_every_formable_play_that_tops(preset: str) -> None:
    checked = 0
    for seed in range(16):
        state = DealState.start(random_setup(preset, seed))
        bot = RandomBot(random.Random(seed))
        while not state.over and len(state.log) < 200:
            seat = state.to_act
            if state.trick is not None and seat is not None and state.hands is not None:
                judge = comparator(state.rules).judge
                on_table = state.trick.play.play
                brute = {
                    p for p in formable_plays(state.hands[seat], state.rules)
                    if judge(on_table, p).beats
                }
                assert set(candidate_plays(state)) == brute
                checked += 1
            state.apply(bot.choose(state))
    assert checked > 50


def test_every_legal_action_is_accepted() -> None:
    state = DealState.start(random_setup("tribute", 3))
    bot = RandomBot(random.Random(3))
    for _ in range(60):
        for action in legal_actions(state):
            if isinstance(action, PlayCards):
                state.validate_play(action)
        state.apply(bot.choose(state))


@pytest.mark.parametrize("preset", ["match", "jinyou"])
def test_a_sampled_lead_is_each_formable_play_equally_often(preset: str) -> None:
    """RandomBot draws leads without listing them: every formable play, and only those,
    comes up about equally often."""
    from collections import Counter

    from gouji.cards import parse_cards
    from gouji.moves import sample_formable

    rules = random_setup(preset, 0).rules
    hand = Counter(parse_cards("5566622BR"))
    plays = formable_plays(hand, rules)
    rng = random.Random(7)
    draws = 200 * len(plays)
    seen = Counter(sample_formable(hand, rules, rng) for _ in range(draws))
    assert set(seen) == set(plays)
    assert all(100 < n < 300 for n in seen.values())  # expected 200 each
