"""Turning what the table sees and presses into the deal's record (裁判逻辑), without threads.

:class:`Referee` owns one deal: its setup, the journal it appends to, and the
engine state rebuilt from that journal.  The main loop hands it zone readings
(from the camera), cleared zones, button presses and touch intents; it decides
what enters the record, appends it to the journal *before* anything is shown,
and keeps what the screen needs (a pending confirmation, the PIN pad, the last
refusal).

How the journal holds a deal (one record line per journal event, so that
``journal.export`` writes a record ``gouji-table referee`` reads — as long as
nothing was undone: the record format has no undo, and the export keeps the
correction lines and the lines they take back):

* first the setup's tag lines, as :func:`gouji.record.write_deal` writes them;
* then one numbered event line per event, accepted or refused, refused ones
  with a ``{refused: …}`` comment (they stay out of the state);
* an undo is a correction event (``corrects=`` the undone event's seq) whose
  line is ``撤销 undo: <the undone line>``; replay leaves both out, and the
  next event takes the undone one's number (the record's numbers run on).

Rules of translation:

* the seat of a play is the zone it lies in; the seats before it in
  ``state.queue`` have passed (their :class:`~gouji.actions.Pass` events are
  appended first, commented ``推断 inferred``).  When the seat is not in the
  queue, the passes of the whole queue are inferred only if they make it that
  seat's turn (the owner leading again after a silent round); otherwise the
  play is out of turn and recorded refused;
* an unsure reading, an unreadable one, or one the engine refuses (the pack's
  population included) is not entered: it waits for the players' one-press
  confirmation or correction (:attr:`Referee.pending`), and later readings wait
  behind it.  A confirmed play the engine refuses is recorded refused and shown;
  a correction is judged afresh;
* 过牌/让牌 from a seat's button act for that seat, from a shared button for the
  seat to act; 确认 takes the best candidate of a pending reading;
* a declaration (声明: 宣点, 和点, 革命, 要头, 闷, 无够级) is entered from the screen's
  menu, which offers only what the engine accepts now (:meth:`Referee.declarations`);
  it is recorded like a pass, and undone like any event;
* 撤销 takes back the last accepted event, after the referee PIN when one is set
  (撤销 pressed again while the PIN pad is up closes it);
  an undone play comes back for confirmation (to fix a misread: correct it, or
  press 撤销 again to drop it); 撤销 on a play still waiting drops it;
* a cleared zone is the 扣牌 of the dead trick where the preset asks for one (entered for
  its 法定扣牌人, the owner's opposite), else a note in the next recorded event's comment;
  a lead read before the trick was seen cleared infers the 扣牌 like a pass.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from device.events import Action as Button
from device.events import ButtonEvent
from device.journal import Event, Journal
from gouji.actions import (
    DECLARATIONS,
    Action,
    Declaration,
    Declare,
    Kou,
    Pass,
    PlayCards,
    Rang,
    Refusal,
)
from gouji.cards import CardParseError, format_cards, parse_cards
from gouji.deal import DealState
from gouji.plays import Play, PlayError
from gouji.record import REFUSED, RecordedDeal, read_deal, write_deal
from gouji.setup import DealSetup
from vision.recognize import SetReading

log = logging.getLogger(__name__)

UNDO_PREFIX = "撤销 undo: "
"""How a correction line starts; the undone event's line follows."""
INFERRED = "推断 inferred"
"""The comment of a pass inferred from a later seat's play."""


@dataclass(frozen=True)
class Pending:
    """A play the players must confirm or correct before it may enter the record.

    ``candidates`` are notations, best first; ``why`` says what made it doubtful
    (an unsure reading, the engine's refusal); ``evidence`` is the journal's
    reference to the camera frame.
    """

    seat: int
    candidates: tuple[tuple[str, float], ...]
    why: str
    evidence: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What one input did: ``recorded`` journal events; ``refusal`` to show and sound."""

    recorded: int = 0
    refusal: Refusal | None = None
    message: str = ""


@dataclass(frozen=True)
class _Entry:
    """A journalled event line of the deal still in force (not undone)."""

    event: Event
    action: Action
    refused: bool
    comment: str | None


@dataclass
class Referee:
    """One deal at the table: the journal is the truth, the state a cache of it."""

    journal: Journal
    deal_id: str
    setup: DealSetup
    pin: str | None = None
    state: DealState = field(init=False)
    pending: Pending | None = None
    pin_pad: bool = False
    """The PIN pad is up: the next :meth:`enter_pin` decides whether 撤销 happens."""
    refusal: Refusal | None = None
    """The last refusal, shown in the refusal band until the next accepted event."""
    notes: list[str] = field(default_factory=list)
    """Notes (扣牌) waiting to go into the next event's comment."""
    backlog: list[tuple[int, SetReading, str | None]] = field(default_factory=list)
    """Readings that came while a play waited for confirmation, oldest first."""
    _entries: list[_Entry] = field(default_factory=list)
    _declarable: tuple[object, tuple[Declare, ...]] | None = None
    _unjudged: set[str] = field(default_factory=set)
    """Declarations the engine failed on (logged once)."""

    def __post_init__(self) -> None:
        self.state = DealState.start(self.setup)

    # ------------------------------------------------------------ starting

    @classmethod
    def new_deal(cls, journal: Journal, deal_id: str, setup: DealSetup,
                 pin: str | None = None) -> Referee:
        """Start ``deal_id`` in the journal and write the setup's tag lines."""
        journal.start_deal(deal_id)
        for line in _tag_lines(setup):
            journal.append(deal_id, line)
        return cls(journal, deal_id, setup, pin)

    @classmethod
    def resume(cls, journal: Journal, fresh_setup: DealSetup,
               pin: str | None = None) -> Referee | None:
        """The unfinished deal rebuilt exactly from the journal, or None when there is none.

        ``fresh_setup`` completes the tag lines when a crash came while they were being
        written (before any event): the tags missing are appended from it.
        """
        deal_id = journal.open_deal()
        if deal_id is None:
            return None
        events = journal.events(deal_id)
        if not _live_moves(events):
            written = {_tag_name(e.line) for e in _live(events)}
            for line in _tag_lines(fresh_setup):
                if _tag_name(line) not in written:
                    journal.append(deal_id, line)
            events = journal.events(deal_id)
        deal = deal_from_events(events)
        assert deal is not None  # the tag lines were completed above
        referee = cls(journal, deal_id, deal.setup, pin)
        for event, recorded in zip(_live_moves(events), deal.events, strict=True):
            if not recorded.refused:
                referee.state.apply(recorded.action)
            referee._entries.append(_Entry(event, recorded.action, recorded.refused,
                                           recorded.comment))
        return referee

    # ------------------------------------------------------------ camera

    def on_reading(self, seat: int, reading: SetReading, evidence: str | None = None) -> Outcome:
        """Cards were laid in ``seat``'s zone and read as ``reading``.

        While a play waits for confirmation, later readings wait behind it, in order.
        """
        if self.pending is not None:
            self.backlog.append((seat, reading, evidence))
            return Outcome(message=f"S{seat} 的牌等待确认后处理 S{seat}'s play waits its turn")
        return self._then_backlog(self._read(seat, reading, evidence))

    def _read(self, seat: int, reading: SetReading, evidence: str | None) -> Outcome:
        if self.state.over:
            return Outcome(message=f"读牌忽略 reading of S{seat} ignored: the deal is over")
        candidates = _candidates(reading)
        if not reading.cards and not reading.unsure:
            return Outcome(message=f"S{seat}: 无牌 no cards read")
        if reading.unsure:  # cards seen but none read (a picture joker) waits for the players too
            why = f" — {reading.why()}" if reading.doubts else ""
            self.pending = Pending(seat, candidates, f"识别不确定 unsure{why}", evidence)
            return Outcome(message=f"识别不确定 unsure: {reading.describe()}{why}")
        return self._judge(seat, reading.notation, evidence, candidates, confirmed=False)

    def on_cleared(self, seat: int) -> Outcome:
        """``seat``'s zone was emptied: the 扣牌 of a dead trick the preset asks for, else a
        note kept with the next recorded event."""
        self.notes.append(f"扣牌 S{seat} zone cleared")
        kou = self.state.kou_seat
        if kou is None or self.pending is not None or self.pin_pad:
            return Outcome(message=self.notes[-1])
        return self._record_or_refuse(Kou(kou), self._take_notes())

    # ------------------------------------------------------------ players

    def on_button(self, press: ButtonEvent) -> Outcome:
        """A button on the shared box or a seat's panel."""
        if press.action is Button.UNDO:
            if self.pin_pad:  # no PIN can be typed on buttons: 撤销 again gives up
                self.cancel_pin()
                return Outcome(message="撤销已取消 undo given up: the PIN pad is closed")
            return self.request_undo()
        if press.action is Button.CONFIRM:
            if self.pending is not None and self.pending.candidates:
                return self.confirm(self.pending.candidates[0][0])
            return Outcome()
        if self.pending is not None or self.pin_pad or self.state.over:
            return Outcome(message=f"{press.action.label} ignored while waiting")
        seat = press.seat if press.seat is not None else self.state.to_act
        if seat is None:
            return Outcome()
        action: Action = Pass(seat) if press.action is Button.PASS else Rang(seat)
        return self._record_or_refuse(action, self._take_notes())

    def declarations(self) -> tuple[Declare, ...]:
        """Every declaration the engine would accept now, by seat then in the engine's order;
        none while a reading or the PIN pad waits, or once the deal is over.

        Each candidate is tried on one scratch replay of the deal (a refused action leaves
        the engine's state as it was, so only an accepted one needs a fresh replay); the
        answer is kept until the deal's events change.
        """
        if self.pending is not None or self.pin_pad or self.state.over:
            return ()
        key = (len(self._entries), self._entries[-1].event.seq if self._entries else None)
        if self._declarable is not None and self._declarable[0] == key:
            return self._declarable[1]
        scratch = DealState.replay(self.setup, self.state.log)
        accepted: list[Declare] = []
        for seat in range(len(self.state.counts)):
            for what in DECLARATIONS:
                action = Declare(seat, what)
                try:
                    scratch.apply(action)
                except Refusal:
                    continue  # refused: the scratch state is as it was
                except Exception as exc:  # the engine cannot judge it: never offer it
                    if what not in self._unjudged:
                        self._unjudged.add(what)
                        log.warning("declaration %s not offered: the engine failed on it: %s",
                                    what, exc)
                else:
                    accepted.append(action)
                scratch = DealState.replay(self.setup, self.state.log)
        self._declarable = (key, tuple(accepted))
        return self._declarable[1]

    def declare(self, seat: int, what: Declaration) -> Outcome:
        """``seat`` declares ``what`` (from the screen's menu): recorded, or refused and shown."""
        if self.pending is not None or self.pin_pad:
            return Outcome(message=f"S{seat} {DECLARATIONS[what]} ignored while waiting")
        return self._record_or_refuse(Declare(seat, what), self._take_notes())

    def confirm(self, cards: str) -> Outcome:
        """The players confirm (or correct to) ``cards`` for the pending play."""
        pending = self.pending
        if pending is None:
            return Outcome()
        return self._then_backlog(self._judge(pending.seat, cards, pending.evidence,
                                              pending.candidates, confirmed=True))

    def _then_backlog(self, outcome: Outcome) -> Outcome:
        """After ``outcome``, the readings that waited, until one must wait again."""
        recorded, refusal, message = outcome.recorded, outcome.refusal, outcome.message
        while self.pending is None and self.backlog:
            later = self._read(*self.backlog.pop(0))
            recorded += later.recorded
            refusal = later.refusal or refusal
            message = later.message or message
        return Outcome(recorded, refusal, message)

    def retake(self) -> int | None:
        """Drop the pending reading (the camera reads the zone again); returns its seat."""
        pending, self.pending = self.pending, None
        return None if pending is None else pending.seat

    def request_undo(self) -> Outcome:
        """撤销: at once without a PIN, else raise the PIN pad."""
        if self.pending is not None:
            self.pending = None
            return self._then_backlog(Outcome(message="待确认的读牌已取消 pending reading dropped"))
        if self.pin is not None:
            self.pin_pad = True
            return Outcome(message="请输入裁判密码 referee PIN needed")
        return self._undo()

    def enter_pin(self, code: str) -> Outcome:
        """The PIN typed on the pad: the right one undoes, a wrong one is refused."""
        if not self.pin_pad:
            return Outcome()
        self.pin_pad = False
        if code != self.pin:
            return Outcome(message="裁判密码错误 wrong referee PIN")
        return self._undo()

    def cancel_pin(self) -> None:
        """Close the PIN pad without undoing."""
        self.pin_pad = False

    # ------------------------------------------------------------ judging

    def _judge(self, seat: int, cards: str, evidence: str | None,
               candidates: tuple[tuple[str, float], ...], *, confirmed: bool) -> Outcome:
        try:
            play = Play.of(parse_cards(cards))
        except (CardParseError, PlayError) as exc:
            self.pending = Pending(seat, candidates, f"不成一手 not one play: {exc}", evidence)
            return Outcome(message=self.pending.why)
        action = PlayCards(seat, play)
        found = self._inferred_before(seat)
        if found is None:
            refusal = Refusal(action, f"没轮到 not this seat's turn: S{self.state.to_act} acts "
                              f"now and S{seat} is not among the seats to answer")
            self.pending = None
            return self._refused(action, refusal, evidence,
                                 self._comment(cards, candidates, confirmed))
        inferred, trial = found
        try:
            trial.apply(action)
        except Refusal as refusal:
            if not confirmed:
                self.pending = Pending(seat, candidates, f"引擎不接受 refused: {refusal.rule}",
                                       evidence)
                self.refusal = refusal
                return Outcome(refusal=refusal, message=self.pending.why)
            self.pending = None
            return self._refused(action, refusal, evidence,
                                 self._comment(cards, candidates, confirmed))
        self.pending = None
        for step in inferred:
            self._append(step, f"{INFERRED}: S{seat} played")
        self._append(action, self._comment(cards, candidates, confirmed), evidence)
        self.state = trial
        self.refusal = None
        return Outcome(recorded=len(inferred) + 1)

    def _comment(self, cards: str, candidates: tuple[tuple[str, float], ...],
                 confirmed: bool) -> str | None:
        """Notes; for a confirmed play, the camera's reading when the players entered others."""
        parts, self.notes = self.notes, []
        read = candidates[0][0] if candidates else ""
        if confirmed:
            same = bool(read) and _same(read, cards)
            seen = read or "无 nothing"
            parts = [*parts, "玩家确认 confirmed" if same else f"识别有误 camera read {seen}"]
        return "; ".join(parts) or None

    def _take_notes(self) -> str | None:
        notes, self.notes = self.notes, []
        return "; ".join(notes) or None

    def _inferred_before(self, seat: int) -> tuple[list[Action], DealState] | None:
        """The passes, and the 扣牌 of the dead trick, that make it ``seat``'s turn, with a
        copy of the state they lead to; None when none can (out of turn)."""
        state = self.state
        queue = state.queue
        if state.trick is not None and seat in queue:
            steps: list[Action] = [Pass(s) for s in queue[:queue.index(seat)]]
        else:
            steps = [Pass(s) for s in queue] if state.trick is not None else []
        after = state.copy()
        try:
            for step in steps:
                after.apply(step)
            if after.kou_seat is not None:  # the cards were cleared before the lead was laid
                steps.append(Kou(after.kou_seat))
                after.apply(steps[-1])
        except Refusal:
            return None
        return (steps, after) if after.to_act == seat else None

    def _record_or_refuse(self, action: Action, comment: str | None) -> Outcome:
        refusal = self.state.check(action)
        if refusal is not None:
            return self._refused(action, refusal, None, comment)
        self._append(action, comment)
        self.state.apply(action)
        self.refusal = None
        return Outcome(recorded=1)

    def _refused(self, action: Action, refusal: Refusal, evidence: str | None,
                 comment: str | None) -> Outcome:
        rule = refusal.rule + (f" [{refusal.switch}]" if refusal.switch else "")
        text = f"{REFUSED}: {rule}" + (f"; {comment}" if comment else "")
        self._append(action, text, evidence, refused=True)
        self.refusal = refusal
        return Outcome(recorded=1, refusal=refusal, message=text)

    def _append(self, action: Action, comment: str | None, evidence: str | None = None,
                *, refused: bool = False) -> None:
        line = event_line(self.setup, len(self._entries) + 1, action, comment)
        event = self.journal.append(self.deal_id, line, blob_ref=evidence)
        self._entries.append(_Entry(event, action, refused, comment))

    def _undo(self) -> Outcome:
        accepted = [e for e in self._entries if not e.refused]
        if not accepted:
            return Outcome(message="无可撤销 nothing to undo")
        last = accepted[-1]
        self.journal.append(self.deal_id, UNDO_PREFIX + last.event.line,
                            corrects=last.event.seq)
        self._entries.remove(last)
        self.state = self.state.undo()
        self.refusal = None
        if isinstance(last.action, PlayCards):  # fix a misread: confirm, correct or drop it
            play = last.action
            self.pending = Pending(play.seat, ((str(play.play), 1.0),),
                                   f"撤销后更正 undone: correct {play}, or 撤销 to drop it",
                                   last.event.blob_ref)
        return Outcome(recorded=1, message=f"撤销 undone: {last.event.line}")

    # ------------------------------------------------------------ views

    @property
    def events(self) -> list[tuple[Action, str | None]]:
        """The deal's events in force, with comments (refused ones included), for records."""
        return [(entry.action, entry.comment) for entry in self._entries]


def _live(events: Sequence[Event]) -> list[Event]:
    """The events still in force: corrections and the events they take back left out."""
    undone = {e.corrects for e in events if e.corrects is not None}
    return [e for e in events if e.corrects is None and e.seq not in undone]


def _tag_lines(setup: DealSetup) -> list[str]:
    """The setup's tag lines as :func:`gouji.record.write_deal` writes them."""
    return [line for line in write_deal(setup).splitlines() if line]


def _tag_name(line: str) -> str:
    """``Rules`` of ``[Rules "match"]``."""
    return line[1:].split(" ", 1)[0]


def _live_moves(events: Sequence[Event]) -> list[Event]:
    return [e for e in _live(events) if not e.line.startswith("[")]


def deal_from_events(events: Sequence[Event]) -> RecordedDeal | None:
    """The deal a journal's events record (undos applied), or None before its tag lines."""
    live = _live(events)
    tags = [e.line for e in live if e.line.startswith("[")]
    if not tags:
        return None
    return read_deal("\n".join([*tags, *(e.line for e in _live_moves(events))]) + "\n")


def event_line(setup: DealSetup, number: int, action: Action, comment: str | None) -> str:
    """The record line of event ``number`` (``12. S3 play 777 {…}``), as write_deal writes it."""
    written = write_deal(setup, [(action, comment)]).rstrip("\n").splitlines()[-1]
    return f"{number}.{written.split('.', 1)[1]}"


def _candidates(reading: SetReading) -> tuple[tuple[str, float], ...]:
    """The reading's candidates as notations, best first (the reading itself if none)."""
    listed = tuple((format_cards(cards), conf) for cards, conf in reading.candidates if cards)
    if listed or not reading.cards:
        return listed
    return ((reading.notation, reading.confidence),)


def _same(a: str, b: str) -> bool | None:
    """Whether two notations name the same cards (None if either cannot be read)."""
    try:
        return sorted(parse_cards(a)) == sorted(parse_cards(b))
    except CardParseError:
        return None


def observed_setup(preset: str, leader: int, names: Sequence[str],
                   changes: Mapping[str, Any] | None = None,
                   tags: Mapping[str, str] | None = None) -> DealSetup:
    """An observed-mode setup: the preset's pack dealt round from ``leader``, counts only."""
    probe = DealSetup(preset, leader, counts=(0,) * 6, changes=dict(changes or {}))
    size = probe.rules.deck.size
    counts = tuple(size // 6 + (1 if (s - leader) % 6 < size % 6 else 0) for s in range(6))
    return replace(probe, counts=counts, names=tuple(names), tags=dict(tags or {}))
