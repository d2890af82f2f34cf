"""Camera → zone watching → recognition, on two background threads (相机流水线).

The *capture* thread reads the configured frame source through
:class:`vision.sources.ResilientSource` (a vanished camera is reported and
reopened with back-off, never raised) and puts frames into a bounded
:class:`~device.frames.DropOldest` queue.  The *vision* thread takes frames
from it, finds the mat (calibrating from its markers, falling back to a stored
``calibration.json``), feeds :class:`vision.watch.ZoneWatcher`, and reads a zone
whose cards were added with :class:`vision.recognize.Recognizer`; every
``recheck_every`` still frames it re-detects the markers, and a mat or camera
that moved is reported and calibrated again.  Results are
posted to a second bounded queue that the main loop drains every tick, so the
screen never waits on recognition.

Everything the main loop needs is the :class:`ReadingSource` seam: tests and
the kill test hand the loop a scripted source instead.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2

from device.config import CameraConfig
from device.frames import DropOldest
from vision.calibrate import Calibration, CalibrationError, CheckResult, calibrate
from vision.mat import layout_for
from vision.recognize import Recognizer, SetReading
from vision.sources import FrameSource, ResilientSource
from vision.types import BGRImage
from vision.watch import ZoneChange, ZoneWatcher

log = logging.getLogger(__name__)

CALIBRATION_FILE = "calibration.json"


@dataclass(frozen=True)
class ZoneRead:
    """Cards were laid in ``seat``'s zone and read; ``jpeg`` is the frame, as evidence."""

    seat: int
    reading: SetReading
    jpeg: bytes | None = None


@dataclass(frozen=True)
class ZoneCleared:
    """``seat``'s zone was emptied (扣牌)."""

    seat: int


@dataclass(frozen=True)
class CameraStatus:
    """The camera or the mat changed state: ``ok`` false while it cannot be used."""

    ok: bool
    text: str


VisionResult = ZoneRead | ZoneCleared | CameraStatus


class ReadingSource(Protocol):
    """What the main loop needs of the camera side."""

    def start(self) -> None:
        """Begin producing results."""

    def poll(self) -> list[VisionResult]:
        """Results since the last poll, oldest first; never blocks."""

    def retake(self, seat: int) -> None:
        """Read ``seat``'s whole zone again from the next frame."""

    def stop(self) -> None:
        """Stop and release the camera."""


class CameraPipeline:
    """The real :class:`ReadingSource`: capture and vision threads over a frame source."""

    def __init__(self, source: FrameSource, *, state_dir: Path, fps: float = 8.0,
                 frame_queue: int = 4, result_queue: int = 64, paper: str = "A2",
                 recheck_every: int = 40) -> None:
        self.camera = ResilientSource(source)
        self.frames: DropOldest[BGRImage] = DropOldest(frame_queue)
        self.results: DropOldest[VisionResult] = DropOldest(result_queue)
        self._interval = 1.0 / fps
        self._recheck_every = recheck_every  # re-detect the mat's markers every N still frames
        self._calibration_path = state_dir / CALIBRATION_FILE
        self._layout = layout_for(paper)
        self._stop = threading.Event()
        self._retake: set[int] = set()
        self._before: dict[int, BGRImage | None] = {}  # per seat: before its last play
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._capture, name="capture", daemon=True),
                         threading.Thread(target=self._vision, name="vision", daemon=True)]
        self.calibration: Calibration | None = None
        self._last_status: CameraStatus | None = None
        self._check_seen: CheckResult | None = None

    def start(self) -> None:
        """Start both threads."""
        for thread in self._threads:
            thread.start()

    def poll(self) -> list[VisionResult]:
        """Results posted by the vision thread since the last poll."""
        return self.results.drain()

    def retake(self, seat: int) -> None:
        """Ask for ``seat``'s zone to be read again."""
        with self._lock:
            self._retake.add(seat)

    def stop(self) -> None:
        """Stop the threads and close the camera."""
        self._stop.set()
        for thread in self._threads:
            thread.join(2.0)
        self.camera.close()

    # ------------------------------------------------------------ capture thread

    def _capture(self) -> None:
        down = False
        while not self._stop.is_set():
            started = time.monotonic()
            frame = self.camera.read()
            if frame is None:
                if not down:
                    down = True
                    self.results.put(CameraStatus(False, f"相机不可用 camera down: "
                                                         f"{self.camera.status}"))
            else:
                if down:
                    down = False
                    self.results.put(CameraStatus(True, "相机恢复 camera back"))
                self.frames.put(frame)
            self._stop.wait(max(0.0, self._interval - (time.monotonic() - started)))

    # ------------------------------------------------------------ vision thread

    def _vision(self) -> None:
        recognizer = Recognizer()
        watcher: ZoneWatcher | None = None
        failing = False
        while not self._stop.is_set():
            frame = self.frames.get(timeout=0.2)
            if frame is None:
                continue
            try:
                if watcher is None:
                    watcher = self._watcher(frame)
                    continue
                self._look(frame, watcher, recognizer)
                if self._mat_moved(watcher):
                    watcher = None  # calibrate again from the next frame
                if failing:
                    failing = False
                    self._report(CameraStatus(True, "识别恢复 vision back"))
            except Exception as exc:  # a bad frame must not end the thread
                log.exception("vision failed on a frame")
                failing = True
                self._report(CameraStatus(False, f"识别出错 vision error: {exc}"))

    def _mat_moved(self, watcher: ZoneWatcher) -> bool:
        """Whether the watcher's last marker re-check (new since the last call) saw the mat
        or camera moved; reported, so that the band shows it until calibration succeeds."""
        check = watcher.last_check
        if check is None or check is self._check_seen:
            return False
        self._check_seen = check
        if check.moved:
            self._report(CameraStatus(False, check.message))
        return bool(check.moved)

    def _report(self, status: CameraStatus) -> None:
        """Post ``status`` unless it repeats the last one (a mat not found, frame after frame)."""
        if status != self._last_status:
            self._last_status = status
            self.results.put(status)

    def _watcher(self, frame: BGRImage) -> ZoneWatcher | None:
        """A watcher once the mat is found in ``frame`` (or a stored calibration fits it)."""
        try:
            cal = calibrate(frame, self._layout)
            cal.save(self._calibration_path)
        except CalibrationError as exc:
            if not self._calibration_path.exists():
                self._report(CameraStatus(False, str(exc)))
                return None
            cal = Calibration.load(self._calibration_path)
        h, w = frame.shape[:2]
        if cal.frame_size != (w, h):
            self._report(CameraStatus(False, f"标定不符 calibration is for {cal.frame_size}, "
                                             f"frames are {(w, h)}"))
            return None
        self.calibration = cal
        coarse = "".join(f"; S{seat} 看得太粗 seen too coarse ({scale:.1f} px/mm)"
                         for seat, scale in cal.coarse_seats())
        self._report(CameraStatus(True, f"标定完成 mat found ({len(cal.markers)} markers); "
                                        f"{cal.look_at(frame).describe()}{coarse}"))
        watcher = ZoneWatcher(cal, recheck_every=self._recheck_every)
        watcher.update(frame)
        return watcher

    def _look(self, frame: BGRImage, watcher: ZoneWatcher, recognizer: Recognizer) -> None:
        cal = watcher.cal
        with self._lock:
            again, self._retake = self._retake, set()
        look = functools.cache(lambda: cal.look_at(frame))  # measured once, if a set is read
        for seat in sorted(again):  # the seat's last play again, older cards under it not
            reading = recognizer.read_zone(frame, cal.homography, cal.layout.zones[seat],
                                           before=self._before.get(seat),
                                           look=look())
            self.results.put(ZoneRead(seat, _laid(reading), _jpeg(frame)))
        for event in watcher.update(frame):
            if event.change is ZoneChange.CLEARED:
                self._before.pop(event.seat, None)
                self.results.put(ZoneCleared(event.seat))
                continue
            region = event.region_polygon()
            zone = cal.layout.zones[event.seat] if region is None else region
            self._before[event.seat] = event.before
            reading = recognizer.read_zone(frame, cal.homography, zone, before=event.before,
                                           look=look())
            self.results.put(ZoneRead(event.seat, _laid(reading), _jpeg(frame)))


def _laid(reading: SetReading) -> SetReading:
    """The reading of a zone where cards were laid: where no card was found at all (no
    card-sized paper: a frame too dim, the mat's light misjudged) it is unsure (未见角标),
    not a sure "no cards" the referee would pass over — the players say what was played,
    or drop it with 撤销."""
    if reading.cards or reading.unsure:
        return reading
    return SetReading.none_read()


def _jpeg(frame: BGRImage) -> bytes | None:
    ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 85])
    return bytes(data) if ok else None


def frame_source(camera: CameraConfig) -> FrameSource:
    """The configured frame source, not yet opened (picamera2 imported only when used).

    ``synthetic`` renders the plays of the record file named by ``device`` (one play
    after another, each laid in its seat's zone and taken away again); with no
    record it shows the empty mat.
    """
    from vision import sources

    if camera.source == "picamera2":
        return sources.PiCameraSource(camera.resolution)
    if camera.source == "folder":
        return sources.FolderSource(Path(str(camera.device)))
    if camera.source == "synthetic":
        from device.synthetic_table import record_source

        return record_source(camera.device, camera.resolution)
    size = camera.resolution if camera.source == "usb" else None
    return sources.CaptureSource(camera.device, size)
