"""Watching the six zones (看牌区): when does a seat add cards, when is a zone cleared.

Per frame the watcher shrinks the frame, warps it to a small top view of the
mat (2 mm per pixel) and compares it with the previous one.  While anything
moves (a hand dropping cards) it waits; once the view has been still for
``settle_frames`` frames it compares each zone with the last settled state and
reports, per seat, "cards added" (with where), "zone cleared" (扣牌) or nothing.
Optionally, every ``recheck_every`` still frames it re-detects the mat's markers
(:func:`vision.calibrate.check`) and keeps the result in ``last_check``, to warn
when the mat or camera moved.

Paper is told from the felt by colour saturation, not brightness, and ink by
being darker than the paper around it, so a slow change of light or a shadow is
not a change.  The light's colour, as the mat's white shows it (:mod:`vision.white`),
is divided out first: under a warm bulb white paper is as saturated as the felt.
Cards laid over a seat's earlier play add little paper but new ink and art, which
count too; such an "added" event carries the frame as it was
before, so that the reader can tell the new cards from the old
(:mod:`vision.earlier`).  Felt is felt only in its own colour: a court card's
art is not paper either, but no card taken away.  Skin-coloured pixels joined to
the view's border are a hand, its arm reaching in: the zone is left alone until
it goes (red pips alone are skin-coloured too).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import cv2
import numpy as np
import numpy.typing as npt

from vision.calibrate import Calibration, CheckResult, check
from vision.indices import ink_map
from vision.types import BGRImage, Mask
from vision.white import balanced, mat_white

MM_PER_PX = 2.0
JITTER = np.ones((3, 3), np.uint8)  # ink moved by a view pixel is the same ink
FELT_HUE = 12  # OpenCV hue units (of 180): how far from the felt's hue is still felt


class ZoneChange(Enum):
    """What happened in a zone."""

    ADDED = "added"  # 出牌: new cards were laid
    CLEARED = "cleared"  # 扣牌: the zone was emptied


@dataclass(frozen=True)
class ZoneEvent:
    """A settled change in one seat's zone; ``region_mm`` bounds the new cards (x0, y0, x1, y1),
    or all the zone's paper when they were laid on older cards; ``before`` is then the frame
    in which the zone last settled (showing the older cards), else ``None``."""

    seat: int
    change: ZoneChange
    region_mm: tuple[float, float, float, float] | None
    before: BGRImage | None = None

    def region_polygon(self) -> npt.NDArray[np.float32] | None:
        """The region as a 4-point polygon in mat millimetres (for :meth:`Recognizer.read_zone`)."""
        if self.region_mm is None:
            return None
        x0, y0, x1, y1 = self.region_mm
        return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


class ZoneWatcher:
    """Feed it frames with :meth:`update`; it returns the zone events of that frame."""

    def __init__(self, calibration: Calibration, *, settle_frames: int = 4,
                 motion_fraction: float = 0.002, change_fraction: float = 0.02,
                 recheck_every: int = 0) -> None:
        self.cal = calibration
        self.recheck_every = recheck_every  # re-detect markers every N still frames; 0: never
        self.last_check: CheckResult | None = None
        self._settled_frames = 0
        self.settle_frames = settle_frames
        self.motion_fraction = motion_fraction
        self.change_fraction = change_fraction
        w, h = calibration.frame_size
        self._shrink = 4
        self._small_size = (w // self._shrink, h // self._shrink)
        lay = calibration.layout
        self._view_size = (int(lay.width_mm / MM_PER_PX), int(lay.height_mm / MM_PER_PX))
        scale_in = np.diag([self._shrink, self._shrink, 1.0])  # small px -> frame px
        to_view = np.diag([1 / MM_PER_PX, 1 / MM_PER_PX, 1.0])  # mm -> view px
        self._warp = to_view @ np.linalg.inv(calibration.homography) @ scale_in
        self._zones = []
        for zone in lay.zones:
            m = np.zeros(self._view_size[::-1], np.uint8)
            cv2.fillPoly(m, [np.round(zone / MM_PER_PX).astype(np.int32)], 1)
            m = cv2.erode(m, np.ones((5, 5), np.uint8))  # keep off the printed outline
            self._zones.append(m.astype(bool))
        self._prev: npt.NDArray[np.int16] | None = None
        self._still = 0
        self._settled: list[Mask] | None = None
        self._settled_ink: list[Mask] = []
        self._before: list[BGRImage] = []
        self._empty: list[float] = []
        self._felt: list[int] = []  # per zone, the felt's hue when it was first seen
        self.moving = False

    def _view(self, frame: BGRImage) -> BGRImage:
        small = cv2.resize(frame, self._small_size, interpolation=cv2.INTER_AREA)
        out: BGRImage = cv2.warpPerspective(small, self._warp, self._view_size,
                                            flags=cv2.INTER_NEAREST)
        return out

    @staticmethod
    def _paper_and_skin(view: BGRImage) -> tuple[Mask, Mask]:
        hsv = cv2.cvtColor(view, cv2.COLOR_BGR2HSV)
        hue, sat, val = hsv[:, :, 0], hsv[:, :, 1], hsv[:, :, 2]
        paper = (sat < 70) & (val > 60)
        skin = (sat >= 70) & (val > 60) & ((hue < 22) | (hue > 170))
        return paper, skin

    def update(self, frame: BGRImage) -> list[ZoneEvent]:
        """Process one frame; returns events (usually none)."""
        view = self._view(frame)
        gray = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.int16)
        prev, self._prev = self._prev, gray
        if prev is None:
            return self._settle(frame, view, first=True)
        changed = np.count_nonzero(np.abs(gray - prev) > 20)
        moving = float(changed) > self.motion_fraction * gray.size
        if moving:
            self._still = 0
            self.moving = True
            return []
        self._still += 1
        if self.moving and self._still >= self.settle_frames:
            self.moving = False
            return self._settle(frame, view)
        if not self.moving and self.recheck_every:
            self._settled_frames += 1
            if self._settled_frames % self.recheck_every == 0:
                self.last_check = check(self.cal, frame)
        return []

    def _settle(self, frame: BGRImage, view: BGRImage, first: bool = False) -> list[ZoneEvent]:
        view = balanced(view, mat_white(frame, self.cal.homography, self.cal.layout))
        paper, skin = self._paper_and_skin(view)
        hue = cv2.cvtColor(view, cv2.COLOR_BGR2HSV)[:, :, 0].astype(np.int16)
        ink = ink_map(view).ink.astype(bool)
        kept = frame.copy()  # the caller's source may reuse its buffer
        if first or self._settled is None:
            self._settled = [paper & z for z in self._zones]
            self._settled_ink = [ink & z for z in self._zones]
            self._before = [kept] * len(self._zones)
            self._empty = [float(np.count_nonzero(p)) / max(1, int(np.count_nonzero(z)))
                           for p, z in zip(self._settled, self._zones, strict=True)]
            self._felt = [int(np.median(hue[z & ~paper])) if (z & ~paper).any() else -1
                          for z in self._zones]
            return []
        hands = _reaching_in(skin)
        events = []
        for seat, zone in enumerate(self._zones):
            area = max(1, int(np.count_nonzero(zone)))
            if np.count_nonzero(hands & zone) > 0.05 * area:
                continue  # a hand still rests there; decide when it has gone
            now, ink_now = paper & zone, ink & zone
            before, ink_before = self._settled[seat], self._settled_ink[seat]
            # the felt showing: reaching the zone's rim, in its colour (not a court card's
            # art, which reaches the felt through the card's outline over older cards)
            felt = ~_holes_filled(paper, zone) & self._felt_coloured(hue, seat)
            added = now & ~before  # paper where the felt showed
            removed = before & felt  # felt where there was paper
            # cards laid over older ones add little paper: their ink and art are the change
            inked = (ink_now & ~_grown(ink_before)) | (ink_before & ~_grown(ink_now))
            changed = added | ((inked | (before & ~now)) & zone & ~felt)
            frac_now = float(np.count_nonzero(now)) / area
            news = np.count_nonzero(changed)
            if news > self.change_fraction * area and news >= np.count_nonzero(removed):
                # over older cards the new ones' bounds are not seen: all the paper, then
                old = (np.count_nonzero(before) / area
                       > self._empty[seat] + self.change_fraction)
                ys, xs = np.nonzero(zone & ~felt if old else changed)
                region = (float(xs.min()) * MM_PER_PX, float(ys.min()) * MM_PER_PX,
                          float(xs.max() + 1) * MM_PER_PX, float(ys.max() + 1) * MM_PER_PX)
                events.append(ZoneEvent(seat, ZoneChange.ADDED, region,
                                        self._before[seat] if old else None))
            elif np.count_nonzero(removed) > self.change_fraction * area and \
                    frac_now < self._empty[seat] + self.change_fraction:
                events.append(ZoneEvent(seat, ZoneChange.CLEARED, None))
                # (first seen with cards on it, a zone shows its empty state only now)
                self._empty[seat] = min(self._empty[seat], frac_now)
            else:
                continue
            self._settled[seat], self._settled_ink[seat] = now, ink_now
            self._before[seat] = kept
        return events

    def _felt_coloured(self, hue: npt.NDArray[np.int16], seat: int) -> Mask:
        """Pixels of the zone's felt colour (its hue, within :data:`FELT_HUE`)."""
        if self._felt[seat] < 0:
            return np.ones(hue.shape, bool)
        off = np.abs(hue - self._felt[seat])
        near: Mask = np.minimum(off, 180 - off) <= FELT_HUE
        return near


def _joined_to(mask: Mask, rim: Mask, connectivity: int) -> Mask:
    """The parts of ``mask`` (connected ``connectivity``-wise) that reach ``rim``."""
    _, labels = cv2.connectedComponents(mask.astype(np.uint8), connectivity=connectivity)
    reaching = np.unique(labels[rim & mask])
    joined: Mask = np.isin(labels, reaching[reaching > 0])
    return joined


def _reaching_in(skin: Mask) -> Mask:
    """The skin-coloured pixels joined to the view's border: a hand, its arm reaching in
    from beyond the mat (a court card's face on the mat is skin-coloured too, but alone)."""
    border = np.zeros_like(skin, bool)
    border[[0, -1], :] = border[:, [0, -1]] = True
    return _joined_to(skin, border, 8)


def _holes_filled(paper: Mask, zone: Mask) -> Mask:
    """The zone's ``paper`` with its holes filled: what cards cover, their coloured art
    included (felt showing through reaches the zone's rim; a card's art does not)."""
    rim = zone & ~cv2.erode(zone.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    covered: Mask = zone & ~_joined_to(zone & ~paper, rim, 4)
    return covered


def _grown(mask: Mask) -> Mask:
    grown: Mask = cv2.dilate(mask.astype(np.uint8), JITTER).astype(bool)
    return grown
