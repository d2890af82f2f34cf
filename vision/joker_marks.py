"""Taught joker corner marks (王的角标): reading jokers whose corner carries no index.

Many decks print no rank on their jokers: a star, a star in a disc, a round
"chip", the word *Joker* stacked letter by letter.  Deck teaching
(:mod:`vision.teach`) learns such a mark from the upright joker card:

* the *head*, the first ink shape in the top-left corner, and the shapes
  stacked under it (the other letters of a word) make the mark;
* its feature is the 20×20 glyph feature (:func:`vision.glyphs.points_feature`)
  of all of the mark's ink, upright; its *box* (relative to the head's centre,
  in head heights) says which ink belongs to it;
* the head's height relative to the deck's rank glyphs and to the card's
  width, the head's redness, and where the opposite corner's head sits.

:class:`JokerMarkReader` then looks at the ink that no read index uses and
reads a head as 小王 / 大王 when, turned the way the read indices beside it
are (or the way a card around it lies), its mark matches a taught one well,
has the right size and sits just inside a card edge.  Such a reading becomes an
:class:`vision.indices.IndexMark` (pip ``"*"``) with the similarity as its
score, so it is paired and counted like any index; a middling match is a
corner seen but not read (an extra :class:`vision.indices.StrayInk`: the
set is unsure), a poor one is left alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from statistics import median

import cv2
import numpy as np
import numpy.typing as npt

from gouji.cards import Rank
from vision.glyphs import GLYPH_SIZE, batch_features
from vision.indices import (
    IndexMark,
    PaperInk,
    StrayInk,
    component_points,
    component_redness,
    edge_probe,
    in_any_index_box,
    ink_and_paper,
    ink_components,
    ink_level,
    largest_glyph,
    mark_frame,
    mean_redness,
    paper_ends_above,
    paper_ends_above_each,
    paper_kernel,
    paper_regions,
    row_ends,
    turned,
)
from vision.types import BGRImage, FloatArray, Labels, Mask

# which of some components (labels, stats, ids) are cards' own big suit pips, judged beside
# the read index marks (IndexFinder.big_pips)
BigPips = Callable[[Labels, Labels, list[int], list[IndexMark]], set[int]]
MARK_PIP = "*"  # the ``pip`` of an IndexMark read from a taught joker mark
SEEN = 0.65  # least similarity for a mark not read to count as a corner seen (unsure set)
ACCEPT = 0.8  # least similarity to a taught mark for a joker to be read
RED_SPLIT = 0.35  # where between the taught jokers' rednesses a mark turns 大王
ALONE_PENALTY = 0.05  # similarity taken off a mark that lies beside no read index
SNAP_DEG = 40.0  # a mark turned less than this from the set's axis is taken as lying along it
BOX_PAD = 0.2  # head heights around a mark's box in which its parts are looked for
SIZE_RANGE = (0.8, 1.25)  # head height / expected, when the set's glyphs give the scale
CARD_SIZE_RANGE = (0.6, 1.6)  # the same when only the zone's scale does (no index read)
ZONE_CARD_PX = 63.0 * 4.0  # a card's width in a zone view (63 mm at 4 px/mm)
GEOMETRY_COLUMNS = 11


class JokerMarkError(ValueError):
    """No joker corner mark could be found on a teaching card."""


@dataclass(frozen=True)
class JokerMark:
    """One taught joker corner mark (see the module docstring)."""

    rank: Rank  # Rank.SMALL_JOKER or Rank.BIG_JOKER
    feature: FloatArray  # (GLYPH_SIZE²,) of the whole mark, upright
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 around the head centre, head heights
    glyph_ratio: float  # head height / the deck's rank glyph height (nan: not known)
    card_ratio: float  # head height / card width
    partner: tuple[float, float]  # the opposite corner's head from this one, head heights
    redness: float  # R - max(B, G) over the head's ink (75th percentile)
    # where the deck's rank glyphs lie on their cards, from the head's centre, upright, in
    # head heights (nan: not known)
    index_at: tuple[float, float] = (math.nan, math.nan)

    def geometry(self) -> FloatArray:
        """The numbers of this mark as one row (for saving)."""
        return np.array([*self.box, self.glyph_ratio, self.card_ratio, *self.partner,
                         self.redness, *self.index_at], np.float32)

    @classmethod
    def from_row(cls, label: str, feature: FloatArray, row: FloatArray) -> JokerMark:
        """Inverse of :meth:`geometry` (``label`` ``B`` or ``R``; a row of a profile taught
        before :attr:`index_at` was learnt has none)."""
        v = [float(x) for x in row]
        index_at = (v[9], v[10]) if len(v) >= GEOMETRY_COLUMNS else (math.nan, math.nan)
        return cls(Rank.SMALL_JOKER if label == "B" else Rank.BIG_JOKER,
                   feature.astype(np.float32), (v[0], v[1], v[2], v[3]), v[4], v[5],
                   (v[6], v[7]), v[8], index_at)

    def index_place(self, centre: FloatArray, down: FloatArray, head: float
                    ) -> tuple[float, float] | None:
        """Where the rank glyph of a card whose mark's head, ``head`` pixels tall, lies at
        ``centre`` with the card's "down" ``down`` would lie (None: not known)."""
        if not all(math.isfinite(v) for v in self.index_at):
            return None
        x, y = self.index_at
        d = np.asarray(down, np.float64)
        p = np.asarray(centre, np.float64) + (x * np.array([d[1], -d[0]]) + y * d) * head
        return float(p[0]), float(p[1])


@dataclass(frozen=True)
class _Ink:
    """Connected ink components of an image, with the paper mask and its blobs."""

    image: BGRImage
    labels: Labels
    stats: Labels
    centers: Labels
    paper: Mask
    blobs: Labels

    angles: dict[int, float] = field(default_factory=dict)

    cache: dict[int, FloatArray] = field(default_factory=dict)
    means: dict[int, FloatArray] = field(default_factory=dict)
    spreads: dict[int, FloatArray] = field(default_factory=dict)
    reds: dict[int, float] = field(default_factory=dict)

    def points(self, i: int) -> FloatArray:
        if i not in self.cache:
            self.cache[i] = component_points(self.labels, self.stats, i)
        return self.cache[i]

    def centre(self, i: int) -> FloatArray:
        """The mean of component ``i``'s pixel positions (cached)."""
        if i not in self.means:
            self.means[i] = self.points(i).mean(axis=0)
        return self.means[i]

    @cached_property
    def centers32(self) -> FloatArray:
        """The components' centres (their boxes' middles), as float32."""
        return self.centers.astype(np.float32)

    def distances(self, i: int) -> FloatArray:
        """How far every component's centre lies from component ``i``'s :meth:`centre`
        (cached)."""
        if i not in self.spreads:
            c, cs = self.centre(i), self.centers32
            self.spreads[i] = np.hypot(cs[:, 0] - c[0], cs[:, 1] - c[1])
        return self.spreads[i]

    def redness(self, i: int) -> float:
        """Component ``i``'s :func:`vision.indices.component_redness` (cached)."""
        if i not in self.reds:
            self.reds[i] = component_redness(self.image, self.labels, self.stats, i)
        return self.reds[i]

    def blob_angle(self, blob: int) -> float:
        """The turn (degrees) of the rectangle around paper region ``blob`` (cached)."""
        if blob not in self.angles:
            # the region's outline has the same hull as all its pixels, at a fraction of
            # the points
            mask = (self.blobs == blob).astype(np.uint8)
            contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            outline = np.vstack(contours) if contours else np.zeros((0, 1, 2), np.int32)
            self.angles[blob] = 0.0 if len(outline) < 5 or blob == 0 else float(
                cv2.minAreaRect(outline.astype(np.float32))[2])
        return self.angles[blob]


CLOTH_BGR = (60, 110, 40)
EDGE_REACH = 25  # zone-view pixels (~6 mm): how far from paper a mark's ink is looked for


def _card_ink(card: BGRImage, kernel: int, pad: int) -> _Ink:
    """Ink components of a lone card as :class:`vision.indices.IndexFinder` sees them, with
    ``kernel``, a wider paper-level closing (its marks may be large), and ``pad``, a border
    of cloth around it while ink is told from paper (so that a cream card with white art
    still reads as paper against something darker)."""
    framed = cv2.copyMakeBorder(card, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=CLOTH_BGR)
    ink, paper = ink_and_paper(framed, kernel)
    h, w = card.shape[:2]
    ink = np.ascontiguousarray(ink[pad:pad + h, pad:pad + w])
    paper = np.ascontiguousarray(paper[pad:pad + h, pad:pad + w])
    labels, stats, centers, _ = ink_components(ink, largest_glyph(card.shape))
    return _Ink(card, labels, stats, centers, paper, paper_regions(paper))


def _zone_ink(image: BGRImage, seen: PaperInk) -> _Ink:
    """Ink components of a zone view: the ink the index finder saw (``seen``), and also what
    is much darker than the paper within :data:`EDGE_REACH`, up to that far off the paper
    (marks at a card's very edge)."""
    # a large mark close to a card's edge is not paper by the paper-level closing (the
    # cloth beyond the edge keeps it dark): there, ink is what is much darker than the
    # brightest paper within reach
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (EDGE_REACH | 1, EDGE_REACH | 1))
    darkest = seen.inks.darkest
    near = cv2.compare(darkest, ink_level(cv2.dilate(darkest, k)), cv2.CMP_LT)
    # the paper with its bites filled (a mark at the very edge cuts one), not the cloth
    wide = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * EDGE_REACH + 1,) * 2)
    filled = cv2.morphologyEx(seen.inks.paper, cv2.MORPH_CLOSE, wide)
    # (near: 0/255, the rest 0/1)
    ink = cv2.bitwise_or(seen.inks.ink, cv2.bitwise_and(near, filled))
    labels, stats, centers, _ = ink_components(ink, seen.big)
    return _Ink(image, labels, stats, centers, seen.inks.paper, seen.blobs)


def _upright(points: FloatArray, origin: FloatArray, down: FloatArray) -> FloatArray:
    """Points in a frame with ``origin`` at 0, x to the right of ``down``, y along it."""
    v = points - origin
    out = np.empty_like(v)
    out[:, 0] = v[:, 0] * down[1] - v[:, 1] * down[0]
    out[:, 1] = v[:, 0] * down[0] + v[:, 1] * down[1]
    return out


def _head_heights(ink: _Ink, head: int, downs: FloatArray) -> FloatArray:
    """The head's height along each of ``downs`` (k, 2)."""
    v = row_ends(ink.points(head)) - ink.centre(head)
    along = downs[:, :1] * v[:, 0] + downs[:, 1:] * v[:, 1]  # (k, points)
    heights: FloatArray = along.max(axis=1) - along.min(axis=1) + 1.0
    return heights


def _head_size(ink: _Ink, head: int, down: FloatArray) -> tuple[FloatArray, float]:
    """The head's centre and its height along ``down``."""
    return ink.centre(head), float(_head_heights(ink, head, down[None, :])[0])


def _members(ink: _Ink, head: int, downs: FloatArray, heights: FloatArray,
             boxes: npt.NDArray[np.float64]) -> list[tuple[int, ...]]:
    """For each row of ``downs`` (k, 2), the head's height along it (``heights``) and a mark's
    box (``boxes``, (k, 4)): the head and the components whose centre lies in its mark's
    box (padded), sorted."""
    c = ink.centre(head)
    hh = heights.astype(np.float64)
    x0, y0, x1, y1 = (boxes * hh[:, None]).T
    pad = BOX_PAD * hh
    reach = np.hypot(np.maximum(np.abs(x0), np.abs(x1)), np.maximum(np.abs(y0), np.abs(y1))) \
        + 2 * pad
    # (compared in float32, as the points are)
    left, right = (x0 - pad).astype(np.float32)[:, None], (x1 + pad).astype(np.float32)[:, None]
    top, bottom = (y0 - pad).astype(np.float32)[:, None], (y1 + pad).astype(np.float32)[:, None]
    near = ink.distances(head)[None, :] <= reach.astype(np.float32)[:, None]
    near[:, [0, head]] = False  # not the background; the head is a part anyway
    ids = np.flatnonzero(near.any(axis=0))
    ids = ids[ink.stats[ids, 4] >= 4]
    parts = [{head} for _ in range(len(downs))]
    if len(ids):
        v = ink.centers32[ids] - c
        across = v[:, 0] * downs[:, 1:] - v[:, 1] * downs[:, :1]  # (k, ids) upright x
        along = v[:, 0] * downs[:, :1] + v[:, 1] * downs[:, 1:]  # and y
        inside = near[:, ids] & (across >= left) & (across <= right) & (along >= top) \
            & (along <= bottom)
        for j in np.flatnonzero(inside.any(axis=0)):
            # a part lies (nearly) wholly in the box: not a neighbour's glyph touching it
            rows = np.flatnonzero(inside[:, j])
            w = ink.points(int(ids[j])) - c
            across = w[:, 0] * downs[rows, 1:] - w[:, 1] * downs[rows, :1]
            along = w[:, 0] * downs[rows, :1] + w[:, 1] * downs[rows, 1:]
            within = (across >= left[rows]) & (across <= right[rows]) & (along >= top[rows]) \
                & (along <= bottom[rows])
            for r in rows[within.mean(axis=1) >= 0.9]:
                parts[r].add(int(ids[j]))
    return [tuple(sorted(p)) for p in parts]


def _features(ink: _Ink, origin: FloatArray, marks: list[tuple[FloatArray, tuple[int, ...]]]
              ) -> FloatArray:
    """The glyph features of several marks about ``origin``, each given as its "down" and
    its parts (one :func:`vision.glyphs.batch_features` call)."""
    groups = [_upright(np.vstack([ink.points(i) for i in parts]), origin, down)
              for down, parts in marks]
    return batch_features(np.vstack(groups), np.array([len(g) for g in groups], np.int32))


# --- teaching -----------------------------------------------------------------------------

def _corner_head(ink: _Ink, width: int, height: int) -> int:
    """The first ink shape of an upright card's top-left corner (not touching the border)."""
    st = ink.stats
    comps = [i for i in range(1, len(st))
             if st[i, 4] >= 30 and max(st[i, 2], st[i, 3]) >= 0.04 * width
             and st[i, 0] > 0 and st[i, 1] > 0
             and st[i, 0] + st[i, 2] / 2 < 0.3 * width and st[i, 1] + st[i, 3] / 2 < 0.3 * height
             and max(st[i, 2], st[i, 3]) < 0.3 * width]
    if not comps:
        raise JokerMarkError("角标不清楚 no mark in the joker's corner")
    # nearest the corner, measured in the card's own proportions
    return min(comps, key=lambda i: float(np.hypot(ink.centers[i, 0] / width,
                                                   ink.centers[i, 1] / height)))


def _stacked(ink: _Ink, head: int) -> list[int]:
    """The head and the shapes stacked under it in a column (a word written downwards)."""
    st = ink.stats
    parts = [head]
    hh = float(st[head, 3])
    x0, x1 = float(st[head, 0]), float(st[head, 0] + st[head, 2])
    bottom = float(st[head, 1] + st[head, 3])
    while bottom - st[head, 1] < 7 * hh:
        mid, wid = (x0 + x1) / 2, max(x1 - x0, 0.5 * hh)
        nxt = [i for i in range(1, len(st)) if i not in parts and st[i, 4] >= 4
               and bottom - 0.2 * hh <= st[i, 1] <= bottom + 0.5 * hh
               and abs(st[i, 0] + st[i, 2] / 2 - mid) <= 0.5 * wid
               and 0.4 * hh <= max(st[i, 2], st[i, 3]) <= 1.5 * hh]
        if not nxt:
            break
        i = min(nxt, key=lambda k: int(st[k, 1]))
        parts.append(i)
        x0, x1 = min(x0, float(st[i, 0])), max(x1, float(st[i, 0] + st[i, 2]))
        bottom = max(bottom, float(st[i, 1] + st[i, 3]))
    return parts


def learn_mark(card: BGRImage, rank: Rank, glyph_height: float | None,
               hidden: float = 0.0, glyph_centre: tuple[float, float] | None = None
               ) -> JokerMark:
    """The corner mark of an upright joker card (as :func:`vision.teach.upright_card` gives).

    ``glyph_height``: the deck's rank glyph height on cards of the same size, when known;
    ``hidden``: the fraction of the mark's width covered on its right, as the next card of a
    fan covers a mark wider than the fan's step (the mark learnt is then the part left
    visible); ``glyph_centre``: where the deck's rank glyphs lie on its upright cards of the
    same size, when known (a fan's cards are placed by where their indices lie: a mark off
    that place would make the gap before it look wider than a step).  Raises
    :class:`JokerMarkError` when the corner holds no usable mark.
    """
    h, w = card.shape[:2]
    down = np.array([0.0, 1.0], np.float32)
    heads = []
    for view in (card, cv2.rotate(card, cv2.ROTATE_180)):
        ink = _card_ink(view, max(paper_kernel(view.shape), (w // 16) | 1), w // 4)
        head = _corner_head(ink, w, h)
        heads.append((ink, head))
    ink, head = heads[0]
    if hidden > 0:
        return learn_mark(_covered(card, ink, _stacked(ink, head), hidden), rank, glyph_height,
                          glyph_centre=glyph_centre)
    c, hh = _head_size(ink, head, down)
    parts = _stacked(ink, head)
    up = _upright(np.vstack([ink.points(i) for i in parts]), c, down) / hh
    box = (float(up[:, 0].min()), float(up[:, 1].min()),
           float(up[:, 0].max()), float(up[:, 1].max()))
    members = _members(ink, head, down[None, :], np.array([hh], np.float32), np.array([box]))
    feature = _features(ink, c, [(down, members[0])])[0]
    # the other corner's head, seen from this one (its centre, turned back into this card)
    ink2, head2 = heads[1]
    c2 = ink2.points(head2).mean(axis=0)
    other = np.array([w - 1 - c2[0], h - 1 - c2[1]], np.float32)
    partner = (float((other[0] - c[0]) / hh), float((other[1] - c[1]) / hh))
    ratio = hh / glyph_height if glyph_height else float("nan")
    index_at = ((float((glyph_centre[0] - c[0]) / hh), float((glyph_centre[1] - c[1]) / hh))
                if glyph_centre is not None else (math.nan, math.nan))
    return JokerMark(rank, feature, box, ratio, hh / w, partner, ink.redness(head), index_at)


HIDDEN = (0.2, 0.4)  # fractions of a mark's width also learnt as covered (see learn_marks)


def learn_marks(card: BGRImage, rank: Rank, glyph_height: float | None,
                glyph_centre: tuple[float, float] | None = None) -> list[JokerMark]:
    """The corner mark of an upright joker card (see :func:`learn_mark`), and the part of it
    left visible when the next card of a fan covers :data:`HIDDEN` of its width (those
    that can be learnt): a mark wider than a fan's step is seen only so.  Raises
    :class:`JokerMarkError` when the corner holds no usable mark."""
    marks = [learn_mark(card, rank, glyph_height, glyph_centre=glyph_centre)]
    for hidden in HIDDEN:
        try:
            marks.append(learn_mark(card, rank, glyph_height, hidden, glyph_centre))
        except JokerMarkError:
            continue
    return marks


def _covered(card: BGRImage, ink: _Ink, parts: list[int], hidden: float) -> BGRImage:
    """``card`` with the right ``hidden`` fraction of the mark made of ``parts`` painted over
    in the card's paper colour (as the next card of a fan would cover it)."""
    st = ink.stats[parts]
    x0, y0 = int(st[:, 0].min()), int(st[:, 1].min())
    x1, y1 = int((st[:, 0] + st[:, 2]).max()), int((st[:, 1] + st[:, 3]).max())
    paper = card[(ink.paper > 0) & (ink.labels == 0)]
    out = card.copy()
    pad = max(2, (y1 - y0) // 8)
    out[max(0, y0 - pad):y1 + pad, int(x1 - hidden * (x1 - x0)):x1 + pad] = \
        np.median(paper, axis=0) if len(paper) else 255
    return out


# --- reading ------------------------------------------------------------------------------

TURNS = (-6.0, 0.0, 6.0)  # degrees a card may lie off the way it is taken to lie


def _frozen_rows(downs: list[FloatArray]) -> FloatArray:
    out = np.array(downs)
    out.flags.writeable = False  # cached: shared between reads
    return out


@lru_cache(maxsize=256)
def _index_turns(down: tuple[float, float]) -> FloatArray:
    """The ways "down" may point (rows) for a card lying as an index with ``down`` does (or
    turned 180°)."""
    d = np.array(down, np.float32)
    return _frozen_rows([turned(v, a) for v in (d, -d) for a in TURNS])


@lru_cache(maxsize=256)
def _paper_turns(angle: float) -> FloatArray:
    """The ways "down" may point (rows) for a card lying along the sides of a paper region
    turned ``angle`` degrees."""
    base = turned(np.array([0.0, 1.0], np.float32), angle)
    return _frozen_rows([turned(base, 90.0 * k + a) for k in range(4) for a in TURNS])


EDGE_PROBE = edge_probe(np.arange(0.7, 2.4, 0.25))  # head heights up where paper must end


def _at_edge(paper: Mask, c: FloatArray, down: FloatArray, hh: float) -> bool:
    """Whether paper ends within ~2 head heights "up" from ``c`` (a corner mark sits just
    inside a card edge)."""
    return paper_ends_above(paper, c, down, hh, EDGE_PROBE)


def _blob_at(ink: _Ink, c: FloatArray, size: float) -> int:
    """The paper region a mark of ``size`` at ``c`` lies on (the most common one around it:
    a mark at a card's very edge is not on paper itself)."""
    hgt, wid = ink.blobs.shape
    r = int(size / 2 + 5)
    x, y = round(float(c[0])), round(float(c[1]))
    win = ink.blobs[max(0, y - r):min(hgt, y + r + 1), max(0, x - r):min(wid, x + r + 1)]
    labels = win[win > 0]
    return int(np.bincount(labels).argmax()) if len(labels) else 0


def _is_pip(ink: _Ink, head: int, pips: Sequence[tuple[float, float]]) -> bool:
    """Whether ``head``'s centre lies on one of ``pips`` (within a quarter of its size)."""
    if not pips:
        return False
    near = 0.25 * float(max(ink.stats[head, 2], ink.stats[head, 3]))
    c = ink.centers[head]
    return any(math.dist((float(c[0]), float(c[1])), p) <= near for p in pips)


def _head_candidates(ink: _Ink, marks: list[IndexMark], h_ref: float | None
                     ) -> list[tuple[int, IndexMark | None]]:
    """Ink components that may be the head of a joker's corner mark — not part of a read
    index — each with the read index on whose line it lies (where another card's index would
    be: glyph-sized, beside it), or ``None`` when it lies on no such line."""
    st = ink.stats
    n = len(st)
    if n <= 1:
        return []
    ids = np.arange(1, n)
    size = np.maximum(st[ids, 2], st[ids, 3]).astype(np.float64)
    big = largest_glyph(ink.labels.shape)
    keep = (st[ids, 4] >= 10) & (size >= 6) & (size <= big)
    c = ink.centers[ids].astype(np.float64)
    x = np.clip(np.round(c[:, 0]).astype(int), 0, ink.paper.shape[1] - 1)
    y = np.clip(np.round(c[:, 1]).astype(int), 0, ink.paper.shape[0] - 1)
    # on paper, or (a mark at a card's edge) with paper around it on two sides at least
    on = (ink.paper[y, x] > 0).astype(int) * 4
    reach = size / 2 + 4
    hgt, wid = ink.paper.shape
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        xx = np.clip(np.round(c[:, 0] + dx * reach).astype(int), 0, wid - 1)
        yy = np.clip(np.round(c[:, 1] + dy * reach).astype(int), 0, hgt - 1)
        on += ink.paper[yy, xx] > 0
    keep &= on >= 2
    line = np.full(len(ids), -1)
    for k, m in enumerate(marks):
        h = m.glyph_height
        along, across = mark_frame(c, m)
        # the index's own glyph, pip or digits
        keep &= ~((np.abs(across) < 0.8 * h) & (along > -0.7 * h) & (along < 2.0 * h))
        if m.pip == "O":  # the letters of a read JOKER
            keep &= ~((np.abs(across) < 1.2 * h) & (along > -0.5 * h) & (along < 7 * h))
        beside = ((np.abs(along) < 0.6 * h) & (np.abs(across) < 10 * h) & (line < 0)
                  & (size >= 0.4 * (h_ref or h)) & (size <= 2.5 * (h_ref or h)))
        line[beside] = k
    return [(int(i), marks[int(k)] if k >= 0 else None)
            for i, k in zip(ids[keep], line[keep], strict=True)]


@dataclass(frozen=True)
class _Hit:
    rank: Rank
    sim: float
    runner: float  # the other joker's similarity
    center: FloatArray
    down: FloatArray
    hh: float  # head height, pixels
    parts: tuple[int, ...]
    mark: JokerMark
    head: int


class JokerMarkReader:
    """Reads taught joker corner marks among the ink the index reader left unused."""

    def __init__(self, marks: list[JokerMark], joker_red: float,
                 accept: float = ACCEPT) -> None:
        """``marks``: the taught ones; ``joker_red``: the 大王 redness threshold to use when
        only one joker was taught; ``accept``: least similarity for a joker to be read."""
        if not marks:
            raise ValueError("no joker marks")
        self.marks = marks
        self.accept = accept
        reds = {m.rank: [x.redness for x in marks if x.rank is m.rank] for m in marks}
        small, big = reds.get(Rank.SMALL_JOKER), reds.get(Rank.BIG_JOKER)
        # colour tells the jokers apart when their taught marks differ in colour
        self.red_split: float | None = None
        if small and big and abs(float(np.mean(big)) - float(np.mean(small))) > 20:
            # nearer the black one: a camera washes a small red mark out more than a black
            self.red_split = float(np.mean(small)) + RED_SPLIT * (float(np.mean(big))
                                                                  - float(np.mean(small)))
        elif not (small and big):
            self.red_split = joker_red
        self._last: tuple[PaperInk, _Ink] | None = None  # (see _ink_of)

    def _ink_of(self, image: BGRImage, seen: PaperInk) -> _Ink:
        """:func:`_zone_ink` of the zone view ``image``, kept for the last one read: a set
        holding 10s is read twice (:meth:`vision.recognize.Recognizer._jokers_read_as_tens`),
        and the ink costs ~3 ms."""
        if self._last is None or self._last[0] is not seen or self._last[1].image is not image:
            self._last = (seen, _zone_ink(image, seen))
        return self._last[1]

    def read(self, image: BGRImage, seen: PaperInk, marks: list[IndexMark],
             strays: list[StrayInk], pips: Sequence[tuple[float, float]] = (),
             big_pips: BigPips | None = None, within: Sequence[IndexMark] | None = None
             ) -> tuple[list[IndexMark], list[StrayInk]]:
        """Joker corners read in ``image`` beside the set's read index ``marks`` (or anywhere
        on paper), and ``strays`` (as :meth:`vision.indices.IndexFinder.survey` returned
        them, with ``seen``, its ink and paper) less the ink of the marks read, plus the
        marks seen but not read.  ``pips``: where the survey saw cards' own big suit pips,
        which are no joker's mark (a 2♣'s top pip passed for a joker's club-like mark);
        ``big_pips``: judges which of the heads are such pips too (the survey looks only
        beside the read indices: a turned card's big pips far from them passed for paris's
        chip, `4444444R` read `44444444BBBRR`).  ``within``: only heads in these indices'
        boxes are matched (where a read index may be a mark: see
        :meth:`vision.recognize.Recognizer._jokers_read_as_tens`)."""
        ink = self._ink_of(image, seen)
        h_ref = float(median([m.glyph_height for m in marks])) if marks else None
        heads = [(i, m) for i, m in _head_candidates(ink, marks, h_ref)
                 if self._plausible_size(ink, i, m is not None, h_ref)
                 and not _is_pip(ink, i, pips)]
        if heads and within is not None:
            inside = in_any_index_box(ink.centers[[i for i, _ in heads]], within)
            heads = [h for h, k in zip(heads, inside.tolist(), strict=True) if k]
        if heads and big_pips is not None:
            pip_heads = big_pips(ink.labels, ink.stats, [i for i, _ in heads], marks)
            heads = [(i, m) for i, m in heads if i not in pip_heads]
        if not heads:
            return [], strays
        hits = [hit for i, m in heads for hit in [self._match(ink, i, m, marks, h_ref)] if hit]
        hits = self._pair(ink, hits, self.accept)
        used: set[int] = set()
        out: list[IndexMark] = []
        for hit in sorted(hits, key=lambda t: -t.sim):
            if hit.sim < self.accept or used & set(hit.parts):
                continue
            used |= set(hit.parts)
            other = hit.rank.other_joker
            height = hit.hh / hit.mark.glyph_ratio if np.isfinite(hit.mark.glyph_ratio) \
                else h_ref or hit.hh
            out.append(IndexMark(hit.rank, hit.sim, hit.sim - hit.runner, other,
                                 (float(hit.center[0]), float(hit.center[1])),
                                 (float(hit.down[0]), float(hit.down[1])), float(height),
                                 MARK_PIP, _blob_at(ink, hit.center, hit.hh),
                                 place=hit.mark.index_place(hit.center, hit.down, hit.hh)))
        # a read mark's ink (a word's letters too) is no unread corner
        read = [hit for hit in hits if hit.sim >= self.accept and set(hit.parts) <= used]
        rest = [s for s in strays if not any(self._inside(s, hit) for hit in read)]
        # a mark that looks somewhat like a taught one, where another card's index would be,
        # is a card seen but not read (the set is then unsure, with jokers among its
        # candidates), as a stray glyph there would be
        for hit in hits:
            centre = (float(hit.center[0]), float(hit.center[1]))
            if SEEN <= hit.sim < self.accept and not used & set(hit.parts) \
                    and not any(self._inside(StrayInk(centre, 0, 0, 0), r) for r in read):
                rest.append(StrayInk(centre, hit.hh, 0.0,
                                     mean_redness(image, ink.labels, ink.stats, hit.head)))
        return out, rest

    @property
    def knows_both(self) -> bool:
        """Whether both jokers' corner marks were taught."""
        return len({m.rank for m in self.marks}) == 2

    @staticmethod
    def _inside(s: StrayInk, hit: _Hit) -> bool:
        x0, y0, x1, y1 = (v * hit.hh for v in hit.mark.box)
        pad = BOX_PAD * hit.hh
        u = _upright(np.array([s.center], np.float32), hit.center, hit.down)[0]
        return bool(x0 - pad <= u[0] <= x1 + pad and y0 - pad <= u[1] <= y1 + pad)

    def _plausible_size(self, ink: _Ink, head: int, beside: bool, h_ref: float | None) -> bool:
        """Whether a component's box could hold a taught head (a cheap test before matching:
        a turned head's box is up to √2 its height)."""
        side = float(max(ink.stats[head, 2], ink.stats[head, 3]))
        for mk in self.marks:
            expected, lo, hi = self._expected_size(mk, h_ref if beside else None)
            if 0.7 * lo * expected <= side <= 1.5 * hi * expected:
                return True
        return False

    @staticmethod
    def _expected_size(mk: JokerMark, h_ref: float | None) -> tuple[float, float, float]:
        """The head height (pixels) expected of taught mark ``mk``, and the least and most
        fraction of it allowed (``h_ref``: the set's glyph height, else the zone's scale sets
        the expected size)."""
        if h_ref and np.isfinite(mk.glyph_ratio):
            return mk.glyph_ratio * h_ref, *SIZE_RANGE
        return mk.card_ratio * ZONE_CARD_PX, *CARD_SIZE_RANGE

    @staticmethod
    def _directions(ink: _Ink, head: int, m: IndexMark | None) -> FloatArray:
        """Which ways "down" may point for a card whose corner holds ``head`` (k, 2): as the
        read index ``m`` beside it lies (or turned 180°), else along the paper blob's sides."""
        if m is not None:
            return _index_turns(m.down)
        c = ink.centers[head].astype(np.float32)
        return _paper_turns(ink.blob_angle(_blob_at(ink, c, float(max(ink.stats[head, 2:4])))))

    def _match(self, ink: _Ink, head: int, beside: IndexMark | None, marks: list[IndexMark],
               h_ref: float | None) -> _Hit | None:
        """The best reading of ``head`` as a taught mark (``beside``: the read index on whose
        line it lies; without one, the scale is the zone's and the match must be closer)."""
        if beside is not None:
            return self._match_along(ink, head, self._directions(ink, head, beside), h_ref,
                                     0.0)
        # off the line of the read indices: the card still lies as the others of the set
        # (nearly parallel), else as the paper around it
        nearest = None
        if marks:
            v = np.array([k.center for k in marks]) - ink.centers[head]
            nearest = marks[int(np.argmin(np.hypot(v[:, 0], v[:, 1])))]
        best = None
        if nearest is not None:
            best = self._match_along(ink, head, self._directions(ink, head, nearest), None,
                                     ALONE_PENALTY)
        if best is None or best.sim < self.accept:
            other = self._match_along(ink, head, self._directions(ink, head, None), None,
                                      ALONE_PENALTY)
            if other is not None and nearest is not None:
                # a symmetric mark (a star, a disc) says little about how its card is
                # turned: near the set's axis, the card lies as the set does
                axis = np.array(nearest.down, np.float32)
                side = axis if float(other.down @ axis) >= 0 else -axis
                if float(other.down @ side) >= np.cos(np.radians(SNAP_DEG)):
                    other = replace(other, down=side)
            if other is not None and (best is None or other.sim > best.sim):
                best = other
        return best

    def _match_along(self, ink: _Ink, head: int, downs: FloatArray, h_ref: float | None,
                     penalty: float) -> _Hit | None:
        """The best reading of ``head`` with "down" one of ``downs`` (k, 2) (``h_ref``: the
        set's glyph height, else the zone's scale sets the expected size)."""
        heights = _head_heights(ink, head, downs)
        ranges = [(lo * e, hi * e) for e, lo, hi in (self._expected_size(mk, h_ref)
                                                     for mk in self.marks)]
        # per turn, the taught marks whose size the head has turned so
        fits = [[mk for mk, (lo, hi) in zip(self.marks, ranges, strict=True) if lo <= hh <= hi]
                for hh in heights.tolist()]
        turns = np.array([t for t, f in enumerate(fits) if f], np.intp)
        if not len(turns):
            return None
        c = ink.centre(head)
        turns = turns[paper_ends_above_each(ink.paper, c, downs[turns],
                                            heights[turns].astype(np.float64), EDGE_PROBE)]
        colour: Rank | None = None
        if len(turns) and self.red_split is not None:  # the colour decides which joker
            colour = Rank.BIG_JOKER if ink.redness(head) > self.red_split \
                else Rank.SMALL_JOKER
            fits = [[mk for mk in f if mk.rank is colour] for f in fits]
            turns = turns[[bool(fits[t]) for t in turns]]
        if not len(turns):
            return None
        # each fitting mark's parts per turn, and one feature per turn and distinct parts
        pairs = [(t, k) for t in turns.tolist() for k in range(len(fits[t]))]
        rows = [t for t, _ in pairs]
        parts = dict(zip(pairs, _members(ink, head, downs[rows], heights[rows],
                                         np.array([fits[t][k].box for t, k in pairs])),
                         strict=True))
        keys = list(dict.fromkeys((t, p) for (t, _), p in parts.items()))
        features = _features(ink, c, [(downs[t], p) for t, p in keys])
        row = {key: j for j, key in enumerate(keys)}
        best: _Hit | None = None
        for t in turns.tolist():
            sims: dict[Rank, tuple[float, JokerMark, tuple[int, ...]]] = {}
            for k, mk in enumerate(fits[t]):
                p = parts[t, k]
                sim = float(features[row[t, p]] @ mk.feature)
                if mk.rank not in sims or sim > sims[mk.rank][0]:
                    sims[mk.rank] = (sim, mk, p)
            rank = colour if colour is not None else max(sims, key=lambda r: sims[r][0])
            sim, mk, p = sims[rank]
            runner = max((v for r, (v, _, _) in sims.items() if r is not rank), default=-1.0)
            sim -= penalty
            if best is None or sim > best.sim:
                best = _Hit(rank, sim, runner, c, downs[t], float(heights[t]), p, mk, head)
        return best

    @staticmethod
    def _pair(ink: _Ink, hits: list[_Hit], accept: float) -> list[_Hit]:
        """Two heads of one kind where a card's two corner marks would be: turn both the way
        that card lies (so they pair into one card as two indices do)."""
        out = list(hits)
        taken: set[int] = set()
        for a in range(len(out)):
            for b in range(len(out)):
                ha, hb = out[a], out[b]
                if a == b or a in taken or b in taken or ha.rank is not hb.rank \
                        or min(ha.sim, hb.sim) < accept:
                    continue
                p = np.array(ha.mark.partner, np.float32) * ha.hh
                v = hb.center - ha.center
                if not 0.85 <= float(np.linalg.norm(v)) / max(float(np.linalg.norm(p)), 1e-6) \
                        <= 1.15:
                    continue
                # the card's down: the angle from the taught offset to the seen one
                turn = np.degrees(np.arctan2(v[1], v[0]) - np.arctan2(p[1], p[0]))
                d = turned(np.array([0.0, 1.0], np.float32), float(turn))
                if not (_at_edge(ink.paper, ha.center, d, ha.hh)
                        and _at_edge(ink.paper, hb.center, -d, hb.hh)):
                    continue
                out[a], out[b] = replace(ha, down=d), replace(hb, down=-d)
                taken |= {a, b}
        return out


def marks_to_arrays(marks: list[JokerMark]) -> dict[str, npt.NDArray[np.generic]]:
    """The arrays a profile stores for its joker marks."""
    return {"joker_labels": np.array(["B" if m.rank is Rank.SMALL_JOKER else "R"
                                      for m in marks]),
            "joker_features": np.stack([m.feature for m in marks]).astype(np.float16)
            if marks else np.zeros((0, GLYPH_SIZE * GLYPH_SIZE), np.float16),
            "joker_geometry": np.stack([m.geometry() for m in marks])
            if marks else np.zeros((0, GEOMETRY_COLUMNS), np.float32)}
