"""Which screen the table shows, and what a touch on it does (桌面界面).

:class:`TableUI` holds the display's screens and the little state that is the
screen's own — the replay position, the cards typed on the correction keypad,
the digits typed on the PIN pad, language and referee view — and turns the
:class:`~device.referee_loop.Referee` into one (screen, view) pair per tick.
Touches come back as :mod:`display.intents`; :meth:`TableUI.touch` hands those
that concern the deal to the referee and returns what the main loop must do
besides (read a zone again, start the next deal).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from device.pin_pad import PinScreen, PinView
from device.referee_loop import Outcome, Referee
from display import intents
from display.engine_view import end_view, play_view, replay_view, seat_infos
from display.screens import ConfirmScreen, EndScreen, PlayScreen, ReplayScreen, Screen
from display.screens.correct import CorrectScreen
from display.view import (
    Candidate,
    CorrectionView,
    DisplayOptions,
    Msg,
    RefusalView,
    ReplayView,
    UnsureView,
)
from gouji.record import read_deal, write_deal
from gouji.scoring import deal_result

MAX_PIN = 8


class Follow(enum.Enum):
    """What the main loop does after a touch, besides redrawing."""

    NOTHING = "nothing"
    RETAKE = "retake"
    NEXT_DEAL = "next_deal"


@dataclass(frozen=True)
class Touched:
    """The referee's outcome of a touch (when it reached the referee) and what follows."""

    outcome: Outcome | None = None
    follow: Follow = Follow.NOTHING
    seat: int | None = None


class TableUI:
    """The screens of one display size, and the screen-side state."""

    def __init__(self, size: tuple[int, int], options: DisplayOptions, evidence_dir: Path) -> None:
        self.options = options
        self.evidence_dir = evidence_dir
        self.play = PlayScreen(size, options)
        self.confirm = ConfirmScreen(size, options)
        self.correct = CorrectScreen(size, options)
        self.end = EndScreen(size, options)
        self.replay = ReplayScreen(size, options)
        self.pin = PinScreen(size, options)
        self.entry: str | None = None
        """Cards typed on the correction keypad, while it is open."""
        self.code = ""
        self.replay_at: int | None = None
        """The replay's current event while the replay is open."""
        self.note: str | None = None
        """A camera or journal problem, shown in the refusal band when no refusal is."""
        self._replayed: tuple[object, ReplayView] | None = None

    def current(self, referee: Referee, deal_no: int) -> tuple[Screen[Any], object]:
        """The screen to show now and its view."""
        names = referee.setup.names
        if referee.pin_pad:
            return self.pin, PinView(self.code)
        if self.replay_at is not None:
            replayed = self._replay(referee)
            at = min(self.replay_at, len(replayed.events) - 1)
            return self.replay, replace(replayed, current=max(at, 0))
        pending = referee.pending
        if pending is None:
            self.entry = None  # the keypad closes with the reading it corrected
        else:
            seat = seat_infos(names)[pending.seat]
            if self.entry is not None:
                return self.correct, CorrectionView(seat, self.entry)
            frame = None if pending.evidence is None else str(self.evidence_dir /
                                                                pending.evidence)
            candidates = tuple(Candidate(c, conf) for c, conf in pending.candidates)
            return self.confirm, UnsureView(seat, candidates, frame)
        state = referee.state
        if state.over:
            return self.end, end_view(state, deal_result(state), names=names, deal_no=deal_no)
        view = play_view(state, names=names, deal_no=deal_no, refusal=referee.refusal)
        if view.refusal is None and self.note is not None:
            view = replace(view, refusal=RefusalView(Msg(self.note, self.note)))
        return self.play, view

    def touch(self, intent: intents.Intent, referee: Referee) -> Touched:
        """Act on a touch of the screen now shown."""
        if isinstance(intent, intents.ToggleLanguage):
            self._set_options(replace(self.options, lang="en" if self.options.lang == "zh"
                                      else "zh"))
        elif isinstance(intent, intents.ToggleReferee):
            self._set_options(replace(self.options, referee=not self.options.referee))
        elif referee.pin_pad:
            return self._pin(intent, referee)
        elif self.replay_at is not None:
            self._replay_step(intent, referee)
        elif referee.pending is not None:
            return self._pending(intent, referee)
        elif isinstance(intent, intents.Undo):
            return Touched(referee.request_undo())
        elif isinstance(intent, intents.OpenReplay):
            self.replay_at = len(referee.events) - 1
        elif isinstance(intent, intents.Next) and referee.state.over:
            return Touched(follow=Follow.NEXT_DEAL)
        return Touched()

    # ------------------------------------------------------------ parts

    def _set_options(self, options: DisplayOptions) -> None:
        self.options = options
        for screen in (self.play, self.confirm, self.correct, self.end, self.replay, self.pin):
            screen.options = options

    def _pin(self, intent: intents.Intent, referee: Referee) -> Touched:
        if isinstance(intent, intents.AddCard) and len(self.code) < MAX_PIN:
            self.code += intent.rank
        elif isinstance(intent, intents.RemoveCard):
            self.code = self.code[:-1]
        elif isinstance(intent, intents.Close):
            self.code = ""
            referee.cancel_pin()
        elif isinstance(intent, intents.Confirm):
            self.code = ""
            return Touched(referee.enter_pin(intent.cards))
        return Touched()

    def _pending(self, intent: intents.Intent, referee: Referee) -> Touched:
        if isinstance(intent, intents.Confirm):
            self.entry = None
            return Touched(referee.confirm(intent.cards))
        if isinstance(intent, intents.Retake):
            return Touched(follow=Follow.RETAKE, seat=referee.retake())
        if isinstance(intent, intents.EditReading):
            self.entry = ""
        elif isinstance(intent, intents.AddCard) and self.entry is not None:
            self.entry += intent.rank
        elif isinstance(intent, intents.RemoveCard) and self.entry:
            self.entry = self.entry[:-1]
        elif isinstance(intent, intents.Close):
            self.entry = None
        return Touched()

    def _replay(self, referee: Referee) -> ReplayView:
        """The referee's replay of the deal so far, judged again only when the deal changed."""
        key = (referee.deal_id, tuple(referee.events))
        if self._replayed is None or self._replayed[0] != key:
            view = replay_view(read_deal(write_deal(referee.setup, referee.events)))
            self._replayed = (key, view)
        return self._replayed[1]

    def _replay_step(self, intent: intents.Intent, referee: Referee) -> None:
        at = self.replay_at or 0
        last = max(len(referee.events) - 1, 0)
        if isinstance(intent, intents.Close):
            self.replay_at = None
        elif isinstance(intent, intents.Next):
            self.replay_at = min(at + 1, last)
        elif isinstance(intent, intents.Prev):
            self.replay_at = max(at - 1, 0)
        elif isinstance(intent, intents.Seek):
            self.replay_at = max(0, min(intent.index, last))
