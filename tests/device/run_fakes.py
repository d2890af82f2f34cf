"""Helpers for the main-loop tests: a scripted camera side, a config, a bot deal's plays."""

from __future__ import annotations

import random
import time
from pathlib import Path

from device.camera_pipeline import VisionResult, ZoneRead
from device.config import Config, load
from gouji.actions import Action, Pass, PlayCards
from gouji.bots import HeuristicBot
from gouji.cards import Rank
from gouji.deal import DealState
from gouji.dealer import random_setup
from vision.recognize import SetReading


class ScriptedReadings:
    """A :class:`~device.camera_pipeline.ReadingSource` reading ``plays`` one at a time,
    each a sure reading, at most one every ``every`` seconds, from play ``skip`` on."""

    def __init__(self, plays: list[tuple[int, tuple[Rank, ...]]], *, every: float = 0.0,
                 skip: int = 0) -> None:
        self.plays = plays
        self.every = every
        self.pos = skip
        self.retakes: list[int] = []
        self._last = 0.0

    def start(self) -> None:
        """Nothing to start."""

    def poll(self) -> list[VisionResult]:
        """The next play, when its time has come."""
        now = time.monotonic()
        if self.pos >= len(self.plays) or now - self._last < self.every:
            return []
        self._last = now
        seat, cards = self.plays[self.pos]
        self.pos += 1
        return [ZoneRead(seat, SetReading(tuple(sorted(cards)), 1.0, False))]

    def retake(self, seat: int) -> None:
        """Remember the request."""
        self.retakes.append(seat)

    def stop(self) -> None:
        """Nothing to stop."""


def write_config(tmp: Path, extra: str = "", first_leader: str = "0") -> Path:
    """A config for tests: synthetic camera, no fullscreen, journal in ``tmp/state``; the
    first deal starts at once with S0 leading unless ``first_leader`` says otherwise."""
    path = tmp / "config.toml"
    path.write_text(f"""
[table]
preset = "match"
first_leader = {first_leader}
[camera]
source = "synthetic"
resolution = [960, 540]
[display]
fullscreen = false
[journal]
state_dir = "{tmp / 'state'}"
{extra}
""", encoding="utf-8")
    return path


def table_config(tmp: Path, extra: str = "", first_leader: str = "0") -> Config:
    """The loaded config of :func:`write_config`."""
    return load(write_config(tmp, extra, first_leader))


def bot_plays(seed: int, limit: int) -> tuple[list[Action], list[tuple[int, tuple[Rank, ...]]]]:
    """A bot deal (preset ``match``, leader 0) up to its ``limit``-th play, stopping before any
    action a camera cannot see other than a pass: its log, and its plays as (seat, cards)."""
    setup = random_setup("match", seed, leader=0)
    state = DealState.start(setup)
    bot = HeuristicBot(random.Random(seed))
    plays: list[tuple[int, tuple[Rank, ...]]] = []
    log: list[Action] = []
    while not state.over and len(plays) < limit:
        action = bot.choose(state)
        if not isinstance(action, PlayCards | Pass):
            break
        state.apply(action)
        log.append(action)
        if isinstance(action, PlayCards):
            plays.append((action.seat, action.play.cards))
    while log and not isinstance(log[-1], PlayCards):
        log.pop()
    return log, plays
