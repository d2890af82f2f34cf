"""The JOKER words down a fan of jokers' corners (王的字): one per card.

A fan of jokers alone is counted by its cards' edges (:mod:`vision.joker_fan`).  Where a
card shows only a narrow strip (anglo's jokers lie ~4 mm apart) its edge is too near the
next to be parted from it, and two cards pass for one; and a strip's corner ink may be the
next card's picture as much as its own mark.  Many decks print the word JOKER down a
joker's corner (anglo's script "Joker", the Chinese decks' J-O-K-E-R), in the joker's
colour: each card's strip shows its word, whole or in part, even where its edge is lost.
A word is a column of letters on the line of the fan's corners: ink (or red: a 大王's pink
word may be fainter than ink) a few millimetres across and as long as several letters,
not a frame line's dashes nor the picture's large shapes.  A word whose first letters read
as an index (a J, a 4) is told by its letters running on down the card past where a
natural index's glyph and pip end (:func:`word_at`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from gouji.cards import Rank
from vision.components import components_with_stats
from vision.indices import JOKER_RED_SHARE, IndexMark, PaperInk, red_share
from vision.joker_fan import FanStrips
from vision.types import BGRImage, Labels

BAND_MM = (-6.0, 16.0)  # the band looked in, along the cards, from their corners' line
BAND_ENDS_MM = 8.0  # and past the first and last corner across the fan
LINE_PX = 3  # ink runs across narrower than this (zone pixels) are lines, not letters
PART_WIDE_MM = (1.2, 5.0)  # a letter's (or joined letters') width across the fan
PART_TALL_MM = 0.5  # and its least extent along the card
COLUMN_MM = 1.6  # parts whose middles lie this near across the fan are one word's
WORD_LONG_MM = 7.0  # a word's parts cover this much along its card
WORD_WIDE_MM = 3.0  # and span this far across it (a frame line's dashes lie narrower)
WORD_INK_MM = 1.0  # with this much ink across it, on average, where its parts lie
# A joker's word read as an index (anglo's script "Joker", its first letters read as a J
# whose pip read well, a 4 or an A): its letters run on down the card, where a natural
# index's glyph and pip end.  Letters are parts as wide as PART_WIDE_MM whose middles lie
# RUN_ACROSS_MM or nearer the index's (looked for RUN_WINDOW_MM either side), each
# beginning RUN_GAP_MM or less past the one before; from the index's glyph on, they run
# WORD_RUN glyph heights or more from its middle (anglo dev sets 2000-2179: natural
# indices' glyphs and pips end by 1.61, 9 of 13 words read as an index run 1.76-3.09).
RUN_WINDOW_MM = 3.0
RUN_ACROSS_MM = 2.0
RUN_GAP_MM = 3.0
WORD_RUN = 1.75
# A part this many times longer than wide is a line, not letters (joined script letters
# run 1.8-2.8): a drawn Q's red frame line, slanting down the window from a J read at it,
# ran on 15 mm as one part 2.3 mm wide (a second play's `QQ` read `QQBR`).
RUN_LINE = 4.0


@dataclass(frozen=True)
class Word:
    """A JOKER word seen down a card's corner: where it lies (zone view) and the share of
    its ink that is red."""

    center: tuple[float, float]
    red: float

    @property
    def joker(self) -> Rank:
        """The joker its colour tells: 大王 red, 小王 black."""
        return Rank.BIG_JOKER if self.red >= JOKER_RED_SHARE else Rank.SMALL_JOKER


def _band(strips: FanStrips, px_per_mm: float
          ) -> tuple[npt.NDArray[np.float64], tuple[int, int]] | None:
    """The map from the band along the fan's corners' line to the zone view (for
    ``cv2.WARP_INVERSE_MAP``), at the zone's scale, its columns running from the bottom
    card's corner to the top card's, and the band's size."""
    corners = np.array(strips.corners, np.float64)
    down = np.array(strips.down, np.float64)
    across = corners[-1] - corners[0]
    if np.hypot(*across) < 1.0:
        return None
    across /= np.hypot(*across)
    along = (corners - corners[0]) @ across
    slope = float(np.polyfit(along, (corners - corners[0]) @ down, 1)[0])
    margin = BAND_ENDS_MM * px_per_mm
    u0, v0 = float(along.min()) - margin, BAND_MM[0] * px_per_mm
    size = (int(float(along.max()) - u0 + margin), int((BAND_MM[1] - BAND_MM[0]) * px_per_mm))
    col = across + slope * down  # one step across the band: along the corners' line
    origin = corners[0] + across * u0 + down * (v0 + slope * u0)
    return np.array([[col[0], down[0], origin[0]], [col[1], down[1], origin[1]]]), size


def _marked(image: BGRImage, seen: PaperInk, m: npt.NDArray[np.float64],
            size: tuple[int, int], joker_red: float
            ) -> tuple[BGRImage, Labels, Labels]:
    """The view of ``size`` that ``m`` maps to the zone view ``image`` (for
    ``cv2.WARP_INVERSE_MAP``), and the labels and stats of its marks: ink (as ``seen``), or
    red over the blue and green channels by ``joker_red`` (a 大王's pink word may be fainter
    than ink), opened across by :data:`LINE_PX` (a frame line's dashes and thin strokes go)."""
    ink = cv2.warpAffine(seen.inks.ink, m, size, flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP)
    view: BGRImage = cv2.warpAffine(image, m, size,
                                    flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
    bgr = view.astype(np.int16)
    red = bgr[..., 2] - np.maximum(bgr[..., 0], bgr[..., 1]) > joker_red
    marked = cv2.morphologyEx(((ink > 0) | red).astype(np.uint8), cv2.MORPH_OPEN,
                              np.ones((1, LINE_PX), np.uint8))
    _, labels, stats, _ = components_with_stats(marked)
    return view, labels, stats


def _letters(stats: Labels, px_per_mm: float) -> list[int]:
    """The ink components (``stats`` as OpenCV gives them) that may be letters: as wide
    across as :data:`PART_WIDE_MM` and at least :data:`PART_TALL_MM` along."""
    wide, tall = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    return [i for i in range(1, len(stats))
            if PART_WIDE_MM[0] <= wide[i] / px_per_mm <= PART_WIDE_MM[1]
            and tall[i] / px_per_mm >= PART_TALL_MM]


def _columns(stats: Labels, px_per_mm: float) -> list[list[int]]:
    """The band's ink components (``stats`` as OpenCV gives them) that may be letters
    (:func:`_letters`), grouped in columns across the fan: each within :data:`COLUMN_MM`
    of the one before, in order."""
    left, wide = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_WIDTH]
    parts = sorted(_letters(stats, px_per_mm), key=lambda i: left[i] + wide[i] / 2)
    columns: list[list[int]] = []
    last = -np.inf
    for i in parts:
        middle = (left[i] + wide[i] / 2) / px_per_mm
        if middle - last > COLUMN_MM:
            columns.append([])
        columns[-1].append(i)
        last = middle
    return columns


def fan_words(image: BGRImage, seen: PaperInk, strips: FanStrips, px_per_mm: float,
              joker_red: float) -> list[Word]:
    """The JOKER words on the line of the fan's corners (``strips``, in the zone view
    ``image`` whose ink and paper are ``seen``, at ``px_per_mm``), bottom card's first."""
    band = _band(strips, px_per_mm)
    if band is None:
        return []
    m, size = band
    view, labels, stats = _marked(image, seen, m, size, joker_red)
    left, top = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    wide, tall = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    words = []
    for column in _columns(stats, px_per_mm):
        rows = np.zeros(size[1], bool)
        for i in column:
            rows[top[i]:top[i] + tall[i]] = True
        span = max(left[i] + wide[i] for i in column) - min(left[i] for i in column)
        if rows.sum() < WORD_LONG_MM * px_per_mm or span < WORD_WIDE_MM * px_per_mm:
            continue
        ys, xs = np.nonzero(np.isin(labels, column))
        if len(ys) < WORD_INK_MM * px_per_mm * rows.sum():
            continue
        x, y = m @ np.array([float(np.mean(xs)), float(np.mean(ys)), 1.0])
        words.append(Word((float(x), float(y)), red_share(view, ys, xs, joker_red)))
    return words


def word_at(image: BGRImage, seen: PaperInk, mark: IndexMark, px_per_mm: float,
            joker_red: float) -> Rank | None:
    """The joker whose JOKER word the index ``mark`` (read in the zone view ``image``, its
    ink and paper ``seen``, at ``px_per_mm``) is the start of: where letters run on down its
    card :data:`WORD_RUN` glyph heights (the joker by their colour); else ``None``."""
    down = np.array(mark.down, np.float64)
    across = np.array([-down[1], down[0]])
    half, long = RUN_WINDOW_MM * px_per_mm, WORD_RUN * mark.glyph_height
    # (to where a letter beginning before the run's end shows as tall as one)
    size = (int(2 * half), int(long + PART_TALL_MM * px_per_mm) + 1)
    origin = np.array(mark.center, np.float64) - across * half
    m = np.array([[across[0], down[0], origin[0]], [across[1], down[1], origin[1]]])
    view, labels, stats = _marked(image, seen, m, size, joker_red)
    left, top = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    wide, tall = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    letters = sorted((i for i in _letters(stats, px_per_mm)
                      if tall[i] <= RUN_LINE * wide[i]
                      and abs(left[i] + wide[i] / 2 - half) <= RUN_ACROSS_MM * px_per_mm),
                     key=lambda i: top[i])
    end, run = mark.glyph_height / 2, []
    for i in letters:
        if top[i] + tall[i] <= end:
            continue
        if top[i] > end + RUN_GAP_MM * px_per_mm:
            break
        end = top[i] + tall[i]
        run.append(i)
    if end < long:
        return None
    ys, xs = np.nonzero(np.isin(labels, run))
    return Rank.BIG_JOKER if red_share(view, ys, xs, joker_red) >= JOKER_RED_SHARE \
        else Rank.SMALL_JOKER


def fan_jokers(strips: FanStrips, words: list[Word]) -> tuple[Rank, ...]:
    """The jokers of a fan of jokers (``strips``), bottom card first: its ``words``'
    where every strip shows at least one (two on one strip are two cards whose edge was
    lost), or all but one beneath the top card and two words or more are seen (a line on a
    card's face, its frame or its picture's edge, parted its strip in two: anglo `BR` read
    `BBR`); else each strip's by its corner ink (:attr:`vision.joker_fan.FanStrips.jokers`)."""
    wordless = strips.bare([w.center for w in words])
    top = len(strips.spans) - 1
    if not wordless or (len(wordless) == 1 and wordless[0] != top and len(words) >= 2):
        return tuple(w.joker for w in words)
    return strips.jokers
