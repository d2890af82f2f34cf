"""Frame sources: failing, reporting and reopening without crashing the caller."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from gouji.cards import parse_cards
from vision.faces import DrawnFaces
from vision.sources import (
    CaptureSource,
    FolderSource,
    PiCameraSource,
    ResilientSource,
    SourceError,
    SyntheticSource,
    open_source,
)
from vision.synth import SceneGenerator
from vision.types import BGRImage


class FlakyCamera:
    """A fake camera: gives ``good`` frames, then fails until reopened; opening can fail too."""

    name = "flaky"

    def __init__(self, good: int, open_failures: int = 0) -> None:
        self.good = good
        self.open_failures = open_failures
        self.opens = 0
        self.left = 0

    def open(self) -> None:
        self.opens += 1
        if self.open_failures:
            self.open_failures -= 1
            raise SourceError("camera not found")
        self.left = self.good

    def read(self) -> BGRImage:
        if self.left <= 0:
            raise SourceError("camera unplugged")
        self.left -= 1
        return np.zeros((4, 4, 3), np.uint8)

    def close(self) -> None:
        self.left = 0


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_resilient_source_reports_and_reopens() -> None:
    cam = FlakyCamera(good=2, open_failures=1)
    clock = FakeClock()
    src = ResilientSource(cam, backoff=1.0, clock=clock)
    assert src.read() is None and "camera not found" in src.status
    assert src.read() is None and cam.opens == 1  # waiting out the back-off
    clock.now = 1.5
    assert src.read() is not None and src.status == "ok"
    assert src.read() is not None
    assert src.read() is None and "unplugged" in src.status
    clock.now = 3.0
    assert src.read() is not None and cam.opens == 3
    assert src.failures == 2
    src.close()
    assert src.status == "closed"


def test_folder_source(tmp_path: Path) -> None:
    for i in range(2):
        cv2.imwrite(str(tmp_path / f"{i}.png"), np.full((8, 8, 3), i * 100, np.uint8))
    (tmp_path / "2.png").write_bytes(b"not an image")
    src = FolderSource(tmp_path)
    src.open()
    assert src.read()[0, 0, 0] == 0
    assert src.read()[0, 0, 0] == 100
    with pytest.raises(SourceError, match="unreadable"):
        src.read()
    with pytest.raises(SourceError, match="end of images"):
        src.read()
    src.open()  # reopened: starts again
    assert src.read()[0, 0, 0] == 0
    with pytest.raises(SourceError, match="no such folder"):
        FolderSource(tmp_path / "missing").open()


def test_video_file_source(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 5, (64, 48))
    for i in range(3):
        writer.write(np.full((48, 64, 3), i * 80, np.uint8))
    writer.release()
    src = open_source(str(path))
    src.open()
    frames = [src.read() for _ in range(3)]
    assert frames[0].shape == (48, 64, 3)
    with pytest.raises(SourceError):
        src.read()
    src.close()
    src.close()
    with pytest.raises(SourceError, match="no such video"):
        CaptureSource(str(tmp_path / "nope.mp4")).open()


def test_synthetic_source_plays_a_script() -> None:
    gen = SceneGenerator(DrawnFaces(0))
    src = SyntheticSource(gen, [({}, 2), ({1: parse_cards("55")}, 1)], seed=4)
    with pytest.raises(SourceError):
        src.read()
    src.open()
    a, b, c = src.read(), src.read(), src.read()
    assert np.array_equal(a, b) and not np.array_equal(b, c)
    with pytest.raises(SourceError, match="end of synthetic script"):
        src.read()


def test_picamera_missing_is_a_source_error() -> None:
    pytest.importorskip("cv2")
    try:
        import picamera2  # noqa: F401
    except ImportError:
        with pytest.raises(SourceError, match="picamera2"):
            PiCameraSource().open()
    else:
        pytest.skip("picamera2 installed: not testing the missing case")
