"""Self-play (自我对局): bots play whole full-information deals, for tests, statistics, the demo."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from gouji.actions import Declare
from gouji.bots import Bot, HeuristicBot, RandomBot
from gouji.deal import DealState, chongdian_sets, holds_above_ace
from gouji.dealer import automatic_declarations, random_setup
from gouji.match import Match
from gouji.presets import get_preset
from gouji.scoring import DealResult, TributeDue, deal_result
from gouji.setup import DealSetup

BotKind = Literal["random", "heuristic"]
MAX_ACTIONS = 20_000
"""A deal that has not ended after this many actions is a bug, not a long deal."""


def make_bot(kind: BotKind, rng: random.Random) -> Bot:
    """A bot of ``kind`` drawing from ``rng``."""
    return RandomBot(rng) if kind == "random" else HeuristicBot(rng)


def play_deal(
    preset: str, seed: int, bot: BotKind = "heuristic", setup: DealSetup | None = None
) -> DealState:
    """Let ``bot`` play every seat of ``setup`` (default: dealt from ``seed``) to the end."""
    state = DealState.start(setup if setup is not None else random_setup(preset, seed))
    for declaration in automatic_declarations(state.setup):
        state.apply(declaration)
    for declaration in bot_declarations(state):
        if not state.over:
            state.apply(declaration)
    chooser = make_bot(bot, random.Random(seed))
    while not state.over:
        if len(state.log) >= MAX_ACTIONS:
            raise RuntimeError(f"{preset} seed {seed}: no end after {MAX_ACTIONS} actions")
        state.apply(chooser.choose(state))
    return state


def bot_declarations(state: DealState) -> list[Declare]:
    """The bots' own choices before play: every seat that may rush the point (冲点) or
    revolt (革命) does."""
    if state.hands is None:
        return []
    preplay = state.rules.preplay
    chosen = []
    for seat, hand in enumerate(state.hands):
        if preplay.chongdian and chongdian_sets(hand) >= 3:
            chosen.append(Declare(seat, "chongdian"))
        elif preplay.geming and not holds_above_ace(hand) and state.geming != seat:
            chosen.append(Declare(seat, "geming"))
    return chosen


@dataclass
class Statistics:
    """What many deals add up to."""

    deals: int = 0
    actions: int = 0
    events: Counter[str] = field(default_factory=Counter)
    place_points: Counter[int] = field(default_factory=Counter)
    chuan: int = 0
    void: int = 0

    def add(self, state: DealState, result: DealResult | None) -> None:
        """Count one finished deal (``result`` None: void, two revolutions)."""
        self.deals += 1
        self.actions += len(state.log)
        self.events.update(e.kind for e in state.events)
        if result is None:
            self.void += 1
            return
        self.chuan += result.chuan is not None
        for seat, score in enumerate(result.scores):
            self.place_points[seat] += score.places


def run(
    preset: str, deals: int, seed: int, bot: BotKind, *, as_match: bool = False
) -> Iterator[tuple[DealState, DealResult | None]]:
    """Play ``deals`` deals from seeds ``seed``, ``seed+1`` …; yields each state and result
    (None for a deal voided by two revolutions, which is dealt again in a match).

    ``as_match``: the deals follow on — the next leader as the preset says, and the
    tribute each deal leaves owing handed over at the start of the next.
    """
    match = Match(get_preset(preset).rules)
    leader: int | None = None
    owed: tuple[TributeDue, ...] = ()
    opened: tuple[int, ...] = ()
    last_order: tuple[int, ...] = ()
    for k in range(deals):
        setup = random_setup(preset, seed + k, leader=leader, owed=owed, opened=opened,
                             last_order=last_order)
        state = play_deal(preset, seed + k, bot, setup)
        if state.void:
            yield state, None
            continue
        result = deal_result(state)
        yield state, result
        if as_match:
            match.add(result)
            leader = match.next_leader(setup.leader)
            owed, opened = match.owed_next(), match.graduates()
            last_order = result.order
