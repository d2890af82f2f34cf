"""The table demo (演示): bots play one deal through the camera, the recogniser, the engine
and the screen.

For every play a bot makes, a synthetic overhead camera frame of the printed mat
is rendered with the cards fanned in the player's seat zone
(:class:`vision.synth.SceneGenerator`); the mat was calibrated once from its ArUco
markers (:func:`vision.calibrate.calibrate`) and the zone is read back by the real
recogniser (:meth:`vision.recognize.Recognizer.read_zone`).  The recognised play is
what the engine judges.  A reading that differs from what the bot played, or that
is unsure, is shown (printed, and drawn as the refusal or confirmation screen), kept
in the record as a comment and counted; the bot's true play is then entered, as the
players would correct it at a real table.  Passes and 让牌 are not seen by a camera
(the seat panel enters them) and go straight to the engine.

The camera step is one seam, :data:`PlayReader` (``read_play(frame, seat)``), so a
test can force any reading through it.
"""

from __future__ import annotations

import contextlib
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import pygame

from display.engine_view import (
    end_view,
    play_view,
    preset_label,
    replay_view,
    seat_infos,
    split_rule,
)
from display.samples import NAMES
from display.screens import ConfirmScreen, EndScreen, PlayScreen, ReplayScreen, Screen
from display.view import Candidate, Msg, PlayView, RefusalView, UnsureView
from gouji.actions import Action, PlayCards
from gouji.bots import HeuristicBot
from gouji.cards import format_cards
from gouji.deal import PLACE_NAMES, DealState
from gouji.dealer import random_setup
from gouji.plays import Play, PlayError
from gouji.record import read_deal, write_deal
from gouji.scoring import deal_result
from vision.calibrate import calibrate
from vision.faces import DrawnFaces
from vision.recognize import Recognizer, SetReading
from vision.synth import Effects, SceneGenerator
from vision.types import BGRImage

FRAME_SIZE = (960, 540)
SCREEN_SIZE = (1280, 720)
CAMERA_EFFECTS = Effects(
    perspective=False, lighting=True, glare=False, shadow=False, blur=True, noise=False,
    jpeg=True, hand=False,
)
"""A fixed overhead camera (its pose must not change between frames, so no random
perspective) with uneven light, a little blur and JPEG artefacts; glare, shadow and
sensor noise are left out to keep a whole deal under half a minute on two cores."""

_ENTERED = "记入实出 played {} entered"
"""The record comment's second half: the true play went into the record instead."""

PlayReader = Callable[[BGRImage, int], SetReading]
"""The camera seam: read the set lying in ``seat``'s zone of a camera frame."""


class Camera:
    """A synthetic overhead camera over an A2 mat, dealt cards from a drawn deck."""

    def __init__(self, seed: int, size: tuple[int, int] = FRAME_SIZE) -> None:
        self.generator = SceneGenerator(DrawnFaces(0), size=size)
        self.seed = seed

    def empty(self) -> BGRImage:
        """The mat with nothing on it (what calibration sees)."""
        return self.generator.render(self.seed, {}, CAMERA_EFFECTS).image

    def shoot(self, play: PlayCards, number: int) -> BGRImage:
        """A frame of ``play`` fanned in its seat's zone (``number`` varies the scene)."""
        seed = self.seed * 10_000 + number
        return self.generator.render(seed, {play.seat: play.play.cards}, CAMERA_EFFECTS).image


def recogniser_reader(camera: Camera) -> PlayReader:
    """The real reading path: calibrate on the empty mat's markers, then read seat zones."""
    calibration = calibrate(camera.empty(), camera.generator.layout)
    recognizer = Recognizer()

    def read_play(frame: BGRImage, seat: int) -> SetReading:
        zone = calibration.layout.zones[seat]
        return recognizer.read_zone(frame, calibration.homography, zone,
                                    look=calibration.look_at(frame))

    return read_play


@dataclass(frozen=True)
class DemoOptions:
    """What to play and where the screens go.

    ``windowed`` shows every step in a window (``pace`` seconds each) besides the PNGs,
    and keeps the last screen up for ``hold`` seconds (or until a key or a touch).
    """

    preset: str = "jinyou"
    seed: int = 1
    out: Path = Path("demo-out")
    frames_every: int = 10
    max_plays: int | None = None
    windowed: bool = False
    pace: float = 0.3
    hold: float = 30.0


@dataclass
class Tally:
    """How the camera did: plays read right, misread, unsure, and seconds per reading."""

    right: int = 0
    misread: list[str] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    @property
    def reads(self) -> int:
        """Plays read."""
        return self.right + len(self.misread) + len(self.unsure)

    def lines(self) -> list[str]:
        """The camera part of the summary, every misread and unsure reading listed."""
        if not self.reads:
            return ["camera: no play read"]
        ms = [s * 1000 for s in self.seconds]
        lines = [
            f"camera: {self.reads} plays read — {self.right} right, {len(self.misread)} "
            f"misread, {len(self.unsure)} unsure ({self.right / self.reads:.1%} right)",
            f"recognition: median {statistics.median(ms):.0f} ms, mean "
            f"{statistics.fmean(ms):.0f} ms per play ({FRAME_SIZE[0]}×{FRAME_SIZE[1]} frames)",
        ]
        lines += [f"  识别有误 misread: {m}" for m in self.misread]
        lines += [f"  不确定 unsure: {u}" for u in self.unsure]
        return lines


class DemoStopped(Exception):
    """The window was closed."""


class Stage:
    """Where screens go: PNG files in ``out`` and, when windowed, a window.

    Headless, a screen is drawn only when it is saved.
    """

    def __init__(self, out: Path, windowed: bool, pace: float) -> None:
        pygame.font.init()
        self.out = out
        self.windowed = windowed
        self.pace = pace
        if windowed:
            pygame.display.init()
            pygame.display.set_caption("gouji-table demo")
            self.surface = pygame.display.set_mode(SCREEN_SIZE)
        else:
            self.surface = pygame.Surface(SCREEN_SIZE)
        self.play = PlayScreen(SCREEN_SIZE)
        self.confirm = ConfirmScreen(SCREEN_SIZE)
        self.end = EndScreen(SCREEN_SIZE)
        self.replay = ReplayScreen(SCREEN_SIZE)
        self.saved: list[Path] = []

    def show(self, screen: Screen[Any], view: object, name: str | None = None) -> None:
        """Draw ``view``; save it as ``name``.png when named; in a window, show it a moment."""
        if not self.windowed and name is None:
            return
        screen.draw(self.surface, view)
        if name is not None:
            path = self.out / f"{name}.png"
            pygame.image.save(self.surface, str(path))
            self.saved.append(path)
        if self.windowed:
            pygame.display.flip()
            self._wait(self.pace)

    def hold(self, seconds: float) -> None:
        """Keep the last screen up until a key, a touch, closing, or ``seconds``."""
        if self.windowed:
            with contextlib.suppress(DemoStopped):
                self._wait(seconds, any_input=True)

    def close(self) -> None:
        """Close the window, if one was opened; later screens go to PNG files only."""
        if self.windowed:
            pygame.display.quit()
            self.windowed = False
            self.surface = pygame.Surface(SCREEN_SIZE)

    def _wait(self, seconds: float, any_input: bool = False) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    raise DemoStopped
                if any_input and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    return
            time.sleep(0.02)


@dataclass
class DemoResult:
    """What a demo run produced."""

    state: DealState
    tally: Tally
    record: Path
    summary: str
    screens: list[Path]


class Demo:
    """One deal played by bots through the camera seam, the engine and the stage."""

    def __init__(self, options: DemoOptions, reader: PlayReader | None, stage: Stage) -> None:
        self.options = options
        self.camera = Camera(options.seed)
        self.reader = reader if reader is not None else recogniser_reader(self.camera)
        self.stage = stage
        setup = random_setup(options.preset, options.seed)
        self.setup = replace(setup, names=NAMES, tags={**setup.tags, "Event": "gouji-table demo"})
        self.state = DealState.start(self.setup)
        self.bot = HeuristicBot(random.Random(options.seed))
        self.tally = Tally()
        self.events: list[tuple[Action, str | None]] = []
        self.frames: dict[int, str] = {}
        self.plays = 0

    def run(self) -> None:
        """Play until the deal is over (or ``max_plays`` plays have been made)."""
        limit = self.options.max_plays
        while not self.state.over and (limit is None or self.plays < limit):
            self.step()

    def step(self) -> None:
        """One bot action: a play goes through the camera; the engine judges; the screen shows."""
        action: Action = self.bot.choose(self.state)
        comment = None
        if isinstance(action, PlayCards):
            self.plays += 1
            action, comment = self._through_camera(action)
        self.state.apply(action)
        self.events.append((action, comment))
        due = isinstance(action, PlayCards) and self.plays % self.options.frames_every == 0
        name = f"play-{self.plays:04d}" if due and comment is None else None
        self.stage.show(self.stage.play, self._view(), name)

    def _view(self, refusal: RefusalView | None = None) -> PlayView:
        """The play screen's view of the state now, with ``refusal`` in its band."""
        return replace(play_view(self.state, names=NAMES, deal_no=1), refusal=refusal)

    def _through_camera(self, played: PlayCards) -> tuple[PlayCards, str | None]:
        """The play as the camera reads it, or the true play with a comment when misread."""
        frame = self.camera.shoot(played, self.plays)
        started = time.perf_counter()
        reading = self.reader(frame, played.seat)
        self.tally.seconds.append(time.perf_counter() - started)
        truth = tuple(sorted(played.play.cards))
        if reading.cards == truth and not reading.unsure:
            self.tally.right += 1
            return PlayCards(played.seat, Play.of(reading.cards)), None
        evidence = self._keep_frame(frame)
        seat = NAMES[played.seat]
        what = f"play {self.plays}: {seat} (S{played.seat}) played {played.play}, camera read " \
               f"{reading.describe()}" + (f" ({reading.why()})" if reading.doubts else "")
        print(f"{'不确定 unsure' if reading.unsure else '识别有误 misread'} — {what}")
        if reading.unsure:
            self.tally.unsure.append(what)
            self.stage.show(self.stage.confirm, _unsure_view(reading, played, evidence),
                            f"unsure-{self.plays:04d}")
            return played, f"识别{reading.describe()}; {_ENTERED.format(played.play)}"
        self.tally.misread.append(what)
        refusal = self._judge_misread(played.seat, reading)
        self.stage.show(self.stage.play, self._view(refusal), f"misread-{self.plays:04d}")
        return played, f"识别有误 camera misread {reading.describe()}; " \
                       f"{_ENTERED.format(played.play)}"

    def _keep_frame(self, frame: BGRImage) -> str:
        """Save the camera frame as evidence; its path (also kept for the replay)."""
        folder = self.options.out / "frames"
        folder.mkdir(exist_ok=True)
        path = folder / f"play-{self.plays:04d}.jpg"
        cv2.imwrite(str(path), frame)
        self.frames[len(self.events)] = str(path)
        return str(path)

    def _judge_misread(self, seat: int, reading: SetReading) -> RefusalView:
        """What the engine says of the misread play: its refusal, or a misread notice."""
        try:
            refusal = self.state.check(PlayCards(seat, Play.of(reading.cards)))
        except PlayError as exc:
            return RefusalView(split_rule(exc.reason), seat, reading.notation, exc.switch or "")
        if refusal is not None:
            return RefusalView(split_rule(refusal.rule), seat, reading.notation,
                               refusal.switch or "")
        return RefusalView(
            Msg(f"识别有误：相机读成 {reading.notation}，与所出的牌不符",
                f"Misread: the camera saw {reading.notation}, not the cards played"),
            seat, reading.notation, "",
        )

    def finish(self, started: float) -> DemoResult:
        """Write the record, draw the last screens, build the summary (``started``: the
        ``time.perf_counter()`` the run began at)."""
        out = self.options.out
        record = out / "deal.gjr"
        over = self.state.over
        result = deal_result(self.state) if over else None
        order = None if result is None else " ".join(
            f"{PLACE_NAMES[p]}S{s}" for p, s in enumerate(result.order))
        text = write_deal(self.setup, self.events, result=order)
        record.write_text(text, encoding="utf-8")
        first_misread = min(self.frames, default=None)
        replay = replay_view(read_deal(text), frames=self.frames, current=first_misread)
        self.stage.show(self.stage.replay, replay, "replay")
        if result is not None:  # last, so that a window keeps showing it
            self.stage.show(self.stage.end, end_view(self.state, result, names=NAMES, deal_no=1),
                            "end")
        else:
            self.stage.show(self.stage.play, self._view(), f"play-{self.plays:04d}")
        lines = [
            f"够级 demo — {preset_label(self.setup.preset)}, seed {self.options.seed}: "
            f"{self.plays} plays, {len(self.events)} actions"
            + ("" if over else f" (stopped after {self.plays} plays: deal not finished)"),
            "seats: " + ", ".join(f"S{i} {name}" for i, name in enumerate(NAMES)),
        ]
        if result is not None:
            lines.append(result.summary())
        lines += self.tally.lines()
        lines.append(f"record: {record}")
        lines.append(f"screens: {len(self.stage.saved)} PNG files in {out}")
        lines.append(f"wall time: {time.perf_counter() - started:.1f} s")
        (out / "summary.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        return DemoResult(self.state, self.tally, record, "\n".join(lines), self.stage.saved)


def _unsure_view(reading: SetReading, played: PlayCards, frame: str) -> UnsureView:
    """The confirmation screen's view of an unsure reading."""
    candidates = tuple(Candidate(format_cards(c), conf) for c, conf in reading.candidates)
    best = (Candidate(reading.notation, reading.confidence),)
    return UnsureView(seat_infos(NAMES)[played.seat], candidates or best, frame, reading.why())


def run_demo(options: DemoOptions, reader: PlayReader | None = None) -> DemoResult:
    """Play the demo deal; ``reader`` replaces the camera's recogniser (tests force readings)."""
    started = time.perf_counter()
    options.out.mkdir(parents=True, exist_ok=True)
    stage = Stage(options.out, options.windowed, options.pace)
    demo = Demo(options, reader, stage)
    try:
        demo.run()
    except DemoStopped:
        print("窗口已关闭 window closed: the deal stops here")
        stage.close()
    result = demo.finish(started)
    stage.hold(options.hold)
    stage.close()
    return result
