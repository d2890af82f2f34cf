"""Bots for full-information self-play: a random-legal bot and a simple heuristic bot."""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from gouji.actions import Action, Pass, PlayCards, Rang
from gouji.cards import Rank
from gouji.compare import comparator
from gouji.deal import DealState
from gouji.moves import (
    candidate_plays,
    forced_action,
    is_allowed,
    legal_actions,
    sample_formable,
)
from gouji.plays import Play
from gouji.setup import opposite


class Bot(Protocol):
    """Chooses the next action for the seat to act."""

    def choose(self, state: DealState) -> Action:
        """One of ``legal_actions(state)``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions (a pass counts as one action).

    It draws candidates at random until the state accepts one — the same distribution
    as choosing from the full list, without validating every candidate.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: DealState) -> Action:
        """A random legal action."""
        only = forced_action(state)
        if only is not None:
            return only
        seat = state.to_act
        assert seat is not None
        if state.trick is None and state.hands is not None:
            lead = self._draw_lead(state, seat, state.hands[seat])
            if lead is not None:
                return lead
        options: list[Play | Action] = list(candidate_plays(state))
        if state.trick is not None:
            options.append(Pass(seat))
            if state.trick.owner == opposite(seat):  # 让牌 is only ever on the opposite's play
                options.append(Rang(seat))
        while options:
            # Draw without replacement: uniform over the options the state accepts.
            i = self.rng.randrange(len(options))
            options[i], options[-1] = options[-1], options[i]
            option = options.pop()
            action = PlayCards(seat, option) if isinstance(option, Play) else option
            if is_allowed(state, action):
                return action
        raise RuntimeError(f"S{seat} has no legal action")  # a lead always has one

    def _draw_lead(self, state: DealState, seat: int, hand: Counter[Rank]) -> Action | None:
        """A lead drawn uniformly from the plays the hand can form, redrawn while refused
        (uniform over the allowed leads); None after many refusals (then list them all)."""
        refused: set[Play] = set()
        for _ in range(_LEAD_DRAWS):
            play = sample_formable(hand, state.rules, self.rng)
            if play in refused:
                continue
            action = PlayCards(seat, play)
            if is_allowed(state, action):
                return action
            refused.add(play)
        return None


_LEAD_DRAWS = 24


class HeuristicBot:
    """Leads its lowest cards, answers with the cheapest play that tops, keeps jokers and 2s.

    It burns only when the burn can finish: every later lead it would make holds a
    joker, which it estimates as "no more groups left than jokers".
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: DealState) -> Action:
        """The cheapest sensible action."""
        actions = legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        plays = [a for a in actions if isinstance(a, PlayCards)]
        seat = state.to_act
        assert seat is not None
        if state.trick is None:
            burn = state.burn
            if burn is not None and burn.burner == seat:
                # A burner must lead a joker every time until its last play.
                keep_going = [
                    a for a in plays
                    if a.play.jokers or a.play.size == state.counts[seat]
                ]
                plays = keep_going or plays
            return min(plays, key=lambda a: _lead_cost(a))
        if not plays:
            return next(a for a in actions if isinstance(a, Pass | Rang))
        hand = state.hands[seat] if state.hands is not None else None
        burning = [a for a in plays if state.validate_play(a)]
        if burning and hand is not None and not _burn_can_finish(hand, burning[0]):
            plays = [a for a in plays if a not in burning]
        cheap = [a for a in plays if not a.play.jokers and not a.play.twos]
        pool = cheap or plays
        if not pool or (not cheap and self.rng.random() < 0.5):
            return next(a for a in actions if isinstance(a, Pass))
        cmp = comparator(state.rules)
        return min(pool, key=lambda a: (sum(cmp.values(a.play)), a.play.size))


def _lead_cost(action: PlayCards) -> tuple[int, int, int]:
    play = action.play
    height = int(play.rank) if play.rank is not None else int(Rank.BIG_JOKER)
    return (play.jokers + play.twos, height, -play.size)


def _burn_can_finish(hand: object, first: PlayCards) -> bool:
    from collections import Counter

    assert isinstance(hand, Counter)
    rest = hand - Counter(first.play.cards)
    jokers = rest[Rank.SMALL_JOKER] + rest[Rank.BIG_JOKER]
    groups = sum(1 for r, n in rest.items() if n and not r.is_joker)
    return groups <= jokers + 1
