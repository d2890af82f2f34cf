"""The appliance's main loop (主循环): camera → vision → engine → display → outputs.

Threads:

* the camera side (:class:`~device.camera_pipeline.CameraPipeline`): a capture
  thread feeding a bounded drop-oldest queue, and a vision thread watching the
  zones and recognising what was laid, posting results to a second bounded queue;
* gpiozero's and the panel link's threads, which put button presses into one
  queue;
* this loop, on the main thread, which alone touches the referee, the journal,
  pygame and the outputs.  Every tick it drains the presses, the vision
  results and the touches, lets the :class:`~device.referee_loop.Referee` append
  what they mean to the journal, and only then draws (via
  :class:`display.presenter.Presenter`, which redraws on change only), lights
  the turn LED, updates the panels and feeds the systemd watchdog — from here,
  so that a hung loop is restarted.

Start-up resumes the unfinished deal from the journal, or starts one; before the
first deal of a match (no deal in the journal yet) the setup screen asks who leads,
unless ``[table] first_leader`` names the seat.  It says READY once the first screen
is drawn; SIGTERM (or ``max_seconds``) ends the loop cleanly.  A deal that is over
shows the end screen; 确认 (or "next deal" on the screen) finishes it in the
journal, which makes it exportable, and starts the next.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from device.camera_pipeline import CameraStatus, ReadingSource, VisionResult, ZoneCleared
from device.config import SEATS, Config, toml_value
from device.events import Action as Button
from device.events import ButtonEvent
from device.gpio import TablePins
from device.journal import Event, Journal
from device.panel import PanelLink, Port, serial_opener
from device.panel_protocol import Refuse, ShowCount, ShowTurn
from device.referee_loop import Outcome, Referee, deal_from_events, observed_setup
from device.sdnotify import Notifier
from device.table_ui import Follow, TableUI
from display.engine_view import preset_label, seat_infos
from display.presenter import Presenter
from display.touch import touch_point
from display.view import DisplayOptions, Msg, SetupView, Status, SwitchChange
from gouji.actions import Refusal
from gouji.deal import DealState
from gouji.leader import how_found
from gouji.match import Match
from gouji.presets import rules_for
from gouji.record import RecordError
from gouji.rules import Rules, SwitchError
from gouji.scoring import deal_result
from gouji.setup import DealSetup, downstream

log = logging.getLogger(__name__)

TICK_SECONDS = 1 / 30


@dataclass
class Outputs:
    """Buttons in, LEDs, buzzer and panels out; every part optional."""

    presses: queue.Queue[ButtonEvent] = field(default_factory=queue.Queue)
    pins: TablePins | None = None
    link: PanelLink | None = None
    _shown: tuple[object, ...] | None = field(default=None, init=False)

    @classmethod
    def open(cls, config: Config, *, pin_factory: Any = None,
             open_port: Callable[[], Port] | None = None) -> Outputs:
        """The configured GPIO and panels; a part that cannot start is logged and left out."""
        outputs = cls()
        if config.gpio.enabled:
            try:
                outputs.pins = TablePins(config.gpio, on_event=outputs.presses.put,
                                         pin_factory=pin_factory)
            except Exception as exc:  # gpiozero raises many kinds: no Pi, pin busy, no access
                log.error("GPIO unavailable, running without buttons and LEDs: %s", exc)
        if config.panels.enabled:
            outputs.link = PanelLink(open_port or serial_opener(config.panels),
                                     on_event=outputs.presses.put).start()
        return outputs

    def show(self, state: DealState | None) -> None:
        """Turn LED and panels: whose turn, and the counts 报牌 allows (nothing before the
        first deal); sent on change only."""
        turn = None if state is None else state.to_act
        counts = tuple(None if state is None else state.shown_count(s) for s in range(SEATS))
        if self._shown == (turn, counts):
            return
        self._shown = (turn, counts)
        if self.pins is not None:
            self.pins.show_turn(turn)
        if self.link is not None:
            self.link.send(ShowTurn(turn))
            for seat, count in enumerate(counts):
                self.link.send(ShowCount(seat, count))

    def refuse(self, seat: int | None) -> None:
        """Buzzer and the seat's panel: a refused play."""
        if self.pins is not None:
            self.pins.refuse()
        if self.link is not None:
            self.link.send(Refuse(seat))

    def close(self) -> None:
        """Release the pins and the port."""
        if self.pins is not None:
            self.pins.close()
        if self.link is not None:
            self.link.stop()


class Appliance:
    """One table: the journal, the referee of the current deal, the screen and the outputs."""

    def __init__(self, config: Config, journal: Journal, readings: ReadingSource,
                 surface: pygame.Surface, outputs: Outputs, *,
                 notifier: Notifier | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.journal = journal
        self.readings = readings
        self.outputs = outputs
        self.notifier = notifier or Notifier()
        self.clock = clock
        self.presenter = Presenter(surface)
        options = DisplayOptions(lang="en" if config.display.language == "en" else "zh",
                                 referee=config.display.referee_view)
        self.ui = TableUI(surface.get_size(), options, journal.state_dir, lobby_view(config))
        if journal.moved_aside is not None:
            self.ui.note = f"旧日志已移开 old journal moved aside: {journal.moved_aside.reason}"
        self.deal_no = len(journal.finished_deals()) + 1
        """The number of the deal being played (1 for the first of the journal)."""
        self.referee: Referee | None = self._resume() or self._first_deal()
        """The current deal; None on the setup screen, before the match's first deal."""
        self.ticks = 0
        self.closed = False
        """The window was closed (desktop only): the loop ends."""
        self._status = ""
        self._draw_error = ""

    # ------------------------------------------------------------ deals

    def _next_setup(self, leader: int | None = None) -> DealSetup:
        """The setup of the next deal: ``leader`` leads, else the seat after the last finished
        deal (the preset's rule), else the configured first leader (or seat 0)."""
        table = self.config.table
        finished = self.journal.finished_deals()
        if leader is None and finished:
            leader = _leader_after(self.journal.events(finished[-1]))
        elif leader is None:
            leader = 0 if table.first_leader is None else table.first_leader
        return observed_setup(table.preset, leader, self.config.seats.names, table.rules,
                              {"Table": table.name, "Deal": str(self.deal_no)})

    def _resume(self) -> Referee | None:
        """The unfinished deal from the journal; one that cannot be rebuilt is closed (kept
        for export and the referee) and shown, so that the table can go on."""
        try:
            return Referee.resume(self.journal, self._next_setup(), self.config.referee.pin)
        except (RecordError, Refusal) as exc:
            deal_id = self.journal.open_deal()
            log.error("deal %s cannot be rebuilt from the journal: %s", deal_id, exc)
            if deal_id is None:
                raise
            self.journal.finish_deal(deal_id)
            self.deal_no += 1
            self.ui.note = f"无法恢复 deal {deal_id} could not be rebuilt ({exc}); kept"
            return None

    def _first_deal(self) -> Referee | None:
        """A new deal, unless it is the match's first and the setup screen must ask who leads."""
        if self.journal.finished_deals() or self.config.table.first_leader is not None:
            return self._new_deal()
        return None

    def _new_deal(self, leader: int | None = None) -> Referee:
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        deal_id = f"deal-{self.deal_no:04d}-{stamp}"
        return Referee.new_deal(self.journal, deal_id, self._next_setup(leader),
                                self.config.referee.pin)

    def start_first_deal(self, leader: int) -> None:
        """Start the match's first deal with ``leader`` leading (from the setup screen)."""
        if self.referee is None:
            self.referee = self._new_deal(leader)
            log.info("first deal: S%d leads", leader)

    def next_deal(self) -> None:
        """Finish the deal shown on the end screen and start the next one."""
        if self.referee is not None and self.referee.state.over:
            self.journal.finish_deal(self.referee.deal_id)
            self.deal_no += 1
            self.referee = self._new_deal()

    # ------------------------------------------------------------ the loop

    def run(self, stop: threading.Event, max_seconds: float | None = None,
            after_tick: Callable[[Appliance], None] | None = None) -> None:
        """Tick until ``stop`` is set or ``max_seconds`` have passed."""
        self.readings.start()
        self.tick()
        self._status = self.status()
        self.notifier.ready(self._status)
        interval = self.notifier.watchdog_interval()
        fed = self.clock()
        deadline = None if max_seconds is None else self.clock() + max_seconds
        try:
            while not (stop.is_set() or self.closed) and \
                    (deadline is None or self.clock() < deadline):
                started = self.clock()
                self.tick()
                if after_tick is not None:
                    after_tick(self)
                if interval is not None and started - fed >= interval:
                    self.notifier.watchdog()
                    fed = started
                time.sleep(max(0.0, TICK_SECONDS - (self.clock() - started)))
        finally:
            self.notifier.stopping()
            self.readings.stop()

    def tick(self) -> None:
        """One pass: inputs into the journal, then the screen, the outputs and the status."""
        self.ticks += 1
        while True:
            try:
                press = self.outputs.presses.get_nowait()
            except queue.Empty:
                break
            self._guarded(partial(self._press, press))
        for result in self.readings.poll():
            self._guarded(partial(self._vision, result))
        for event in pygame.event.get():
            if event.type == pygame.QUIT:  # a window closed on a desktop
                self.closed = True
            point = touch_point(event, self.presenter.surface.get_size())
            if point is not None:
                self._guarded(partial(self._touch, point))
        self._draw()
        self.outputs.show(None if self.referee is None else self.referee.state)
        status = self.status()
        if self._status and status != self._status:  # (empty until READY has been sent)
            self._status = status
            self.notifier.status(status)

    def _draw(self) -> None:
        """Present the current screen; a drawing failure is logged (once) and the last frame
        stays up, so that the journal and the outputs go on."""
        try:
            screen, view = self.ui.current(self.referee, self.deal_no)
            if self.presenter.present(screen, view) and pygame.display.get_init() \
                    and pygame.display.get_surface() is self.presenter.surface:
                pygame.display.flip()
        except Exception as exc:
            if str(exc) != self._draw_error:
                self._draw_error = str(exc)
                log.exception("drawing the screen failed")
        else:
            self._draw_error = ""

    def status(self) -> str:
        """The one-line state for ``systemctl status``."""
        ref = self.referee
        if ref is None:
            return f"deal {self.deal_no}: setup, waiting for the first leader to be chosen"
        state = ref.state
        head = f"deal {self.deal_no} ({ref.deal_id}), {len(state.log)} actions"
        if ref.pin_pad:
            return f"{head}; waiting for the referee PIN"
        if ref.pending is not None:
            return f"{head}; waiting for S{ref.pending.seat}'s play to be confirmed"
        if state.over:
            return f"{head}; deal over"
        return f"{head}; S{state.to_act} to act"

    # ------------------------------------------------------------ inputs

    def _guarded(self, handle: Callable[[], Outcome | None]) -> None:
        """Run one input's handling; a failure is logged and shown, never fatal to the loop."""
        try:
            outcome = handle()
        except Exception as exc:
            log.exception("input handling failed")
            self.ui.note = f"出错 error: {exc}"
            return
        if outcome is not None:
            if outcome.message:
                log.info("%s", outcome.message)
            if outcome.refusal is not None:
                self.outputs.refuse(outcome.refusal.action.seat)

    def _press(self, press: ButtonEvent) -> Outcome | None:
        if self.referee is None:
            return Outcome(message=f"{press.action.label} ignored: choose the first leader "
                                   "on the setup screen")
        if press.action is Button.CONFIRM and self.referee.state.over \
                and self.referee.pending is None and not self.referee.pin_pad:
            self.next_deal()
            return None
        return self.referee.on_button(press)

    def _vision(self, result: VisionResult) -> Outcome | None:
        if isinstance(result, CameraStatus):
            self.ui.note = None if result.ok else result.text
            self.ui.camera = Status.OK if result.ok else Status.FAILED
            log.log(logging.INFO if result.ok else logging.WARNING, "%s", result.text)
            return None
        if self.referee is None:
            return Outcome(message=f"S{result.seat}: ignored, the first deal has not started")
        if isinstance(result, ZoneCleared):
            return self.referee.on_cleared(result.seat)
        evidence = None if result.jpeg is None else self.journal.save_evidence(result.jpeg)
        return self.referee.on_reading(result.seat, result.reading, evidence)

    def _touch(self, point: tuple[int, int]) -> Outcome | None:
        screen, view = self.ui.current(self.referee, self.deal_no)
        intent = screen.hit(point, view)
        if intent is None:
            return None
        touched = self.ui.touch(intent, self.referee)
        if touched.follow is Follow.RETAKE and touched.seat is not None:
            self.readings.retake(touched.seat)
        elif touched.follow is Follow.NEXT_DEAL:
            self.next_deal()
        elif touched.follow is Follow.START and touched.seat is not None:
            self.start_first_deal(touched.seat)
        return touched.outcome


def lobby_view(config: Config) -> SetupView:
    """The setup screen's view of the configured table (preset, switches changed, seats),
    asking who leads the first deal; no calibrate or deck-teaching tools."""
    table = config.table
    preset = rules_for(table.preset)
    changes = tuple(SwitchChange(name, toml_value(value), _default(preset, name))
                    for name, value in table.rules.items())
    try:
        rules = preset.changed(dict(table.rules)) if table.rules else preset
    except SwitchError:
        rules = preset  # the engine names the bad switch when the deal starts
    zh, en = how_found(rules)
    return SetupView(preset_label(table.preset), changes, seat_infos(config.seats.names),
                     camera=Status.PENDING, mat=Status.PENDING, deck_taught=0, deck_total=0,
                     choose_leader=True, tools=False, leader_rule=Msg(zh, en))


def _default(rules: Rules, switch: str) -> str:
    """The preset's value of ``switch`` as TOML, or "?" for a switch the engine does not know
    (the engine refuses it when the deal starts)."""
    try:
        return toml_value(rules.get(switch))
    except (KeyError, SwitchError):
        return "?"


def _leader_after(events: list[Event]) -> int:
    """Who leads after the deal of ``events``: as the preset says, else the next seat."""
    try:
        last = deal_from_events(events)
        if last is None:
            return 0
        state = DealState.replay(last.setup, last.log)
    except (RecordError, Refusal):
        return 0
    nxt = None
    if state.over:
        nxt = Match(state.rules, results=[deal_result(state)]).next_leader(last.setup.leader)
    return downstream(last.setup.leader) if nxt is None else nxt


def open_surface(size: tuple[int, int], *, headless: bool, fullscreen: bool) -> pygame.Surface:
    """The display surface: a full-screen or windowed display, or (headless) SDL's dummy one.

    Headless needs ``SDL_VIDEODRIVER=dummy`` set before pygame is imported (the CLI does).
    """
    pygame.display.init()
    pygame.font.init()
    flags = pygame.FULLSCREEN if fullscreen and not headless else 0
    surface = pygame.display.set_mode(size, flags)
    pygame.display.set_caption("gouji-table")
    if not headless:
        pygame.mouse.set_visible(not fullscreen)
    return surface


def serve(config: Config, stop: threading.Event, *, headless: bool,
          max_seconds: float | None = None, readings: ReadingSource | None = None,
          pin_factory: Any = None, open_port: Callable[[], Port] | None = None,
          after_tick: Callable[[Appliance], None] | None = None) -> None:
    """Open everything the config names, run the loop until ``stop``, and close it all.

    ``readings`` replaces the configured camera (tests pass a scripted source).
    """
    from device.camera_pipeline import CameraPipeline, frame_source

    state_dir = config.journal.state_dir
    with Journal.open(state_dir) as journal:
        if readings is None:
            readings = CameraPipeline(frame_source(config.camera), state_dir=state_dir)
        surface = open_surface(config.display.size, headless=headless,
                               fullscreen=config.display.fullscreen)
        outputs = Outputs.open(config, pin_factory=pin_factory, open_port=open_port)
        try:
            appliance = Appliance(config, journal, readings, surface, outputs)
            appliance.run(stop, max_seconds, after_tick)
        finally:
            outputs.close()
            pygame.display.quit()
