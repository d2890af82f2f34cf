"""The main loop end to end: synthetic camera → watcher → recogniser → referee → journal,
with GPIO buttons on gpiozero's MockFactory, a seat panel over pyserial's loop:// and
touches posted as pygame events."""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
from gpiozero.pins.mock import MockFactory

from device.camera_pipeline import CameraPipeline
from device.cli import main
from device.config import Config
from device.events import Action as Button
from device.journal import Journal
from device.panel_protocol import Button as PanelButton
from device.panel_protocol import encode
from device.pin_pad import PinView
from device.referee_loop import UNDO_PREFIX, deal_from_events
from device.run import Appliance, serve
from device.synthetic_table import RecordScenes
from display.intents import Undo
from gouji.cards import parse_cards
from tests.device.run_fakes import ScriptedReadings, table_config, write_config
from tests.device.test_panel_link import LoopPorts

GPIO = """
[gpio]
bounce_ms = 0
buzzer_pin = 18
[panels]
enabled = true
port = "loop://"
"""

Step = Callable[[Appliance], bool]


def script(*steps: Step) -> tuple[Callable[[Appliance], None], threading.Event, list[int]]:
    """An after-tick hook running ``steps`` in turn (each until it returns True), then stopping."""
    stop = threading.Event()
    done = [0]

    def after(app: Appliance) -> None:
        if done[0] < len(steps) and steps[done[0]](app):
            done[0] += 1
        if done[0] == len(steps):
            stop.set()

    return after, stop, done


def lines(app: Appliance) -> list[str]:
    return [e.line for e in app.journal.events(app.referee.deal_id) if not e.line.startswith("[")]


def test_synthetic_camera_buttons_panel_and_touch_drive_the_journal(tmp_path: Path) -> None:
    config = table_config(tmp_path, GPIO)
    plays = [(0, parse_cards("55")), (2, parse_cards("77")), (4, parse_cards("99"))]
    camera = CameraPipeline(RecordScenes(plays, hold=6), state_dir=tmp_path / "state", fps=30)
    pins = MockFactory()
    ports = LoopPorts()
    seen: dict[str, object] = {}

    def press(pin: int) -> None:
        pins.pin(pin).drive_low()
        pins.pin(pin).drive_high()

    def camera_read_three(app: Appliance) -> bool:
        return len(lines(app)) >= 5

    def shared_pass_button(app: Appliance) -> bool:
        seen["led5_before"] = pins.pin(25).state
        press(5)
        return True

    def panel_pass_at_seat_0(app: Appliance) -> bool:
        if len(lines(app)) < 6:
            return False
        ports.current.write(encode(PanelButton(0, Button.PASS)))
        return True

    def touch_undo(app: Appliance) -> bool:
        if len(lines(app)) < 7:
            return False
        screen, view = app.ui.current(app.referee, app.deal_no)
        [rect] = [c.rect for c in screen.controls(view) if c.intent == Undo()]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        return True

    def undone(app: Appliance) -> bool:
        if len(lines(app)) < 8:
            return False
        seen["lines"] = lines(app)
        seen["log"] = list(app.referee.state.log)
        seen["to_act"] = app.referee.state.to_act
        return True

    after, stop, done = script(camera_read_three, shared_pass_button, panel_pass_at_seat_0,
                               touch_undo, undone)
    started = time.monotonic()
    serve(config, stop, headless=True, max_seconds=40, readings=camera, pin_factory=pins,
          open_port=ports, after_tick=after)
    assert done[0] == 5, f"stuck at step {done[0]} after {time.monotonic() - started:.1f} s"
    recorded = [str(line) for line in seen["lines"]]  # type: ignore[attr-defined]
    assert "3. S2 play 77 {扣牌 S0 zone cleared}" in recorded  # the cleared zone is noted
    assert [re.sub(r" \{扣牌 S\d zone cleared\}", "", line) for line in recorded] == [
        "1. S0 play 55", "2. S1 pass {推断 inferred: S2 played}", "3. S2 play 77",
        "4. S3 pass {推断 inferred: S4 played}", "5. S4 play 99", "6. S5 pass", "7. S0 pass",
        UNDO_PREFIX + "7. S0 pass",
    ]
    assert seen["led5_before"] == 1  # S5's turn LED was lit before its pass
    assert seen["to_act"] == 0
    with Journal.open(tmp_path / "state") as journal:
        deal = journal.open_deal()
        assert deal is not None
        events = journal.events(deal)
        assert all(e.blob_ref for e in events if " play " in e.line)  # camera evidence kept
        resumed = deal_from_events(events)
        assert resumed is not None and list(resumed.log) == seen["log"]


def test_refused_play_buzzes_and_the_pin_guards_undo(tmp_path: Path) -> None:
    config: Config = table_config(tmp_path, GPIO + '[referee]\npin = "1357"\n')
    readings = ScriptedReadings([(0, parse_cards("88")), (1, parse_cards("5"))])
    pins = MockFactory()
    ports = LoopPorts()

    def refused_then_confirmed(app: Appliance) -> bool:
        if app.referee.pending is None:
            return False
        assert app.referee.refusal is not None  # shown in the band while the players decide
        pins.pin(18).clear_states()
        pins.pin(13).drive_low()  # 确认: the players say the camera read it right
        pins.pin(13).drive_high()
        return True

    def recorded_refused(app: Appliance) -> bool:
        if not any("refused" in line for line in lines(app)):
            return False
        ports.current.write(encode(PanelButton(3, Button.UNDO)))  # 撤销 on seat 4's panel
        return True

    def pin_pad_shown(app: Appliance) -> bool:
        screen, view = app.ui.current(app.referee, app.deal_no)
        if screen is not app.ui.pin:
            return False
        assert isinstance(view, PinView)
        for digit in "1357":
            [rect] = [c.rect for c in screen.controls(view) if c.label == digit]
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center,
                                                 button=1))
        return True

    def digits_typed(app: Appliance) -> bool:
        if app.ui.code != "1357":
            return False
        screen, view = app.ui.current(app.referee, app.deal_no)
        [rect] = [c.rect for c in screen.controls(view) if c.primary]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        return True

    def undone(app: Appliance) -> bool:
        return lines(app)[-1].startswith(UNDO_PREFIX) and app.referee.state.log == []

    after, stop, done = script(refused_then_confirmed, recorded_refused, pin_pad_shown,
                               digits_typed, undone)
    serve(config, stop, headless=True, max_seconds=20, readings=readings, pin_factory=pins,
          open_port=ports, after_tick=after)
    assert done[0] == 5
    assert True in [state.state for state in pins.pin(18).states]  # the buzzer sounded
    with Journal.open(tmp_path / "state") as journal:
        deal = journal.open_deal()
        assert deal is not None
        text = [e.line for e in journal.events(deal)]
    assert any(line.startswith("2. S1 play 5 {refused: 管不住") for line in text)
    assert text[-1] == UNDO_PREFIX + "1. S0 play 88"


def test_cli_runs_headless_for_max_seconds_and_resumes(tmp_path: Path) -> None:
    record = tmp_path / "deal.gjr"
    record.write_text('[Rules "match"]\n[Leader "0"]\n[Counts "36 36 36 36 36 36"]\n\n'
                      "1. S0 play 66\n", encoding="utf-8")
    path = write_config(tmp_path, "[gpio]\nenabled = false\n")
    text = path.read_text().replace('source = "synthetic"',
                                    f'source = "synthetic"\ndevice = "{record}"')
    path.write_text(text, encoding="utf-8")
    assert main(["run", "--config", str(path), "--headless", "--max-seconds", "5"]) == 0
    with Journal.open(tmp_path / "state") as journal:
        deal = journal.open_deal()
        assert deal is not None
        first = [e.line for e in journal.events(deal)]
    assert first[-1].startswith("1. S0 play 66")
    assert main(["run", "--config", str(path), "--headless", "--max-seconds", "1"]) == 0
    with Journal.open(tmp_path / "state") as journal:
        assert journal.open_deal() == deal
        assert [e.line for e in journal.events(deal)] == first  # resumed, nothing doubled
    assert main(["run", "--config", str(tmp_path / "missing.toml"), "--headless"]) == 2
