"""The camera side under a flood of frames and a vanishing camera (bounded, never raising),
a knocked camera, a seat playing twice onto its own cards, and a play nothing is read in."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from device.camera_pipeline import CameraPipeline, CameraStatus, ZoneRead, frame_source
from device.config import CameraConfig
from device.frames import DropOldest
from device.synthetic_table import RecordScenes
from gouji.cards import format_cards, parse_cards
from tests.device.waiting import wait_until
from vision.faces import DrawnFaces
from vision.recognize import Doubt, Recognizer, SetReading
from vision.sources import FolderSource, PiCameraSource, SourceError
from vision.synth import LIGHTS, Effects, SceneGenerator
from vision.types import BGRImage


def test_drop_oldest_keeps_the_newest_and_counts_the_rest() -> None:
    q: DropOldest[int] = DropOldest(3)
    for i in range(10):
        q.put(i)
    assert len(q) == 3 and q.dropped == 7 and q.put_count == 10
    assert q.get(0) == 7 and q.drain() == [8, 9] and q.get(0.01) is None


def test_drop_oldest_hands_items_across_threads() -> None:
    q: DropOldest[int] = DropOldest(1000)

    def produce() -> None:
        for i in range(500):
            q.put(i)

    producer = threading.Thread(target=produce)
    producer.start()
    got: list[int] = []
    while len(got) < 500:
        item = q.get(1.0)
        assert item is not None
        got.append(item)
    producer.join()
    assert got == list(range(500))


class Flood:
    """A camera giving frames as fast as asked, then vanishing, then coming back."""

    name = "flood"

    def __init__(self, frame: BGRImage) -> None:
        self.frame = frame
        self.reads = 0
        self.broken = threading.Event()

    def open(self) -> None:
        if self.broken.is_set():
            raise SourceError("unplugged")

    def read(self) -> BGRImage:
        if self.broken.is_set():
            raise SourceError("camera lost")
        self.reads += 1
        return self.frame

    def close(self) -> None:
        pass


def test_a_flood_of_frames_stays_bounded_and_a_lost_camera_is_reported(tmp_path: Path) -> None:
    mat = RecordScenes([], size=(480, 270))
    mat.open()
    source = Flood(mat.read())
    pipeline = CameraPipeline(source, state_dir=tmp_path, fps=5000, frame_queue=4,
                              result_queue=16)
    slow = threading.Event()
    original = pipeline._look

    def stalled(*args: object) -> None:  # recognition far slower than the camera
        slow.wait(0.05)
        original(*args)  # type: ignore[arg-type]

    pipeline._look = stalled  # type: ignore[method-assign,assignment]
    pipeline.start()
    try:
        assert wait_until(lambda: source.reads > 2000, timeout=20)
        assert len(pipeline.frames) <= 4 and pipeline.frames.dropped > 1000
        source.broken.set()
        assert wait_until(lambda: any(isinstance(r, CameraStatus) and not r.ok
                                      for r in pipeline.poll()), timeout=5)
        source.broken.clear()
        assert wait_until(lambda: any(isinstance(r, CameraStatus) and r.ok
                                      for r in pipeline.poll()), timeout=10)
        for _ in range(200):
            pipeline.results.put(CameraStatus(True, "flood"))
        assert len(pipeline.results) <= 16
    finally:
        pipeline.stop()
    assert all(not t.is_alive() for t in pipeline._threads)


def test_frame_sources_from_config_import_picamera2_only_when_opened(tmp_path: Path) -> None:
    assert isinstance(frame_source(CameraConfig("picamera2", 0, (640, 480))), PiCameraSource)
    assert isinstance(frame_source(CameraConfig("folder", str(tmp_path), (640, 480))),
                      FolderSource)
    synthetic = frame_source(CameraConfig("synthetic", 0, (320, 180)))
    synthetic.open()
    frame = synthetic.read()
    assert frame.shape == (180, 320, 3) and np.array_equal(frame, synthetic.read())


class Shifting(Flood):
    """The mat, then the same mat 24 px to the right (a knocked camera)."""

    def read(self) -> BGRImage:
        frame = super().read()
        return np.roll(frame, 24, axis=1) if self.reads > 30 else frame


def test_a_moved_mat_is_reported_and_calibrated_again(tmp_path: Path) -> None:
    mat = RecordScenes([], size=(960, 540))
    mat.open()
    pipeline = CameraPipeline(Shifting(mat.read()), state_dir=tmp_path, fps=100,
                              recheck_every=5)
    seen: list[CameraStatus] = []

    def moved_then_found() -> bool:
        seen.extend(r for r in pipeline.poll() if isinstance(r, CameraStatus))
        texts = [(s.ok, s.text) for s in seen]
        moved = [i for i, (ok, text) in enumerate(texts) if not ok and "moved" in text]
        return bool(moved) and any(ok and "mat found" in text for ok, text in texts[moved[0]:])

    pipeline.start()
    try:
        assert wait_until(moved_then_found, timeout=20), seen
    finally:
        pipeline.stop()
    assert pipeline.calibration is not None
    assert (tmp_path / "calibration.json").is_file()


class Story:
    """A camera over a table where things happen: each frame of ``frames`` held for ``hold``
    reads, the last one then staying."""

    name = "story"

    def __init__(self, frames: list[BGRImage], hold: int = 8) -> None:
        self.frames = frames
        self.hold = hold
        self.reads = 0

    def open(self) -> None:
        pass

    def read(self) -> BGRImage:
        self.reads += 1
        return self.frames[min(self.reads // self.hold, len(self.frames) - 1)].copy()

    def close(self) -> None:
        pass


def test_a_second_play_over_the_first_is_read_alone_and_read_again_so(tmp_path: Path) -> None:
    gen = SceneGenerator(DrawnFaces(0))
    quiet = Effects(glare=False, shadow=False, jpeg=False)
    first, second = {2: parse_cards("AA")}, {2: parse_cards("TTT")}
    frames = [gen.render(2004, {}, quiet).image, gen.render(2004, first, quiet).image,
              gen.render(2004, first, quiet, on_top=second).image]
    pipeline = CameraPipeline(Story(frames), state_dir=tmp_path, fps=200)
    reads: list[ZoneRead] = []

    def read(n: int) -> Callable[[], bool]:
        def done() -> bool:
            reads.extend(r for r in pipeline.poll() if isinstance(r, ZoneRead))
            return len(reads) >= n
        return done

    pipeline.start()
    try:
        assert wait_until(read(2), timeout=30)
        pipeline.retake(2)
        assert wait_until(read(3), timeout=10)
    finally:
        pipeline.stop()
    assert [r.seat for r in reads] == [2, 2, 2]
    assert [format_cards(r.reading.cards) for r in reads] == ["AA", "TTT", "TTT"]


def _first_play(tmp_path: Path, effects: Effects) -> tuple[list[ZoneRead], list[str]]:
    """The pipeline over an empty mat, then `AA` laid in seat 2 (drawn deck, seed 2004,
    ``effects``): the readings and camera statuses it gave until the first reading."""
    gen = SceneGenerator(DrawnFaces(0))
    frames = [gen.render(2004, {}, effects).image,
              gen.render(2004, {2: parse_cards("AA")}, effects).image]
    pipeline = CameraPipeline(Story(frames), state_dir=tmp_path, fps=200)
    reads: list[ZoneRead] = []
    statuses: list[str] = []

    def read() -> bool:
        for r in pipeline.poll():
            if isinstance(r, ZoneRead):
                reads.append(r)
            elif isinstance(r, CameraStatus):
                statuses.append(r.text)
        return bool(reads)

    pipeline.start()
    try:
        assert wait_until(read, timeout=30)
    finally:
        pipeline.stop()
    return reads, statuses


def test_a_play_under_a_warm_bulb_is_seen_and_read(tmp_path: Path) -> None:
    """The pipeline divides the lamp's colour (the mat's white) out of what it watches and
    reads: under a warm bulb white paper was as saturated as the felt, and no play was seen."""
    warm = Effects(glare=False, shadow=False, jpeg=False, light=LIGHTS["warm"])
    reads, statuses = _first_play(tmp_path, warm)
    assert [(r.seat, format_cards(r.reading.cards)) for r in reads] == [(2, "AA")]
    assert any("mat found" in text and "warm" in text for text in statuses)


def test_cards_laid_where_nothing_is_read_are_asked_about(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The watcher saw a play laid, yet the reader found no card's paper there (a frame too
    dim, say): the reading is unsure, for the players to say what was played or drop it,
    not a sure "no cards" the referee would pass over."""
    monkeypatch.setattr(Recognizer, "read_zone",
                        lambda *args, **kwargs: SetReading((), 1.0, False))
    reads, _ = _first_play(tmp_path, Effects(glare=False, shadow=False, jpeg=False))
    assert reads[0].seat == 2
    assert reads[0].reading.cards == () and reads[0].reading.unsure
    assert reads[0].reading.doubts == (Doubt.NO_INDEX,)
