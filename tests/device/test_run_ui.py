"""The appliance between ticks: screens chosen, touches, the end of a deal, systemd messages."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from device.camera_pipeline import CameraStatus, VisionResult, ZoneRead
from device.events import Action as Button
from device.events import ButtonEvent
from device.journal import Journal
from device.referee_loop import Referee
from device.run import Appliance, Outputs, open_surface
from device.sdnotify import Notifier
from display import intents
from display.view import CorrectionView, PlayView, ReplayView, UnsureView
from gouji.cards import parse_cards
from gouji.record import read_deal
from gouji.setup import DealSetup
from tests.device.run_fakes import ScriptedReadings, table_config
from vision.recognize import SetReading


class Camera(ScriptedReadings):
    """Scripted plays, plus results pushed by the test."""

    def __init__(self, plays: list[tuple[int, str]]) -> None:
        super().__init__([(s, parse_cards(c)) for s, c in plays])
        self.pushed: list[VisionResult] = []

    def poll(self) -> list[VisionResult]:
        pushed, self.pushed = self.pushed, []
        return pushed + super().poll()


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal.open(tmp_path / "state") as j:
        yield j


def appliance(tmp_path: Path, journal: Journal, camera: Camera, extra: str = "",
              notifier: Notifier | None = None) -> Appliance:
    config = table_config(tmp_path, "[gpio]\nenabled = false\n" + extra)
    surface = open_surface(config.display.size, headless=True, fullscreen=False)
    return Appliance(config, journal, camera, surface, Outputs(), notifier=notifier)


def ticks(app: Appliance, n: int = 3) -> None:
    for _ in range(n):
        app.tick()


def touch(app: Appliance, intent: intents.Intent) -> None:
    screen, view = app.ui.current(app.referee, app.deal_no)
    [rect] = [c.rect for c in screen.controls(view) if c.intent == intent]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.tick()


def test_a_tiny_deal_ends_on_the_end_screen_and_confirm_starts_the_next(
        tmp_path: Path, journal: Journal) -> None:
    tiny = DealSetup("zaozhuang", 0, counts=(1,) * 6, names=tuple("甲乙丙丁戊己"))
    Referee.new_deal(journal, "tiny", tiny)
    camera = Camera([(s, c) for s, c in enumerate("56789")])
    app = appliance(tmp_path, journal, camera)
    assert app.referee.deal_id == "tiny"  # resumed from the journal
    ticks(app, 8)
    assert app.referee.state.over
    screen, _ = app.ui.current(app.referee, app.deal_no)
    assert screen is app.ui.end
    app.outputs.presses.put(ButtonEvent(Button.CONFIRM, None, 0.0))
    app.tick()
    assert journal.finished_deals() == ["tiny"]
    assert app.referee.deal_id != "tiny" and app.deal_no == 2
    assert app.referee.setup.preset == "match" and app.referee.setup.tags["Deal"] == "2"
    [exported] = journal.export(tmp_path / "out")
    deal = read_deal(exported.read_text(encoding="utf-8"))
    assert len(deal.log) == 5 and deal.setup.counts == (1,) * 6


def test_unsure_reading_corrected_on_the_keypad(tmp_path: Path, journal: Journal) -> None:
    camera = Camera([])
    app = appliance(tmp_path, journal, camera)
    cards = tuple(sorted(parse_cards("99")))
    reading = SetReading(cards, 0.3, True, ((cards, 0.3),))
    camera.pushed.append(ZoneRead(0, reading, b"\xff\xd8 not really a jpeg"))
    app.tick()
    _, view = app.ui.current(app.referee, app.deal_no)
    assert isinstance(view, UnsureView) and view.frame is not None
    assert Path(view.frame).is_file()  # the camera frame kept as evidence
    touch(app, intents.EditReading())
    for rank in "TT":
        touch(app, intents.AddCard(rank))
    touch(app, intents.RemoveCard())
    touch(app, intents.AddCard("T"))
    _, view = app.ui.current(app.referee, app.deal_no)
    assert isinstance(view, CorrectionView) and view.cards == "TT"
    touch(app, intents.Confirm("TT"))
    assert app.referee.pending is None
    line = journal.events(app.referee.deal_id)[-1]
    assert line.line == "1. S0 play TT {识别有误 camera read 99}" and line.blob_ref


def test_camera_trouble_is_shown_in_the_band_and_cleared(tmp_path: Path,
                                                         journal: Journal) -> None:
    camera = Camera([])
    app = appliance(tmp_path, journal, camera)
    camera.pushed.append(CameraStatus(False, "相机不可用 camera down: unplugged"))
    app.tick()
    _, view = app.ui.current(app.referee, app.deal_no)
    assert isinstance(view, PlayView) and view.refusal is not None
    assert "unplugged" in view.refusal.reason.en
    camera.pushed.append(CameraStatus(True, "back"))
    app.tick()
    _, view = app.ui.current(app.referee, app.deal_no)
    assert isinstance(view, PlayView) and view.refusal is None


def test_replay_and_toggles(tmp_path: Path, journal: Journal) -> None:
    camera = Camera([(0, "55"), (2, "77")])
    app = appliance(tmp_path, journal, camera)
    ticks(app, 4)
    touch(app, intents.ToggleLanguage())
    assert app.ui.options.lang == "en" and app.ui.end.options.lang == "en"
    touch(app, intents.OpenReplay())
    _, view = app.ui.current(app.referee, app.deal_no)
    assert isinstance(view, ReplayView) and len(view.events) == 3 and view.current == 2
    touch(app, intents.Prev())
    _, view = app.ui.current(app.referee, app.deal_no)
    assert isinstance(view, ReplayView) and view.current == 1
    touch(app, intents.Close())
    _, view = app.ui.current(app.referee, app.deal_no)
    assert isinstance(view, PlayView)


def test_ready_watchdog_status_and_stopping_reach_systemd(tmp_path: Path,
                                                          journal: Journal) -> None:
    path = str(tmp_path / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(path)
        sock.settimeout(5)
        notifier = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "100000",
                             "WATCHDOG_PID": str(os.getpid())})
        app = appliance(tmp_path, journal, Camera([(0, "55"), (1, "66")]),
                        notifier=notifier)
        stop = threading.Event()
        app.run(stop, max_seconds=0.6)
        messages = []
        sock.settimeout(0.2)
        try:
            while True:
                messages.append(sock.recv(4096).decode())
        except TimeoutError:
            pass
    assert messages[0].startswith("READY=1\nSTATUS=deal 1")
    assert sum(m == "WATCHDOG=1" for m in messages) >= 5  # every 50 ms, from the loop
    assert any(m.startswith("STATUS=") and "S2 to act" in m for m in messages)  # on change
    assert messages[-1] == "STOPPING=1"


def test_a_deal_the_journal_cannot_rebuild_is_kept_and_a_new_one_started(
        tmp_path: Path, journal: Journal) -> None:
    Referee.new_deal(journal, "broken", DealSetup("match", 0, counts=(36,) * 6))
    journal.append("broken", "1. S3 play 55")  # not S3's turn: the record cannot be replayed
    app = appliance(tmp_path, journal, Camera([]))
    assert journal.finished_deals() == ["broken"]
    assert app.referee.deal_id != "broken" and app.deal_no == 2
    assert app.ui.note is not None and "broken" in app.ui.note
    app.tick()
    _, view = app.ui.current(app.referee, app.deal_no)
    assert isinstance(view, PlayView) and view.refusal is not None  # shown in the band


def test_a_drawing_failure_is_survived_and_closing_the_window_ends_the_loop(
        tmp_path: Path, journal: Journal, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    app = appliance(tmp_path, journal, Camera([(0, "55")]))

    def broken(*args: object) -> None:
        raise RuntimeError("font gone")

    with monkeypatch.context() as patch:
        patch.setattr(app.ui, "current", broken)
        ticks(app, 3)
    assert caplog.text.count("drawing the screen failed") == 1
    assert len(app.referee.state.log) == 1  # the play was still recorded
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    started = time.monotonic()
    app.run(threading.Event(), max_seconds=20)
    assert app.closed and time.monotonic() - started < 5
