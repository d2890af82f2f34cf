"""Finding corner indices (角标) in an image, at any rotation.

A corner index is a rank glyph with its suit pip just below it (``10`` is two
glyphs side by side), printed on white paper; jokers carry a vertical
``JOKER`` instead, found as a ``J`` with an ``O`` below.  The pip says which
way is down, so each index is read in its own orientation (a 6 stays a 6),
whatever the angle of its card.

Steps: ink = pixels clearly darker (in the darkest colour channel) than the
paper around them; connected ink components that sit on paper are
candidates; for each candidate and each nearby component taken as its pip,
both are turned upright and scored by :class:`vision.glyphs.GlyphModel`
(the rank glyph's scores re-ranked by a :class:`vision.glyphs.GlyphClassifier`
when one is given);
accepted indices are chosen greedily, best first, no component used twice.
A ``10`` is also read from its parts (a bar that passes for J beside an
oval), and then its bar is not taken for a J.  Finally indices must sit
just inside a card edge, and the letters under a joker's J are dropped.
:meth:`IndexFinder.survey` also returns the glyph-sized ink beside
the read indices that no index used (:class:`StrayInk`): a corner that was
seen but could not be read, such as a joker's picture (a card's own big suit
pips are not such ink).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from statistics import median
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from gouji.cards import Rank
from vision.components import components_with_stats
from vision.glyphs import (
    GLYPH_SIZE,
    LETTER_O,
    PIP_LABELS,
    RANK_LABELS,
    GlyphClassifier,
    GlyphModel,
    batch_features,
    group_starts,
)
from vision.types import BGRImage, FloatArray, IntArray, Labels, Mask

MIN_RANK_SCORE = 0.65
MIN_PIP_SCORE = 0.6
TEN_LEAD = 0.05  # a lone digit must read this much better than the "10" it is part of
# A J must read this much better than a "10" its bar would be the "1" of (a bar reads as J
# less 0.05, so a true 10's J stays within ~0.1 of it; court art beside a J reads as a poor 0)
J_TEN_LEAD = 0.15
# A J's pip reads this well on a J (≥ 0.9 on the dev decks' 540 Js); under it, the "pip" may
# be the O of a joker's word JOKER (anglo's script "Joker": 0.78-0.89)
JOKER_WORD_PIP = 0.89
# A pip's ink is at least this many glyph heights squared (of ~4,400 dev indices of a rank
# their set holds, 10 under 0.05, most of them art; of ~2,800 of other ranks, 57 under 0.04);
# a speck under it is no pip: paris' card edge beside a 2♥ read as a J over a 36 px fleck,
# 0.032 (`22` read a sure `J22`)
PIP_SPECK = 0.035
# An index's glyph and pip are one colour: where one's mean redness (R - max(B, G)) is over
# CLEARLY_RED times the 大王 threshold and the other's under CLEARLY_BLACK times it, the pair
# is no index (paris' 2♥ under a 2♣, its red heart over the 2♣'s black pip read as a 4:
# `22` a sure `42`).  Of ~2,950 dev indices of a rank their set holds 1 is so, of ~1,840 of
# other ranks 122 (at 1 and 1 alike: 5 and 151)
CLEARLY_RED, CLEARLY_BLACK = 1.4, 0.6
JOKER_LETTER = 0.8  # a JOKER letter's height relative to a rank glyph
# two indices of one rank this near (glyph heights), "down" this alike (cosine), are one
SAME_INDEX, SAME_WAY = 0.6, 0.9
JUMBO_RANK = 2.2  # a rank glyph beside JOKER letters may be this many times what they imply
INK_RATIO = 0.55  # ink is darker than this fraction of the paper around it
SECOND_LOOK_RATIO = 0.65  # and where a corner was seen but not read (second_look)
# How far a class the learned classifier doubts is marked down from its prototype similarity:
# score - CLASSIFIER_WEIGHT * (best class probability - this class's probability).
CLASSIFIER_WEIGHT = 0.35
# Classes whose prototype score the classifier leaves alone: a "10" is also read from its
# parts, by prototypes only, and the two readings are compared.
UNADJUSTED: frozenset[str] = frozenset({"10"})


@dataclass(frozen=True)
class IndexMark:
    """One corner index: what it reads, where it is and which way its card's "down" points."""

    rank: Rank
    score: float  # rank-glyph similarity times pip similarity, 0..1
    margin: float  # lead of the best rank over the runner-up rank
    runner_up: Rank
    center: tuple[float, float]  # of the rank glyph, image pixels
    down: tuple[float, float]  # unit vector from glyph towards pip
    height: float  # upright glyph height in pixels
    pip: str  # S/H/D/C; O for a joker's JOKER, * a taught joker mark, F a taught face
    blob: int  # the paper region it lies on (cards touching share one)
    read_as: Rank | None = None  # what the glyph read as, where the set took it for another
    # where its card's rank glyph would lie, when the mark lies elsewhere on the card (a
    # taught joker mark off the deck's index place); None: at its centre
    place: tuple[float, float] | None = None
    # a J whose pip read poorly (under JOKER_WORD_PIP): the joker it is if it is a joker's
    # word (JOKER, its "O" taken for the pip), by their colour
    word_joker: Rank | None = None

    @property
    def index_place(self) -> tuple[float, float]:
        """Where its card's rank glyph lies (or would): :attr:`place`, else its centre."""
        return self.place if self.place is not None else self.center

    @property
    def glyph_height(self) -> float:
        """The rank-glyph height this mark implies (JOKER letters are smaller than rank
        glyphs)."""
        return self.height / JOKER_LETTER if self.pip == "O" else self.height


# A 5 has a stem at its left from its top bar down to its bowl; a 3 is open there (its top
# arc ends, its middle joins at the right).  Where the prototypes cannot tell them apart
# (thin faces at ~12 px: anglo's 3 reads as 5 every time), that stem decides.
STEM_ROWS = (0.2, 0.45)  # of the glyph's height, from its top
STEM_COLS = 0.4  # of the glyph box's width, from its left
STEM_3, STEM_5 = 0.45, 0.85  # least ink along the stem: below the first a 3, above the second a 5
STEM_SLACK = 0.3  # the other digit's score may fall this far short of MIN_RANK_SCORE
_STEM_PX = 24


def three_or_five(image: BGRImage, center: tuple[float, float], down: tuple[float, float],
                  height: float) -> Rank | None:
    """3 or 5 by the glyph at ``center`` (turned so that ``down`` points down, ``height``
    tall): by the ink along a 5's stem, as a share of the glyph's contrast; ``None`` when
    it tells neither surely."""
    d = np.array(down, np.float32)
    right = np.array([d[1], -d[0]], np.float32)
    u, v = np.meshgrid(np.linspace(-0.45, 0.45, _STEM_PX, dtype=np.float32) * height,
                       np.linspace(-0.55, 0.55, _STEM_PX, dtype=np.float32) * height)
    xs = (center[0] + u * right[0] + v * d[0]).astype(np.float32)
    ys = (center[1] + u * right[1] + v * d[1]).astype(np.float32)
    patch = cv2.remap(image, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    grey = patch.min(axis=2).astype(np.float32)
    lo, hi = np.percentile(grey, (5, 95))
    if hi - lo < 1.0:
        return None
    ink = (hi - grey) / (hi - lo)
    top, bottom = (int((0.05 + f) / 1.1 * _STEM_PX) for f in STEM_ROWS)
    stem = float(ink[top:bottom + 1, :int(STEM_COLS * _STEM_PX)].max(axis=1).min())
    return Rank.THREE if stem < STEM_3 else Rank.FIVE if stem > STEM_5 else None


def mark_frame(points: npt.NDArray[np.float64], mark: IndexMark
               ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """``points`` (n, 2) seen from ``mark``: how far along its "down" and across it."""
    v = points - np.array(mark.center)
    return v @ np.array(mark.down), v @ np.array([mark.down[1], -mark.down[0]])


def _in_joker_column(points: npt.NDArray[np.float64], joker: IndexMark
                     ) -> npt.NDArray[np.bool_]:
    """Which ``points`` lie in the column of letters under a read JOKER's J."""
    along, across = mark_frame(points, joker)
    return ((along > -0.5 * joker.height) & (along < 7 * joker.height)
            & (np.abs(across) < 1.2 * joker.height))


def darkest_channel(image: BGRImage) -> Mask:
    """Per pixel, the smallest of B, G, R: paper is high, black and red ink both low."""
    b, g, r = cv2.split(image)
    return cv2.min(cv2.min(b, g), r)


@lru_cache(maxsize=8)
def _ink_levels(ratio: float) -> Mask:
    """Per paper level, ``ratio`` × it as cv2.multiply rounds it (a lookup costs a third as
    much as the multiply)."""
    levels: Mask = cv2.multiply(np.arange(256, dtype=np.uint8)[None, :], np.array([ratio]))
    return levels


def ink_level(paper_level: Mask, ratio: float = INK_RATIO) -> Mask:
    """Per pixel, the level (uint8) below which a pixel on paper of ``paper_level`` is ink
    (darker than ``ratio`` × it)."""
    return cv2.LUT(paper_level, _ink_levels(ratio))


def paper_kernel(shape: tuple[int, ...]) -> int:
    """The default width (quarter-resolution pixels) of the closing that estimates the paper
    level in an image of ``shape``: wide enough to swallow index glyphs and pips."""
    return max(3, (min(shape[0], shape[1]) // 48) | 1)


@dataclass(frozen=True)
class InkMap:
    """Ink and paper masks (0/1) of an image, and the darkest channel and paper level they
    were cut from."""

    darkest: Mask  # the image's darkest_channel
    ink: Mask
    paper: Mask
    level: Mask  # the paper brightness around each pixel (darkest channel, glyphs closed)


# Evening out the light (ink_map's flat_light): the paper level is divided by itself blurred
# over this share of the image's longer side, and paper must still be at least level 60.
FLAT_BLUR = 0.1
FLAT_LEAST_LEVEL = 60


def _paper_in_even_light(level: Mask, size: tuple[int, int], paper_otsu: float) -> Mask:
    """Paper (0/1, at ``size``) by the Otsu threshold of the paper ``level`` divided by the
    light falling on it (``level`` blurred wide): a card in the dim part of a photo is as
    much brighter than the floor around it as one in the light."""
    light = cv2.GaussianBlur(level.astype(np.float32), (0, 0), FLAT_BLUR * max(level.shape))
    even = np.clip(level / np.maximum(light, 1.0) * 128, 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(even, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    full = cv2.resize(even, size, interpolation=cv2.INTER_LINEAR)
    paper: Mask = (full >= float(otsu) * paper_otsu).astype(np.uint8)
    return paper


def ink_map(image: BGRImage, kernel: int | None = None, ratio: float = INK_RATIO,
            paper_otsu: float = 1.0, flat_light: bool = False) -> InkMap:
    """Ink (darker than ``ratio`` times the paper level around it), paper and paper level of
    a BGR image.

    ``kernel`` is the paper-level closing width at quarter resolution (default from the
    image size, :func:`paper_kernel`); pass it when ``image`` is a crop of a larger view.
    Paper is at least level 90 and at least ``paper_otsu`` × the Otsu threshold of the
    paper level (below 1: dim, shadowed cards on a dark floor count as paper too); with
    ``flat_light``, of the paper level with the light evened out
    (:func:`_paper_in_even_light`: a photo lit from one side).
    """
    minch = darkest_channel(image)
    h, w = minch.shape
    # The paper level around each pixel: a closing wide enough to swallow whole index glyphs
    # and pips, done at quarter resolution (it is smooth anyway) for speed.
    ks = kernel if kernel is not None else paper_kernel(minch.shape)
    small = cv2.resize(minch, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    small = cv2.morphologyEx(small, cv2.MORPH_CLOSE,
                             cv2.getStructuringElement(cv2.MORPH_RECT, (ks, ks)))
    bg = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    if flat_light:
        paper = _paper_in_even_light(small, (w, h), paper_otsu)
        paper &= (bg >= FLAT_LEAST_LEVEL).astype(np.uint8)
    else:
        otsu, _ = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        paper = (bg >= max(90.0, float(otsu) * paper_otsu)).astype(np.uint8)
    ink = cv2.compare(minch, ink_level(bg, ratio), cv2.CMP_LT)
    ink = cv2.bitwise_and(ink, paper * 255)
    return InkMap(minch, (ink > 0).astype(np.uint8), paper, bg)


def ink_and_paper(image: BGRImage, kernel: int | None = None) -> tuple[Mask, Mask]:
    """Ink mask and paper mask (0/1) of a BGR image (:func:`ink_map` at :data:`INK_RATIO`)."""
    m = ink_map(image, kernel)
    return m.ink, m.paper


# Per scored pair: glyph centre, unit "down", upright glyph height, index layout plausible.
_Geometry = tuple[FloatArray, FloatArray, float, bool]


@dataclass(frozen=True)
class Pair:
    """A candidate index: rank glyph component (and side sibling for 10) over a pip component."""

    glyph: int
    sibling: int  # 0 when the rank is one component
    pip: int
    from_glyph: bool = False  # "down" from the first glyph alone, not from glyph + sibling


def component_points(labels: Labels, stats: Labels, i: int) -> FloatArray:
    """Pixel positions (x, y) of connected component ``i``."""
    x, y, w, h = stats[i, :4].tolist()
    ys, xs = np.nonzero(labels[y:y + h, x:x + w] == i)
    # (filled in place: a third cheaper than stacking, for the many small components)
    out = np.empty((len(xs), 2), np.float32)
    out[:, 0] = xs
    out[:, 0] += x
    out[:, 1] = ys
    out[:, 1] += y
    return out


def _upright(pts: FloatArray, lengths: IntArray, centres: FloatArray, downs: FloatArray
             ) -> FloatArray:
    """Groups of points (``lengths[k]`` after one another), each turned upright about its
    centre (``centres[k]``) so that its "down" (``downs[k]``) points down."""
    # per point, its group's centre and "down" (np.repeat: cheaper than a gather)
    centre = np.repeat(centres, lengths, axis=0)
    d = np.repeat(downs, lengths, axis=0)
    rx = pts[:, 0] - centre[:, 0]
    ry = pts[:, 1] - centre[:, 1]
    out = np.empty((len(pts), 2), np.float32)
    out[:, 0] = rx * d[:, 1] - ry * d[:, 0]  # along "right" = (dy, -dx)
    out[:, 1] = rx * d[:, 0] + ry * d[:, 1]
    return out


@dataclass(frozen=True)
class PairLayout:
    """Candidate pairs, each pair's :data:`_Geometry`, and what turns their glyph and pip
    points upright ("down" = towards the pip, origin = glyph centre) for features."""

    geo: list[_Geometry]
    points: dict[int, FloatArray]
    pairs: list[Pair]
    centres: FloatArray  # (n, 2) float32, per pair
    downs: FloatArray  # (n, 2) float32, per pair

    def glyph_features(self, rows: npt.NDArray[np.bool_]) -> FloatArray:
        """Glyph features of the pairs in ``rows``; the other rows are zero."""
        return self._features(rows, lambda p: (p.glyph, p.sibling))

    def pip_features(self, rows: npt.NDArray[np.bool_]) -> FloatArray:
        """Pip features of the pairs in ``rows``; the other rows are zero."""
        return self._features(rows, lambda p: (p.pip, 0))

    def _features(self, rows: npt.NDArray[np.bool_],
                  parts: Callable[[Pair], tuple[int, int]]) -> FloatArray:
        out = np.zeros((len(self.pairs), GLYPH_SIZE * GLYPH_SIZE), np.float32)
        at = np.flatnonzero(rows)
        if not len(at):
            return out
        pts = [self.points[i] for k in at.tolist() for i in parts(self.pairs[k]) if i]
        lengths = np.array([sum([len(self.points[i]) for i in parts(self.pairs[k]) if i])
                            for k in at.tolist()], np.int32)
        up = _upright(np.vstack(pts), lengths, self.centres[at], self.downs[at])
        out[at] = batch_features(up, lengths)
        return out


def row_ends(points: FloatArray) -> FloatArray:
    """Of a component's pixel positions in raster order (:func:`component_points`), the
    first and last of each row: every corner of its convex hull is among them, so a
    projection's extremes are, at a fraction of ``cv2.convexHull``'s cost."""
    y = points[:, 1]
    new_row = np.ones(len(points) + 1, bool)
    np.not_equal(y[1:], y[:-1], out=new_row[1:-1])
    ends: FloatArray = points[new_row[:-1] | new_row[1:]]
    return ends


def _extents(rims: Mapping[int, npt.NDArray[Any]], groups: list[tuple[int, ...]],
             centres: FloatArray, downs: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Per group of components (``rims``: each one's :func:`row_ends`), the top and bottom
    of the group along its "down" (``downs[k]``) about ``centres[k]``."""
    lengths = np.array([sum([len(rims[i]) for i in g]) for g in groups], np.int32)
    along = _upright(np.vstack([rims[i] for g in groups for i in g]), lengths,
                     centres, downs)[:, 1]
    starts = group_starts(lengths)
    return np.minimum.reduceat(along, starts), np.maximum.reduceat(along, starts)


def pair_layout(points: dict[int, FloatArray], pairs: list[Pair]) -> PairLayout:
    """Measure each pair's layout: its glyph's centre, height and "down", and whether its
    pip sits as an index's does.  Heights are measured on each part's row ends
    (:func:`row_ends`: the extremes of a projection lie among them); whole parts are turned
    upright only for the features asked of the layout."""
    ids = sorted({i for p in pairs for i in (p.glyph, p.sibling, p.pip) if i})
    # per component (0: none), the sum of its whole-pixel coordinates (exact in float64,
    # in any order) and its size
    sums = np.zeros((max(ids) + 1, 2))
    sizes = np.zeros(max(ids) + 1)
    for i in ids:
        sums[i] = points[i].astype(np.float64).sum(axis=0)
        sizes[i] = len(points[i])
    rims = {i: row_ends(points[i]) for i in ids}
    glyph, sibling, pip = (np.array([getattr(p, f) for p in pairs]) for f in
                           ("glyph", "sibling", "pip"))
    gc = (sums[glyph] + sums[sibling]) / (sizes[glyph] + sizes[sibling])[:, None]
    pc = sums[pip] / sizes[pip][:, None]
    glyphs: list[tuple[int, ...]] = [(p.glyph, p.sibling) if p.sibling else (p.glyph,)
                                     for p in pairs]
    first = np.array([p.from_glyph for p in pairs])
    if first.any():  # for "10" whose pip sits under the 1, not under the middle
        means = {g: points[g].mean(axis=0) for g in {p.glyph for p in pairs if p.from_glyph}}
        lead = gc.copy()
        for k in np.flatnonzero(first):
            lead[k] = means[pairs[k].glyph]
        v = pc - lead
    else:
        v = pc - gc
    down = v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-6)
    gc32, down32 = gc.astype(np.float32), down.astype(np.float32)

    g_top, g_bot = _extents(rims, glyphs, gc32, down32)
    p_top, p_bot = _extents(rims, [(p.pip,) for p in pairs], gc32, down32)
    height = g_bot - g_top + 1
    gap = (p_top - g_bot) / height
    pip_h = (p_bot - p_top + 1) / height
    # In a corner index the pip sits just under the rank and is not bigger than it.
    ok = (gap >= -0.2) & (gap <= 0.7) & (pip_h >= 0.3) & (pip_h <= 1.25)
    geo = [(gc32[k], down32[k], float(height[k]), bool(ok[k])) for k in range(len(pairs))]
    return PairLayout(geo, points, pairs, gc32, down32)


def pair_features(points: dict[int, FloatArray], pairs: list[Pair]
                  ) -> tuple[FloatArray, FloatArray, list[_Geometry]]:
    """Upright features of glyph and pip of every pair, and (centre, down, height, layout
    ok) per pair."""
    layout = pair_layout(points, pairs)
    every = np.ones(len(pairs), bool)
    return layout.glyph_features(every), layout.pip_features(every), layout.geo


def _component_reds(image: BGRImage, labels: Labels, stats: Labels, i: int) -> FloatArray:
    """R − max(B, G) at each pixel of component ``i``."""
    x, y, w, h = (int(v) for v in stats[i, :4])
    sel = labels[y:y + h, x:x + w] == i
    px = image[y:y + h, x:x + w][sel].astype(np.float32)
    reds: FloatArray = px[:, 2] - np.maximum(px[:, 0], px[:, 1])
    return reds


def component_redness(image: BGRImage, labels: Labels, stats: Labels, i: int) -> float:
    """How red component ``i``'s ink is: the 75th percentile of R − max(B, G) over its
    pixels (a high percentile: a small mark's edges blur into the paper and lose colour)."""
    reds = _component_reds(image, labels, stats, i)
    return float(np.percentile(reds, 75)) if len(reds) else 0.0


def mean_redness(image: BGRImage, labels: Labels, stats: Labels, i: int) -> float:
    """The mean of R − max(B, G) over component ``i``'s pixels (a stray's
    :attr:`StrayInk.redness`)."""
    reds = _component_reds(image, labels, stats, i)
    return float(reds.mean()) if len(reds) else 0.0


# Of the ink where a joker's mark is looked for, the share that is red (R − max(B, G) above
# the recogniser's joker_red) in a 大王's.  A share, not the mean: black ink beside the mark
# (a neighbour's pip in a fan's corner box, a picture's frame) dilutes a thin red word's mean
# (anglo's 大王 in a fan read 小王 at a mean of 6–19; dev sets 1225 -> 1233 of 1444 right).
JOKER_RED_SHARE = 0.3


class _Redness:
    """Each component's mean redness (:func:`mean_redness`), measured once."""

    def __init__(self, image: BGRImage, labels: Labels, stats: Labels) -> None:
        self._image, self._labels, self._stats = image, labels, stats
        self._known: dict[int, float] = {}

    def __call__(self, i: int) -> float:
        if i not in self._known:
            self._known[i] = mean_redness(self._image, self._labels, self._stats, i)
        return self._known[i]


def _colours_differ(redness: _Redness, joker_red: float, glyph: int, pip: int) -> bool:
    """Whether one of a ``glyph`` and its ``pip`` (components) is clearly red and the other
    clearly black (:data:`CLEARLY_RED`, :data:`CLEARLY_BLACK` times the 大王 threshold
    ``joker_red``): an index prints both in its suit's colour."""
    a, b = redness(glyph), redness(pip)
    red, black = CLEARLY_RED * joker_red, CLEARLY_BLACK * joker_red
    return (a > red and b < black) or (b > red and a < black)


def red_share(image: BGRImage, ys: npt.NDArray[np.intp], xs: npt.NDArray[np.intp],
              joker_red: float) -> float:
    """The share of the ink pixels (``ys``, ``xs``) that are red: R − max(B, G), scaled as
    if the paper around them were white (:func:`_paper_about`), above ``joker_red``."""
    px = image[ys, xs].astype(np.float32)
    red = px[:, 2] - np.maximum(px[:, 0], px[:, 1])
    # the paper only tells for ink red enough on the darkest paper and not on white (the
    # scale is 1 to 255 / RED_PAPER_LEAST): measured only then, as it costs ~0.25 ms a look
    if (red > joker_red * RED_PAPER_LEAST / 255.0).any() and (red <= joker_red).any():
        red *= 255.0 / _paper_about(image, ys, xs)
    return float((red > joker_red).mean())


# A mark's redness is measured against the paper around it (RED_PAPER_SHARE: the brightest
# pixels of the box round it, padded by half its size): a 大王's red word in a shadow is as
# dim as its paper (anglo's word at R − max(B, G) 27–34 on paper at 133 read a 小王).
RED_PAPER_SHARE = 90  # the percentile of the box's brightest channel taken as its paper
RED_PAPER_LEAST = 100.0  # darker than this is no paper to measure by
RED_PAPER_SAMPLES = 400  # about this many of the box's pixels (evenly strided) are looked at


def _paper_about(image: BGRImage, ys: npt.NDArray[np.intp], xs: npt.NDArray[np.intp]) -> float:
    """The paper's brightness (brightest channel) around the pixels (``ys``, ``xs``)."""
    y0, y1, x0, x1 = int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1
    pad = max(4, max(y1 - y0, x1 - x0) // 2)
    box = image[max(y0 - pad, 0):y1 + pad, max(x0 - pad, 0):x1 + pad]
    step = max(1, round(math.sqrt(box.shape[0] * box.shape[1] / RED_PAPER_SAMPLES)))
    bright = box[::step, ::step].max(axis=2).ravel()
    k = int(RED_PAPER_SHARE / 100 * (len(bright) - 1))
    paper = float(np.partition(bright, k)[k])
    return min(max(paper, RED_PAPER_LEAST), 255.0)


def joker_of_colour(image: BGRImage, ys: npt.NDArray[np.intp], xs: npt.NDArray[np.intp],
                    joker_red: float, share: float = JOKER_RED_SHARE) -> Rank:
    """Which joker a mark of ink pixels (``ys``, ``xs``) is: 大王 when at least ``share``
    of them are red (:func:`red_share`), else 小王."""
    return (Rank.BIG_JOKER if red_share(image, ys, xs, joker_red) >= share
            else Rank.SMALL_JOKER)


EdgeProbe = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]


def edge_probe(ups: npt.NDArray[np.float64]) -> EdgeProbe:
    """Where :func:`paper_ends_above` looks, in heights: each of ``ups`` up, straight and 0.3
    to either side (as columns, up and aside)."""
    return (np.repeat(ups, 3)[:, None],
            np.tile(np.array([-0.3, 0.0, 0.3]), len(ups))[:, None])


def _probe_points(centre: npt.NDArray[np.floating[Any]], downs: npt.NDArray[np.floating[Any]],
                  heights: npt.NDArray[np.floating[Any]], probe: EdgeProbe
                  ) -> npt.NDArray[np.floating[Any]]:
    """The ``probe`` points (:func:`edge_probe`) "up" from ``centre`` for each way "down"
    (``downs``, (k, 2)) scaled by its height (``heights``, (k,)): (k, n, 2)."""
    r = np.stack([downs[:, 1], -downs[:, 0]], axis=1)
    t, side = probe
    h = heights[:, None, None]
    out: npt.NDArray[np.floating[Any]] = (centre - downs[:, None, :] * t * h
                                          + r[:, None, :] * side * h)
    return out


def paper_ends_above(paper: Mask, centre: npt.NDArray[np.floating[Any]],
                     down: npt.NDArray[np.floating[Any]], height: float,
                     probe: EdgeProbe) -> bool:
    """Whether paper (or the image) ends at one of the ``probe`` points (:func:`edge_probe`,
    × ``height``) "up" from ``centre``: a corner mark sits just inside a card edge."""
    return bool(paper_ends_above_each(paper, centre, down[None, :], np.array([height]),
                                      probe)[0])


def paper_ends_above_each(paper: Mask, centre: npt.NDArray[np.floating[Any]],
                          downs: npt.NDArray[np.floating[Any]],
                          heights: npt.NDArray[np.floating[Any]],
                          probe: EdgeProbe) -> npt.NDArray[np.bool_]:
    """:func:`paper_ends_above` for several ways "down" (k, 2), each with its height (k,)."""
    hgt, wid = paper.shape
    pts = _probe_points(centre, downs, heights, probe)
    x, y = pts[..., 0], pts[..., 1]
    inside = ((x >= 0) & (x < wid) & (y >= 0) & (y < hgt)).all(axis=1)
    # (the rows with a point off the image end there whatever the paper)
    xi = np.where(inside[:, None], x, 0).astype(int)
    yi = np.where(inside[:, None], y, 0).astype(int)
    ends: npt.NDArray[np.bool_] = ~inside | (paper[yi, xi] == 0).any(axis=1)
    return ends


# glyph heights up from an index where paper must end
NEAR_EDGE_PROBE = edge_probe(np.arange(0.6, 2.0, 0.2))


# A card edge seen as a straight brightness step (a white card on a floor as pale as it):
# looked for between these glyph heights "up" from an index, across ± STEP_WIDTH heights;
# the step must change the darkest channel by STEP_LEAST levels over 0.2 glyph heights, lie
# within STEP_SPREAD heights of a straight line turned at most STEP_TILT (slope) from square.
STEP_SPAN = (0.65, 1.9)
STEP_WIDTH = 0.5
STEP_LEAST = 10.0
STEP_SPREAD = 0.1
STEP_TILT = 0.35


def straight_step_above(darkest: Mask, mark: IndexMark) -> bool:
    """Whether a straight brightness step (a card edge) crosses the way "up" from ``mark``
    within :data:`STEP_SPAN`, square to it: one sign of step, strong enough, along
    five parallel lines across the index (``darkest``: the image's darkest channel)."""
    h = mark.glyph_height
    centre, down = np.array(mark.center, np.float64), np.array(mark.down, np.float64)
    side = np.array([down[1], -down[0]])
    step = max(1.0, h / 24)
    t = np.arange(STEP_SPAN[0] * h, STEP_SPAN[1] * h, step)
    across = np.linspace(-STEP_WIDTH, STEP_WIDTH, 5)
    pts = (centre[None, None, :] - down[None, None, :] * t[None, :, None]
           + side[None, None, :] * across[:, None, None] * h).astype(np.float32)
    prof = cv2.remap(darkest, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE).astype(np.float64)
    d = max(1, round(0.1 * h / step))
    rise = prof[:, 2 * d:] - prof[:, :-2 * d]  # centred on t[d:-d]
    k = np.argmax(np.abs(rise), axis=1)
    best = rise[np.arange(len(across)), k]
    if (np.abs(best) < STEP_LEAST).any() or not ((best > 0).all() or (best < 0).all()):
        return False
    at = t[d:-d][k] / h
    slope, offset = np.polyfit(across, at, 1)
    return bool(abs(slope) <= STEP_TILT
                and np.abs(at - (slope * across + offset)).max() <= STEP_SPREAD)


def _near_edge(mark: IndexMark, inks: InkMap, edge_drop: float | None) -> bool:
    """Corner indices sit just inside a card's edge: off paper within ~2 glyphs "up" from them
    or, with ``edge_drop``, where the paper level falls below that fraction of the level at
    the index (a white card on a paler floor that also passes for paper) or where the
    image's darkest channel steps along a straight line (a floor as pale as the card:
    :func:`straight_step_above`)."""
    centre, down = np.array(mark.center), np.array(mark.down)
    if paper_ends_above(inks.paper, centre, down, mark.glyph_height, NEAR_EDGE_PROBE):
        return True
    if edge_drop is None:
        return False
    hgt, wid = inks.level.shape  # the probe lies in the image: paper_ends_above checked
    pts = _probe_points(centre, down[None, :], np.array([mark.glyph_height]),
                        NEAR_EDGE_PROBE)[0].astype(int)
    here = float(inks.level[min(max(int(centre[1]), 0), hgt - 1),
                            min(max(int(centre[0]), 0), wid - 1)])
    if (inks.level[pts[:, 1], pts[:, 0]] < edge_drop * here).any():
        return True
    return straight_step_above(inks.darkest, mark)


# glyph heights, against the indices seen by a card edge, of an index over older cards
OVER_HEIGHT = (0.85, 1.18)


def _over_older_cards(marks: list[IndexMark], seen: list[IndexMark]) -> list[IndexMark]:
    """Of the ``marks`` near an edge only where older paper lies, those as tall as the
    indices ``seen`` by a card edge: over older paper a new card's pips and court art read
    as indices too, but smaller ones."""
    if not seen:
        return []
    ref = median(m.glyph_height for m in seen)
    low, high = OVER_HEIGHT
    return [m for m in marks if low * ref <= m.glyph_height <= high * ref]


# A card is far taller than its corner index: 88 mm against 6–10 mm glyphs (jumbo indices
# reach ~16 mm), so its paper reaches well over this many glyph heights along "down".
MIN_PAPER_SPAN = 4.5


def _fits_its_paper(mark: IndexMark, blobs: Labels, spans: dict[int, FloatArray]) -> bool:
    """Whether the paper region the mark lies on spans enough glyph heights along its
    "down" to hold a card with such an index: court-card art read as a huge glyph does not.
    ``spans`` caches each region's outline."""
    if mark.blob == 0:
        return True
    if mark.blob not in spans:
        region = (blobs == mark.blob).astype(np.uint8)
        contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        spans[mark.blob] = np.vstack([c.reshape(-1, 2) for c in contours]).astype(np.float64)
    along = spans[mark.blob] @ np.array(mark.down)
    return float(along.max() - along.min()) >= MIN_PAPER_SPAN * mark.glyph_height


def set_glyph_height(marks: Sequence[IndexMark]) -> float:
    """The rank-glyph height of a set read as ``marks``: the median of its rank indices'
    glyphs when it has any, else what its JOKER letters imply.  A jumbo-index deck (大字牌)
    prints its JOKER letters no bigger than other decks do, so beside its rank glyphs they
    tell that size poorly (letters of 28 px beside a 61 px 7)."""
    ranks = [m.glyph_height for m in marks if m.pip != "O"]
    heights = ranks or [m.glyph_height for m in marks]
    return float(median(heights)) if heights else float("nan")


def consistent(marks: list[IndexMark]) -> list[IndexMark]:
    """Within one set all indices come from one deck and print alike: drop those of a very
    different size, or matching far worse than the others (edges and art posing as glyphs).
    Rank indices and JOKER letters are each sized against their own kind when two of it read
    well, else against all; a rank index so sized against JOKER letters may be up to
    :data:`JUMBO_RANK` times the glyph they imply (a jumbo deck's rank glyphs are twice its
    letters: a lone 61 px K beside 大王 letters of 28 px)."""
    strong = [m for m in marks if m.score >= 0.7]
    if len(strong) < 2:
        return marks
    med_score = float(median([m.score for m in strong]))
    every = float(median([m.glyph_height for m in strong]))
    med: dict[bool, float] = {}
    own: dict[bool, bool] = {}  # whether the kind is sized against itself
    for joker in (True, False):
        kind = [m.glyph_height for m in strong if (m.pip == "O") is joker]
        own[joker] = len(kind) >= 2
        med[joker] = float(median(kind)) if own[joker] else every
    beside_letters = own[True] and not own[False]
    keep = []
    for m in marks:
        h, ref = m.glyph_height, med[m.pip == "O"]
        lo = 0.55 if m.pip == "O" else 0.65
        # (1.6 kept paris' 2♠ glyph joined to the edge line above it, read as an A 1.596 ×
        # the set's glyphs: `22222` a sure `A2222`; at 1.5 dev, check and taught sets +1
        # each, none lost)
        hi = JUMBO_RANK if m.pip != "O" and beside_letters else 1.5
        if lo * ref <= h <= hi * ref and m.score >= 0.78 * med_score:
            keep.append(m)
    return _once_each(keep, med[False])


def _once_each(marks: list[IndexMark], height: float) -> list[IndexMark]:
    """``marks`` less the second reading of one index: two rank indices of one rank, facing
    one way, under :data:`SAME_INDEX` glyph heights (``height``) apart, are one card's index
    read twice (anglo's J♥ beside the covering card's dashed edge, that line and a piece of
    the heart read as a J♦ 0.5 glyph heights off: `JJJJJ2` a sure `JJJJJJ2`, dev seed
    3927).  No fan steps that tight and shows both: of the two, the one whose glyph height
    lies further from ``height`` goes."""
    def off(m: IndexMark) -> float:
        return abs(math.log(m.glyph_height / height))

    ranks = [m for m in marks if m.pip != "O"]
    twice = {id(a) if off(a) > off(b) else id(b)
             for i, a in enumerate(ranks) for b in ranks[i + 1:]
             if a.rank is b.rank and float(np.dot(a.down, b.down)) > SAME_WAY
             and math.dist(a.center, b.center) < SAME_INDEX * height}
    return [m for m in marks if id(m) not in twice]


def largest_glyph(shape: tuple[int, ...]) -> int:
    """The largest ink component (pixels) taken for a glyph in a view of ``shape``."""
    return max(12, min(shape[0], shape[1]) // 5)


def paper_regions(paper: Mask) -> Labels:
    """The paper's connected regions (labels; cards touching share one)."""
    _, blobs = cv2.connectedComponents(paper, connectivity=8)
    return blobs


def ink_components(ink: Mask, big: int) -> tuple[Labels, Labels, Labels, Mask]:
    """The ink's connected components (labels, stats, centres) after its large or sparse
    shapes — an index touching a court-card frame or a card edge — are opened (3×3) so they
    fall apart, leaving thin glyph strokes elsewhere intact; with that ink."""
    _, labels, stats, centers = components_with_stats(ink)
    side = np.maximum(stats[:, 2], stats[:, 3])
    tangled = (side > big) | (stats[:, 4] < 0.08 * side * side)
    tangled[0] = False
    if not tangled.any():
        return labels, stats, centers, ink
    split: Mask = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    # the opening only removes ink: put back what it removed from the shapes left whole
    # (looking up the labels of those few pixels, not of the whole image; a 0/1 mask seen
    # as bool is searched several times faster)
    removed = np.flatnonzero(cv2.subtract(ink, split).view(np.bool_))
    whole = removed[~tangled[labels.ravel()[removed]]]
    split.ravel()[whole] = ink.ravel()[whole]
    _, labels, stats, centers = components_with_stats(split)
    return labels, stats, centers, split


@dataclass(frozen=True)
class _Labelled:
    """Ink components labelled in a box of a view, in the whole view's pixels (labels,
    stats and centres as :func:`ink_components` gives them), and those of glyph size on
    paper (:meth:`IndexFinder._candidates`)."""

    labels: Labels
    stats: Labels
    centers: Labels
    candidates: list[int]


@dataclass(frozen=True)
class PaperInk:
    """An image's ink and paper as :class:`IndexFinder` saw them, for a later pass over the
    same image (:class:`vision.joker_marks.JokerMarkReader`)."""

    inks: InkMap  # its ink (before large or sparse shapes are split) and paper
    blobs: Labels  # the paper's regions (paper_regions)
    big: int  # the largest glyph (largest_glyph of the view's shape)
    # fainter ink labelled about a box by a second look, for another look at the same box
    # (IndexFinder.second_look: the glyph model that knows covered glyphs looks again where
    # the usual one read nothing)
    looks: dict[tuple[int, int, int, int, float], _Labelled] = field(
        default_factory=dict, compare=False, repr=False)
    # where the bare mat shows (its felt and a zone's outline): no card's paper, though the
    # paper level may count it so (0/1, vision.bare_mat); the fan's ends are not measured
    # along it, and an index by it is by its card's edge
    mat_seen: Mask | None = field(default=None, compare=False, repr=False)

    @cached_property
    def card_inks(self) -> InkMap:
        """:attr:`inks` with the paper where the bare mat shows (:attr:`mat_seen`) left out:
        where the cards' paper is."""
        if self.mat_seen is None:
            return self.inks
        return replace(self.inks, paper=self.inks.paper & (1 - self.mat_seen))

    @cached_property
    def region_areas(self) -> npt.NDArray[np.intp]:
        """Pixels per paper region (by its label in :attr:`blobs`; 0, not paper, counts
        none), counted once."""
        areas: npt.NDArray[np.intp] = np.bincount(self.blobs[self.inks.paper > 0].ravel())
        return areas


# An index's own box, in glyph heights from the glyph centre: above, below (the pip), beside.
INDEX_BOX = (0.8, 2.2, 0.8)
# A covered card's corner tucked just under the next card (a tight fan's step is less than
# an index box's half width) is stray ink though in that card's index box: beyond
# STRAY_BESIDE of its glyph heights to its outer side, solid (area at least STRAY_SOLID
# glyph heights times its longer side; a card's edge line is ~3 px thick), in no other
# box (:func:`_tucked_corners`).  Check seeds 2180-2419 read right 1790 -> 1795 of 1996
# (confidently wrong 4 -> 3), taught 904 -> 911 of 998 (confidently wrong 6 -> 2); dev
# seeds unchanged but for one jumbo set won and two sure sets made unsure.  The tucked
# corners lay 0.68-0.75 glyph heights beside; at 0.55 a court card's art 0.57 beside the next
# index was one too (neoclassical `KKK2` unsure): 0.62 (fortieth session).
STRAY_BESIDE = 0.62
STRAY_SOLID = 0.18
JUMBO_WEAK_LEAD = 0.2  # a jumbo 2 or 4 reading less than this better than its runner-up: a 10?


def in_index_box(points: npt.NDArray[np.float64], mark: IndexMark,
                 beside: float = INDEX_BOX[2]) -> npt.NDArray[np.bool_]:
    """Which ``points`` (n, 2) lie in ``mark``'s own box (:data:`INDEX_BOX`): its glyph
    over its pip, where fragments of either lie; ``beside``: its half width, in glyph
    heights, if not the usual."""
    along, across = mark_frame(points, mark)
    inside: npt.NDArray[np.bool_] = ((along > -INDEX_BOX[0] * mark.height)
                                     & (along < INDEX_BOX[1] * mark.height)
                                     & (np.abs(across) < beside * mark.height))
    return inside


def in_any_index_box(points: npt.NDArray[np.float64], marks: Iterable[IndexMark],
                     beside: float = INDEX_BOX[2]) -> npt.NDArray[np.bool_]:
    """Which ``points`` (n, 2) lie in the own box (:func:`in_index_box`, half width
    ``beside``) of any of ``marks``."""
    inside = np.zeros(len(points), bool)
    for m in marks:
        inside |= in_index_box(points, m, beside)
    return inside


LINES_AROUND = 1.5  # second_look cuts lines this many of their least lengths about each point


def cut_lines(ink: Mask, length: float) -> Mask:
    """``ink`` (0/255) less its straight lines at least ``length`` pixels long (a card's
    edge line), each erased 3 px wide (probabilistic Hough transform)."""
    found = cv2.HoughLinesP(ink, 1, np.pi / 180, int(0.8 * length), minLineLength=int(length),
                            maxLineGap=3)
    if found is None:
        return ink
    out = ink.copy()
    for x0, y0, x1, y1 in found.reshape(-1, 4).tolist():
        cv2.line(out, (int(x0), int(y0)), (int(x1), int(y1)), 0, 3)
    return out


# Stray ink lying mostly (ON_MAT) within MAT_REACH px of the bare mat and coloured as its
# felt is (the felt's main channel, FELT_SHARE of its chroma or more: blurred with a card's
# grey edge it keeps little) is the felt's (:func:`_off_the_mat`).  Dev sets read right and
# sure 838 -> 847 of 1444 (drawn fans: 339 -> 348 of 361), 2180-2599 1903 -> 1923 of 3496,
# no reading changed; at half the chroma the notches' 0.33 was too little.
ON_MAT = 0.5
MAT_REACH = 6
FELT_SHARE = 0.25


@dataclass(frozen=True)
class StrayInk:
    """Glyph-sized ink on paper, near its edge, that no index reading used: perhaps a corner
    mark that could not be read (a joker's picture or word, a damaged index)."""

    center: tuple[float, float]
    size: float  # longer side of its bounding box, pixels
    edge: float  # distance to the nearest non-paper pixel, pixels
    redness: float  # mean of R - max(B, G) over its pixels


def _tucked_corners(stats: Labels, centers: npt.NDArray[np.float64],
                    marks: list[IndexMark]) -> npt.NDArray[np.bool_]:
    """Which components (``stats``, ``centers``) may be the corner of a card tucked just
    under the next one, though within that card's index box (a tight fan's step is under
    its half width): solid ink (:data:`STRAY_SOLID`; not a card's edge line) in the box of
    one index alone, not a 10's (whose digits lie that far apart), beyond
    :data:`STRAY_BESIDE` of its glyph heights to its card's outer side (where the cards
    under it lie; its own face's art and pips lie to the other)."""
    inside = np.zeros(len(centers), np.int32)
    beyond = np.zeros(len(centers), bool)
    for m in marks:
        box = in_index_box(centers, m)
        inside += box
        _, across = mark_frame(centers, m)
        beyond |= box & (across <= -STRAY_BESIDE * m.height) & _whole_glyph(m)
    side = np.maximum(stats[:, 2], stats[:, 3])
    h = float(median(m.height for m in marks)) if marks else 0.0
    solid = stats[:, 4] >= STRAY_SOLID * h * side
    tucked: npt.NDArray[np.bool_] = beyond & (inside == 1) & solid
    return tucked


def _whole_glyph(mark: IndexMark) -> bool:
    """Whether ``mark`` read a glyph whole: not a 10 (whose digits lie apart), nor a 2 or a
    4 read weakly (less than :data:`JUMBO_WEAK_LEAD` ahead: a jumbo 10's "1(" so reads,
    its "0" beside it)."""
    return not (mark.rank is Rank.TEN or (mark.rank in (Rank.TWO, Rank.FOUR)
                                          and mark.margin < JUMBO_WEAK_LEAD))


def _stray_candidates(stats: Labels, centers: Labels, cand: list[int],
                      marks: list[IndexMark]) -> list[int]:
    """Candidate components that no accepted index used, outside every index's own box
    (its glyph over its pip, where fragments of either lie), of glyph size and beside a
    read index."""
    if not cand:
        return []
    c = centers[np.array(cand)]
    keep = ~in_any_index_box(c, marks) | _tucked_corners(stats[np.array(cand)], c, marks)
    for m in marks:  # the letters of a read JOKER
        if m.pip == "O":
            keep &= ~_in_joker_column(c, m)
    if marks:  # only ink that may be a corner beside a read index (a generous superset of
        # what :func:`vision.recognize.unread_corners` and :mod:`vision.fan` take) is worth
        # describing
        h = float(median(m.height for m in marks))
        size = np.maximum(stats[np.array(cand), 2], stats[np.array(cand), 3])
        keep &= (size >= 0.25 * h) & (size <= 3.5 * h)
        beside = np.zeros(len(cand), bool)
        for m in marks:
            along, across = mark_frame(c, m)
            # on the index line, or below it down to a corner word's length
            beside |= ((along > -0.5 * m.height) & (along < 2.5 * m.height)
                       & (np.abs(across) < 10 * h))
        keep &= beside
    return [i for i, k in zip(cand, keep.tolist(), strict=True) if k]


def _off_the_mat(image: BGRImage, labels: Labels, stats: Labels, ids: list[int],
                 mat_seen: Mask) -> list[int]:
    """The ink components ``ids`` less the felt's: those lying mostly (:data:`ON_MAT`) within
    :data:`MAT_REACH` px of where the bare mat shows, coloured as its felt is (its main
    channel, :data:`FELT_SHARE` of its chroma or more).  The felt in a notch between two
    cards' rounded corners at the fan's outline, which the paper level fills, is dark on
    paper, and too thin for the bare mat's own (eroded) pixels."""
    if not ids:
        return ids
    felt_px = image[::4, ::4][mat_seen[::4, ::4] > 0]  # (a sample is the felt's colour)
    if not len(felt_px):
        return ids
    felt = np.median(felt_px, axis=0)
    main, chroma = int(np.argmax(felt)), float(felt.max() - felt.min())
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * MAT_REACH + 1,) * 2)
    near = cv2.dilate(mat_seen, k)
    out = []
    for i in ids:
        x, y, w, h = (int(v) for v in stats[i, :4])
        own = labels[y:y + h, x:x + w] == i
        colour = image[y:y + h, x:x + w][own].mean(axis=0)
        felt_like = (int(np.argmax(colour)) == main
                     and float(colour.max() - colour.min()) >= FELT_SHARE * chroma)
        if not (felt_like and float(near[y:y + h, x:x + w][own].mean()) >= ON_MAT):
            out.append(i)
    return out


def _describe_strays(image: BGRImage, paper: Mask, labels: Labels, stats: Labels,
                     centers: Labels, ids: list[int]) -> list[StrayInk]:
    """The components ``ids`` as :class:`StrayInk`."""
    if not ids:
        return []
    centres = [(float(centers[i, 0]), float(centers[i, 1])) for i in ids]
    return [StrayInk(centre, float(max(stats[i, 2], stats[i, 3])), edge,
                     mean_redness(image, labels, stats, i))
            for i, centre, edge in zip(ids, centres, edge_distances(paper, centres),
                                       strict=True)]


def edge_distances(paper: Mask, centres: Sequence[tuple[float, float]]) -> list[float]:
    """How far (pixels) each of ``centres`` (x, y) lies from the nearest pixel off
    ``paper`` (0/1): a :class:`StrayInk`'s :attr:`~StrayInk.edge`."""
    dist = cv2.distanceTransform(paper, cv2.DIST_L2, 3)
    return [float(dist[_nearest_pixel(dist.shape, c)]) for c in centres]


# A card's own big pip (a 2's or 3's top pip on the index line, a large pip near the edge)
# is no unread corner: ink of BIG_PIP_SIZE read glyph heights (the longer side of its box)
# that, turned as the read indices, reads as a suit pip by BIG_PIP_SCORE and by BIG_PIP_LEAD
# over any other class.  (An index's own pip is smaller than its rank glyph: one half hidden
# stays a stray.  Big pips measure 1.3–1.7; bigger ink is court art, not worth reading.)
BIG_PIP_SIZE = (1.2, 2.0)
BIG_PIP_SCORE = 0.9
BIG_PIP_LEAD = 0.15
BIG_PIP_TURNS = (-8.0, 8.0)  # degrees: a card may lie turned so from the read indices


def turned(v: FloatArray, degrees: float) -> FloatArray:
    """The direction ``v`` (x, y) turned ``degrees`` (float32)."""
    a = np.radians(degrees)
    c, s = np.cos(a), np.sin(a)
    return np.array([v[0] * c - v[1] * s, v[0] * s + v[1] * c], np.float32)


# A rank glyph read without a pip (IndexFinder._pipless): the orientations tried are the
# read indices' (and turned half round), those nearer than PIPLESS_SAME (cosine) being one;
# its box's longer side (PIPLESS_SIZE) and upright height (PIPLESS_HEIGHT) against the read
# glyphs' height; how well and how clearly it must read; how much of the box where its pip
# would lie must be ink.
PIPLESS = "?"
PIPLESS_SAME = 0.985
PIPLESS_SIZE = (0.6, 1.5)
PIPLESS_HEIGHT = (0.85, 1.2)
PIPLESS_SCORE = 0.8
PIPLESS_MARGIN = 0.1
PIPLESS_INK = 0.15
PIPLESS_MERGED = 1.3
PIPLESS_LINE = 1.0  # glyph heights along a read index's "down": on its line
PIPLESS_PIP = 0.85  # the pip similarity a pipless mark's score is reckoned with
PIPLESS_BOX = (0.6, 1.4, 0.4)  # glyph heights from its centre: pip box top, bottom, half width

# A "10" read without its pip (IndexFinder._pipless): its digits' centres level within
# DIGITS_LEVEL glyph heights along "down" and DIGITS_ACROSS apart across it (their boxes'
# centres nearer than DIGITS_APART).
DIGITS_LEVEL = 0.3
DIGITS_ACROSS = (0.25, 1.0)
DIGITS_APART = 1.2


# A lone card where no index was read (IndexFinder.pipless_on_card): its corner glyphs are
# looked for, pip or none, this many glyph heights in from its short sides, at each of
# these glyph heights (mm: the dev decks' 7.6–11.6).
LONE_GLYPH_IN = 1.0
LONE_GLYPH_MM = (8.0, 10.0)
# What a pipless glyph may read as where no read index tells its rank (a lone card, or
# beside 2s only): any natural rank but J — a joker's word JOKER starts with one.
UNTOLD_RANKS = tuple(r for r in Rank if r.is_natural and r is not Rank.JACK)
# In a fan read by no index, not a 10 either: anglo's sideways "Joker" reads as one, its
# J and O side by side (a fan of jokers `BBBBR` read `TTTRR`).
UNTOLD_IN_FAN = tuple(r for r in UNTOLD_RANKS if r is not Rank.TEN)
_PIP_ACROSS, _PIP_BELOW = np.meshgrid(np.linspace(-PIPLESS_BOX[2], PIPLESS_BOX[2], 9),
                                      np.linspace(PIPLESS_BOX[0], PIPLESS_BOX[1], 9))
# the pip box as a probe (:func:`_probe_points`: glyph heights "up", and aside)
_PIP_PROBE: EdgeProbe = (-_PIP_BELOW.reshape(-1, 1), _PIP_ACROSS.reshape(-1, 1))


def _merged_pip_below(labels: Labels, stats: Labels, centre: tuple[float, float],
                      down: FloatArray, height: float) -> bool:
    """Whether ink covers :data:`PIPLESS_INK` of the box where a pip would lie below a glyph
    at ``centre`` (``height`` tall, "down" ``down``), and most of it is one component too
    big to be a pip (:data:`PIPLESS_MERGED` glyph heights): a pip that stands alone pairs
    with its glyph, and a letter under a joker's J is no pip."""
    pts = _probe_points(np.array(centre), np.asarray(down, np.float64)[None, :],
                        np.array([height]), _PIP_PROBE)[0]
    xs, ys = pts[:, 0], pts[:, 1]
    inside = (xs >= 0) & (xs < labels.shape[1]) & (ys >= 0) & (ys < labels.shape[0])
    if not inside.all():
        return False
    under = labels[ys.astype(int), xs.astype(int)]
    under = under[under > 0]
    if len(under) < PIPLESS_INK * xs.size:
        return False
    part = int(np.bincount(under).argmax())
    return bool(max(stats[part, 2], stats[part, 3]) > PIPLESS_MERGED * height)


def _turns_of(marks: list[IndexMark]) -> list[FloatArray]:
    """The ways "down" the ``marks`` point, each also turned half round (a far corner),
    those within :data:`PIPLESS_SAME` of another being one."""
    downs: list[FloatArray] = []
    for m in marks:
        for d in (np.array(m.down, np.float32), -np.array(m.down, np.float32)):
            if all(float(d @ e) < PIPLESS_SAME for e in downs):
                downs.append(d)
    return downs


def _beside_merged_ink(stats: Labels, cand: list[int], marks: list[IndexMark],
                       h: float) -> list[int]:
    """Of the candidate components, the glyph-sized ones (``h``: the read glyphs' height)
    on the line of a read index (across its "down") that ink too big to be a pip lies
    beside (their boxes nearer than a glyph's gap to its pip)."""
    sides = np.maximum(stats[:, 2], stats[:, 3])
    merged = np.flatnonzero(sides > PIPLESS_MERGED * PIPLESS_HEIGHT[0] * h)
    merged = merged[merged > 0]
    if not len(merged):
        return []
    box = stats[cand, :4].astype(np.float64)
    other = stats[merged, :4].astype(np.float64)
    gap_x = np.maximum(other[None, :, 0] - (box[:, None, 0] + box[:, None, 2]),
                       box[:, None, 0] - (other[None, :, 0] + other[None, :, 2]))
    gap_y = np.maximum(other[None, :, 1] - (box[:, None, 1] + box[:, None, 3]),
                       box[:, None, 1] - (other[None, :, 1] + other[None, :, 3]))
    beside = (np.maximum(gap_x, gap_y) < PIPLESS_BOX[0] * h).any(axis=1)
    mid = box[:, :2] + box[:, 2:] / 2
    on_line = np.zeros(len(cand), bool)
    for m in marks:
        along, _ = mark_frame(mid, m)
        on_line |= np.abs(along) < PIPLESS_LINE * m.glyph_height
    side = sides[cand]
    keep = (np.asarray(beside & on_line, bool) & (side >= PIPLESS_SIZE[0] * h)
            & (side <= PIPLESS_SIZE[1] * h))
    return [i for i, k in zip(cand, keep.tolist(), strict=True) if k]


def _digit_pairs(stats: Labels, cand: list[int], glyphs: list[int], h: float
                 ) -> list[tuple[int, int]]:
    """Pairs of candidate components, the first among ``glyphs``, that may be a "10"'s two
    digits: the second no larger than a glyph may be (:data:`PIPLESS_SIZE`, ``h`` the read
    glyphs' height), their boxes' centres nearer than :data:`DIGITS_APART` glyph heights."""
    side = np.maximum(stats[:, 2], stats[:, 3]).astype(np.float64)
    mid = stats[:, :2] + stats[:, 2:4] / 2
    out: dict[frozenset[int], tuple[int, int]] = {}
    for i in glyphs:
        for j in cand:
            if (j != i and side[j] <= PIPLESS_SIZE[1] * h
                    and np.hypot(*(mid[j] - mid[i])) < DIGITS_APART * h):
                out.setdefault(frozenset((i, j)), (i, j))
    return list(out.values())


def _side_by_side(pts: Mapping[int, FloatArray], digits: tuple[int, ...], down: FloatArray,
                  h: float) -> bool:
    """Whether two components lie side by side across ``down``, as a "10"'s digits: their
    centres level within :data:`DIGITS_LEVEL` glyph heights along it, and apart across."""
    a, b = (pts[i].mean(axis=0) for i in digits)
    v = b - a
    along = abs(float(v @ down))
    across = abs(float(v[0] * down[1] - v[1] * down[0]))
    return along < DIGITS_LEVEL * h and DIGITS_ACROSS[0] * h < across < DIGITS_ACROSS[1] * h


def long_side(corners: npt.NDArray[np.floating[Any]]) -> npt.NDArray[np.float64]:
    """The longer side of a card's outline (``corners``: 4 × 2, in order round it), as a
    vector from one corner to the next."""
    pts = np.asarray(corners, np.float64)
    side: npt.NDArray[np.float64] = max(pts[1] - pts[0], pts[2] - pts[1],
                                        key=lambda v: float(np.hypot(*v)))
    return side


def _nearest_pixel(shape: tuple[int, ...], centre: tuple[float, float]) -> tuple[int, int]:
    """The (row, column) of the pixel of an image of ``shape`` nearest ``centre`` (x, y)."""
    return (min(max(round(centre[1]), 0), shape[0] - 1),
            min(max(round(centre[0]), 0), shape[1] - 1))


def _blob_under(blobs: Labels, centre: tuple[float, float]) -> int:
    """The paper region (label in ``blobs``) at the pixel nearest ``centre``."""
    return int(blobs[_nearest_pixel(blobs.shape, centre)])


# Of some indices, those that were not there before (EarlierCards.new_marks), judged by the
# view's darkest channel
NewMarks = Callable[[list[IndexMark], Mask], list[IndexMark]]


def _drop_joker_letters(marks: list[IndexMark],
                        new_marks: NewMarks | None = None, darkest: Mask | None = None
                        ) -> list[IndexMark]:
    """Remove readings made of the letters below a joker's J (the K, E, R of JOKER).  With
    ``new_marks`` (over older cards; ``darkest``: the view's darkest channel), below new
    jokers' J only: an older joker's letters that still show go as older ink, and a new
    card's index laid over its word is none of them (drawn `KKK` over `5555555BRRR` read
    a sure `KK`, the top K♠ in the older 大王's column)."""
    jokers = [m for m in marks if m.pip == "O"]
    if jokers and new_marks is not None and darkest is not None:
        jokers = new_marks(jokers, darkest)
    if not jokers:
        return marks
    centres = np.array([m.center for m in marks])
    inside = np.zeros(len(marks), bool)
    for j in jokers:
        inside |= _in_joker_column(centres, j) & np.array([m is not j for m in marks])
    return [m for m, k in zip(marks, inside, strict=True) if not k]


@dataclass(frozen=True)
class Survey:
    """What :meth:`IndexFinder.survey` saw in an image."""

    marks: list[IndexMark]
    strays: list[StrayInk]
    ink: PaperInk
    pips: tuple[tuple[float, float], ...] = ()  # centres of cards' own big pips seen
    # with Seeing.off_edge: indices read that fit their paper but lie near no edge seen
    off_edge: tuple[IndexMark, ...] = ()


@dataclass(frozen=True)
class Seeing:
    """How ink, paper and card edges are told apart; the defaults are a zone view's."""

    ink_ratio: float = INK_RATIO  # ink is darker than this fraction of the paper level
    paper_otsu: float = 1.0  # paper is at least this × the Otsu threshold (:func:`ink_map`)
    edge_drop: float | None = None  # a card edge against a pale floor (:func:`_near_edge`)
    flat_light: bool = False  # paper told after evening out the light (:func:`ink_map`)
    off_edge: bool = False  # report the indices near no edge too (:attr:`Survey.off_edge`)
    # a glyph and pip clearly unlike in colour are no index (_colours_differ):
    # a zone's light is the mat's; a photo's real light and red print lost 6 of 527 boxes
    one_colour: bool = True


ZONE_SEEING = Seeing()


class IndexFinder:
    """Finds :class:`IndexMark`\\ s in BGR images with a glyph model."""

    def __init__(self, model: GlyphModel, joker_red: float = 35.0,
                 classifier: GlyphClassifier | None = None,
                 classifier_weight: float = CLASSIFIER_WEIGHT) -> None:
        self.model = model
        self.joker_red = joker_red
        self.classifier = classifier
        self.classifier_weight = classifier_weight
        labels = model.labels
        # model columns the classifier knows, and the classifier's column for each
        known = [i for i, lab in enumerate(labels) if classifier is not None
                 and lab in classifier.labels and lab not in UNADJUSTED]
        self._clf_model_cols = np.array(known, np.int64)
        self._clf_cols = np.array([classifier.labels.index(labels[i]) for i in known]
                                  if classifier is not None else [], np.int64)
        self._rank_cols = np.array([i for i, lab in enumerate(labels) if lab in RANK_LABELS])
        self._other_cols = np.array([i for i, lab in enumerate(labels) if lab not in RANK_LABELS])
        self._ten_at = list(self._rank_cols).index(labels.index("10"))  # among _rank_cols
        self._rank_at: dict[Rank, list[int]] = {}  # each rank's places among _rank_cols
        for i, col in enumerate(self._rank_cols):
            self._rank_at.setdefault(RANK_LABELS[labels[col]], []).append(i)
        self._pip_cols = np.array([i for i, lab in enumerate(labels) if lab in PIP_LABELS])
        self._not_pip_cols = np.array([i for i, lab in enumerate(labels)
                                       if lab not in PIP_LABELS])
        # the pips' prototypes alone (transposed): a first, cheap look at big pips
        self._pip_protos = np.ascontiguousarray(
            model.prototypes[np.isin(model.classes, self._pip_cols)].T)
        self._o_col = labels.index(LETTER_O)
        self._ten_parts = labels.index("1"), self._o_col, labels.index("J")  # bar, oval, J
        self._taught_jokers = {i for i, lab in enumerate(labels) if lab in ("B", "R")}

    def find(self, image: BGRImage, view_shape: tuple[int, int] | None = None,
             seeing: Seeing = ZONE_SEEING) -> list[IndexMark]:
        """All corner indices in ``image``.

        Size limits (paper-level closing, largest glyph) follow the image size; when ``image``
        is a crop of a larger view, pass that view's ``(height, width)`` as ``view_shape`` so
        the crop is read exactly as the whole view would be.  ``seeing``: how ink, paper and
        card edges are told apart (:class:`Seeing`; a zone view's by default).
        """
        return self.survey(image, view_shape, seeing).marks

    def survey(self, image: BGRImage, view_shape: tuple[int, int] | None = None,
               seeing: Seeing = ZONE_SEEING, old_paper: Mask | None = None,
               mat_seen: Mask | None = None, new_marks: NewMarks | None = None) -> Survey:
        """Like :meth:`find`, plus the glyph-sized ink on paper that no index used and the
        ink and paper seen on the way.

        ``old_paper``: paper of older cards the new ones may lie on (0/1,
        :mod:`vision.earlier`).  A new card's edge over an older card is paper against
        paper; an index whose card's edge would lie there counts as near an edge.
        ``new_marks``: which indices are new, over older cards (JOKER letters are dropped
        below new jokers only: :func:`_drop_joker_letters`).
        ``mat_seen``: where the bare mat shows (0/1), kept with the ink and paper seen
        (:attr:`PaperInk.mat_seen`); no paper to an index's card edge (the felt between a
        fan's cards and the zone's pale outline, which the paper level filled: the indices
        beside it seemed far from any edge, drawn `4444442BB` read `4444444BB`); and no
        stray ink where the felt shows between cards' corners (:func:`_off_the_mat`)."""
        shape = view_shape if view_shape is not None else image.shape[:2]
        big = largest_glyph(shape)
        inks = ink_map(image, paper_kernel(shape), seeing.ink_ratio, seeing.paper_otsu,
                       seeing.flat_light)
        ink, paper = inks.ink, inks.paper
        blobs = paper_regions(paper)
        labels, stats, centers, split = ink_components(ink, big)
        cand = self._candidates(stats, split, paper, big)
        parts = self._find_in(image, labels, stats, centers, cand, blobs, seeing.one_colour)
        spans: dict[int, FloatArray] = {}
        seen_ink = PaperInk(inks, blobs, big, mat_seen=mat_seen)
        card_inks = seen_ink.card_inks
        seen = [m for m in parts if _near_edge(m, card_inks, seeing.edge_drop)
                and _fits_its_paper(m, blobs, spans)]
        if old_paper is not None:
            edges = replace(card_inks, paper=card_inks.paper & (1 - old_paper))
            seen += _over_older_cards([m for m in parts if m not in seen
                                       and _near_edge(m, edges, seeing.edge_drop)
                                       and _fits_its_paper(m, blobs, spans)], seen)
        marks = _drop_joker_letters(seen, new_marks, inks.darkest)
        used = set().union(*(parts[m] for m in marks))
        unused = [i for i in cand if i not in used]
        # (where the indices read no natural rank, only 2s, a card whose pip runs into its
        # art may be of any: paris `62` read `2B`, its 6's pip joined to a big one)
        allowed = None if any(m.rank.is_natural for m in marks) else (*UNTOLD_RANKS, Rank.TWO)
        pipless = {m: ids for m, ids in
                   self._pipless(labels, stats, unused, marks, blobs, allowed).items()
                   if _near_edge(m, card_inks, seeing.edge_drop)
                   and _fits_its_paper(m, blobs, spans)}
        marks += list(pipless)
        unused = [i for i in unused if not any(i in ids for ids in pipless.values())]
        strays = _stray_candidates(stats, centers, unused, consistent(marks))
        pips = self.big_pips(labels, stats, strays, marks)
        strays = [i for i in strays if i not in pips]
        if mat_seen is not None:
            strays = _off_the_mat(image, labels, stats, strays, mat_seen)
        off_edge = (tuple(m for m in parts if m not in seen and _fits_its_paper(m, blobs, spans))
                    if seeing.off_edge else ())
        return Survey(marks, _describe_strays(image, paper, labels, stats, centers, strays),
                      seen_ink,
                      tuple((float(centers[i, 0]), float(centers[i, 1])) for i in sorted(pips)),
                      off_edge)

    def second_look(self, image: BGRImage, seen: PaperInk, near: npt.NDArray[np.float64],
                    reach: float, read: Sequence[IndexMark] = (),
                    ratio: float = SECOND_LOOK_RATIO,
                    lines_over: float | None = None,
                    beside: float = INDEX_BOX[2]) -> list[IndexMark]:
        """The indices read within ``reach`` pixels of the points ``near`` (stray ink where
        a card's corner should be) when ink is anything darker than ``ratio`` × the paper
        level, on the same paper as the survey that gave ``seen``; not of the ink in the
        boxes of the indices ``read`` already.

        Thin strokes in a blurred frame (neoclassical's red serif digits) fall apart at
        :data:`INK_RATIO`: the glyph then reads as stray fragments; counted with fainter
        ink it holds together.  Only the ink around ``near`` is labelled and read.
        ``lines_over``: straight lines of ink at least this long (pixels) are cut out first,
        within that distance of the points (:func:`cut_lines`: a glyph touching the covering
        card's edge line is one shape with it)."""
        inks, big = seen.inks, seen.big
        hgt, wid = inks.ink.shape
        x0, y0 = np.maximum(np.floor(near.min(axis=0) - reach - big), 0).astype(int)
        x1 = min(wid, int(np.ceil(near[:, 0].max() + reach + big)) + 1)
        y1 = min(hgt, int(np.ceil(near[:, 1].max() + reach + big)) + 1)
        box = (int(x0), int(y0), x1, y1)
        key = (*box, ratio)
        got = seen.looks.get(key) if lines_over is None else None
        if got is None:
            got = self._label_fainter(seen, box, near, ratio, lines_over)
            if lines_over is None:
                seen.looks[key] = got
        labels, stats, centers, cand = got.labels, got.stats, got.centers, got.candidates
        if not cand:
            return []
        c = centers[cand]
        gap = np.hypot(c[:, None, 0] - near[None, :, 0], c[:, None, 1] - near[None, :, 1])
        keep = (gap <= reach).any(axis=1)
        keep &= ~in_any_index_box(c, read, beside)
        cand = [i for i, k in zip(cand, keep.tolist(), strict=True) if k]
        parts = self._find_in(image, labels, stats, centers, cand, seen.blobs)
        spans: dict[int, FloatArray] = {}
        return _drop_joker_letters([m for m in parts if _near_edge(m, seen.card_inks, None)
                                    and _fits_its_paper(m, seen.blobs, spans)])

    def _label_fainter(self, seen: PaperInk, box: tuple[int, int, int, int],
                       near: npt.NDArray[np.float64], ratio: float,
                       lines_over: float | None) -> _Labelled:
        """The ink darker than ``ratio`` × the paper level in ``box`` (x0, y0, x1, y1) of the
        view ``seen`` was surveyed in, labelled (straight lines ``lines_over`` long cut out
        about the points ``near`` first, when given): see :meth:`second_look`."""
        inks, big = seen.inks, seen.big
        hgt, wid = inks.ink.shape
        x0, y0, x1, y1 = box
        crop = np.s_[y0:y1, x0:x1]
        ink = cv2.bitwise_and(cv2.compare(inks.darkest[crop], ink_level(inks.level[crop], ratio),
                                          cv2.CMP_LT), inks.paper[crop] * 255)
        if lines_over is not None:  # (only about the points: a Hough transform is dear)
            r = int(LINES_AROUND * lines_over)
            for x, y in (near - np.array([x0, y0])).astype(int).tolist():
                part = np.s_[max(y - r, 0):y + r + 1, max(x - r, 0):x + r + 1]
                ink[part] = cut_lines(ink[part], lines_over)
        crop_labels, stats, centers, crop_split = ink_components((ink > 0).astype(np.uint8),
                                                                 big)
        # (back in the whole view's pixels, as the paper and its regions are)
        labels = np.zeros((hgt, wid), crop_labels.dtype)
        labels[crop] = crop_labels
        stats = stats.copy()
        stats[1:, 0] += x0
        stats[1:, 1] += y0
        centers = centers + np.array([x0, y0])
        return _Labelled(labels, stats, centers,
                         self._candidates(stats, crop_split, inks.paper, big, (x0, y0)))

    def big_pips(self, labels: Labels, stats: Labels, ids: list[int],
                 marks: list[IndexMark]) -> set[int]:
        """Of the components ``ids``, those that are a card's own big suit pip
        (:data:`BIG_PIP_SIZE`, :data:`BIG_PIP_SCORE`, :data:`BIG_PIP_LEAD`), read upright in
        each way the ``marks`` point and turned half round, and each of those turned
        :data:`BIG_PIP_TURNS` (a card may lie turned off the read indices)."""
        if not marks:
            return set()
        h = float(median(m.height for m in marks))
        low, high = BIG_PIP_SIZE[0] * h, BIG_PIP_SIZE[1] * h
        big = [i for i in ids if low <= max(stats[i, 2], stats[i, 3]) <= high]
        if not big:
            return set()
        points = {i: self._points(labels, stats, i) for i in big}
        ways = _turns_of(marks)
        # as the marks point first; only the components no pip so, turned a little
        pips = self._pips_turned(points, ways)
        rest = {i: p for i, p in points.items() if i not in pips}
        if rest:
            pips |= self._pips_turned(rest, [turned(d, a) for d in ways
                                              for a in BIG_PIP_TURNS])
        return pips

    def _pips_turned(self, points: dict[int, FloatArray], ways: list[FloatArray]) -> set[int]:
        """Of the components whose ``points`` are given, those read as a big pip upright
        in one of the ``ways`` "down" may point (see :meth:`big_pips`)."""
        turns = np.array(ways, np.float32)
        lengths = np.repeat([len(p) for p in points.values()], len(turns)).astype(np.int32)
        pts = np.vstack([p for p in points.values() for _ in turns])
        centres = np.repeat(np.array([p.mean(axis=0) for p in points.values()], np.float32),
                            len(turns), axis=0)
        downs = np.tile(turns, (len(points), 1))
        features = batch_features(_upright(pts, lengths, centres, downs), lengths)
        pip = (features @ self._pip_protos).max(axis=1)
        is_pip = pip >= BIG_PIP_SCORE
        if is_pip.any():  # (only these need every class scored)
            other = self.model.scores(features[is_pip])[:, self._not_pip_cols].max(axis=1)
            is_pip[is_pip] = pip[is_pip] >= other + BIG_PIP_LEAD
        return {i for i, k in zip(points, is_pip.reshape(len(points), -1).any(axis=1).tolist(),
                                  strict=True) if k}

    def _find_in(self, image: BGRImage, labels: Labels, stats: Labels, centers: Labels,
                 cand: list[int], blobs: Labels, one_colour: bool = True
                 ) -> dict[IndexMark, frozenset[int]]:
        """The indices read among the candidate components, each with the components it
        is made of (glyph, pip, a 10's second digit); ``one_colour``: as
        :attr:`Seeing.one_colour`."""
        if len(cand) < 2:
            return {}
        pairs = self._pairs(stats, centers, cand)
        if not pairs:
            return {}
        points = {i: self._points(labels, stats, i)
                  for i in {i for p in pairs for i in (p.glyph, p.sibling, p.pip) if i}}
        layout = pair_layout(points, pairs)
        geo = layout.geo
        layout_ok = np.array([g[3] for g in geo], bool)
        # pairs with an index's layout, and the digit-over-pip pairs a "10" is read from
        rows = layout_ok.copy()
        single = {(p.glyph, p.pip): k for k, p in enumerate(pairs) if not p.sibling}
        for k in np.flatnonzero(rows):
            p = pairs[k]
            if p.sibling:
                for key in ((p.glyph, p.pip), (p.sibling, p.pip)):
                    if key in single:
                        rows[single[key]] = True
        glyph_feats = layout.glyph_features(rows)
        g_raw = np.full((len(pairs), len(self.model.labels)), -1.0, np.float32)
        p_scores = np.full_like(g_raw, -1.0)
        g_scores = g_raw
        scored = np.flatnonzero(rows)
        if len(scored):
            g_raw[scored] = self.model.scores(glyph_feats[scored])
            g_scores = self._learned(g_raw, glyph_feats, scored)
            # only an index that may be accepted needs its pip read: its rank glyph reads
            # well enough, or it is a "10" (read from its parts later)
            may = layout_ok & (np.array([p.sibling > 0 for p in pairs])
                               | (g_scores[:, self._rank_cols].max(axis=1) >= MIN_RANK_SCORE))
            pips = np.flatnonzero(may)
            if len(pips):
                p_scores[pips] = self.model.scores(layout.pip_features(may)[pips])
        return self._select(image, labels, stats, pairs, geo, (g_scores, g_raw), p_scores,
                            blobs, one_colour)

    def _learned(self, scores: FloatArray, features: FloatArray, rows: npt.NDArray[np.intp]
                 ) -> FloatArray:
        """Prototype similarities ``scores`` (rows ``rows`` of ``features`` scored) with the
        classes the learned classifier (if any) finds less likely than its favourite marked
        down by up to ``classifier_weight``: it re-ranks close prototype matches without
        moving the scores it agrees with.  Returns a new array."""
        if self.classifier is None or not len(self._clf_cols) or not self.classifier_weight:
            return scores
        # marking down never raises a score: rows below the acceptance limit need no network
        rows = rows[scores[rows].max(axis=1) >= MIN_RANK_SCORE]
        out = scores.copy()
        if not len(rows):
            return out
        probs = self.classifier.probabilities(features[rows])[:, self._clf_cols]
        doubt = probs.max(axis=1, keepdims=True) - probs
        out[np.ix_(rows, self._clf_model_cols)] -= self.classifier_weight * doubt
        return out

    @staticmethod
    def _points(labels: Labels, stats: Labels, i: int) -> FloatArray:
        return component_points(labels, stats, i)

    @staticmethod
    def _candidates(stats: Labels, ink: Mask, paper: Mask, big: int,
                    at: tuple[int, int] = (0, 0)) -> list[int]:
        """Components of glyph size that sit on paper, not in a thicket of other ink
        (``ink``: the labelled ink, of the view ``paper`` covers or of a box of it whose
        top-left pixel is ``at``, with no ink outside that box)."""
        h_img, w_img = paper.shape
        x, y, w, h, area = (stats[1:, k].astype(np.int64) for k in range(5))
        side = np.maximum(w, h)
        size_ok = (area >= 10) & (side >= 6) & (side <= big) & (area >= 0.08 * side * side)
        # the box grown by a third of its size each way, within the image
        x0, y0 = np.maximum(0, x - w // 3), np.maximum(0, y - h // 3)
        x1, y1 = np.minimum(w_img, x + w + w // 3), np.minimum(h_img, y + h + h // 3)
        cells = (x1 - x0) * (y1 - y0)
        # summed only round the ink's box: a box of glyph size grows at most big // 3 past
        # it (the others are no candidates whatever their sums)
        grow = big // 3 + 1
        ax, ay = at
        rx0, ry0 = max(0, ax - grow), max(0, ay - grow)
        rx1, ry1 = min(w_img, ax + ink.shape[1] + grow), min(h_img, ay + ink.shape[0] + grow)
        around = ink  # (the survey's: the whole view)
        if (rx0, ry0, rx1 - rx0, ry1 - ry0) != (ax, ay, ink.shape[1], ink.shape[0]):
            around = np.zeros((ry1 - ry0, rx1 - rx0), np.uint8)
            around[ay - ry0:ay - ry0 + ink.shape[0], ax - rx0:ax - rx0 + ink.shape[1]] = ink
        bx0, bx1 = (np.clip(v, rx0, rx1) - rx0 for v in (x0, x1))
        by0, by1 = (np.clip(v, ry0, ry1) - ry0 for v in (y0, y1))

        def box_sum(table: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
            out: npt.NDArray[np.int64] = (table[by1, bx1] - table[by0, bx1] - table[by1, bx0]
                                          + table[by0, bx0]).astype(np.int64)
            return out

        keep = (size_ok & (box_sum(cv2.integral(paper[ry0:ry1, rx0:rx1])) >= 0.6 * cells)
                & (box_sum(cv2.integral(around)) <= 0.5 * cells))
        return (np.flatnonzero(keep) + 1).tolist()

    @staticmethod
    def _pairs(stats: Labels, centers: Labels,
               cand: list[int]) -> list[Pair]:
        """Glyph/pip pairs worth scoring, each also with a side-by-side sibling (for 10)."""
        idx = np.array(cand)
        pts = centers[idx]
        size = np.maximum(stats[idx, 2], stats[idx, 3]).astype(np.float64)
        area = stats[idx, 4].astype(np.float64)
        diff = pts[None, :, :] - pts[:, None, :]
        d = np.linalg.norm(diff, axis=2)
        ratio = area[None, :] / area[:, None]
        s = size[:, None]
        near = (d > 0.45 * s) & (d < 2.2 * s) & (ratio >= 0.15) & (ratio <= 3.5)
        sib_ok = (d > 0.25 * s) & (d < 1.6 * s) & (ratio >= 0.3) & (ratio <= 3)
        ga, pb = np.nonzero(near)  # glyph, pip: row by row, as pairs are listed
        # per (glyph, pip) and each sibling of the glyph: the sibling must sit beside the
        # glyph, across "down"; a "10"'s pip sits under the pair's middle, not under either
        # digit
        k, sib = np.nonzero(sib_ok[ga])
        best = np.full(len(ga), -1)
        if len(k):
            a, b = ga[k], pb[k]
            v = diff[a, sib]
            down = diff[a, b] / d[a, b, None]
            along = np.abs(np.sum(v * down, axis=1))
            mid = pts[b] - (pts[a] + pts[sib]) / 2
            mid /= np.maximum(np.linalg.norm(mid, axis=1, keepdims=True), 1e-6)
            along_mid = np.abs(np.sum(v * mid, axis=1))
            ok = ((along < 0.35 * size[a]) | (along_mid < 0.35 * size[a])) & (sib != b)
            # the sibling under whose middle the pip sits best (the first of equals)
            order = np.lexsort((sib, along_mid))
            order = order[ok[order]]
            pair_at, first = np.unique(k[order], return_index=True)
            best[pair_at] = sib[order[first]]
        out: list[Pair] = []
        for a, b, c in zip(idx[ga].tolist(), idx[pb].tolist(), best.tolist(), strict=True):
            out.append(Pair(a, 0, b))
            if c >= 0:
                out.append(Pair(a, int(idx[c]), b))
                out.append(Pair(a, int(idx[c]), b, from_glyph=True))
        return out

    def _select(self, image: BGRImage, labels: Labels,
                stats: Labels, pairs: list[Pair],
                geo: list[_Geometry], glyph_scores: tuple[FloatArray, FloatArray],
                p_scores: FloatArray, blobs: Labels, one_colour: bool
                ) -> dict[IndexMark, frozenset[int]]:
        # scores with the learned classifier's doubts, and the prototype similarities alone
        # (a "10" is read from its parts by the latter: the network knows no lone "0")
        g_scores, g_raw = glyph_scores
        names = self.model.labels
        ten = names.index("10")
        single = {(p.glyph, p.pip): k for k, p in enumerate(pairs) if not p.sibling}
        ten_scores = {
            k: self._ten_from_parts(g_raw, single.get((p.glyph, p.pip)),
                                    single.get((p.sibling, p.pip)), float(g_raw[k, ten]))
            for k, p in enumerate(pairs) if p.sibling}
        # glyphs that, with the digit beside them, read as "10": not a J on their own
        in_ten: dict[tuple[int, int], float] = {}
        for k, v in ten_scores.items():
            if v >= MIN_RANK_SCORE and geo[k][3]:
                key = (pairs[k].glyph, pairs[k].pip)
                in_ten[key] = max(in_ten.get(key, -1.0), v)
        # which pairs may read as a rank at all: most are art, or a glyph over the wrong pip
        best_rank = g_scores[:, self._rank_cols].max(axis=1)
        best_other = g_scores[:, self._other_cols].max(axis=1)
        for k, v in ten_scores.items():
            best_rank[k], best_other[k] = v, -1.0
        may = ((best_rank >= MIN_RANK_SCORE) & (best_rank > best_other)
               & np.array([g[3] for g in geo], bool))
        found: list[tuple[float, int, IndexMark]] = []
        redness = _Redness(image, labels, stats)  # (a component is in many pairs)
        for k in np.flatnonzero(may).tolist():
            pair = pairs[k]
            gc, down, height, _ = geo[k]
            rs = g_scores[k, self._rank_cols].copy()
            if pair.sibling:
                # "10" printed as a bare bar and an oval: read from its two parts
                rs[:] = -1.0
                rs[self._ten_at] = ten_scores[k]
            order = np.argsort(rs)[::-1]
            best_col = int(self._rank_cols[order[0]])
            s_rank = float(rs[order[0]])
            s_other = -1.0 if pair.sibling else float(g_scores[k, self._other_cols].max())
            label = names[best_col]
            if s_rank < MIN_RANK_SCORE or s_rank <= s_other:
                continue
            if label == "J" and s_rank < in_ten.get((pair.glyph, pair.pip), -1.0) + J_TEN_LEAD \
                    and p_scores[k, self._o_col] < p_scores[k, self._pip_cols].max():
                continue  # the "1" of a "10", not a J
            if not pair.sibling and label != "10" \
                    and s_rank < in_ten.get((pair.glyph, pair.pip), -1.0) + TEN_LEAD:
                continue  # the "1" of a "10" taken for a 2 or 7: the "10" reads as well
            ps = p_scores[k, self._pip_cols]
            s_pip, pip = float(ps.max()), PIP_LABELS[int(np.argmax(ps))]
            s_o = float(p_scores[k, self._o_col])
            s_any = float(p_scores[k].max())
            rank = RANK_LABELS[label]
            if best_col in self._taught_jokers:
                s_pip, pip = max(s_pip, s_o, MIN_PIP_SCORE), "O"
                rank = self._joker_kind(image, labels, stats, (pair.glyph,))
            elif label == "J" and s_o >= s_any and s_o >= MIN_PIP_SCORE:
                s_pip, pip = s_o, "O"
                rank = self._joker_kind(image, labels, stats, (pair.glyph, pair.pip))
            elif s_pip < MIN_PIP_SCORE or s_pip < s_any \
                    or stats[pair.pip, 4] < PIP_SPECK * height * height \
                    or (one_colour and _colours_differ(redness, self.joker_red, pair.glyph,
                                                       pair.pip)):
                continue
            second = RANK_LABELS[names[int(self._rank_cols[order[1]])]]
            if rank in (Rank.THREE, Rank.FIVE):
                other = Rank.FIVE if rank is Rank.THREE else Rank.THREE
                seen = three_or_five(image, (float(gc[0]), float(gc[1])),
                                     (float(down[0]), float(down[1])), height)
                if seen is other and rs[self._rank_at[other]].max() >= MIN_RANK_SCORE - STEM_SLACK:
                    rank, second = other, rank
            # a "10" read from its parts is otherwise taken for a J (its bar) or Q (its oval),
            # or for what its two glyphs read as whole, where that reads better (an 8)
            runner = Rank.JACK if pair.sibling else second
            if pair.sibling:
                whole = int(self._rank_cols[int(np.argmax(g_scores[k, self._rank_cols]))])
                margin = s_rank - float(g_scores[k, whole])
                if margin < 0:
                    runner = RANK_LABELS[names[whole]]
            else:
                margin = s_rank - float(rs[order[1]])
            word = (self._joker_kind(image, labels, stats, (pair.glyph, pair.pip))
                    if rank is Rank.JACK and pip != "O" and s_pip < JOKER_WORD_PIP else None)
            mark = IndexMark(rank, s_rank * s_pip, margin, runner,
                             (float(gc[0]), float(gc[1])), (float(down[0]), float(down[1])),
                             height, pip, _blob_under(blobs, (float(gc[0]), float(gc[1]))),
                             word_joker=word)
            found.append((mark.score, k, mark))
        found.sort(key=lambda t: -t[0])
        used: set[int] = set()
        marks: dict[IndexMark, frozenset[int]] = {}
        for _, k, mark in found:
            pair = pairs[k]
            ids = frozenset({pair.glyph, pair.pip} | ({pair.sibling} if pair.sibling else set()))
            if ids & used:
                continue
            used |= ids
            marks[mark] = ids
        return marks

    def _pipless(self, labels: Labels, stats: Labels, cand: list[int],
                 marks: list[IndexMark], blobs: Labels,
                 allowed: Collection[Rank] | None = None) -> dict[IndexMark, frozenset[int]]:
        """Rank glyphs whose pip could not be taken apart from other ink (a corner pip
        touching a card's big pips or art), read turned as the read ``marks`` are (a set's
        cards lie nearly parallel; a far corner's index is turned half round), where ink
        lies below them as a pip would.  Only ranks the ``marks`` read are taken (court art
        beside its big blobs poses as other glyphs), or the ``allowed`` ones if given.  A
        "10" is read from its two digits side by side (paris's 10♣, its corner pip joined
        to a big one, read as a 7 from that big club)."""
        ranks = [m for m in marks if m.pip != "O"]
        if not ranks or not cand:
            return {}
        h = float(median(m.glyph_height for m in ranks))
        read = set(allowed) if allowed is not None else {m.rank for m in ranks}
        downs = _turns_of(ranks)
        glyphs = _beside_merged_ink(stats, cand, ranks, h)
        if not glyphs:
            return {}
        groups: list[tuple[int, ...]] = [(i,) for i in glyphs]
        if Rank.TEN in read:
            groups += _digit_pairs(stats, cand, glyphs, h)
        pts = {i: component_points(labels, stats, i) for g in groups for i in g}
        rims = {i: row_ends(pts[i]) for i in pts}
        keys = [(g, d) for g in groups for d in downs]
        middle = {g: np.vstack([pts[i] for i in g]).mean(axis=0) for g in groups}
        centres = np.array([middle[g] for g, _ in keys], np.float32)
        turns = np.array([d for _, d in keys], np.float32)
        # each way turned, the glyph's height (on its row ends) and the ink where its pip
        # would be
        top, bottom = _extents(rims, [g for g, _ in keys], centres, turns)
        tall = bottom - top + 1
        fit = [k for k in range(len(keys))
               if PIPLESS_HEIGHT[0] * h <= tall[k] <= PIPLESS_HEIGHT[1] * h
               and (len(keys[k][0]) == 1 or _side_by_side(pts, keys[k][0], turns[k], h))
               and _merged_pip_below(labels, stats, (float(centres[k, 0]), float(centres[k, 1])),
                                     turns[k], float(tall[k]))]
        if not fit:
            return {}
        lengths = np.array([sum(len(pts[i]) for i in keys[k][0]) for k in fit], np.int32)
        up = _upright(np.vstack([pts[i] for k in fit for i in keys[k][0]]), lengths,
                      centres[fit], turns[fit])
        feats = batch_features(up, lengths)
        scores = self._learned(self.model.scores(feats), feats, np.arange(len(fit)))
        rank_scores = scores[:, self._rank_cols]
        for j, k in enumerate(fit):
            if len(keys[k][0]) == 2:  # a "10", read from its two digits
                rank_scores[j, :] = -1.0
                rank_scores[j, self._ten_at] = self._ten_of_digits(pts, keys[k][0], turns[k])
        order = np.argsort(rank_scores, axis=1)
        best = rank_scores[np.arange(len(fit)), order[:, -1]]
        second = rank_scores[np.arange(len(fit)), order[:, -2]]
        two = np.array([len(keys[k][0]) == 2 for k in fit])
        second[two] = 0.0  # a "10" read from its digits has no runner-up reading
        ok = ((best >= PIPLESS_SCORE) & (best - second >= PIPLESS_MARGIN)
              & (two | (best > scores[:, self._other_cols].max(axis=1))))
        names = self.model.labels
        out: dict[IndexMark, frozenset[int]] = {}
        taken: set[int] = set()
        for j in sorted(np.flatnonzero(ok).tolist(), key=lambda j: -best[j]):
            k = fit[j]
            group = keys[k][0]
            if taken & set(group):
                continue
            taken.update(group)  # (its best reading only)
            rank = RANK_LABELS[names[int(self._rank_cols[order[j, -1]])]]
            if rank not in read:
                continue
            centre, down = (float(centres[k, 0]), float(centres[k, 1])), turns[k]
            mark = IndexMark(rank, float(best[j]) * PIPLESS_PIP, float(best[j] - second[j]),
                             RANK_LABELS[names[int(self._rank_cols[order[j, -2]])]], centre,
                             (float(down[0]), float(down[1])), float(tall[k]), PIPLESS,
                             _blob_under(blobs, centre))
            out[mark] = frozenset(group)
        return out

    def _ten_of_digits(self, pts: Mapping[int, FloatArray], digits: tuple[int, ...],
                       down: FloatArray) -> float:
        """How well two side-by-side components (``digits``, turned ``down``) read as a
        "10": the left one as a "1", the right one as an "O", the worse of the two.  (Read
        either way round, anglo's sideways JOKER, its "J" and "O", read as a sure 10.)"""
        raw, mids = self._turned_scores([pts[i] for i in digits], down)
        one, oval, _ = self._ten_parts
        right = np.array([down[1], -down[0]], np.float64)  # as _upright turns it
        bar, ring = (0, 1) if float((mids[1] - mids[0]) @ right) > 0 else (1, 0)
        return float(min(raw[bar, one], raw[ring, oval]))

    def one_and_jack(self, points: FloatArray, down: npt.NDArray[np.floating[Any]]
                     ) -> tuple[float, float]:
        """How well ink (its pixels' ``points``), turned ``down``, reads as the "1" of a 10,
        and as a J (the glyph prototypes' similarities)."""
        raw = self._turned_scores([points], down)[0][0]
        one, _, jack = self._ten_parts
        return float(raw[one]), float(raw[jack])

    def _turned_scores(self, parts: list[FloatArray], down: npt.NDArray[np.floating[Any]]
                       ) -> tuple[FloatArray, FloatArray]:
        """The glyph prototypes' scores of each of ``parts`` (pixel points), each turned
        ``down`` about its own centre; and those centres."""
        mids = np.array([p.mean(axis=0) for p in parts], np.float32)
        lengths = np.array([len(p) for p in parts], np.int32)
        downs = np.repeat(np.asarray(down, np.float32)[None, :], len(parts), axis=0)
        up = _upright(np.vstack(parts), lengths, mids, downs)
        return self.model.scores(batch_features(up, lengths)), mids

    def pipless_on_card(self, seen: PaperInk, corners: FloatArray,
                        px_per_mm: float) -> list[IndexMark]:
        """The corner glyphs of a lone card (``corners``: its outline, image pixels; ``seen``:
        the finder's ink and paper of the image) where no index was read: each read as
        :meth:`_pipless` reads a glyph whose pip runs into other ink (paris's 5–8 and 7s,
        their corner pip joined to a big pip), turned along the card's long side and
        :data:`LONE_GLYPH_IN` glyph heights in from either short side."""
        pts = np.asarray(corners, np.float64)
        side = long_side(pts)
        length = float(np.hypot(*side))
        way = side / length
        middle = pts.mean(axis=0)
        return self.pipless_at(seen, lambda h: [
            (middle + sign * way * (length / 2 - LONE_GLYPH_IN * h), -sign * way)
            for sign in (1.0, -1.0)], px_per_mm)

    def pipless_at(self, seen: PaperInk,
                   places: Callable[[float], list[tuple[npt.NDArray[np.float64],
                                                        npt.NDArray[np.float64]]]],
                   px_per_mm: float, ranks: Collection[Rank] = UNTOLD_RANKS
                   ) -> list[IndexMark]:
        """Glyphs read as :meth:`pipless_on_card` reads them, on the index lines through
        ``places(h)``: where an index ``h`` px tall would lie and its way "down", for each
        glyph height of :data:`LONE_GLYPH_MM`, as one of ``ranks``."""
        labels, stats, _, split = ink_components(seen.inks.ink, seen.big)
        cand = self._candidates(stats, split, seen.inks.paper, seen.big)
        found: dict[IndexMark, frozenset[int]] = {}
        for mm in LONE_GLYPH_MM:
            h = mm * px_per_mm
            probes = [IndexMark(Rank.ACE, 1.0, 1.0, Rank.ACE, (float(at[0]), float(at[1])),
                                (float(down[0]), float(down[1])), h, "S", 0)
                      for at, down in places(h)]
            for mark, ids in self._pipless(labels, stats, cand, probes, seen.blobs,
                                           ranks).items():
                if ids not in found.values():
                    found[mark] = ids
        spans: dict[int, FloatArray] = {}
        return [m for m in found if _near_edge(m, seen.card_inks, ZONE_SEEING.edge_drop)
                and _fits_its_paper(m, seen.blobs, spans)]

    def _ten_from_parts(self, g_scores: FloatArray, a: int | None, b: int | None,
                        whole: float) -> float:
        """How well two side-by-side glyphs read as "10": as a whole, or as a "1" and an "O"."""
        if a is None or b is None:
            return whole
        one, oval, jack = self._ten_parts

        def bar(k: int) -> float:  # a "1" (often taken for J)
            return float(max(g_scores[k, one], g_scores[k, jack] - 0.05))

        parts = max(min(bar(a), float(g_scores[b, oval])), min(bar(b), float(g_scores[a, oval])))
        return max(whole, parts)

    def _joker_kind(self, image: BGRImage, labels: Labels,
                    stats: Labels, ids: tuple[int, ...]) -> Rank:
        """大王 when the JOKER letters are red, 小王 when black/grey."""
        reds = [component_redness(image, labels, stats, i) for i in ids]
        return Rank.BIG_JOKER if float(np.mean(reds)) > self.joker_red else Rank.SMALL_JOKER
