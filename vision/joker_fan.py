"""A fan of jokers only (一手王): counted by its cards' edges, told apart by corner ink.

A joker's corner shows a picture or a word, not an index the finder reads, so a set
of jokers alone reads as nothing.  Yet a fan shows where each card lies over the
next: a straight edge across the paper from the fan's top to its bottom.  Art on a
card's face (a frame, a word) stops short of the card's ends, so only lines that run
the whole height — near its top, its middle and its bottom, the same way dark to light
— count as edges.  The card on top shows whole: its edge lies a card's width from the
fan's far end, and the edges before it part the cards beneath.  Each card's visible
strip then shows its corner mark, red on a 大王 and not on a 小王.

The result is a guess for the players to confirm (the reading is always unsure).
The same strips (:func:`fan_strips`) serve a set whose indices were read, when its
paper reaches past the cards read (:func:`vision.fan.room_for_more`): the strips with
no index read on them show where more cards lie.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median

import cv2
import numpy as np
import numpy.typing as npt

from gouji.cards import Rank
from vision.components import components_with_stats
from vision.indices import JOKER_RED_SHARE, PaperInk, red_share
from vision.types import BGRImage, Mask

CARD_HEIGHT_MM = 88.0
WORK_PX_PER_MM = 2.0  # the fan is looked at in a view this fine
ROWS_PER_MM = 0.5  # and its edges along the cards at this (coarser) scale
FAN_DOWN_MM = (75.0, 115.0)  # a fan's extent along its cards (a card's height, turned a little)
FAN_ACROSS_MM = 66.0  # and across them: a card's width and at least one step
TOP_CARD_MM = (50.0, 68.0)  # the top card's edge this far from the fan's far end (cards: 57–63)
# and not past the top card's own read corner index (its side lies 5-7 mm before it, at the
# line's middle up to 4 mm either way as the card turns; a pip column or a frame line on its
# face lies after it): this far past the index at most
TOP_SIDE_PAST_INDEX_MM = 1.5
LEAST_STEP_MM = 9.0  # edges nearer than this are one edge
FIRST_STRIP = 0.6  # a first "edge" nearer the bottom card's end than this × the fan's step
END_MM = 8.0  # no card's edge lies this near the fan's ends
OUTLINE_MM = 6.0  # lines this near them are the fan's outline
NECK_MM = 15.0  # paper joined to the fan by a narrower neck (a label, a marker) is not the fan
TILTS_DEG = np.arange(-6.0, 6.01, 1.0)  # a card lies turned this far from the fan's axis
BAND_ENDS_MM = (3.0, 12.0)  # the bands near the fan's top and bottom where an edge must show
# and where natural indices were read: a court card's frame line, 9–12 mm from its ends, ran
# through the wider bands and parted a read card's strip in two (`KK` read `KKB`); where
# only jokers were, neoclassical's pictures part theirs in the narrower ones (`BR` read `BBR`)
READ_BAND_ENDS_MM = (3.0, 9.0)
LEAST_EDGE = 0.03  # the least change of paper brightness (as a share) across an edge
FAINT = 0.3  # a line this much fainter than the fan's typical edge is art, not an edge
# and one under FIRM × the typical edge is an edge only a fan's step (the median gap between
# the firmer lines) from the lines either side of it, within STEP_SLACK × the step: a court
# card's art or a joker's frame line under a strip parts it unevenly (`KK` read `KKR`)
FIRM = 0.5
STEP_SLACK = 0.2
CORNER_MM = (2.0, 25.0)  # a strip's corner mark lies this far from its end
CORNER_WIDTH_MM = 14.0
INDEX_AT_MM = (5.0, 7.0)  # a corner index's middle from the card's side and end
LEAST_MARK = 4  # ink pixels (at WORK_PX_PER_MM) that make a mark
# a strip's joker is told by its ink within MARK_NEAR_MM of where its index would be, where
# that holds MARK_NEAR_LEAST ink pixels or more: further into the corner lies the picture
# (anglo's jester's red hat beside a 小王's black word: `BB` read `BR`)
MARK_NEAR_MM = 10.0
MARK_NEAR_LEAST = 30


@dataclass(frozen=True)
class FanStrips:
    """A fan's cards as its edges part them, bottom card first: how red each card's corner
    ink is (the joker it shows), and where each card's strip lies (to tell which cards an
    index was read on)."""

    reds: tuple[float, ...]  # per card, the share of its corner ink that is red (:func:`red_share`)
    matrix: npt.NDArray[np.float64]  # zone view -> the upright view the strips are in
    spans: tuple[tuple[float, float], ...]  # per card, its strip's columns in that view
    corners: tuple[tuple[float, float], ...]  # per card, where its index would be (zone view)
    down: tuple[float, float] = (0.0, 1.0)  # the way from those indices along their cards

    @property
    def jokers(self) -> tuple[Rank, ...]:
        """The joker each card's corner ink shows (:data:`JOKER_RED_SHARE` of it red: 大王)."""
        return tuple(Rank.BIG_JOKER if r >= JOKER_RED_SHARE else Rank.SMALL_JOKER
                     for r in self.reds)

    def across(self, point: tuple[float, float]) -> float:
        """Where a zone view point lies across the fan: its column in the strips' view."""
        return float(self.matrix[0] @ np.array([point[0], point[1], 1.0]))

    def bare(self, read: list[tuple[float, float]]) -> list[int]:
        """The cards (bottom card first) on whose strip none of the ``read`` points (zone
        view pixels: the indices read) lies, beyond the read cards or between them."""
        xs = [self.across(p) for p in read]
        return [i for i, (a, b) in enumerate(self.spans) if not any(a <= x <= b for x in xs)]

    def bare_corners(self, read: list[tuple[float, float]]) -> list[tuple[float, float]]:
        """Where the index would lie of each card :meth:`bare` finds."""
        return [self.corners[i] for i in self.bare(read)]

    def step_mm(self) -> float:
        """The fan's typical step: the median width of the strips under the top card."""
        return float(np.median([b - a for a, b in self.spans[:-1]])) / WORK_PX_PER_MM


@dataclass(frozen=True)
class _Upright:
    """The fan turned so that its cards' long side runs down the view, at WORK_PX_PER_MM."""

    matrix: npt.NDArray[np.float64]  # zone view -> this view
    size: tuple[int, int]  # width, height
    fan: Mask
    strength: npt.NDArray[np.float64]  # per column: how surely a card's edge runs there


def joker_fan(image: BGRImage, seen: PaperInk, px_per_mm: float,
              joker_red: float) -> FanStrips | None:
    """The cards of a fan in which no index was read (``seen``: the finder's ink and paper
    of ``image``, a zone view at ``px_per_mm``), bottom card first, its cards' way told by
    its outline alone: their jokers (:attr:`FanStrips.jokers`), where each one's index
    would lie; ``None`` when the paper is no fan of two or more cards or no card edge is
    found.  (Its bottom card's frame line may pass for an edge: :func:`fan_strips`'
    ``frames``.)"""
    return fan_strips(image, seen, px_per_mm, joker_red, frames=True)


def fan_strips(image: BGRImage, seen: PaperInk, px_per_mm: float, joker_red: float,
               down: tuple[float, float] | None = None, frames: bool = False,
               band: tuple[float, float] = BAND_ENDS_MM,
               top_card: tuple[tuple[float, float], ...] = ()) -> FanStrips | None:
    """The cards of the fan in a zone view as its edges part them (see :func:`joker_fan`);
    ``down``: the cards' long axis when the read indices tell it (else both of the fan
    outline's axes are tried); ``frames``: a fan of jokers alone, whose bottom card's frame
    line may pass for a first edge (:func:`_edges`); ``band``: how far from the fan's ends
    (mm) its edges must show (:data:`READ_BAND_ENDS_MM` beside read natural indices);
    ``top_card``: where the top card's indices were read (zone view), when both were: its
    edge lies before the nearer (:data:`TOP_SIDE_PAST_INDEX_MM`)."""
    fan = _fan_paper(seen, px_per_mm)
    if fan is None:
        return None
    best: tuple[float, _Upright, list[float], bool, float | None] | None = None
    for upright in _uprights(seen, fan, px_per_mm, down, band):
        cols = [float(upright.matrix[0] @ np.array([x, y, 1.0])) for x, y in top_card]
        found = _edges(upright, frames, cols)
        if found is not None and (best is None or found[0] > best[0]):
            best = (found[0], upright, *found[1:])
    if best is None:
        return None
    _, upright, edges, flipped, frame = best
    return _strips(image, seen, upright, edges, flipped, joker_red, frame)


def _fan_paper(seen: PaperInk, px_per_mm: float) -> Mask | None:
    """The largest paper region less anything joined to it by a narrow neck, at
    WORK_PX_PER_MM."""
    areas = seen.region_areas
    if len(areas) < 2:
        return None
    k = WORK_PX_PER_MM / px_per_mm
    paper = cv2.resize((seen.blobs == int(np.argmax(areas))).astype(np.uint8), None,
                       fx=k, fy=k, interpolation=cv2.INTER_NEAREST)
    side = int(NECK_MM * WORK_PX_PER_MM) | 1
    body = cv2.morphologyEx(paper, cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_RECT, (side, side)))
    n, labels, stats, _ = components_with_stats(body)
    if n < 2:
        return None
    biggest = (labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))).astype(np.uint8)
    fan: Mask = paper & cv2.dilate(biggest, np.ones((3, 3), np.uint8))
    return fan


def _uprights(seen: PaperInk, fan: Mask, px_per_mm: float,
              down_hint: tuple[float, float] | None, band: tuple[float, float]
              ) -> list[_Upright]:
    """The fan turned upright both ways its outline allows (its least box's sides are the
    cards' long and short axes), or only the way nearer ``down_hint``; its edges must show
    in ``band`` (:func:`_edge_strength`)."""
    outline = max(cv2.findContours(fan, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0],
                  key=cv2.contourArea)
    k = WORK_PX_PER_MM / px_per_mm  # ``fan`` is at this scale of the zone view
    (cx, cy), (w, h), angle = cv2.minAreaRect(outline)
    cx, cy, w, h = cx / k, cy / k, w / k, h / k
    out = []
    ways = [(angle, h, w), (angle + 90.0, w, h)]
    if down_hint is not None:  # the way whose "down" (the view's y axis) lies nearer it
        ways.sort(key=lambda way: -abs(math.cos(math.radians(way[0] + 90.0)) * down_hint[0]
                                       + math.sin(math.radians(way[0] + 90.0)) * down_hint[1]))
        ways = ways[:1]
    for turn, down, across in ways:
        down_mm, across_mm = down / px_per_mm, across / px_per_mm
        if not (FAN_DOWN_MM[0] <= down_mm <= FAN_DOWN_MM[1] and across_mm >= FAN_ACROSS_MM):
            continue
        size = (int((across_mm + 20) * WORK_PX_PER_MM), int((down_mm + 20) * WORK_PX_PER_MM))
        m = np.asarray(cv2.getRotationMatrix2D((cx, cy), turn, k), np.float64)
        m[0, 2] += size[0] / 2 - cx
        m[1, 2] += size[1] / 2 - cy
        shape = cv2.warpAffine(fan, m @ np.diag([1 / k, 1 / k, 1.0]), size,
                               flags=cv2.INTER_NEAREST)
        dark, level = (cv2.warpAffine(a, m, size, flags=cv2.INTER_LINEAR).astype(np.float32)
                       for a in (seen.inks.darkest, seen.inks.level))
        seen_refl = (dark / np.maximum(level, 40.0)).astype(np.float32)
        side = int(2 * WORK_PX_PER_MM) * 2 + 1  # off the fan's outline
        inner = cv2.erode(shape, np.ones((3, side), np.uint8))
        out.append(_Upright(m, size, shape, _edge_strength(seen_refl, inner, band)))
    return out


def _edge_strength(refl: npt.NDArray[np.float32], inner: Mask, band: tuple[float, float]
                   ) -> npt.NDArray[np.float64]:
    """Per column, over lines turned up to TILTS_DEG: the least change of brightness across
    the line among five bands (near the top and the bottom, ``band`` mm from the fan's
    ends, and three in the middle), when all change the same way; else 0."""
    w = inner.shape[1]
    h = max(1, round(inner.shape[0] * ROWS_PER_MM / WORK_PX_PER_MM))
    rows = cv2.resize(refl, (w, h), interpolation=cv2.INTER_AREA)  # bands average rows anyway
    inner = cv2.resize(inner, (w, h), interpolation=cv2.INTER_NEAREST)
    px = ROWS_PER_MM
    half = 2  # brightness compared this many pixels either side
    shears = [np.array([[1.0, s, -s * h / 2], [0.0, 1.0, 0.0]])
              for s in np.tan(np.radians(TILTS_DEG)) * WORK_PX_PER_MM / ROWS_PER_MM]
    # every tilt at once: (tilt, row, column), and per tilt the running sums down each
    # column of the brightness inside the fan and of the fan (an integral image differenced
    # across its columns)
    r = np.stack([cv2.warpAffine(rows, t, (w, h), flags=cv2.INTER_LINEAR) for t in shears])
    m = np.stack([cv2.warpAffine(inner, t, (w, h), flags=cv2.INTER_NEAREST) for t in shears])
    weighted = r * m
    sums = np.stack([np.diff(cv2.integral(a), axis=1) for a in weighted])
    counts = np.stack([np.diff(cv2.integral(a), axis=1) for a in m])
    # the fan's first and last row in each column: the running counts are 0 down to the
    # first and reach the column's total just past the last (summed, not searched for:
    # numpy's argmax across rows is slow)
    total = counts[:, -1:, :]
    filled = total[:, 0, :] > 0
    top = np.where(filled, (counts == 0).sum(axis=1) - 1, 0)
    bottom = np.where(filled, (counts < total).sum(axis=1) - 1, h - 1)
    ok = filled & (bottom - top >= 0.7 * CARD_HEIGHT_MM * px)
    near, far = (int(v * px) for v in band)
    middle = np.linspace(top + far, bottom - far, 4).astype(int)  # (4, tilt, column)
    r0 = np.clip(np.stack([top + near, bottom - far, *middle[:3]]), 0, h)  # (band, tilt, col)
    r1 = np.clip(np.stack([top + far, bottom - near, *middle[1:]]), 0, h)
    tilt = np.arange(len(shears))[None, :, None]
    col = np.arange(w)[None, None, :]
    n = counts[tilt, r1, col] - counts[tilt, r0, col]
    mean = (sums[tilt, r1, col] - sums[tilt, r0, col]) / np.maximum(n, 1)
    ok &= (n >= 0.6 * np.maximum(r1 - r0, 1)).all(axis=0)
    change = np.zeros(mean.shape)
    change[..., half:-half] = mean[..., 2 * half:] - mean[..., :-2 * half]
    lowest, highest = change.min(axis=0), change.max(axis=0)
    best: npt.NDArray[np.float64] = (np.maximum(np.maximum(lowest, -highest), 0.0) * ok
                                     ).max(axis=0)
    return best


def _edges(upright: _Upright, frames: bool = False, top_card: Sequence[float] = ()
           ) -> tuple[float, list[float], bool, float | None] | None:
    """(how sure, the card edges in mm from the bottom card's free end, whether the top card
    lies at the view's left): the top card's edge is the strongest line a card's width
    from one end, before the top card's nearer read index (``top_card``: the columns of its
    indices, when both were read; art on its face may be a stronger line: neoclassical's 8's
    pips, `888888R` read `888888RR`); the lines before it part the cards beneath (a faint one
    only a fan's step from its neighbours: :func:`_on_step`).  Of the two ends, the one
    beyond whose top card's edge the lines are weakest (only its face's art) is the top.
    With ``frames``, a first line nearer the bottom card's free end than
    :data:`FIRST_STRIP` of the fan's step is that card's frame line, not an edge: the fourth
    value is where it lies (mm, as the edges), else ``None``."""
    px = WORK_PX_PER_MM
    cols = np.nonzero(upright.fan.any(axis=0))[0]
    x0, x1 = int(cols[0]), int(cols[-1])
    length = (x1 - x0) / px
    strength = upright.strength.copy()
    outline = int(OUTLINE_MM * px)  # cleared first, or the outline would hide an edge near it
    strength[:x0 + outline] = 0.0
    strength[x1 - outline:] = 0.0
    peaks = _peaks(strength, int(LEAST_STEP_MM * px), LEAST_EDGE)
    found = [((p - x0) / px, float(strength[p])) for p in peaks
             if END_MM <= (p - x0) / px <= length - END_MM]
    best: tuple[float, list[float], bool, float | None] | None = None
    tops = [(c - x0) / px for c in top_card]
    for flipped in (False, True):
        lines = sorted(((length - x if flipped else x), v) for x, v in found)
        side = min((length - t if flipped else t for t in tops), default=math.inf)
        window = [(x, v) for x, v in lines
                  if length - TOP_CARD_MM[1] <= x <= length - TOP_CARD_MM[0]
                  and x <= side + TOP_SIDE_PAST_INDEX_MM]
        if not window:
            continue
        top_edge, sure = max(window, key=lambda xv: xv[1])
        beyond = max((v for x, v in lines if x > top_edge), default=0.0)
        typical = float(median([v for x, v in lines if x <= top_edge]))
        edges = _on_step([(x, v) for x, v in lines if x <= top_edge and v >= FAINT * typical],
                         FIRM * typical)
        frame = None
        if (frames and len(edges) >= 2
                and edges[0] < FIRST_STRIP * float(np.median(np.diff(edges)))):
            frame, edges = edges[0], edges[1:]  # the bottom card's frame line, not an edge
        if best is None or sure - beyond > best[0]:
            best = (sure - beyond, edges, flipped, frame)
    return best


def _on_step(lines: list[tuple[float, float]], firm: float) -> list[float]:
    """The places of the ``lines`` (place, strength; in order) at least ``firm`` strong, and
    of the fainter ones that lie a fan's step from the lines either side (the first: from
    the fan's end), within :data:`STEP_SLACK` of it; the step is the median gap between the
    firm lines (with fewer than two, no faint line is kept)."""
    firm_places = [x for x, v in lines if v >= firm]
    if len(firm_places) < 2:
        return firm_places
    step = float(np.median(np.diff(firm_places)))
    places = [0.0, *(x for x, _ in lines)]
    out = []
    for i, (x, v) in enumerate(lines):
        after = places[i + 2] if i + 2 < len(places) else x + step
        if v >= firm or (abs(x - places[i] - step) <= STEP_SLACK * step
                         and abs(after - x - step) <= STEP_SLACK * step):
            out.append(x)
    return out


def _peaks(strength: npt.NDArray[np.float64], gap: int, least: float) -> list[int]:
    """Columns of the strongest lines, each at least ``gap`` from a stronger one."""
    taken: list[int] = []
    for x in np.argsort(-strength):
        if strength[x] < least:
            break
        if all(abs(int(x) - t) >= gap for t in taken):
            taken.append(int(x))
    return taken


def _strips(image: BGRImage, seen: PaperInk, upright: _Upright, edges: list[float],
            flipped: bool, joker_red: float, frame: float | None = None) -> FanStrips:
    """The cards the ``edges`` part, each with its strip, where its index would be and its
    joker by the ink at its strip's corner: with the top card at the right the corner marks
    show at the strips' top left (the fan turned half round: bottom right).  ``frame``: the
    bottom card's frame line (:func:`_edges`), before which its corner mark is looked for."""
    px = WORK_PX_PER_MM
    view = cv2.warpAffine(image, upright.matrix, upright.size, flags=cv2.INTER_LINEAR)
    ink = cv2.warpAffine(seen.inks.ink, upright.matrix, upright.size, flags=cv2.INTER_NEAREST)
    cols = np.nonzero(upright.fan.any(axis=0))[0]
    x0, length = int(cols[0]), (int(cols[-1]) - int(cols[0])) / px
    fan_rows = np.nonzero(upright.fan.any(axis=1))[0]
    bounds = [0.0, *edges]
    back = cv2.invertAffineTransform(upright.matrix)
    reds: list[float] = []
    spans = []
    corners: list[tuple[float, float]] = []
    for i, left in enumerate(bounds):
        right = bounds[i + 1] if i + 1 < len(bounds) else length
        spans.append(tuple(sorted(x0 + px * (length - v if flipped else v)
                                  for v in (left, right))))
        a, b = left + 0.5, min(right - 0.5, left + CORNER_WIDTH_MM)
        if i == 0 and frame is not None:  # the bottom card's mark lies outside its frame
            b = min(b, frame - 0.5)
        if flipped:
            a, b = length - b, length - a
        c0, c1 = x0 + int(a * px), x0 + int(b * px)
        rows = np.nonzero(upright.fan[:, c0:c1].any(axis=1))[0]
        if not rows.size:  # (no paper at its corner: no mark either, but a place all the same)
            rows = fan_rows
        near, far = (int(v * px) for v in CORNER_MM)
        r0, r1 = ((rows[0] + near, rows[0] + far) if not flipped
                  else (rows[-1] - far, rows[-1] - near))
        corner = x0 + px * (length - left - INDEX_AT_MM[0] if flipped else left + INDEX_AT_MM[0])
        row = rows[-1] - px * INDEX_AT_MM[1] if flipped else rows[0] + px * INDEX_AT_MM[1]
        x, y = back @ np.array([corner, row, 1.0])
        corners.append((float(x), float(y)))
        ys, xs = np.nonzero(ink[r0:r1, c0:c1])
        ys, xs = ys + r0, xs + c0
        near = np.hypot(xs - corner, ys - row) <= MARK_NEAR_MM * px
        if near.sum() >= MARK_NEAR_LEAST:  # (else the strip's edge is off: all its corner)
            ys, xs = ys[near], xs[near]
        reds.append(0.0 if len(ys) < LEAST_MARK else red_share(view, ys, xs, joker_red))
    way = back[:, :2] @ np.array([0.0, -1.0 if flipped else 1.0])
    way /= np.hypot(*way)
    return FanStrips(tuple(reds), upright.matrix,
                     tuple((float(a), float(b)) for a, b in spans), tuple(corners),
                     (float(way[0]), float(way[1])))
