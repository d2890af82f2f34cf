"""Frame sources (相机): one interface over Pi camera, USB camera, video, image folder, synthetic.

Every source has ``open()``, ``read()`` and ``close()``.  ``read`` returns a
BGR frame or raises :class:`SourceError` (camera unplugged, end of video,
unreadable image); after an error the source can be opened again.
:class:`ResilientSource` wraps any source so the caller never sees an
exception: it reports ``None`` and a status, and reopens with back-off.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

from vision.synth import SceneGenerator
from vision.types import BGRImage

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")


class SourceError(RuntimeError):
    """A frame source failed (not opened, lost, exhausted or unreadable)."""


class FrameSource(Protocol):
    """Anything that gives camera frames."""

    name: str

    def open(self) -> None:
        """Start (or restart) the source; raises :class:`SourceError` if it cannot."""
        ...

    def read(self) -> BGRImage:
        """The next frame (BGR); raises :class:`SourceError` on failure."""
        ...

    def close(self) -> None:
        """Release the device or file; safe to call twice."""
        ...


class CaptureSource:
    """A ``cv2.VideoCapture``: a USB camera (``int`` index or device path) or a video file."""

    def __init__(self, target: int | str, size: tuple[int, int] | None = None,
                 loop: bool = False) -> None:
        self.target = target
        self.size = size
        self.loop = loop
        self.name = f"capture:{target}"
        self._cap: cv2.VideoCapture | None = None

    def open(self) -> None:
        """Open the capture; a missing camera or file raises :class:`SourceError`."""
        self.close()
        if isinstance(self.target, str) and not self.target.startswith("/dev/") \
                and not Path(self.target).is_file():
            raise SourceError(f"找不到视频 no such video file: {self.target}")
        cap = cv2.VideoCapture(self.target)
        if not cap.isOpened():
            raise SourceError(f"无法打开相机 cannot open {self.name}")
        if self.size:
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        self._cap = cap

    def read(self) -> BGRImage:
        """Next frame; at the end of a file it loops or raises."""
        if self._cap is None:
            raise SourceError(f"{self.name} is not open")
        ok, frame = self._cap.read()
        if not ok and self.loop:
            self._cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self._cap.read()
        if not ok or frame is None:
            raise SourceError(f"读帧失败 no frame from {self.name} (lost or ended)")
        out: BGRImage = frame
        return out

    def close(self) -> None:
        """Release the capture."""
        if self._cap is not None:
            self._cap.release()
            self._cap = None


class FolderSource:
    """Images of a folder in name order, one per read."""

    def __init__(self, folder: Path, loop: bool = False) -> None:
        self.folder = Path(folder)
        self.loop = loop
        self.name = f"folder:{folder}"
        self._files: list[Path] = []
        self._pos = 0

    def open(self) -> None:
        """List the images; an empty or missing folder raises :class:`SourceError`."""
        if not self.folder.is_dir():
            raise SourceError(f"找不到目录 no such folder: {self.folder}")
        self._files = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self._files:
            raise SourceError(f"目录中没有图片 no images in {self.folder}")
        self._pos = 0

    def read(self) -> BGRImage:
        """The next image."""
        if not self._files:
            raise SourceError(f"{self.name} is not open")
        if self._pos >= len(self._files):
            if not self.loop:
                raise SourceError(f"图片已读完 end of images in {self.folder}")
            self._pos = 0
        path = self._files[self._pos]
        self._pos += 1
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            raise SourceError(f"无法读取图片 unreadable image: {path}")
        out: BGRImage = frame
        return out

    def close(self) -> None:
        """Forget the listing."""
        self._files = []


class SyntheticSource:
    """Rendered scenes: each entry of ``script`` is a seat→cards mapping held for some frames."""

    def __init__(self, generator: SceneGenerator, script: Sequence[tuple[dict[int, Any], int]],
                 seed: int = 0, loop: bool = False) -> None:
        self.generator = generator
        self.script = list(script)
        self.seed = seed
        self.loop = loop
        self.name = f"synthetic:{generator.faces.name}"
        self._frames: list[BGRImage] = []
        self._pos = -1

    def open(self) -> None:
        """Render the script (same seed: same camera pose throughout)."""
        self._frames = []
        for sets, count in self.script:
            image = self.generator.render(self.seed, sets).image
            self._frames.extend([image] * count)
        self._pos = 0

    def read(self) -> BGRImage:
        """The next scripted frame."""
        if self._pos < 0:
            raise SourceError(f"{self.name} is not open")
        if self._pos >= len(self._frames):
            if not self.loop or not self._frames:
                raise SourceError(f"脚本结束 end of synthetic script ({self.name})")
            self._pos = 0
        frame = self._frames[self._pos]
        self._pos += 1
        return frame.copy()

    def close(self) -> None:
        """Drop the rendered frames."""
        self._frames = []
        self._pos = -1


class PiCameraSource:
    """The Raspberry Pi camera through picamera2 (imported only when opened)."""

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        self.size = size
        self.name = "picamera2"
        self._cam: Any = None

    def open(self) -> None:
        """Configure and start the camera."""
        self.close()
        try:
            from picamera2 import Picamera2
            cam = Picamera2()
            cam.configure(cam.create_video_configuration(
                main={"size": self.size, "format": "RGB888"}))
            cam.start()
        except Exception as exc:  # any failure of the camera stack is a source failure
            raise SourceError(f"无法打开树莓派相机 cannot open picamera2: {exc}") from exc
        self._cam = cam

    def read(self) -> BGRImage:
        """Capture one frame (picamera2's ``RGB888`` is BGR-ordered)."""
        if self._cam is None:
            raise SourceError("picamera2 is not open")
        try:
            frame = np.asarray(self._cam.capture_array("main"))
        except Exception as exc:
            raise SourceError(f"读帧失败 picamera2 capture failed: {exc}") from exc
        out: BGRImage = np.ascontiguousarray(frame[:, :, :3])
        return out

    def close(self) -> None:
        """Stop and release the camera."""
        if self._cam is not None:
            try:
                self._cam.stop()
                self._cam.close()
            except Exception:  # closing a dead camera must not raise
                pass
            self._cam = None


def open_source(spec: str, size: tuple[int, int] = (1280, 720)) -> FrameSource:
    """A source from a spec: ``picamera``, ``usb:N``, a ``/dev/video*`` path, a video file or
    a folder of images.  Not yet opened."""
    if spec == "picamera":
        return PiCameraSource(size)
    if spec.startswith("usb:"):
        return CaptureSource(int(spec[4:]), size)
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path)
    return CaptureSource(spec, None)


class ResilientSource:
    """Wraps a source so that failures become ``None`` plus :attr:`status`, never exceptions.

    After a failure it reopens the source, waiting ``backoff`` seconds (doubling up to
    ``max_backoff``) between attempts; ``clock`` and ``sleep`` are injectable for tests.
    """

    def __init__(self, source: FrameSource, backoff: float = 0.5, max_backoff: float = 8.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.source = source
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.clock = clock
        self.status = "closed"
        self.failures = 0
        self._open = False
        self._next_try = 0.0
        self._wait = backoff

    def read(self) -> BGRImage | None:
        """A frame, or ``None`` while the source is down (see :attr:`status`)."""
        if not self._open:
            if self.clock() < self._next_try:
                return None
            try:
                self.source.open()
            except SourceError as exc:
                self._fail(exc)
                return None
            self._open = True
            self._wait = self.backoff
        try:
            frame = self.source.read()
        except SourceError as exc:
            self._fail(exc)
            return None
        self.status = "ok"
        return frame

    def _fail(self, exc: SourceError) -> None:
        self.failures += 1
        self.status = str(exc)
        self.source.close()
        self._open = False
        self._next_try = self.clock() + self._wait
        self._wait = min(self._wait * 2, self.max_backoff)

    def close(self) -> None:
        """Close the wrapped source."""
        self.source.close()
        self._open = False
        self.status = "closed"
