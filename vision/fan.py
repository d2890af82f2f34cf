"""The fan a set is laid in (扇形): where cards lie whose index was not read.

Players lay a set as a fan: each card a step beside the last along its own
width, the cards below showing only a strip with their corner index.  So the
indices that were read lie on one line, about a whole number of steps apart;
a gap of two steps is a card whose index was not read, and paper reaching past
the last read card is one too.  Such a card is in practice a joker, whose
corner shows a word, a star or a picture instead of a rank: its kind is told
by its corner's ink (red: 大王, else 小王).  Where the paper reaches past the
cards read and inferred by more than a card turned a little would, the fan's
edges (:mod:`vision.joker_fan`) show where more cards lie; their corners are
judged the same way.

Card sizes and steps are set in millimetres and turned into zone-view pixels
(:data:`vision.recognize.ZONE_PX_PER_MM`): the camera view is warped to scale,
and cards come in few sizes.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import median

import cv2
import numpy as np
import numpy.typing as npt

from gouji.cards import Rank
from vision.glyphs import PIP_LABELS
from vision.indices import (
    INDEX_BOX,
    IndexMark,
    PaperInk,
    StrayInk,
    in_any_index_box,
    joker_of_colour,
    set_glyph_height,
)
from vision.types import BGRImage, Mask

CARD_WIDTH_MM = 60.0  # 57 (bridge) … 63 (poker) mm
# The index glyph's centre from the card's side, in glyph heights (paris ~0.45, the drawn
# decks ~0.75; 0.9 put a fan's end card's corner past its index, and its paper, reaching a
# little past the read ones, seemed none: dev sets 1233 -> 1238 of 1444 read right at 0.55
# and TEN_INSET, confidently wrong 4 -> 3, sets of 2180-2299 858 -> 865 and 8 -> 6).
INDEX_INSET = 0.55
TEN_INSET = 0.75  # a 10's, two digits wide (0.55: a drawn deck's `TTB` read `TBR`)
# A card read only by its far corner lies a card's width, less twice this, back from it
# (0.9: at 0.55, dev sets 1237 -> 1242 right but 3 -> 4 confidently wrong, and a second
# play `5552` a sure `552`).
FAR_CORNER_INSET = 0.9
# ... but where the fan's unread cards are looked for, it lies further back: the dev decks
# print their index glyph's centre 0.5–0.8 glyph heights (5.2–6.2 mm) in from the side, and
# a card 63 mm wide (poker) puts its corners' indices 50–52 mm apart across it, against
# the 43 mm of a 60 mm card less 0.9 × 2 glyphs.  Placed that short of its near index, the
# top card read only at its far corner left a gap of nearly two steps before it, and its own
# near index, unread, counted as one more card there (anglo `JJJJJJ` read
# `JJJJJJJ`).  At 0.7: zero-shot dev sets +2 −0 (0.55: +3 −1); elsewhere (the unread
# corners a single step between read cards hold, :func:`lower_cards`) the card stays where
# FAR_CORNER_INSET puts it (0.7 there too made paris `T2`, read `772`, a sure `772`).
FAR_SLOT_INSET = 0.7
# Where that card's own near index lies is told better by its two indices' distance, the
# card's diagonal between them, which no turn changes: its near index lies sqrt(D² − d²)
# back across the fan from the far one, d the far index's distance from the index line
# (the fan's "down" is tilted against the cards by how far the deck's pip sits aside of
# its glyph, up to ~10°, and 70 mm down the card that is 5–15 mm across).  Over the cards
# read at both corners the diagonal is 87.0 / 88.2 / 89.2 / 90.2 mm on anglo / paris /
# neoclassical / drawn-0 (p10–p90 ±1.3 mm), 83.9 / 81.2 on the jumbo drawn decks; it puts
# the near index within −4.7…+1.2 mm (medians by deck) where FAR_SLOT_INSET errs by
# −1.9…−7.7.  An unread slot within OWN_NEAR glyph heights of it is that card's own index,
# not another card's (nothing lies over the top card: neoclassical `JJJJJJ` read
# `JJJJJJJ`).  As the card's place itself (the fan's steps measured to it) it lost sets:
# an uneven top card placed 11 mm after the last read one made the step 9 mm.
CARD_DIAG_MM = 88.5
JUMBO_DIAG_MM = 82.5
OWN_NEAR = 0.5
MIN_STEP_MM = 8.0  # read indices closer than this along the fan are one card's
# Each card of a fan lies turned a little its own way (in the scene generator up to 3.4°), so
# its index, some 45 mm from the card's middle, lies up to ~2.6 mm off the even step, and a
# gap between two read indices up to ~5 mm off a whole number of steps.  Where the smallest
# gap is a tight one, the others seemed two steps each (`666B` read `666BR` on anglo, paris
# and neoclassical: on paris gaps of 10.1 and 19.0 mm).  Only where no gap holds more than
# one unread card: one long gap pins the step and its slack pulls the others (paris
# `88888888882`, three cards unread in one gap, lost one).  Dev sets 1267 -> 1274 of 1444
# (4-5 mm alike; 3: 1267, 6: 1270), seeds 2180-2299 881 -> 881, the others the same.
JITTER_MM = 4.5
# Two read cards this far apart with unread ink between them lie two steps apart (a strip
# showing a whole index takes 12 mm or more; single steps of 17–22 mm with a big pip between
# them were taken for two in dev sets, two steps of 30–35 mm with a joker's corner were not),
# up to a card's width apart: farther, they are no fan's two steps (neoclassical `QB` read
# `QBR`, its joker's index read 71 mm from the Q's and its star between).
TWO_STEPS_MM = 24.0
TWO_STEPS = 1.6  # a gap this many of the set's steps holds an unread card,
ONE_STEP = 1.3  # a gap under this many of the set's steps is surely one (no card between)
# A gap's slot whose corner shows no ink (a joker laid upside down shows no index there, its
# own under the next cards) is taken for a card when the gap is CLEAR_GAP steps or more and
# CLEAR_STEPS gaps or more of the fan are single steps (within a quarter): its step is then
# sure, and a gap that long no jitter (neoclassical `AAAAAAAAAAAB`, a gap of 2.02 steps among
# seven single ones, read a sure `AAAAAAAAAAA`; anglo's `KKKKR`, gaps of 1.66, and drawn
# `KKKKKKK`, a tight gap taken for the step, hold none).  Dev sets 1334 -> 1335 of 1444
# (confidently wrong 2 -> 1), 2180-2419 1787 -> 1790 of 1996, 2420-2599 the same.  Not in
# a read gap of CLEAR_MOST steps or more: its slots lie two steps apart among themselves
# however many stay empty (a taught neoclassical `BBRRR`, read cards 4.2 steps apart, read
# `BBBBBRRR`).
CLEAR_GAP = 1.95
CLEAR_STEPS = 3
CLEAR_MOST = 3.5
PAST_BOTTOM = 0.3  # :func:`paper_past_bottom_card`
# Where every gap between read indices is this many of the fan's edges' steps, every other
# card's index lay hidden (paris `66666` read `666`, its gaps 2.05 and 1.95 edge steps): the
# edges' step, not the indices', places those cards (:func:`fan_slots`' ``more``).  Gaps
# less even (1.5-2.3 edge steps) were court art or pips the edges took for cards.
EVERY_OTHER = (1.75, 2.25)
END_STEP = 0.3  # as does paper reaching this many steps past the outermost read card
END_MARGIN = 0.5  # glyph heights of paper at either end of the index line not counted
# A card under the bottom read one may show a strip too narrow for END_STEP: its own ink
# tells it (:func:`_sliver`).  The paper reaches SLIVER_GAP glyph heights past the read
# index (anglo 大王 slivers 0.94–1.22; sets read right reach up to 1.64, mostly 0.6–0.9),
# and SLIVER_INK glyph heights squared of ink lie wholly between the paper's end (less
# SLIVER_RIM_MM of its rim, the card's own outline) and SLIVER_SIDE short of the read
# card's side, ending SLIVER_REACH glyph heights short of its index (dev sets 1309 -> 1312
# of 1444 read right, confidently wrong 4 -> 2; seeds 2180-2419 1733 -> 1738, 11 -> 8).
SLIVER_GAP = 0.85
SLIVER_INK = 0.08
SLIVER_RIM_MM = 1.0
SLIVER_SIDE = 0.1
SLIVER_REACH = 0.3
# A jumbo index (大字牌: glyphs of 12.8–15 mm against 7.6–11.6 mm on the other dev decks)
# sits about as near the card's side as a usual one: its centre ~8 mm in (its pip as wide
# as its glyph), some 0.6 glyph heights.
# The fan's ends are measured as for a usual glyph of this height, and its index placed
# JUMBO_INSET_MM in from where the counted run of paper ends (tuned so on the jumbo dev sets).
JUMBO_GLYPH_MM = 12.0
END_GLYPH_MM = 7.5
JUMBO_INSET_MM = 6.75
# steps: where the end card's index lies is less sure than a read one (card widths vary; a
# fan's top card may lie a little further out): a card more there needs this much more room
# than in a gap (at 0.1 a top joker laid 1.71 steps out counted as two) — unless the corner
# where that card more would lie, the nearest the read ones, shows the set's rank (LIKE_MAIN:
# paris `KKKKKKRR` read `KKKKKRR`, a K's index a step past the last read one, its jokers 2.75
# steps out of an uneven fan; zero-shot dev sets +2 -0)
END_SLACK = 0.2
INKED = 0.1  # of an unread corner inked outside read indices: a mark is there
# On its index line a fan's paper reaches 0–5 mm further than its cards at its step would
# (cards 57–63 mm wide, turned a little); 6 mm more may be one more card (paris and
# neoclassical dev sets: 19 of 27 sets with a card missed reach further or cannot be told,
# 10 of 90 others do; the rest of the 27 miss a card between read ones, not at an end).
ROOM_MM = 6.0
LIKE_MAIN = 0.62  # an unread corner this like the main rank's read indices is one of them
# In a jumbo set (大字牌) whose main rank two indices or more read and a joker read by its
# JOKER letters, an unread corner kept as a card is of the main rank from this likeness on,
# not a joker: that deck prints the word on its jokers' corners (both, as decks do), so its
# unread corners are nearly all natural cards, their big glyphs matched in part and a
# little off the place the fan puts them (jumbo dev sets, inferred corners 0.4-0.62 like
# the main rank: 28 natural cards, 1 joker; under 0.4: 3 and 2).  Whether a card lies there
# is still told at LIKE_MAIN.  Without the word read, the deck's jokers may show pictures no
# index reads (drawn jumbo decks with picture jokers, seeds 2000-2009: 109 of 120 read
# right, 73 without this condition; the bench's held-out ornamental lost 2 of 42 so, which
# is how it was found); a taught mark is one joker's picture (taught ornamental, its 小王's
# mark unusable, read `33BR` as `333B` when its 大王's mark counted).  One read index of
# the main rank is not enough either: a usual deck's joker art read as one big glyph makes
# a set seem jumbo (anglo `BBRR` read `AAAA`).  With the rules for 10s read as 2s
# (vision.recognize._a_tens_one, landed with it): jumbo dev sets 687 -> 697 of 722
# (+10 -0), seeds 2180-2599 1584 -> 1603 of 1748 (+22 -3), confidently wrong 0 and 1
# unchanged; usual decks' sets unchanged.
JUMBO_LIKE_MAIN = 0.4
# An unread corner not like them, but with a suit pip PIP_LIKE like a read index's under it
# (PIP_BELOW glyph heights), is a natural card half hidden, not a joker (a joker bears no
# suit): the rank it is likest, the main one or a 2 (paris `88888888882` read `888888882B`,
# an 8's glyph half under the next card; dev sets +3 −1, 2180–2419 +10 −3, 2420–2599
# +2 −0). At 0.65 neoclassical's star in a disc passed for a pip (dev sets +4 −22), at
# 0.82 only one set was gained.
PIP_LIKE = 0.75
PIP_BELOW = 1.0
# An unread corner's joker is told by the ink within CORNER_ACROSS glyph heights of where
# its index would be: toward the card laid on it, and toward the card beneath, whose strip
# (its suit pips) lies past this card's side, less far: an uneven fan's corner guessed a
# little toward that card took its red pip for a 大王's print (anglo `6666B` read `6666R`,
# the 6♦'s diamond).  Against 0.6 either way, as before: dev sets +2 −0, 2180-2599 +8 −3
# (0.2 beneath: dev +2 −1).
CORNER_ACROSS = (0.35, 0.6)  # beneath, laid on
SAME_MATCH = 0.25  # glyph heights: unread corners whose matches lie this close found one index
PART_LEAST = 0.6  # glyph heights: the least of a covered read glyph matched to a corner
TEMPLATE_PX = 24  # a glyph height, in the pixels corners are compared at
# In an uneven fan a hidden joker's corner mark may lie anywhere in its gap, often just
# before the side of the card laid on it (anglo `555R` read `555B`: its red "Joker" lay
# past the box, which held the card before's black pip).  Where that card is a read natural
# one, the strip this many glyph heights wide before its side is looked at too, and
# COVER_RED glyph heights squared of red pixels there make the joker a 大王 (dev sets
# 1257 -> 1263 of 1444 read right, 0.8-1.2 and 0.03-0.12 alike; seeds 2180-2299 874 -> 877).
COVER_BAND = 1.0
COVER_RED = 0.05


@dataclass(frozen=True)
class FanFrame:
    """The fan's axes: ``down`` as most of its indices read, ``across`` from each card's
    index towards the rest of that card."""

    down: npt.NDArray[np.float64]
    across: npt.NDArray[np.float64]

    def faces_its_way(self, mark: IndexMark) -> bool:
        """Whether ``mark`` reads the fan's way: a card's corner on the fan's index line,
        not the far corner of a card lying whole (turned against it)."""
        return float(np.dot(mark.down, self.down)) > 0

    def near_and_far(self, marks: Iterable[IndexMark]) -> tuple[list[IndexMark],
                                                                 list[IndexMark]]:
        """``marks`` that face the fan's way (:meth:`faces_its_way`), and those that do not."""
        near: list[IndexMark] = []
        far: list[IndexMark] = []
        for m in marks:
            (near if self.faces_its_way(m) else far).append(m)
        return near, far


@dataclass(frozen=True)
class UnreadCard:
    """A card of the fan whose index was not read: where that index would be, its guessed
    rank, and the joker it is if it is one (by its corner's ink)."""

    center: tuple[float, float]
    # the main rank (or a 2) when its corner looks like the set's read ones (LIKE_MAIN; a
    # jumbo set's main rank from JUMBO_LIKE_MAIN), else joker
    rank: Rank
    joker: Rank
    # to the set's read indices of its main rank or 2s (-1 when none); under LIKE_MAIN its
    # rank is a guess (a joker, or a natural card by its pip or a jumbo set's likeness)
    likeness: float
    pip_seen: bool = False  # guessed natural by the suit pip under its corner (PIP_LIKE)


def main_natural(ranks: Iterable[Rank]) -> Rank | None:
    """The natural rank most of ``ranks`` are (the first seen among equals); None if none."""
    naturals = Counter(r for r in ranks if r.is_natural)
    return naturals.most_common(1)[0][0] if naturals else None


def fan_frame(marks: list[IndexMark]) -> FanFrame:
    """The set's axes: the mean direction of its indices' "down" (modulo 180°), turned
    to agree with most of them."""
    downs = np.array([m.down for m in marks], np.float64)
    angles = 2 * np.arctan2(downs[:, 1], downs[:, 0])
    axis = float(np.arctan2(np.sin(angles).mean(), np.cos(angles).mean())) / 2
    down = np.array([np.cos(axis), np.sin(axis)])
    if (downs @ down < 0).sum() > (downs @ down > 0).sum():
        down = -down
    return FanFrame(down, np.array([down[1], -down[0]]))


def _fan_positions(cards: list[tuple[IndexMark, ...]], frame: FanFrame, card_w: float,
                   far_inset: float = FAR_CORNER_INSET
                   ) -> tuple[npt.NDArray[np.float64], float, float]:
    """Where along ``frame.across`` each read card's fan index lies (sorted), the index
    line's place along ``frame.down`` and the glyph height.  A card read only by its other
    corner (its "down" reversed) is placed a card's width, less two insets, back from it."""
    places: list[float] = []
    lines: list[float] = []
    for marks in cards:
        ahead = [m for m in marks if frame.faces_its_way(m)]
        if ahead:
            m = max(ahead, key=lambda m: m.score)
            point = np.array(m.index_place, np.float64)
            places.append(float(point @ frame.across))
            lines.append(float(point @ frame.down))
        else:  # the far corner's index faces the other way; the near one lies a card back
            m = marks[0]
            inset = 2 * far_inset * m.glyph_height
            point = (np.array(m.center, np.float64) - frame.across * (card_w - inset))
            places.append(float(point @ frame.across))
    line = float(median(lines)) if lines else float("nan")
    return np.sort(np.array(places)), line, set_glyph_height([m for marks in cards for m in marks])


def _own_near_indices(cards: list[tuple[IndexMark, ...]], frame: FanFrame, line: float,
                      diag: float) -> list[float]:
    """Where (along ``frame.across``) the near index of each card read only at its far
    corner lies, by the index diagonal ``diag`` (pixels): ``sqrt(diag² − d²)`` back from the
    far index, ``d`` its distance from the index line."""
    out = []
    for marks in cards:
        if any(frame.faces_its_way(m) for m in marks):
            continue
        c = np.array(marks[0].center, np.float64)
        d = float(c @ frame.down) - line
        out.append(float(c @ frame.across) - math.sqrt(max(diag ** 2 - d ** 2, 0.0)))
    return out


def is_jumbo(height: float, px_per_mm: float) -> bool:
    """Whether glyphs ``height`` pixels tall are a jumbo index's (:data:`JUMBO_GLYPH_MM`)."""
    return height >= JUMBO_GLYPH_MM * px_per_mm


def _end_glyph(height: float, px_per_mm: float) -> float:
    """The glyph height the fan's ends are measured in (:data:`END_MARGIN`, the read
    indices' own boxes): the set's, or :data:`END_GLYPH_MM` for a jumbo index."""
    return END_GLYPH_MM * px_per_mm if is_jumbo(height, px_per_mm) else height


def _end_margin(height: float, px_per_mm: float) -> float:
    """Paper at either end of the index line not counted (:data:`END_MARGIN`)."""
    return END_MARGIN * _end_glyph(height, px_per_mm)


def _paper_span(ink: PaperInk, frame: FanFrame, line: float, height: float,
                places: npt.NDArray[np.float64], old_paper: Mask | None, px_per_mm: float
                ) -> tuple[float | None, float | None]:
    """How far the set's paper reaches along ``frame.across`` on the index line: the run
    of paper through the read indices at ``places``, bridging gaps narrower than a glyph
    (the glyphs themselves), less :func:`_end_margin` at either end.  An end where the run
    leaves the image is ``None``: paper that runs on out of view (older cards beyond the
    new cards' box, a fan laid past the zone) tells nothing of where the fan ends.  So is
    an end whose run, past the outermost read index, crosses ``old_paper`` (older cards'
    paper, as the caller gives it).  Where the bare mat shows (:attr:`PaperInk.mat_seen`:
    its felt and a zone's outline, which the paper level may count) is no paper here."""
    paper = ink.card_inks.paper
    h, w = paper.shape
    corners = np.array([[0, 0], [w, 0], [0, h], [w, h]], np.float64) @ frame.across
    origin = float(corners.min())
    ts = np.arange(origin, float(corners.max()) + 1.0)  # 1 px steps along the line
    rows = line + np.linspace(-0.6 * height, 0.6 * height, 13)  # the band's rows
    pts = (frame.across[None, None, :] * ts[None, :, None]
           + frame.down[None, None, :] * rows[:, None, None])
    x, y = np.round(pts[..., 0]).astype(np.int64), np.round(pts[..., 1]).astype(np.int64)
    ok = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    x, y = np.where(ok, x, 0), np.where(ok, y, 0)
    filled = ((paper[y, x] > 0) & ok).any(axis=0)
    old = (((old_paper[y, x] > 0) & ok).any(axis=0) if old_paper is not None
           else np.zeros(len(ts), bool))
    in_view = ok.any(axis=0)
    none: tuple[float | None, float | None] = (None, None)
    if not filled.any():
        return none
    gap = max(int(height), 1)
    closed = np.convolve(filled, np.ones(gap), mode="same") > 0  # bridge holes < a glyph
    closed &= np.convolve(closed, np.ones(gap), mode="same") >= gap  # no wider than before
    start = int(np.clip(np.median(places) - origin, 0, len(closed) - 1))
    if not closed[start]:
        return none
    lo = start - int(np.argmin(closed[start::-1])) + 1 if not closed[:start + 1].all() else 0
    hi = start + int(np.argmin(closed[start:])) if not closed[start:].all() else len(closed)
    margin = _end_margin(height, px_per_mm)
    beyond = gap // 2 + 3  # px past the run's end still in view (the closing's reach)
    first, last = int(places[0] - origin), int(places[-1] - origin)
    return (origin + lo + margin
            if lo >= beyond and in_view[lo - beyond] and not old[lo:first].any() else None,
            origin + hi - margin
            if hi + beyond < len(ts) and in_view[hi + beyond] and not old[last:hi].any()
            else None)


def _box_pixels(shape: tuple[int, ...], frame: FanFrame, center: npt.NDArray[np.float64],
                half_w: float, top: float, bottom: float
                ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The pixels (ys, xs) of a box in the fan's frame around ``center``: ``half_w`` to
    either side across the fan, ``top`` above and ``bottom`` below along it."""
    r = int(np.ceil(np.hypot(half_w, max(top, bottom)))) + 1
    cx, cy = int(center[0]), int(center[1])
    y0, y1 = np.clip([cy - r, cy + r + 1], 0, shape[0])
    x0, x1 = np.clip([cx - r, cx + r + 1], 0, shape[1])
    ys, xs = np.mgrid[y0:max(y0, y1), x0:max(x0, x1)]  # empty when off the image
    ys, xs = ys.ravel(), xs.ravel()
    v = np.stack([xs, ys], axis=1).astype(np.float64) - center
    along, across = v @ frame.down, v @ frame.across
    inside = (np.abs(across) < half_w) & (along > -top) & (along < bottom)
    return ys[inside], xs[inside]


def _kind(image: BGRImage, ink: PaperInk, frame: FanFrame, center: npt.NDArray[np.float64],
          height: float, joker_red: float, read: list[IndexMark], cover: float | None
          ) -> Rank:
    """大王 when the ink at an unread corner (where a glyph would be, :data:`CORNER_ACROSS`)
    is red, leaving out the read indices' own boxes (the next card's index often lies
    inside the corner's box), or when, that ink not red, the strip before ``cover`` (where
    the side of the read natural card laid on this one lies, along ``frame.across``) shows
    red: see :data:`COVER_BAND`."""
    boxes = ReadBoxes(read)
    beneath, laid_on = CORNER_ACROSS
    middle = center + frame.across * (laid_on - beneath) / 2 * height
    ys, xs = _box_pixels(image.shape, frame, middle, (laid_on + beneath) / 2 * height,
                         0.8 * height, height)
    inked = (ink.inks.ink[ys, xs] > 0) & ~_in_read(ys, xs, boxes)
    kind = (Rank.SMALL_JOKER if inked.sum() < 4
            else joker_of_colour(image, ys[inked], xs[inked], joker_red))
    if kind is Rank.BIG_JOKER or cover is None:
        return kind
    half = COVER_BAND * height / 2
    middle = center + frame.across * (cover - half - float(center @ frame.across))
    ys, xs = _box_pixels(image.shape, frame, middle, half, 0.8 * height, height)
    px = image[ys, xs][~_in_read(ys, xs, boxes)].astype(np.float32)
    red = px[:, 2] - np.maximum(px[:, 0], px[:, 1]) > joker_red
    return Rank.BIG_JOKER if red.sum() >= COVER_RED * height ** 2 else kind


def _sliver(ink: PaperInk, frame: FanFrame, line: float, height: float, first: float,
            paper_end: float, inset: float, px_per_mm: float, wider: float = 0.0
            ) -> float | None:
    """Where (along ``frame.across``) the strip of a card lying under the fan's bottom card
    lies, when it shows less than the end rule needs (:data:`END_STEP`) but bears ink of its
    own; else None.  ``first``: the bottom read card's index; ``paper_end``: where the
    paper on the index line ends beyond it; ``inset``: an index's from its card's side;
    ``wider``: how much further than a usual glyph the read index reaches (a 10's "1").

    Such a strip, a few mm wide, shows only the edge of its card's corner: anglo's 大王 laid
    first showed its red "Joker" letters and a bell of its jester beside a fan of 4s
    (`44R` read a sure `44`).  The paper must reach :data:`SLIVER_GAP` glyph heights past
    the read index, and :data:`SLIVER_INK` of the ink between the paper's end and the read
    card's side (on the index line's corner band, off the paper's rim) must lie wholly
    there: ink running on towards the read index is that card's own art (paris' jacks),
    ink running past the paper's end is not on a card (paper joined to the white round a
    mat marker)."""
    if first - paper_end < SLIVER_GAP * height:
        return None
    rim = SLIVER_RIM_MM * px_per_mm
    inner = cv2.distanceTransform(ink.inks.paper, cv2.DIST_L2, 3) > rim
    n, labels = cv2.connectedComponents((inner & (ink.inks.ink > 0)).astype(np.uint8),
                                        connectivity=8)
    ys, xs = np.nonzero(labels)
    label: npt.NDArray[np.int64] = labels[ys, xs].astype(np.int64)
    p = xs * frame.across[0] + ys * frame.across[1]
    q = xs * frame.down[0] + ys * frame.down[1] - line
    reach, start = np.full(n, -np.inf), np.full(n, np.inf)
    np.maximum.at(reach, label, p)
    np.minimum.at(start, label, p)
    side = first - inset - SLIVER_SIDE * height  # the read card's side, a little short of it
    own = ((p < side) & (q > -0.8 * height) & (q < 2.5 * height)
           & (reach[label] < first - SLIVER_REACH * height - wider)
           & (start[label] > paper_end - SLIVER_SIDE * height))
    return (paper_end + side) / 2 if own.sum() >= SLIVER_INK * height ** 2 else None


def _in_read(ys: npt.NDArray[np.int64], xs: npt.NDArray[np.int64],
             read: ReadBoxes) -> npt.NDArray[np.bool_]:
    """Which pixels lie in one of the ``read`` indices' own boxes."""
    return read.hold(np.stack([xs, ys], axis=1).astype(np.float64))


@dataclass(frozen=True)
class ReadBoxes:
    """The read indices' own boxes, where an unread corner's ink and matches are not
    counted (they are those indices'): ``beside`` glyph heights to either side for the
    indices of the set's main rank and its 2s, as wide as usual (:data:`INDEX_BOX`) for the
    others (an odd rank may be a misread wider index) and in a set of 10s (two digits wide,
    and a 10 whose "0" lies hidden reads as a 2)."""

    read: Sequence[IndexMark]
    main: Rank | None = None
    beside: float = INDEX_BOX[2]

    def hold(self, points: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
        """Which ``points`` (n, 2) lie in one of the boxes."""
        narrow = ((Rank.TWO, self.main) if self.main is not None and self.main is not Rank.TEN
                  else ())
        ours = [m for m in self.read if m.rank in narrow]
        others = [m for m in self.read if m.rank not in narrow]
        return in_any_index_box(points, others) | in_any_index_box(points, ours, self.beside)


def _upright(gray: npt.NDArray[np.uint8], frame: FanFrame, center: npt.NDArray[np.float64],
             half: float, size: int) -> npt.NDArray[np.float32]:
    """A square of ``gray`` around ``center`` (half-side ``half`` px), turned so that the
    fan's "down" points down, at ``size`` × ``size`` pixels."""
    scale = 2 * half / size
    # output pixel (u, v) samples center + (u - size/2) * scale * across + (v - size/2) * ...
    m = np.array([[frame.across[0] * scale, frame.down[0] * scale, 0.0],
                  [frame.across[1] * scale, frame.down[1] * scale, 0.0]])
    m[:, 2] = center - m[:, :2] @ np.array([size / 2, size / 2])
    return cv2.warpAffine(gray, m, (size, size), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_AREA,
                          borderMode=cv2.BORDER_REPLICATE).astype(np.float32)


def _likeness(gray: npt.NDArray[np.uint8], frame: FanFrame, center: npt.NDArray[np.float64],
              templates: list[npt.NDArray[np.float32]], height: float,
              read: ReadBoxes, shows: float = math.inf
              ) -> tuple[float, npt.NDArray[np.float64]]:
    """How well the ink at an unread corner matches the ``templates`` (:func:`_templates`):
    the best normalised correlation within half a glyph of ``center``, leaving out matches
    centred in a ``read`` index's own box (a corner inferred beside a read index would match
    that index itself); and where that match is centred.  ``shows``: how far past its centre
    (glyph heights, across the fan) the corner's glyph shows before the next card covers
    it; only that part of the templates is matched, but no less than :data:`PART_LEAST`."""
    size = round(2.4 * TEMPLATE_PX)
    window = _upright(gray, frame, center, 1.2 * height, size)
    scale = 2.4 * height / size  # image pixels per window pixel
    best, where = -1.0, center
    for whole in templates:
        if window.shape[0] < whole.shape[0]:
            continue
        cut = int(np.clip(whole.shape[1] / 2 + shows * TEMPLATE_PX, PART_LEAST * TEMPLATE_PX,
                          whole.shape[1]))
        t = np.ascontiguousarray(whole[:, :cut])
        if t.std() < 1e-3:
            continue
        fit = cv2.matchTemplate(window, t, cv2.TM_CCOEFF_NORMED)
        v, u = np.mgrid[:fit.shape[0], :fit.shape[1]]
        # each match's centre, in the image: window (u, v) as _upright samples it
        du = (u.ravel() + whole.shape[1] / 2 - size / 2) * scale
        dv = (v.ravel() + t.shape[0] / 2 - size / 2) * scale
        points = center + du[:, None] * frame.across + dv[:, None] * frame.down
        free = ~read.hold(points)
        if free.any():
            k = int(np.flatnonzero(free)[np.argmax(fit.ravel()[free])])
            if fit.ravel()[k] > best:
                best, where = float(fit.ravel()[k]), points[k]
    return best, where


def _templates(gray: npt.NDArray[np.uint8], frame: FanFrame,
               models: list[npt.NDArray[np.float64]], height: float
               ) -> list[npt.NDArray[np.float32]]:
    """The read indices at ``models`` (their glyph centres), upright, at
    :data:`TEMPLATE_PX` pixels a glyph height; blank ones left out."""
    out = [_upright(gray, frame, m, 0.7 * height, round(1.4 * TEMPLATE_PX)) for m in models]
    return [t for t in out if t.std() >= 1e-3]


def _looks(gray: npt.NDArray[np.uint8], frame: FanFrame, read: list[IndexMark],
           main: Rank | None, height: float) -> list[tuple[Rank, list[npt.NDArray[np.float32]]]]:
    """What an unread corner of the fan may look like: the set's ``main`` rank's read
    indices (up to three, facing the fan's way), and its read 2s' (a wild 2 hidden among
    them: `8888888882` read `888888888B`), each as :func:`_templates`."""
    out = []
    for rank in dict.fromkeys(r for r in (main, Rank.TWO) if r is not None):
        models = [np.array(m.center, np.float64) for m in read
                  if m.rank == rank and frame.faces_its_way(m)][:3]
        templates = _templates(gray, frame, models, height)
        if templates:
            out.append((rank, templates))
    return out


def _pip_looks(gray: npt.NDArray[np.uint8], frame: FanFrame, read: list[IndexMark],
               height: float) -> list[npt.NDArray[np.float32]]:
    """What a suit pip under an unread corner may look like: the read natural indices'
    pips (:data:`PIP_BELOW` glyph heights under their glyphs), one per suit, as
    :func:`_templates`."""
    seen: dict[str, npt.NDArray[np.float64]] = {}
    for m in read:
        if m.rank.is_joker or m.pip not in PIP_LABELS or not frame.faces_its_way(m):
            continue
        seen.setdefault(m.pip, np.array(m.center, np.float64) + frame.down * PIP_BELOW * height)
    return _templates(gray, frame, list(seen.values()), height)


def _shows_main(ink: PaperInk, frame: FanFrame, place: float, line: float, height: float,
                looks: list[tuple[Rank, list[npt.NDArray[np.float32]]]], boxes: ReadBoxes
                ) -> bool:
    """Whether the corner at ``place`` across the fan, on its index ``line``, matches one of
    the ``looks`` (:func:`_looks`) at least :data:`LIKE_MAIN`."""
    corner = frame.across * place + frame.down * line
    return any(_likeness(ink.inks.darkest, frame, corner, templates, height, boxes)[0]
               >= LIKE_MAIN for _, templates in looks)


def _steps_in(steps: float) -> int:
    """How many fan steps a distance of ``steps`` mean steps is: a step and a half of an
    uneven fan is one, :data:`TWO_STEPS` is two, and so on."""
    return int(np.floor(steps + 2 - TWO_STEPS))


def _clear_gap(p: float, after: float, places: npt.NDArray[np.float64], taken: list[float],
               step: float) -> bool:
    """Whether the slot at ``p``, between the ``taken`` places (read or inferred) on either
    side (``after``: the next one, the card laid on it), lies in a gap of :data:`CLEAR_GAP`
    steps or more of a fan whose read ``places`` show :data:`CLEAR_STEPS` single steps or
    more, the read cards either side of it under :data:`CLEAR_MOST` steps apart: a card lies
    there, seen or not."""
    singles = int((np.abs(np.diff(places) / step - 1.0) <= 0.25).sum())
    before = max((t for t in taken if t < p - 0.25 * step), default=-math.inf)
    read_gap = (min((q for q in places if q > p), default=math.inf)
                - max((q for q in places if q < p), default=-math.inf))
    return (singles >= CLEAR_STEPS and (after - before) / step >= CLEAR_GAP
            and read_gap < CLEAR_MOST * step)


def _steps(a: float, b: float, n: int) -> list[float]:
    """``n`` even steps from ``a`` (left out) to ``b`` (included)."""
    return [a + j * (b - a) / n for j in range(1, n + 1)]


def _inked(ink: PaperInk, frame: FanFrame, center: npt.NDArray[np.float64], step: float,
           height: float, read: ReadBoxes) -> bool:
    """Whether an unread corner holds ink (a mark merged with the covering card's outline,
    which is no stray): :data:`INKED` of the corner, outside every ``read`` index's own
    box."""
    ys, xs = _box_pixels(ink.inks.ink.shape, frame, center, 0.4 * step, 0.6 * height,
                         0.9 * height)
    if not len(ys):
        return False
    inked = (ink.inks.ink[ys, xs] > 0) & ~_in_read(ys, xs, read)
    return bool(inked.sum() >= INKED * len(ys))


def _stray_near(strays: list[StrayInk], frame: FanFrame, center: npt.NDArray[np.float64],
                step: float, height: float) -> bool:
    """Whether ink no index used lies at an unread corner: within 0.75 step across the
    fan, and from a glyph above to a word's length below along it."""
    for s in strays:
        v = np.subtract(s.center, center)
        along, across = float(v @ frame.down), float(v @ frame.across)
        if abs(across) < 0.75 * step and -1.0 * height < along < 2.5 * height:
            return True
    return False


def _stray_between(strays: list[StrayInk], frame: FanFrame, line: float, height: float,
                   places: npt.NDArray[np.float64], px_per_mm: float) -> bool:
    """Whether ink no index used lies at a corner between two read cards (``places``), a
    fan step (:data:`MIN_STEP_MM`) from either: their one gap is then two steps."""
    least = MIN_STEP_MM * px_per_mm
    for s in strays:
        v = np.array(s.center, np.float64)
        across, along = float(v @ frame.across), float(v @ frame.down) - line
        if places[0] + least < across < places[1] - least and -height < along < 2.5 * height:
            return True
    return False


def _single_step(places: npt.NDArray[np.float64], px_per_mm: float) -> float | None:
    """The fan's step: the median of the gaps between read indices that are single steps
    (under 1.5 × the smallest), unless an evener step tells the gaps with fewer unread cards
    (:func:`_evener_step`); ``None`` when no two read cards tell it."""
    gaps = np.diff(places)
    gaps = gaps[gaps >= MIN_STEP_MM * px_per_mm]
    if not len(gaps):
        return None
    step = float(np.median(gaps[gaps < 1.5 * gaps.min()]))
    if len(gaps) < 2:
        return step
    if _steps_in(float(gaps.max()) / step) > 2:
        # a gap holding two unread cards or more pins the step (its slack would pull the
        # others: paris `88888888882` lost a card), unless the gaps are no whole steps of
        # it (neoclassical `77777R`, gaps of 15.8, 9.8, 14.8 and 27.3 mm, read `77777RR`)
        k = np.array([_steps_in(float(g) / step) for g in gaps])
        if float(np.abs(gaps - k * step).max()) <= JITTER_MM * px_per_mm:
            return step
    return _evener_step(gaps, step, JITTER_MM * px_per_mm)


def _evener_step(gaps: npt.NDArray[np.float64], step: float, slack: float) -> float:
    """A longer step than ``step`` under which every one of ``gaps`` is a whole number of
    steps within ``slack`` (:data:`JITTER_MM`), with fewer unread cards between them (the
    fewest, then the least squared slack), or ``step`` if there is none.  Where the smallest
    gap is a tight one, 1.5 × it leaves the others out, and each seems to hold a card."""
    unread = sum(_steps_in(float(g) / step) - 1 for g in gaps)
    # each row one guess at the step: how many steps each gap is, the least-squares step
    # given those, and how far off it each gap lies (all guesses at once: this runs for
    # every fan read)
    k = np.maximum(1.0, np.round(gaps / np.linspace(gaps.min(), gaps.max(), 64)[:, None]))
    steps = np.sum(k * gaps, axis=1) / np.sum(k * k, axis=1)
    off = gaps - k * steps[:, None]
    fits = np.abs(off).max(axis=1) <= slack
    if not fits.any():
        return step
    cards = np.sum(k - 1, axis=1)[fits]
    best = int(np.lexsort((steps[fits], np.sum(off * off, axis=1)[fits], cards))[0])
    better = float(steps[fits][best])
    return better if cards[best] < unread and better > step else step


def paper_past_bottom_card(cards: list[tuple[IndexMark, ...]], ink: PaperInk,
                           px_per_mm: float, old_paper: Mask | None = None) -> bool:
    """Whether the set's paper on its index line reaches past the fan's bottom card's side
    by :data:`PAST_BOTTOM` glyph heights more than the top card's own index lies from its
    side: a card under the bottom one shows a sliver, its corner hidden (anglo `555R` read a
    sure `555`, its 大王 under the 5♦ shifted 4 mm aside).  The top card, read at both
    corners, tells the deck's inset: its far index lies as far from its far side as its
    near one from its near side.  Not for 10s (two digits wide, their inset another), jokers'
    marks (taught: theirs lie elsewhere) nor jumbo indices, and only where the bottom card's
    near index was read."""
    if len(cards) < 2:
        return False
    frame = fan_frame([m for marks in cards for m in marks])
    places, line, height = _fan_positions(cards, frame, CARD_WIDTH_MM * px_per_mm)
    if np.isnan(line) or is_jumbo(height, px_per_mm):
        return False

    at = sorted(cards, key=lambda ms: max(float(np.dot(m.center, frame.across)) for m in ms))
    (first, _), (near, far) = frame.near_and_far(at[0]), frame.near_and_far(at[-1])
    ranks = {m.rank for m in (*first, *near, *far)}
    if not (first and near and far) or Rank.TEN in ranks or any(r.is_joker for r in ranks):
        return False
    if float(np.dot(near[0].center, frame.across)) < float(places[-1]) - 0.5 * height:
        return False  # (its two corners paired across cards: no one card's)
    low, _ = _paper_span(ink, frame, line, height, places, old_paper, px_per_mm)
    if low is None:
        return False
    down = np.array(near[0].down, np.float64)
    side = np.array([-down[1], down[0]])  # the top card's across, towards its far side
    side *= np.sign(float(side @ frame.across)) or 1.0
    inset = _to_paper_end(ink.card_inks.paper, np.array(far[0].center, np.float64), side,
                          3.0 * height)
    shown = min(float(np.dot(m.center, frame.across)) for m in first) - (
        low - _end_margin(height, px_per_mm))
    return inset is not None and shown - inset >= PAST_BOTTOM * height


def _to_paper_end(paper: Mask, start: npt.NDArray[np.float64], way: npt.NDArray[np.float64],
                  reach: float) -> float | None:
    """How far (pixels) from ``start`` along ``way`` the paper ends, within ``reach``."""
    t = np.arange(int(reach))
    xs = np.round(start[0] + way[0] * t).astype(int)
    ys = np.round(start[1] + way[1] * t).astype(int)
    inside = (xs >= 0) & (ys >= 0) & (xs < paper.shape[1]) & (ys < paper.shape[0])
    off = ~inside
    off[inside] = paper[ys[inside], xs[inside]] == 0
    ends = np.flatnonzero(off)
    return float(ends[0]) if len(ends) else None


def uneven_gaps(cards: list[tuple[IndexMark, ...]], px_per_mm: float
                ) -> list[tuple[float, float]]:
    """The middles of the gaps between the read cards' indices (each card as the indices it
    was read from) of :data:`ONE_STEP` to :data:`TWO_STEPS` of the fan's steps: an uneven
    fan's, most often, and no slot for a card (:func:`fan_slots`), but where a card's index
    whose glyph the covering card's edge line joins may lie unseen, no stray ink of its own
    left to doubt the set (paris `JJJJJJJ2` read a sure `JJJJJJ2`: its J♦ against the 2♦'s
    edge, a gap of 1.51 steps, dev seed 3894)."""
    if not cards:
        return []
    frame = fan_frame([m for marks in cards for m in marks])
    places, line, _ = _fan_positions(cards, frame, CARD_WIDTH_MM * px_per_mm, FAR_SLOT_INSET)
    step = _single_step(places, px_per_mm)
    if step is None or np.isnan(line):
        return []
    return [(float(c[0]), float(c[1]))
            for a, b in itertools.pairwise(places) if ONE_STEP * step <= b - a < TWO_STEPS * step
            for c in [frame.across * (a + b) / 2 + frame.down * line]]


def lower_cards(cards: list[tuple[IndexMark, ...]], points: npt.NDArray[np.float64],
                px_per_mm: float) -> list[tuple[IndexMark, ...] | None]:
    """For each of ``points`` (n, 2), the read card (as the indices it was read from) on
    whose strip it lies when that card and the next read card across the fan are surely a
    single step apart (under :data:`ONE_STEP` steps, and closer than two strips that show a
    whole index, :data:`TWO_STEPS_MM`): there no other card's corner has room to show.
    ``None`` elsewhere.  Only a fan of three or more read cards tells its step (and where
    every gap holds a joker, the step read is two: anglo `555RR`, its gaps 23 and 26 mm,
    read a sure `555` without the bound)."""
    out: list[tuple[IndexMark, ...] | None] = [None] * len(points)
    if len(cards) < 3 or not len(points):
        return out
    frame = fan_frame([m for marks in cards for m in marks])
    card_w = CARD_WIDTH_MM * px_per_mm
    places, line, _ = _fan_positions(cards, frame, card_w)
    step = _single_step(places, px_per_mm)
    if step is None or np.isnan(line):
        return out
    at = sorted(((float(_fan_positions([c], frame, card_w)[0][0]), c) for c in cards),
                key=lambda pc: pc[0])
    across = points @ frame.across
    for (a, lower), (b, _) in itertools.pairwise(at):
        if MIN_STEP_MM * px_per_mm <= b - a < min(ONE_STEP * step, TWO_STEPS_MM * px_per_mm):
            for i in np.flatnonzero((across > a) & (across < b)):
                out[int(i)] = lower
    return out


def room_for_more(cards: list[tuple[IndexMark, ...]], ink: PaperInk, px_per_mm: float,
                  known: int) -> bool:
    """Whether the set's paper on its index line (:func:`_paper_span`: not a label or another
    set the paper level joins it to) reaches :data:`ROOM_MM` further across the fan than
    ``known`` cards at the read fan's step would: room for a card whose index was neither
    read nor inferred.  Where that cannot be told, there may be."""
    frame = fan_frame([m for marks in cards for m in marks])
    places, line, height = _fan_positions(cards, frame, CARD_WIDTH_MM * px_per_mm)
    if np.isnan(line):
        return True  # no index faces the fan's way: where its line runs is not known
    low, high = _paper_span(ink, frame, line, height, places, None, px_per_mm)
    if low is None or high is None:
        return True  # the paper runs on out of view
    step = _single_step(places, px_per_mm)
    extent = high - low + 2 * _end_margin(height, px_per_mm)
    need = CARD_WIDTH_MM * px_per_mm + (known - 1) * (step or 0.0)
    return extent - need >= ROOM_MM * px_per_mm


@dataclass(frozen=True)
class FanSlots:
    """What a fan's gaps and ends hold besides its read cards (:func:`fan_slots`)."""

    unread: list[UnreadCard]  # the cards whose index was not read
    # where a gap of TWO_STEPS or more would hold a card whose corner showed nothing (no
    # card counted there: an uneven fan's gaps run that wide, and so does one over a joker
    # laid upside down, its own corner under the next card); none in a jumbo set
    blank: list[tuple[float, float]]


def unread_cards(image: BGRImage, cards: list[tuple[IndexMark, ...]], strays: list[StrayInk],
                 ink: PaperInk, px_per_mm: float, joker_red: float,
                 old_paper: Mask | None = None, more: Sequence[tuple[float, float]] = (),
                 more_step: float | None = None) -> list[UnreadCard]:
    """The cards of the set's fan whose index was not read: :func:`fan_slots`' unread."""
    return fan_slots(image, cards, strays, ink, px_per_mm, joker_red, old_paper, more,
                     more_step).unread


def fan_slots(image: BGRImage, cards: list[tuple[IndexMark, ...]], strays: list[StrayInk],
              ink: PaperInk, px_per_mm: float, joker_red: float,
              old_paper: Mask | None = None, more: Sequence[tuple[float, float]] = (),
              more_step: float | None = None) -> FanSlots:
    """The cards of the set's fan whose index was not read, given the read cards (each as
    the indices it was read from) and the ink and paper the finder saw (``old_paper``: the
    older cards' paper that still shows beside the new ones, if known:
    :meth:`vision.earlier.EarlierCards.still_showing`).

    The fan's step is the median of the gaps between read indices that are single steps
    (under 1.5 × the smallest); a gap of :data:`TWO_STEPS` or more holds unread cards, as
    does the set's paper on the index line reaching :data:`END_STEP` steps or more past the
    first card's or the top card's side.  The cards there are counted as a gap's are, up to
    where the end card's index lies (inset from where the paper ends), less
    :data:`END_SLACK` of a step.  A set of one read card tells no step: none, unless
    ``more_step`` (the step the fan's edges show, :mod:`vision.joker_fan`) gives it; nor do
    two, whose one gap may be two steps: the smaller of the two then.  ``more``: other places
    where an unread card's index may lie (the fan's edges show a card there); each is judged
    as the gaps' are.  A slot whose corner shows nothing (nothing like the set's ranks, no
    stray ink, no ink) holds no card, the fan's steps merely uneven, unless it lies in a clear
    gap (:func:`_clear_gap`); such a slot in a gap is :attr:`FanSlots.blank`."""
    if not cards:
        return FanSlots([], [])
    frame = fan_frame([m for marks in cards for m in marks])
    card_w = CARD_WIDTH_MM * px_per_mm
    places, line, height = _fan_positions(cards, frame, card_w, FAR_SLOT_INSET)
    if np.isnan(line):
        return FanSlots([], [])
    marks_read = [m for marks in cards for m in marks]
    # the set's rank: its main natural rank, or 2 in a set of 2s (and jokers)
    main = main_natural(m.rank for m in marks_read) or (
        Rank.TWO if any(m.rank is Rank.TWO for m in marks_read) else None)
    jumbo_set = is_jumbo(height, px_per_mm)
    inset = (JUMBO_INSET_MM * px_per_mm if jumbo_set
             else (TEN_INSET if main is Rank.TEN else INDEX_INSET) * height)
    step = _single_step(places, px_per_mm)
    if more_step is not None and len(places) < 3:  # one gap may be two steps
        step = more_step if step is None else min(step, more_step)
    if (step is not None and len(places) == 2 and step > 0.75 * (places[1] - places[0])
            and TWO_STEPS_MM * px_per_mm <= places[1] - places[0] <= card_w
            and _stray_between(strays, frame, line, height, places, px_per_mm)):
        step = (places[1] - places[0]) / 2
    if step is None:
        return FanSlots([], [])
    own = _own_near_indices(cards, frame, line,
                            (JUMBO_DIAG_MM if jumbo_set else CARD_DIAG_MM) * px_per_mm)

    def others(found: list[float]) -> list[float]:  # (not a far-read card's own index)
        return [p for p in found if all(abs(p - q) > OWN_NEAR * height for q in own)]

    slots: list[float] = []
    for a, b in itertools.pairwise(places):
        slots += others(_steps(a, b, _steps_in((b - a) / step))[:-1])
    in_gaps = len(slots)
    low, high = _paper_span(ink, frame, line, height, places, old_paper, px_per_mm)
    # (the outermost read index, where the end card's index is, how far beyond it the
    # counted paper reaches): a usual index lies inset from the card's side, where the paper
    # ends, not where its counted run does (:func:`_end_margin` short of it; anglo's joker
    # word, ~0.3 glyph heights in, lay outside the corner looked at).  A jumbo index: see
    # :data:`JUMBO_INSET_MM`.
    margin = 0.0 if jumbo_set else _end_margin(height, px_per_mm)
    ends = []
    if low is not None:
        ends.append((places[0], low - margin + inset, places[0] - (low + inset)))
    if high is not None:
        last = high - card_w + inset
        ends.append((places[-1], last + margin, last - places[-1]))
    looks = _looks(ink.inks.darkest, frame, marks_read, main, height)
    # A jumbo index, partly under the next card, lies within 0.8 glyph heights of its read
    # neighbour: the read indices' own boxes are a usual glyph's wide (:func:`_end_glyph`).
    boxes = ReadBoxes(marks_read, main, INDEX_BOX[2] * _end_glyph(height, px_per_mm) / height)
    for read, end, beyond in ends:
        if beyond >= END_STEP * step:
            steps = abs(end - read) / step
            n = max(1, _steps_in(steps - END_SLACK))
            if _steps_in(steps) > n and _shows_main(ink, frame, _steps(read, end, n + 1)[0],
                                                    line, height, looks, boxes):
                n += 1
            slots += others(_steps(read, end, n))
    sliver_slot = None  # a card under the bottom one showing less than a step: its ink
    if low is not None and not jumbo_set and places[0] - (low + inset) < END_STEP * step:
        # (the read card's side a usual index's inset from it: a 10's wider one put
        # anglo's side 3-4 px short of the true one, its 大王's red word past it, `TT2R`
        # read a sure `TT2`; but a 10's "1" reaches that much further from its index)
        usual = INDEX_INSET * height
        sliver = _sliver(ink, frame, line, height, float(places[0]), low - margin, usual,
                         px_per_mm, inset - usual)
        if sliver is not None:
            sliver_slot = len(slots)
            slots.append(sliver)
    corners = [frame.across * p + frame.down * line for p in slots]
    taken = [*places, *slots]
    apart = 0.5 * step  # (a strip's corner this near a read or inferred one is that card's)
    if more_step is not None and all(EVERY_OTHER[0] <= g / more_step <= EVERY_OTHER[1]
                                     for g in np.diff(places)):
        apart = 0.5 * more_step  # every other card's index hidden: the edges tell the step
    for q in more:  # judged where they are: a fan's strips may show either corner
        p = float(np.dot(q, frame.across))
        if all(abs(p - t) > apart for t in taken):
            corners.append(np.array(q, np.float64))
            taken.append(p)
    pips = _pip_looks(ink.inks.darkest, frame, marks_read, height) if main is not None else []
    # Any corner is matched by the part the next card leaves showing: jumbo indices, and in a
    # tight fan usual ones (paris `KKK` read `KKB`, its middle K's side under the top card:
    # dev sets 1263 -> 1267 of 1444, seeds 2180-2299 877 -> 881).  Not a 10's: the part of its
    # two digits left showing is the "1", a stroke like any card's edge.
    in_part = main is not Rank.TEN
    # a jumbo set whose jokers print their word: a corner only somewhat like its main rank is
    # of that rank (JUMBO_LIKE_MAIN)
    words_read = (jumbo_set and sum(m.rank is main for m in marks_read) >= 2
                  and any(m.rank.is_joker and m.pip == "O" for m in marks_read))
    guessed_main = main if words_read else None
    out: list[UnreadCard] = []
    blank: list[tuple[float, float]] = []
    matched: list[npt.NDArray[np.float64]] = []  # where corners matched a read rank
    naturals = [float(np.asarray(m.center) @ frame.across) for m in marks_read
                if not m.rank.is_joker and frame.faces_its_way(m)]
    for k, center in enumerate(corners):
        p = float(center @ frame.across)
        # the index of the card laid on this one (read or inferred), and that card's side
        laid_on = min((t for t in taken if t > p + 0.25 * step), default=math.inf)
        read_on = any(abs(laid_on - q) < 0.3 * height for q in naturals)
        joker = _kind(image, ink, frame, center, height, joker_red, marks_read,
                      laid_on - inset if read_on else None)
        # how much of the glyph shows before that card's side
        shows = (laid_on - inset - p) / height if in_part else math.inf
        rank, like, seen_at = joker, -1.0, center
        likest = main
        for looked, templates in looks:
            got, where = _likeness(ink.inks.darkest, frame, center, templates, height, boxes,
                                   shows)
            if got > like:
                like, seen_at, likest = got, where, looked
                if got >= LIKE_MAIN:
                    rank = looked
        # not like them, but a suit pip under it (a joker bears none): a natural card
        pipped = False
        if rank.is_joker and likest is not None and pips and _likeness(
                ink.inks.darkest, frame, center + frame.down * PIP_BELOW * height, pips,
                height, boxes, shows)[0] >= PIP_LIKE:
            rank, pipped = likest, True
        found = like >= LIKE_MAIN or pipped or k == sliver_slot  # (a sliver's ink found it)
        if not found and not (
                _stray_near(strays, frame, center, step, height)
                or _inked(ink, frame, center, step, height, boxes)
                or (k < in_gaps and _clear_gap(p, laid_on, places, taken, step))):
            # nothing there to read: most likely an uneven fan's gap (a jumbo fan's often:
            # 11 of 2,470 jumbo dev sets read right and sure showed one, none read wrong)
            if k < in_gaps and not jumbo_set:
                blank.append((float(center[0]), float(center[1])))
            continue
        if not rank.is_joker:
            if any(math.dist(seen_at, m) < SAME_MATCH * height for m in matched):
                continue  # two corners of an uneven fan's gap found the same index
            matched.append(seen_at)
        elif guessed_main is not None and like >= JUMBO_LIKE_MAIN and likest is guessed_main:
            rank = guessed_main  # (not matched: a second look is asked for there, as at a joker)
        out.append(UnreadCard((float(center[0]), float(center[1])), rank, joker, like, pipped))
    return FanSlots(out, blank)
