"""Which screen the table shows, and what a touch on it does (桌面界面).

:class:`TableUI` holds the display's screens and the little state that is the
screen's own — the replay position, the cards typed on the correction keypad,
the digits typed on the PIN pad, the step of the declaration menu, the seat
touched as first leader, language and referee view — and turns the
:class:`~device.referee_loop.Referee` into one (screen, view) pair per tick
(before the first deal of a match there is no referee yet: the setup screen asks
who leads).  Touches come back as :mod:`display.intents`; :meth:`TableUI.touch`
hands those that concern the deal to the referee and returns what the main loop
must do besides (read a zone again, start the first or the next deal).
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
from display.screens import (
    ConfirmScreen,
    CorrectScreen,
    DeclareScreen,
    EndScreen,
    PlayScreen,
    ReplayScreen,
    Screen,
    SetupScreen,
)
from display.view import (
    Candidate,
    CorrectionView,
    DeclareView,
    DisplayOptions,
    Msg,
    RefusalView,
    ReplayView,
    SetupView,
    Status,
    UnsureView,
)
from gouji.actions import DECLARATIONS
from gouji.record import read_deal, write_deal
from gouji.scoring import deal_result

MAX_PIN = 8


class Follow(enum.Enum):
    """What the main loop does after a touch, besides redrawing."""

    NOTHING = "nothing"
    RETAKE = "retake"
    NEXT_DEAL = "next_deal"
    START = "start"
    """Start the first deal of the match with ``Touched.seat`` leading."""


@dataclass(frozen=True)
class Touched:
    """The referee's outcome of a touch (when it reached the referee) and what follows."""

    outcome: Outcome | None = None
    follow: Follow = Follow.NOTHING
    seat: int | None = None


@dataclass(frozen=True)
class DeclareStep:
    """Where the declaration menu is: the seat chosen (None: choose one), the declaration
    chosen (set: confirm it)."""

    seat: int | None = None
    chosen: str | None = None


class TableUI:
    """The screens of one display size, and the screen-side state.

    ``lobby`` is the setup screen's view before the first deal of a match (the preset,
    the switches changed and the seats, asking for the leader; the camera's state and
    the seat touched are filled in here).
    """

    def __init__(self, size: tuple[int, int], options: DisplayOptions, evidence_dir: Path,
                 lobby: SetupView) -> None:
        self.options = options
        self.evidence_dir = evidence_dir
        self.lobby = lobby
        self.setup = SetupScreen(size, options)
        self.declare = DeclareScreen(size, options)
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
        self.camera = Status.PENDING
        """The camera and mat as last reported (shown on the setup screen)."""
        self.leader: int | None = None
        """The seat touched on the setup screen to lead the first deal."""
        self.declaring: DeclareStep | None = None
        """The declaration menu's step while it is open."""
        self._replayed: tuple[object, ReplayView] | None = None

    def current(self, referee: Referee | None, deal_no: int) -> tuple[Screen[Any], object]:
        """The screen to show now and its view (the setup screen while there is no deal)."""
        if referee is None:
            return self.setup, self._lobby()
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
            return self.confirm, UnsureView(seat, candidates, frame, pending.why)
        state = referee.state
        if state.over:
            self.declaring = None
            return self.end, end_view(state, deal_result(state), names=names, deal_no=deal_no)
        if self.declaring is not None:
            offers = tuple((d.seat, d.what) for d in referee.declarations())
            return self.declare, DeclareView(seat_infos(names), offers, self.declaring.seat,
                                             self.declaring.chosen)
        view = play_view(state, names=names, deal_no=deal_no, refusal=referee.refusal)
        if view.refusal is None and self.note is not None:
            view = replace(view, refusal=RefusalView(Msg(self.note, self.note)))
        return self.play, view

    def touch(self, intent: intents.Intent, referee: Referee | None) -> Touched:
        """Act on a touch of the screen now shown."""
        if isinstance(intent, intents.ToggleLanguage):
            self._set_options(replace(self.options, lang="en" if self.options.lang == "zh"
                                      else "zh"))
        elif isinstance(intent, intents.ToggleReferee):
            self._set_options(replace(self.options, referee=not self.options.referee))
        elif referee is None:
            return self._setup(intent)
        elif referee.pin_pad:
            return self._pin(intent, referee)
        elif self.replay_at is not None:
            self._replay_step(intent, referee)
        elif referee.pending is not None:
            return self._pending(intent, referee)
        elif self.declaring is not None:
            return self._declare_step(intent, referee)
        elif isinstance(intent, intents.OpenDeclare):
            self.declaring = DeclareStep()
        elif isinstance(intent, intents.SelectSeat) and not referee.state.over:
            self.declaring = DeclareStep(seat=intent.seat)
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
        for screen in (self.setup, self.declare, self.play, self.confirm, self.correct,
                       self.end, self.replay, self.pin):
            screen.options = options

    def _lobby(self) -> SetupView:
        note = None if self.note is None else Msg(self.note, self.note)
        return replace(self.lobby, camera=self.camera, mat=self.camera, note=note,
                       leader=self.leader)

    def _setup(self, intent: intents.Intent) -> Touched:
        if isinstance(intent, intents.SelectSeat):
            self.leader = intent.seat
        elif isinstance(intent, intents.Start) and self.leader is not None:
            return Touched(follow=Follow.START, seat=self.leader)
        return Touched()

    def _declare_step(self, intent: intents.Intent, referee: Referee) -> Touched:
        step = self.declaring
        assert step is not None
        if isinstance(intent, intents.Close):
            self.declaring = None
        elif isinstance(intent, intents.Prev):
            self.declaring = None if step.seat is None else DeclareStep(
                step.seat if step.chosen is not None else None)
        elif isinstance(intent, intents.SelectSeat) and step.seat is None:
            self.declaring = DeclareStep(intent.seat)
        elif isinstance(intent, intents.ChooseDeclaration) and step.seat is not None:
            self.declaring = DeclareStep(step.seat, intent.what)
        elif isinstance(intent, intents.ConfirmDeclaration) and intent.what in DECLARATIONS:
            self.declaring = None  # the referee judges it again: the deal may have moved on
            return Touched(referee.declare(intent.seat, intent.what))
        return Touched()

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
