"""Reading cards (识牌): every card in a photo, or the one set played in a zone.

Cards are found through their corner indices (:mod:`vision.indices`).  A card
lying in the open shows two indices, 180° apart and a card's diagonal away;
a card under a fan shows one.  So indices are paired up, one card per pair or
lone index, which gives the count of a fanned, overlapping set at any angle.

Every result carries a confidence in 0..1; a set read below the threshold
(or one mixing two natural ranks, which no legal play does) is marked
*unsure* and carries candidate readings for the players to confirm.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property

import cv2
import numpy as np
import numpy.typing as npt

from gouji.cards import Rank, format_cards
from vision.bare_mat import bare_mat
from vision.calibrate import px_per_mm_at
from vision.candidates import (
    offered,
    with_fan,
    with_lone_joker,
    with_one_more,
    with_tens,
    with_unread,
)
from vision.components import components_with_stats
from vision.covered_tens import tens_by_their_one
from vision.earlier import EarlierCards
from vision.face_strips import DeckFaces
from vision.faces import RED_SUITS
from vision.fan import (
    LIKE_MAIN,
    FanFrame,
    UnreadCard,
    fan_frame,
    fan_slots,
    is_jumbo,
    lower_cards,
    main_natural,
    paper_past_bottom_card,
    room_for_more,
    uneven_gaps,
    unread_cards,
)
from vision.fan_words import Word, fan_jokers, fan_words, word_at
from vision.glyphs import (
    PIP_LABELS,
    GlyphClassifier,
    GlyphModel,
    covered_model,
    default_classifier,
    default_model,
)
from vision.indices import (
    INDEX_BOX,
    INK_RATIO,
    JOKER_RED_SHARE,
    JUMBO_WEAK_LEAD,
    SECOND_LOOK_RATIO,
    UNTOLD_IN_FAN,
    ZONE_SEEING,
    IndexFinder,
    IndexMark,
    PaperInk,
    Seeing,
    StrayInk,
    Survey,
    consistent,
    darkest_channel,
    edge_distances,
    in_any_index_box,
    in_index_box,
    long_side,
    mark_frame,
    red_share,
    set_glyph_height,
)
from vision.joker_fan import (
    BAND_ENDS_MM,
    READ_BAND_ENDS_MM,
    FanStrips,
    fan_strips,
    joker_fan,
)
from vision.joker_marks import MARK_PIP, JokerMarkReader
from vision.lone_card import LoneCard, lone_card, lone_joker
from vision.look import MatLook
from vision.types import BGRImage, Homography, Mask

# Card proportions in units of the index glyph height (typical decks: 8 × 11.5).
CARD_W, CARD_H = 8.0, 11.5
PAIR_FACING = 0.85  # a card's two indices face opposite ways: "down"s this near -1 apart
PAIR_HEIGHTS = 1.5  # a card's two indices are printed alike: glyphs no more unlike in height
INDEX_DX, INDEX_DY = 0.9, 0.95  # glyph centre from the card's corner
ZONE_PX_PER_MM = 4.0
DEFAULT_THRESHOLD = 0.5
ASKEW_DEG = 15.0  # an index turned this far from the set's axis makes the set unsure
UNREAD_SPLIT = 0.9  # glyph heights across the index line that part two unread corners
WARP_ENLARGE = 2.0  # zone views are warped at 1/2 their scale, then enlarged
FIND_LONG_SIDE = 1400  # photos are enlarged to this long side (px) before cards are found
# Along "down" a card's far corner lies ~75 mm from its index (88 mm less the insets):
# a lone index nearer than this to the line of the others lies on a card's face.
FACE_REACH_MM = 60.0
LONE_CONFIDENCE = 0.3  # a lone card read as a joker without an index (vision.lone_card)
FAN_CONFIDENCE = 0.4  # a fan read as jokers by its cards' edges (vision.joker_fan)
# A joker's picture can pose as a poor index (paris' chip as a 10): a weak set of at most
# POSED_CARDS cards read, none matching this well, may be a fan of jokers
# (Recognizer._posed_by_jokers).
POSED_CARDS = 2
POSED_SCORE = 0.75
OFF_LINE = 0.8  # glyph heights from the index line of a set: a lone index off it
# A second look at corners seen but not read (Recognizer._second_look): ink read within this
# many glyph heights of their stray ink, indices kept from a match this good, of a size
# this near the set's, lying this near one of the strays.
SECOND_LOOK_REACH = 2.5
SECOND_LOOK_LEAST = 0.8
SECOND_LOOK_SIZE = (0.75, 1.3)
# Where no index was read at all, the stray ink is read again with fainter ink counted
# (Recognizer._fainter_alone) within ALONE_LOOK_REACH_MM of each stray; indices kept from a
# match this good (jokers' words and pictures pose as glyphs where only jokers lie).
ALONE_LOOK_REACH_MM = 15.0
ALONE_LOOK_LEAST = 0.85
# A lone card's other corner (Recognizer._at_other_corner) is looked at more widely: the one
# index read may be part of its glyph (a neoclassical 5 read as a J or a 3 0.55-0.6 times
# its height), and the card's middle is known from its paper only.
OTHER_CORNER_REACH, OTHER_CORNER_ON = 4.0, 2.0  # glyph heights, as SECOND_LOOK_REACH, _ON
OTHER_CORNER_SIZE = (0.5, 2.0)
SECOND_LOOK_ON = 0.8
# Every index read below FAINT_SURE is read again with ink counted up to FAINT_RATIO × the
# paper level (Recognizer._read_fainter), the ink within FAINT_REACH glyph heights of its
# glyph and pip; a reading centred within FAINT_SAME glyph heights of it is the same index's.
# Dev sets: read right 1238 -> 1255 of 1444, sure and right 784 -> 802 (every index read
# again: 804, but a set's median time +9 ms against +3; reaching 1.6 glyph heights about the
# glyph alone read the same, 0.8 ms a set dearer).
FAINT_RATIO = 0.75
FAINT_REACH = 0.7
FAINT_SAME = 0.4
FAINT_SURE = 0.9
# Re-reads not taken, by the rank first read: fainter ink closes a 6's or 9's open end into
# an 8's loop; a jumbo 10, its "0" under the next card, read as a K (`TTTT` read `TTT2`).
FAINT_NOT: dict[Rank, frozenset[Rank]] = {
    Rank.SIX: frozenset({Rank.EIGHT}), Rank.NINE: frozenset({Rank.EIGHT}),
    Rank.TEN: frozenset({Rank.KING, Rank.JACK, Rank.TWO})}
# A lone card on which no index was read, even pipless (Recognizer._lone_card_fainter): its
# corners are read with fainter ink too, within LONE_FAINT_REACH_MM of the points
# LONE_FAINT_IN of the way from each corner to its middle, glyphs LONE_FAINT_MM tall.
LONE_FAINT_IN = 0.25
LONE_FAINT_REACH_MM = 12.0
LONE_FAINT_MM = (5.0, 12.0)
EDGE_LINE = 1.5  # glyph heights: a straight line of ink this long is a card's edge
ACROSS_COS = 0.5  # a set's index line runs across its cards: within 30° of square to "down"
# A half covered index lies closer beside the next card's than a read index's own box
# reaches (:data:`vision.indices.INDEX_BOX`): the covered look leaves out only this much
# (glyph heights to either side) about each read index.
COVERED_BESIDE = 0.45
# the most a covered index's glyph may be of the set's glyph height where only jokers were
# read (their marks or letters, not a natural index's height)
JOKERS_ONLY_HIGH = 2.0
# An index the covering card's edge line runs into is one shape with it, glyph, pip and
# line: stray ink this big (glyph heights) on the read indices' line (from half a glyph
# above it to 1.5 below, 1–10 glyphs beside one) is read again with the lines cut out
# (Recognizer._through_edge_lines), at the survey's own ink level; an index of the set's
# main rank or a 2 read so, matching this well (the cut nibbles its glyph) and within
# EDGE_LOOK_ON glyph heights of the shape's centre (the line and pip pull the centre
# down), joins the set.
EDGE_MERGED = (1.4, 3.5)
EDGE_LOOK_LEAST = 0.75
EDGE_LOOK_ON = 1.2
EDGE_LOOK_REACH = 1.5  # glyph heights about each shape: its glyph and pip lie within it
# Where the fan guessed a joker (Recognizer._at_unread_jokers), an index read with the edge
# lines cut counts this many glyph heights from the guessed corner: an uneven fan's guessed
# corners lie up to a step off its cards' (paris `999922BB` read `9922BBBR`, a 9♣ read 0.78
# a glyph height from its slot).  Dev sets 1331 -> 1334 of 1444 (1.2, as EDGE_LOOK_ON:
# 1332; 2.0 and 2.5, the look's reach: 1335, but `99999BR` read `99999BBR`, a 9♥ read
# where the fan had found it by likeness, its gaps then 2.7 steps).  So, too, an index read
# there in part (Recognizer._covered_look): jumbo dev sets 678 -> 679 of 722.
UNREAD_LOOK_ON = 1.6
DROPPED_SCORE = 0.6  # an index dropped as unlike the set's, read this well, leaves a doubt
# and only one whose glyph is 0.42-1.4 x the set's (the guard's own cases: 0.47 and 0.53): a
# court card's art or a pip's detail read as a far bigger or smaller glyph is no card's
# index (paris `7777` read unsure for a 12 px K among 41 px glyphs, anglo `KKK` for an 84 px
# J).  Sure and right: dev 847 -> 871 of 1444, 2180-2419 1093 -> 1123, 2420-2599 830 -> 858,
# taught 486 -> 509; no reading changed.  (0.6-1.4: 874, but it lost the guard's cases.)
DROPPED_SIZE = (0.42, 1.4)
# Red ink this many glyph heights across, unread among black pip cards (spades and clubs,
# no court art), is a red card's among them: anglo's 大王 between two black 5s showed only
# its red word's edge (`55R` read a sure `55`), one lying whole over three black As its
# thin red words unread (`AAAR` a sure `AAA`).
RED_INK_LEAST = 0.3
BLACK_PIPS = ("S", "C")
COURT = (Rank.JACK, Rank.QUEEN, Rank.KING)
TWO_OR_TEN = 0.2  # a 2 reading less than this better than "10", beside a read 10, is doubted
LEAST_GLYPH_MM = 4.5  # no index glyph is smaller (bridge decks' are 5 mm and more)
LONE_ART_MM = 25.0  # an index this far from every corner of a lone card is its art
# A lone card none of whose indices lies this near a corner is looked at for a glyph whose
# pip runs into its art (paris's 10♣ read as a 7 from its big club, 21 mm in; a corner
# index's glyph centre lies 6–12 mm from its corner, a jumbo one's up to 18 mm).
LONE_INDEX_MM = 15.0
LONE_ASKEW = 25.0  # degrees: a lone card's index this far off its long side is its art
ART_SIZE = 1.3  # a lone index this many times a whole card's glyph, inside it, is its art
# Photos (find_cards): one pass per (how ink, paper and card edges are seen, least index
# score), see Recognizer._photo_marks.  In all, a card edge against a pale floor that also
# passes for paper is where the paper level falls below 0.9 of the level at the index.
# A card on a sheet as white as it shows no edge by the finder's tests; its two indices
# still read as one card's corners (same rank, opposite ways, a card apart) are one card
# when both read at least this well, their glyphs within PAIR_SIZE of each other in size.
OFF_EDGE_SCORE = 0.85
PAIR_SIZE = 0.25
# What every photo pass shares: card edges against a pale floor, indices near no edge too,
# and no colour test of glyph against pip (a photo's real light and red print)
PHOTO_SEEING = Seeing(edge_drop=0.9, off_edge=True, one_colour=False)
PHOTO_PASSES = ((replace(PHOTO_SEEING, ink_ratio=0.8), 0.6),
                (replace(PHOTO_SEEING, ink_ratio=0.65), 0.8),
                (replace(PHOTO_SEEING, ink_ratio=0.8, paper_otsu=0.7), 0.9),
                (replace(PHOTO_SEEING, ink_ratio=0.7, flat_light=True), 0.85))


@dataclass(frozen=True)
class CardReading:
    """One card: its rank, how sure, its estimated outline and the indices it was read from."""

    rank: Rank
    confidence: float
    corners: tuple[tuple[float, float], ...]  # TL, TR, BR, BL in the input image
    marks: tuple[IndexMark, ...]
    runner_up: Rank

    @property
    def box(self) -> tuple[int, int, int, int]:
        """Axis-aligned (x0, y0, x1, y1) around the card."""
        pts = np.array(self.corners)
        x0, y0 = np.floor(pts.min(axis=0)).astype(int)
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int)
        return int(x0), int(y0), int(x1), int(y1)

    def overlap(self, box: tuple[int, int, int, int]) -> float:
        """Intersection over union of :attr:`box` with ``box`` (x0, y0, x1, y1): how well
        the card fits a box someone drew round it."""
        a = self.box
        w = max(0, min(a[2], box[2]) - max(a[0], box[0]))
        h = max(0, min(a[3], box[3]) - max(a[1], box[1]))
        union = (a[2] - a[0]) * (a[3] - a[1]) + (box[2] - box[0]) * (box[3] - box[1]) - w * h
        return w * h / union if union > 0 else 0.0


class Doubt(StrEnum):
    """Why a set's reading is unsure (疑点), for the players and the referee."""

    WEAK = "weak"  # an index matched poorly
    MIXED = "mixed"  # two natural ranks read in one set
    UNREAD_CORNER = "unread-corner"  # ink where another card's corner would be
    UNREAD_IN_FAN = "unread-in-fan"  # the fan holds a card whose index was not read
    ASKEW = "askew"  # an index turned unlike the others
    MORE_PAPER = "more-paper"  # more paper than the cards read would cover
    NO_INDEX = "no-index"  # no index read: jokers told by paper and edges, or none
    COVERED = "covered"  # an index read by the part the next card leaves showing
    MORE_EDGES = "more-edges"  # the fan's edges part more cards than were read
    WIDE_GAP = "wide-gap"  # a gap in the fan wide enough for a card, though none showed
    ONE_CORNER = "one-corner"  # a lone natural card read at one corner, its other shows none
    JOKER_FACE = "joker-face"  # a card read by one index shows a taught joker's face
    RED_INK = "red-ink"  # red ink among black cards: a red card (a 大王) hidden under them
    READ_TWO_WAYS = "read-two-ways"  # read again in fainter and darker ink, two sets read

    @property
    def text(self) -> str:
        """The doubt in Chinese and English."""
        return _DOUBT_TEXT[self]


_DOUBT_TEXT = {
    Doubt.WEAK: "角标看不清 an index reads poorly",
    Doubt.MIXED: "两种点数 two ranks read",
    Doubt.UNREAD_CORNER: "有角标未认出 a corner seen, not read",
    Doubt.UNREAD_IN_FAN: "扇中有牌未认出 a card in the fan not read",
    Doubt.ASKEW: "角标歪斜 an index lies askew",
    Doubt.MORE_PAPER: "牌面比认出的牌多 more card faces than cards read",
    Doubt.NO_INDEX: "未见角标 no index read",
    Doubt.COVERED: "角标被压住一部分 an index read only in part",
    Doubt.MORE_EDGES: "牌边比认出的牌多 the fan's edges show more cards than read",
    Doubt.WIDE_GAP: "牌缝宽得藏得下一张牌 a gap in the fan wide enough to hide a card",
    Doubt.ONE_CORNER: "单张只认出一角 a lone card's other corner shows no index",
    Doubt.JOKER_FACE: "牌面像王 a card's face looks like a joker's",
    Doubt.RED_INK: "黑牌间有红色 red ink among black cards",
    Doubt.READ_TWO_WAYS: "深浅两种看法认出的牌不同 read again two ways, two sets read",
}


@dataclass(frozen=True)
class SetReading:
    """What was seen in one zone: the cards (lowest first), a confidence and alternatives."""

    cards: tuple[Rank, ...]
    confidence: float
    unsure: bool
    candidates: tuple[tuple[tuple[Rank, ...], float], ...] = field(default=())
    # the cards read from their indices; ``cards`` may hold more, inferred from gaps in the
    # fan (vision.fan), and then the reading is unsure
    readings: tuple[CardReading, ...] = field(default=())
    doubts: tuple[Doubt, ...] = field(default=())  # why it is unsure

    @classmethod
    def none_read(cls) -> SetReading:
        """No card read where cards lie (未见角标): unsure, for the players to say what."""
        return cls((), 0.0, True, doubts=(Doubt.NO_INDEX,))

    def why(self) -> str:
        """The doubts as one line for people ("" when sure)."""
        return "; ".join(d.text for d in self.doubts)

    @property
    def notation(self) -> str:
        """The cards in game notation (``KKK22B``)."""
        return format_cards(self.cards)

    def describe(self) -> str:
        """One line for people: ``KKK22B (0.93)`` or ``不确定 unsure: KKK / KK8``."""
        if not self.cards:
            return "不确定 unsure: 有牌未认出 cards seen, none read" if self.unsure \
                else "无牌 no cards"
        if not self.unsure:
            return f"{self.notation} ({self.confidence:.2f})"
        alts = " / ".join(format_cards(c) for c, _ in self.candidates) or self.notation
        return f"不确定 unsure: {alts}"


def mark_confidence(mark: IndexMark) -> float:
    """Map an index's match score to 0..1 (0.5 → 0, 0.8 and above → 1)."""
    return float(np.clip((mark.score - 0.5) / 0.3, 0.0, 1.0))


def _frame(mark: IndexMark) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], float]:
    d = np.array(mark.down, np.float64)
    r = np.array([d[1], -d[0]])
    return d, r, mark.glyph_height


def _pair_rank(a: IndexMark, b: IndexMark) -> Rank | None:
    """The rank of one card whose two corners read ``a`` and ``b``, if they may be one card:
    the same rank, or a 10 and an 8 (a 10 whose digits touch at faint ink reads as an 8 in
    one corner): a 10, unless its "10" was read from its digits apart and reads better
    whole as an 8 (a negative margin: a thin 8's loops taken for a "1" and an "0"); or a 10
    and a J: a 10 (its "0" not read, its "1" reads as a J; a lone anglo or neoclassical 10
    read a J)."""
    if a.rank == b.rank:
        return a.rank
    if {a.rank, b.rank} == {Rank.EIGHT, Rank.TEN}:
        ten = a if a.rank is Rank.TEN else b
        return Rank.EIGHT if ten.margin < 0 and ten.runner_up is Rank.EIGHT else Rank.TEN
    if {a.rank, b.rank} == {Rank.JACK, Rank.TEN}:
        return Rank.TEN
    return None


def _is_pair(a: IndexMark, b: IndexMark, one_paper: bool = True) -> float | None:
    """How well ``a`` and ``b`` look like the two corners of one card (lower is better):
    ranks that may be one card's, facing opposite ways, glyphs alike in size, where a card's
    two corners lie; and, with ``one_paper``, on one paper region."""
    if _pair_rank(a, b) is None or (one_paper and a.blob and b.blob and a.blob != b.blob):
        return None
    if max(a.glyph_height, b.glyph_height) > PAIR_HEIGHTS * min(a.glyph_height, b.glyph_height):
        return None
    d, _, h = _frame(a)
    if float(d @ np.array(b.down)) > -PAIR_FACING:
        return None
    # the card's axis from both "down"s, each a few degrees off (one index's alone, 7° off,
    # put neoclassical's top 10 at 0.98 and left it two cards: `TTTT` read `TTTTT`)
    d = d - np.array(b.down)
    d /= np.linalg.norm(d)
    r = np.array([d[1], -d[0]])
    v = np.subtract(b.center, a.center)
    along, perp = float(v @ d) / h, float(v @ r) / h
    # the two indices of a card sit (W - 2a) across and (H - 2b) along: 0.42 … 1.0 of a card
    # (wide glyphs such as K sit further in, so the lower bound allows for them: a lone
    # neoclassical 10♦ at 0.44 read as two 10s, `TR` a sure `TT`, at 0.45; a narrow deck's
    # indices set in deep, neoclassical's 9 at 0.94, the upper)
    if not (4.0 <= along <= 17.0 and 1.5 <= perp <= 12.0 and 0.42 <= perp / along <= 1.0):
        return None
    return abs(perp / along - CARD_W / CARD_H)


def _paired(marks: Sequence[IndexMark], least: float) -> list[IndexMark]:
    """Of the ``marks`` scoring at least ``least``, those that pair with another as one
    card's two corners (:func:`_is_pair`) with glyphs within :data:`PAIR_SIZE` of each other
    in height: stricter than :data:`PAIR_HEIGHTS`, as no card edge vouches for them."""
    good = [m for m in marks if m.score >= least]
    out: list[IndexMark] = []
    for i, a in enumerate(good):
        for b in good[i + 1:]:
            if (_is_pair(a, b) is not None
                    and abs(a.glyph_height - b.glyph_height) <= PAIR_SIZE * a.glyph_height):
                out += [m for m in (a, b) if m not in out]
    return out


def _single_corners(mark: IndexMark) -> npt.NDArray[np.float64]:
    d, r, h = _frame(mark)
    tl = np.array(mark.center) - r * INDEX_DX * h - d * INDEX_DY * h
    return np.array([tl, tl + r * CARD_W * h, tl + r * CARD_W * h + d * CARD_H * h,
                     tl + d * CARD_H * h])


def _pair_corners(a: IndexMark, b: IndexMark) -> npt.NDArray[np.float64]:
    d, r, h = _frame(a)
    centre = (np.array(a.center) + np.array(b.center)) / 2
    v = np.subtract(b.center, a.center)
    half_h = abs(float(v @ d)) / 2 + INDEX_DY * h
    half_w = abs(float(v @ r)) / 2 + INDEX_DX * h
    return np.array([centre - r * half_w - d * half_h, centre + r * half_w - d * half_h,
                     centre + r * half_w + d * half_h, centre - r * half_w + d * half_h])


# Pairs of corners read as two ranks (a 10 and a J or an 8, :func:`_pair_rank`) fit this much
# worse: where a corner pairs about as well with one read the same, that is its card (anglo's
# 小王 word "Joker", its J 0.205 from a 10's far corner, that 10's own index 0.206: `TTB` read
# a sure `TTT`)
MIXED_PAIR = 0.02


def group_cards(marks: list[IndexMark], one_paper: bool = True) -> list[CardReading]:
    """Pair indices into cards (greedy, best-fitting pairs first); lone indices are cards too.
    ``one_paper``: pair only indices on one paper region (a photo's cards may lie apart; a
    zone's set lies together, and a court card's art may part its own paper in two: paris
    `QQ` read a sure `QQQ`, its top Q's corners on either side of the art)."""
    options = []
    for i, a in enumerate(marks):
        for j in range(i + 1, len(marks)):
            cost = _is_pair(a, marks[j], one_paper)
            if cost is not None:
                options.append((cost + (MIXED_PAIR if a.rank != marks[j].rank else 0.0), i, j))
    options.sort()
    used: set[int] = set()
    cards = []
    for _, i, j in options:
        if i in used or j in used:
            continue
        used |= {i, j}
        cards.append(_card_of_pair(marks[i], marks[j]))
    for i, m in enumerate(marks):
        if i not in used:
            cards.append(CardReading(m.rank, mark_confidence(m), _as_tuple(_single_corners(m)),
                                     (m,), m.runner_up))
    return cards


def _card_of_pair(a: IndexMark, b: IndexMark) -> CardReading:
    """The card whose two corners read ``a`` and ``b`` (ranks that may be one card's:
    :func:`_pair_rank`)."""
    rank = _pair_rank(a, b)
    assert rank is not None
    best = max((m for m in (a, b) if m.rank == rank), key=lambda m: m.score)
    conf = max(mark_confidence(a), mark_confidence(b))
    return CardReading(rank, conf, _as_tuple(_pair_corners(a, b)), (a, b), best.runner_up)


def _one_card(cards: list[CardReading]) -> list[CardReading]:
    """``cards``, read on paper that is one card (:func:`vision.lone_card.lone_card`), as
    that card when they are two lone indices that may be its two corners, facing opposite
    ways: ranks that may be one card's, or a joker read by its word (JOKER) and a J (that
    word's J read alone at the other corner: neoclassical's jokers laid alone read a sure
    `JB` or `JR`) — the joker.  Where they lie is not asked (:func:`_is_pair`): a deck whose
    pip sits off its glyph's middle turns the read "down" a few degrees, and a lone 3 read
    as two 3s (neoclassical)."""
    if len(cards) != 2 or any(len(c.marks) != 1 for c in cards):
        return cards
    a, b = cards[0].marks[0], cards[1].marks[0]
    if float(np.dot(a.down, b.down)) > -PAIR_FACING:
        return cards
    if _pair_rank(a, b) is not None:
        return [_card_of_pair(a, b)]
    words = [c for c in cards if c.marks[0].pip == "O"]
    if len(words) == 1 and {a.rank, b.rank} - {words[0].rank} == {Rank.JACK}:
        return words
    return cards


def _off_lone_card_art(cards: list[CardReading], card: LoneCard) -> list[CardReading]:
    """``cards``, read on paper that is one ``card``, less those read far from its corners
    (all indices over :data:`LONE_ART_MM` from each): its art (a joker's jester read as a
    K 44 mm in; a corner index's glyph lies 8–18 mm from its corner, a jumbo one's too)."""
    far = LONE_ART_MM * ZONE_PX_PER_MM
    return [c for c in cards if any(card.corner_distance(m.center) <= far for m in c.marks)]


def _along_lone_card(marks: list[IndexMark], card: LoneCard) -> list[IndexMark]:
    """``marks`` read on paper that is one ``card``, less the natural ones whose "down" lies
    more than :data:`LONE_ASKEW` off the card's long side: its pips or art (paris's 10♦,
    two big diamonds side by side read as a "10" 53° askew; a corner index's lies within
    18° of it)."""
    side = long_side(card.corners)
    side /= np.hypot(*side)
    least = np.cos(np.radians(LONE_ASKEW))
    return [m for m in marks if m.rank.is_joker or abs(float(side @ np.array(m.down))) >= least]


def _as_tuple(pts: npt.NDArray[np.float64]) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in pts)


def _mixed(cards: list[CardReading]) -> bool:
    """Whether ``cards`` read as two or more natural ranks (a set holds one)."""
    return len({c.rank for c in cards if c.rank.is_natural}) > 1


def _main_rank(cards: list[CardReading]) -> Rank:
    """The natural rank most cards read as (ties: the one read more confidently)."""
    weight: dict[Rank, tuple[int, float]] = {}
    for c in cards:
        if c.rank.is_natural:
            n, conf = weight.get(c.rank, (0, 0.0))
            weight[c.rank] = (n + 1, conf + c.confidence)
    return max(weight, key=lambda r: weight[r])


def _on_the_index_line(card: CardReading, others: list[CardReading]) -> bool:
    """Whether one of ``card``'s indices lies on the line of the ``others``' indices (within
    half a glyph along "down", a few glyphs beside one): where a fanned card's index is,
    unlike court art or pips posing as an index.  Only the line of the indices facing the
    fan's way counts: the other is the top card's far corner alone (paris `992`, a heart
    pip of the 9♥ read as a K beside the 9♠'s far corner, read `9992`)."""
    centres = np.array([m.center for m in card.marks], np.float64)
    downs = np.array([m.down for m in card.marks], np.float64)
    down = fan_frame([*card.marks, *(a for o in others for a in o.marks)]).down
    for a in (a for o in others for a in o.marks if float(np.dot(a.down, down)) > 0):
        along, across = mark_frame(centres, a)
        h = a.glyph_height
        if ((np.abs(downs @ np.array(a.down)) > 0.9) & (np.abs(along) < 0.5 * h)
                & (np.abs(across) < 8 * h)).any():
            return True
    return False


def _off_the_line(cards: list[CardReading]) -> list[CardReading]:
    """``cards`` less the lone natural indices that lie off the set's index line yet within
    :data:`FACE_REACH_MM` of it: on a card's face (a pip or court art read as an index), not
    at a card's far corner (the top card's other index).  The line is the one through two
    indices that most indices lie on (within half a glyph); off it is :data:`OFF_LINE`
    glyphs away.  A fan's indices stray from a line through neighbours more than from the
    line through all (each card is turned and shifted a little), hence the fit.  A lone
    index facing the fan's way is no far corner, so it is left out however far off (paris'
    jester art 61 mm below the line of the Js read as a J: `JJJJ2BR` a sure `JJJJJ2BR`)."""
    marks = [m for c in cards for m in c.marks]
    if len(cards) < 3:
        return cards
    points = np.array([m.center for m in marks], np.float64)
    h = set_glyph_height(marks)
    frame = fan_frame(marks)
    down = frame.down
    i, j = np.triu_indices(len(points), 1)  # every line through two indices
    d = points[j] - points[i]
    length = np.hypot(d[:, 0], d[:, 1])
    # long enough to tell a way, and across the cards
    ok = (length >= h) & (np.abs(d @ down) <= ACROSS_COS * length)
    if not ok.any():
        return cards
    i, d, length = i[ok], d[ok], length[ok]
    normal = np.stack([-d[:, 1], d[:, 0]], axis=1) / length[:, None]
    off = np.abs(np.einsum("lk,lnk->ln", normal, points[None, :, :] - points[i][:, None, :]))
    on = off < 0.5 * h
    # most indices on the line; of those, the closest fit
    fit = on.sum(axis=1) - np.where(on, off, 0.0).sum(axis=1) / (h * len(points))
    best = off[int(np.argmax(fit))]
    if (best < 0.5 * h).sum() < 3:
        return cards
    reach = FACE_REACH_MM * ZONE_PX_PER_MM
    keep, k = [], 0
    for c in cards:
        off = best[k:k + len(c.marks)]
        k += len(c.marks)
        far = np.inf if frame.faces_its_way(c.marks[0]) else reach
        if not (len(c.marks) == 1 and not c.rank.is_joker and OFF_LINE * h < off[0] < far):
            keep.append(c)
    return keep


def _joker_words(cards: list[CardReading], word_of: Callable[[IndexMark], Rank | None]
                 ) -> list[CardReading]:
    """``cards``, where they read as two or more natural ranks and most not as J, with each card
    read by one index that is a joker's word taken for that joker: a J whose pip read poorly
    (:attr:`IndexMark.word_joker`, its word JOKER's "O" read as the pip: anglo's script "Joker"
    read as a J♦ in a set of 8s, `8888B` read `88888`), or a J whose letters run on down the
    card (``word_of``: :func:`vision.fan_words.word_at`; anglo's "Joker" read as a J whose pip
    read well, in a set of 9s: `999922BB` read `9999922B`; not an odd card of another rank,
    maybe a pip or art read as one: paris `999999R` read `999999BBR`, a 9's pips below a 7 read
    at its corner).  A set holds one natural rank: such a card is no card of it, and true Js'
    pips read well.  So too where every natural card read is such a word, of any rank (anglo's
    fans of jokers, their words read as Js, `BBBBRRRR` read `JJJJBBRR`, or as an A, `BB` read
    `AAB`; `RR` read `JR`): their count is then the fan's edges' and words'
    (:meth:`Recognizer._posed_by_jokers`).  Not in a set of 10s, where such a J is a 10's "1"
    over its "0" (paris `TT2R` read `TT2RR`), nor with jumbo indices, where an A half under the
    next card reads as one (`AAA` read `AAR`)."""
    naturals = [c for c in cards if c.rank.is_natural]
    if not naturals or _jumbo(cards):
        return cards
    main = _main_rank(cards)
    odd = _mixed(cards) and main not in (Rank.JACK, Rank.TEN)
    words: dict[int, Rank | None] = {}

    def word(c: CardReading, runs: bool) -> Rank | None:
        """The joker whose word ``c`` is (``runs``: told by its letters running on too)."""
        if id(c) not in words:
            m = c.marks[0]
            words[id(c)] = (None if len(c.marks) != 1
                            else m.word_joker if c.rank is Rank.JACK
                            and m.word_joker is not None
                            else word_of(m) if runs else None)
        return words[id(c)]

    if odd:  # (an odd card of another rank than J may be a pip or art read as one)
        for c in naturals:
            word(c, c.rank is Rank.JACK)
    elif not all(word(c, True) for c in naturals):
        return cards
    out = []
    for c in cards:
        joker = words.get(id(c))
        if joker is not None:
            m = replace(c.marks[0], rank=joker, read_as=c.rank)
            c = CardReading(joker, c.confidence, c.corners, (m,), c.rank)
        out.append(c)
    return out


def _counted(cards: list[CardReading]) -> list[CardReading]:
    """The cards a set's reading counts.  A set holds one natural rank (2s and jokers are
    wild), so when its cards read as two or more, the odd ones count (as the main rank:
    misread) only when all lie on the line of the main rank's indices; otherwise they are
    left out (art or pips read as an index)."""
    if not _mixed(cards):
        return cards
    main = _main_rank(cards)
    ours = [c for c in cards if not c.rank.is_natural or c.rank == main]
    odd = [c for c in cards if c.rank.is_natural and c.rank != main]
    return cards if all(_on_the_index_line(c, ours) for c in odd) else ours


def _best_score(card: CardReading) -> float:
    """How well the best of a read card's indices matched."""
    return max(m.score for m in card.marks)


# A taught deck's rank indices read at least this share of its taught glyph height: smaller
# ones are its court art, a pip's or a picture's detail (taught dev sets sure and right 736 ->
# 748 of 1083, right unchanged; at 0.7, +14 but two right sets lost).
TAUGHT_LEAST = 0.6


def _of_taught_size(marks: list[IndexMark], height: float) -> list[IndexMark]:
    """``marks`` less the rank indices under :data:`TAUGHT_LEAST` of a taught deck's glyph
    ``height`` (JOKER letters and taught joker marks are kept), unless no natural rank's
    index would be left of those read: a blurred fan's thin strokes fall apart and every
    index reads as a half, to be read again with fainter ink (:meth:`Recognizer.read_set`)."""
    kept = [m for m in marks if m.pip in ("O", MARK_PIP)
            or m.glyph_height >= TAUGHT_LEAST * height]
    if all(m.rank.is_joker for m in kept) and any(not m.rank.is_joker for m in marks):
        return marks
    return kept


def _poorly_read(cards: list[CardReading]) -> bool:
    """Whether at most :data:`POSED_CARDS` cards were read and none matched
    :data:`POSED_SCORE` (a joker's picture may have posed as their index)."""
    return len(cards) <= POSED_CARDS and max(_best_score(c) for c in cards) < POSED_SCORE


def _candidates(cards: list[CardReading]) -> list[tuple[tuple[Rank, ...], float]]:
    """The reading of a set, then alternatives, most likely first.

    When the cards read as two or more natural ranks, the reading is a legal set
    (:func:`_counted`, the odd cards read as the main rank or left out), and the other
    legal set and the cards as seen follow."""
    ranks = [c.rank for c in cards]
    conf = min((c.confidence for c in cards), default=0.0)
    out: dict[tuple[Rank, ...], float] = {}
    if _mixed(cards):
        main = _main_rank(cards)
        fixed = tuple(sorted(main if r.is_natural else r for r in ranks))
        kept = tuple(sorted(c.rank for c in cards
                            if not c.rank.is_natural or c.rank == main))
        first, other = (fixed, kept) if len(_counted(cards)) == len(cards) else (kept, fixed)
        out[first] = conf
        out.setdefault(other, conf * 0.9)
    out.setdefault(tuple(sorted(ranks)), conf * (0.8 if out else 1.0))
    weakest = sorted(range(len(cards)), key=lambda i: cards[i].confidence)[:2]
    for i in weakest:
        swapped = list(ranks)
        swapped[i] = cards[i].runner_up
        out.setdefault(tuple(sorted(swapped)), cards[i].confidence * 0.5)
        dropped = ranks[:i] + ranks[i + 1:]
        if dropped:
            out.setdefault(tuple(sorted(dropped)), (1 - cards[i].confidence) * 0.5)
    reading, *rest = out.items()
    return [reading, *sorted(rest, key=lambda kv: -kv[1])[:3]]


def _twos_like_tens(cards: list[CardReading]) -> list[int]:
    """Which of ``cards`` read as 2 may be a 10 whose "0" the next card hides: in a set
    with a 10 read, a 2 all of whose indices read less than :data:`TWO_OR_TEN` better
    than as "10" (a jumbo 10's lone "1" reads as a 2 by 0.14–0.17, true 2s beside 10s by
    0.15–0.36: a doubt, not a reading; no set of the dev sets read right turned unsure).
    With a jumbo index (:data:`vision.fan.JUMBO_GLYPH_MM`), every 2 beside a read 10: a
    jumbo 10's "1" reads as a 2 by any margin (sets of jumbo 10s read `T22`, `TTT2`, `T222`
    sure, 16 of 216); and, with no 10 read, every 2 that reads weakly
    (:func:`_weak_jumbo_two`: under a 2 laid on top, jumbo 10s' "1(" read as 2s, and
    `TTT2` read a sure `2222`, 31 of 216 sets of 10s and 2s)."""
    jumbo = _jumbo(cards)
    if not any(c.rank is Rank.TEN for c in cards):
        return [i for i, c in enumerate(cards) if jumbo and _weak_jumbo_two(c)]
    askew = _askew_twos(cards)
    return [i for i, c in enumerate(cards) if c.rank is Rank.TWO and (jumbo or i in askew or all(
        m.runner_up is Rank.TEN and m.margin < TWO_OR_TEN for m in c.marks))]


def _jumbo(cards: list[CardReading]) -> bool:
    """Whether ``cards`` were read from jumbo indices (:func:`vision.fan.is_jumbo`)."""
    return is_jumbo(set_glyph_height([m for c in cards for m in c.marks]), ZONE_PX_PER_MM)


def _fours_as_tens(marks: list[IndexMark]) -> list[IndexMark]:
    """``marks`` with those that read as a 4 weakly (by less than :data:`JUMBO_WEAK_LEAD`)
    taken for 10s, in a jumbo set (:func:`vision.fan.is_jumbo`) where a 10 was read: a
    jumbo 10's "1(", its "0" half under the next card, reads as a 4 by 0.01–0.18 (sets of
    jumbo 10s read `4442`, the read 10 outnumbered), and a set holds one natural rank.
    Each keeps what it read as (:attr:`IndexMark.read_as`): the set is doubted."""
    if (not any(m.rank is Rank.TEN for m in marks)
            or not is_jumbo(set_glyph_height(marks), ZONE_PX_PER_MM)):
        return marks
    return [replace(m, rank=Rank.TEN, read_as=m.rank)
            if m.rank is Rank.FOUR and m.margin < JUMBO_WEAK_LEAD else m for m in marks]


def _tens_unlike_whole(cards: list[CardReading]) -> bool:
    """Whether any of ``cards`` is a 10 read from its two digits apart by all its indices,
    each reading better whole as another rank (a negative margin: a neoclassical lone 8,
    its loops read as "1" and "0", read a sure 10 by both corners)."""
    return any(c.rank is Rank.TEN and all(m.margin < 0 for m in c.marks) for c in cards)


def _all_words(cards: list[CardReading]) -> bool:
    """Whether ``cards`` are all jokers, one or more read from its word JOKER taken for a
    natural index (:func:`_joker_words`)."""
    return bool(cards) and all(c.rank.is_joker for c in cards) and any(
        m.read_as is not None and m.read_as.is_natural for c in cards for m in c.marks)


def _taken_for(cards: list[CardReading]) -> bool:
    """Whether any of ``cards`` was read from an index taken for another rank than it read
    as (:func:`_fours_as_tens`, :func:`_joker_words`)."""
    return any(m.read_as is not None for c in cards for m in c.marks)


def _weak_jumbo_two(card: CardReading) -> bool:
    """Whether ``card``, of a jumbo set, reads as a 2 less than :data:`JUMBO_WEAK_LEAD`
    better than its runner-up by all its indices: as a jumbo 10's "1(" does (by 0.00–0.18,
    its "0" half under the next card), and a true 2 half under it seldom (0.23–0.33; 0.19
    twice in 936 sets of one rank)."""
    return card.rank is Rank.TWO and all(m.margin < JUMBO_WEAK_LEAD for m in card.marks)


def _tens_read_as_twos(cards: list[CardReading], in_fan: Sequence[UnreadCard] = ()) -> int:
    """How many of ``cards``, read as a set of 10s and 2s (and jokers), read as 2 are taken
    for 10s: with a jumbo index, those read weakly (:func:`_weak_jumbo_two`); else those read
    askew (:func:`_askew_twos`).  Only beside a read 10, or in a jumbo set a 2 that reads as
    a 10's "1(" does (:func:`_a_tens_one`): in a set of 2s alone, a 2 read weakly is a 2
    more often than a 10.  When every 2 read is taken so, the fan's unread cards guessed
    2s (``in_fan``: their corners likened to those read 2s, :func:`vision.fan.unread_cards`)
    are 10s too (drawn jumbo `TTR` read `T2R`, `TTTTTRR` read `TTT22RR`)."""
    naturals = {c.rank for c in cards if c.rank.is_natural}
    if not naturals <= {Rank.TEN, Rank.TWO}:
        return 0
    if not _jumbo(cards):
        return len(_askew_twos(cards)) if Rank.TEN in naturals else 0
    if Rank.TEN not in naturals and not any(_a_tens_one(c) for c in cards):
        return 0
    weak = sum(1 for c in cards if _weak_jumbo_two(c))
    if weak and weak == sum(c.rank is Rank.TWO for c in cards):
        weak += sum(u.rank is Rank.TWO for u in in_fan)
    return weak


def _a_tens_one(card: CardReading) -> bool:
    """Whether ``card``, of a jumbo set, reads as a 2 weakly (:func:`_weak_jumbo_two`) with
    a J or a 4 its runner-up by all its indices: a jumbo 10's "1(", its "0" half under the
    next card, stands upright as those glyphs do; a true 2 read weakly is next likest a 7, a
    3 or a 10 (its curve, its diagonal).  Jumbo dev and 2180-2599 sets of 2s and 10s: 53
    such 2s of sets of 10s, 2 of sets of 2s (`TTTTR` read `2222R`, `TT2R` `222R`)."""
    return _weak_jumbo_two(card) and all(m.runner_up in (Rank.JACK, Rank.FOUR)
                                         for m in card.marks)


def _off_axis(marks: list[IndexMark]) -> npt.NDArray[np.float64]:
    """How far (degrees) each index lies turned from the set's axis (modulo 180°: some cards
    lie turned half round)."""
    angles = np.array([np.arctan2(m.down[1], m.down[0]) for m in marks]) * 2
    axis = np.arctan2(np.sin(angles).mean(), np.cos(angles).mean())
    off: npt.NDArray[np.float64] = np.degrees(np.abs(np.angle(np.exp(1j * (angles - axis)))) / 2)
    return off


def _askew(marks: list[IndexMark]) -> bool:
    """Whether an index lies at an angle the others do not: the cards of a laid set lie
    near parallel (some turned 180°), so a glyph read askew is likely misread (a "10" half
    hidden, read as a 2)."""
    return len(marks) >= 3 and bool((_off_axis(marks) > ASKEW_DEG).any())


def _askew_twos(cards: list[CardReading]) -> set[int]:
    """Which of ``cards`` read as 2 lie askew (:func:`_askew`) in a set with a 10 read: a
    10 whose "0" the next card hides, its "1" and that card's edge read as a turned 2
    (drawn-0 `TTTT` read `TTT2`, the 2 20° off; of the dev and check sets' 2s read beside a
    10, every one askew was a 10: eleven, no true 2)."""
    marks = [m for c in cards for m in c.marks]
    if len(marks) < 3 or not any(c.rank is Rank.TEN for c in cards):
        return set()
    off = iter(_off_axis(marks).tolist())
    askew = [max((next(off) for _ in c.marks), default=0.0) > ASKEW_DEG for c in cards]
    return {i for i, c in enumerate(cards) if c.rank is Rank.TWO and askew[i]}


# The largest card face looked for (mm²: a poker card is 63 × 88 mm), and how much more
# paper than so many whole cards shows that more cards lie there than were read.
CARD_AREA_MM2 = 63.0 * 88.0
MORE_PAPER = 1.15
FEW_CARDS = 2  # only so few cards are checked: a fan of more never covers so many whole faces
# So few cards read on paper enough for more: their indices were missed, not hidden.  The
# set is read again with ink told stricter, and fainter (:class:`vision.indices.Seeing`):
# paris prints outlines that run into its glyphs (`666` read `K`), and a blurred
# neoclassical fan's thin strokes fall apart (its 5s read as halves: `555555552` read `3`).
RETRY_SEEINGS = (Seeing(ink_ratio=0.45), Seeing(ink_ratio=0.75))


def _bare_between(strips: FanStrips, cards: list[CardReading]) -> bool:
    """Whether a strip of the fan that holds no read index lies between two that do: a card
    whose index is hidden in a gap a little short of two steps (paris `QQQQQQQQQQ`, a gap of
    1.57 steps, read `QQQQQQQQQ`).  Bare strips side by side tell less: neoclassical
    `888BRR`, its edges parting eight strips, five of them bare, read `888BRRRR`."""
    bare = strips.bare([m.center for c in cards for m in c.marks])
    return any(0 < i < len(strips.spans) - 1 and i - 1 not in bare and i + 1 not in bare
               for i in bare)


def _more_paper_than_cards(seen: PaperInk, marks: list[IndexMark], n: int) -> bool:
    """Whether the paper (``seen``: the new cards') under the read ``marks`` covers more than
    ``n`` whole cards could (:data:`MORE_PAPER` × their faces), for sets of up to
    :data:`FEW_CARDS` cards."""
    if n > FEW_CARDS or not marks:
        return False
    ids = {m.blob for m in marks if m.blob}
    if not ids:
        return False
    areas = seen.region_areas  # (over older cards: new paper only, so maybe fewer regions)
    area = sum(int(areas[i]) for i in ids if i < len(areas)) / ZONE_PX_PER_MM ** 2
    return area > MORE_PAPER * n * CARD_AREA_MM2


def _whole_card_off_its_paper(counted: list[CardReading], in_fan: list[UnreadCard],
                              edges: _FanEdges) -> bool:
    """Whether the set is one card read at both its corners, no other counted, on new paper
    that is not one card's (:attr:`_FanEdges.lone`): a card under it shows past its sides,
    its corner hidden (anglo `5R` read a sure `5`, the 大王 under it turned a little)."""
    return (len(counted) == 1 and len(counted[0].marks) == 2 and not in_fan
            and edges.lone is None)


def unread_corners(marks: list[IndexMark], strays: list[StrayInk]) -> list[list[StrayInk]]:
    """Stray ink where another card's corner index would be — on a read index's line, a few
    glyphs beside it, near the paper's edge — grouped per corner.  Each group is a card that
    was seen but not read: in practice a joker whose corner shows a picture or a word."""
    if not marks or not strays:
        return []
    h = set_glyph_height(marks)
    near: list[tuple[StrayInk, IndexMark]] = []
    for s in strays:
        if not (0.35 * h <= s.size <= 2.5 * h and s.edge <= 1.3 * h):
            continue
        for m in marks:
            if _beside_on_its_line(s, m, h):
                near.append((s, m))
                break
    # one group per corner: close across the line of indices (a mark's parts), while the
    # next card's corner sits a fan step (over a glyph width) beside it
    groups: list[list[tuple[StrayInk, IndexMark]]] = []
    for s, m in near:
        d, r, _ = _frame(m)
        joined = []
        for g in groups:
            for t, _ in g:
                v = np.subtract(s.center, t.center)
                if abs(float(v @ r)) < UNREAD_SPLIT * h and abs(float(v @ d)) < 3 * h:
                    joined.append(g)
                    break
        merged = [(s, m)] + [p for g in joined for p in g]
        groups = [g for g in groups if not any(g is j for j in joined)] + [merged]
    return [[s for s, _ in g] for g in groups]


def _beside_on_its_line(s: StrayInk, m: IndexMark, h: float) -> bool:
    """Whether ``s`` lies where another card's index would beside ``m`` (glyphs ``h`` tall):
    on its line (within 0.35 of its height along "down"), 1.2–8 glyphs across."""
    d, r, _ = _frame(m)
    v = np.subtract(s.center, m.center)
    return abs(float(v @ d)) < 0.35 * m.height and 1.2 * h < abs(float(v @ r)) < 8 * h


def _off_whole_faces(strays: list[StrayInk], cards: list[CardReading]) -> list[StrayInk]:
    """``strays`` less those within the outline of a card read by both its corner indices
    (:func:`_pair_corners`): a card showing whole lies on top, so ink on it is its own
    pips or art (a court card's frame corner, a fleck at its rounded corner), no other
    card's corner."""
    outlines = [np.array(c.corners, np.float32) for c in cards if len(c.marks) == 2]
    return [s for s in strays
            if not any(cv2.pointPolygonTest(o, s.center, False) > 0 for o in outlines)]


def _off_whole_cards(cards: list[CardReading]) -> list[CardReading]:
    """``cards`` less those read from one index that lies a glyph height or more inside the
    outline of a card read by both its corners and is :data:`ART_SIZE` times taller than
    that card's own, or is a taught joker mark: a card showing whole lies on top, so that is
    its art (the drawn decks' court cards carry their rank large in the middle: a lone J
    read `JJB`; paris's taught black chip found in a 2♣'s top pip: `JJ2` read a sure
    `JJ2B`)."""
    whole = [c for c in cards if len(c.marks) == 2]

    def on_whole(m: IndexMark) -> bool:
        for c in whole:
            h = max(x.glyph_height for x in c.marks)
            if (m.glyph_height > ART_SIZE * h or m.pip == MARK_PIP) and cv2.pointPolygonTest(
                    np.array(c.corners, np.float32), m.center, True) > h:
                return True
        return False

    return [c for c in cards if len(c.marks) != 1 or not on_whole(c.marks[0])]


def _off_far_line(strays: list[StrayInk], cards: list[CardReading]) -> list[StrayInk]:
    """``strays`` less those on the line of a whole card's far-corner index only (the card
    read by both corners, the corner whose "down" is against the fan's), on the side where
    the fan's other cards lie.  Each of those cards has its far corner under the next card,
    so no index shows there: paris' printed card outlines leave ink where an edge crosses
    them (`2222` unsure)."""
    marks = [m for c in cards for m in c.marks]
    whole = [c for c in cards if len(c.marks) == 2]
    if not whole or len(cards) < 3 or not strays:
        return strays
    frame = fan_frame(marks)
    fan = [m for m in marks if frame.faces_its_way(m)]
    far = frame.near_and_far(m for c in whole for m in c.marks)[1]
    if not fan or not far:
        return strays
    h = set_glyph_height(marks)
    middle = float(np.mean([np.dot(m.center, frame.across) for m in fan]))

    def behind(s: StrayInk, m: IndexMark) -> bool:  # toward the rest of the fan
        side = middle - float(np.dot(m.center, frame.across))
        return side * float(np.dot(np.subtract(s.center, m.center), frame.across)) > 0

    return [s for s in strays
            if any(_beside_on_its_line(s, m, h) for m in fan)
            or not any(_beside_on_its_line(s, m, h) and behind(s, m) for m in far)]


def _off_single_steps(groups: list[list[StrayInk]], cards: list[CardReading],
                      joker_red: float) -> list[list[StrayInk]]:
    """``groups`` of strays less those lying wholly on the strips of read natural cards a
    single step before the next read card (:func:`vision.fan.lower_cards`), each in its
    card's suit colour: that card's own pips or art, as no card between has room to show
    its corner.  Not on a joker's strip, nor in another colour: a joker whose corner is a
    narrow word (anglo's, ~4 mm) fits in beside another (`33BR` read a sure `33B`)."""
    marks = [c.marks for c in cards]

    def own(stray: StrayInk, lower: tuple[IndexMark, ...] | None) -> bool:
        pips = {m.pip for m in lower or ()}
        return bool(pips) and pips <= set(PIP_LABELS) and all(
            (p in RED_SUITS) == (stray.redness > joker_red) for p in pips)

    return [g for g in groups
            if not all(own(s, c) for s, c in zip(
                g, lower_cards(marks, np.array([s.center for s in g], np.float64),
                               ZONE_PX_PER_MM), strict=True))]


def _dropped_on_line(dropped: list[IndexMark], marks: list[IndexMark]) -> bool:
    """Whether an index read at least :data:`DROPPED_SCORE` but dropped as unlike the set's
    others (:func:`vision.indices.consistent`: its size or match) lies on the set's index
    line (within half a glyph along "down", 0.8–8 glyphs beside a read index), its glyph
    near the set's in height (:data:`DROPPED_SIZE`): a card whose
    index read as something else lies there (a jumbo 5 half under a joker read as a 3 and
    dropped, and `555RR` read a *sure* `5RR`; neoclassical's thin serif 9s read as Js,
    `992` read a sure `JJ2`)."""
    if not marks:
        return False
    h = set_glyph_height(marks)
    lo, hi = DROPPED_SIZE
    points = [m.center for m in dropped if m.score >= DROPPED_SCORE
              and lo * h <= m.glyph_height <= hi * h]
    if not points:
        return False
    return bool(_on_the_line(np.array(points, np.float64), marks, (-0.5, 0.5),
                             (0.8, 8.0)).any())


def _red_among_black(image: BGRImage, ink: PaperInk, cards: list[CardReading],
                     strays: list[StrayInk], joker_red: float) -> bool:
    """Whether ink redder than ``joker_red``, at least :data:`RED_INK_LEAST` glyph heights
    across, lies unread among ``cards`` whose every index is black (read with a spade's or
    a club's pip, its glyph's ink not red: a red 8's diamond read as a spade) and that show
    no court art (J, Q, K print red in black suits too)."""
    marks = [m for c in cards for m in c.marks]
    if not marks or any(c.rank in COURT or c.rank.is_joker for c in cards) \
            or any(m.pip not in BLACK_PIPS for m in marks):
        return False
    least = RED_INK_LEAST * float(np.median([m.glyph_height for m in marks]))
    # (the red ink first: the glyphs' colour is measured only for a set that shows some)
    return any(s.redness > joker_red and s.size >= least for s in strays) \
        and not any(_red_glyph(image, ink, m, joker_red) for m in marks)


def _red_glyph(image: BGRImage, ink: PaperInk, mark: IndexMark, joker_red: float) -> bool:
    """Whether the ink within half a glyph height of ``mark``'s centre is red as a 大王's
    mark is (:data:`vision.indices.JOKER_RED_SHARE` of it)."""
    r = max(int(mark.height / 2), 1)
    x, y = int(mark.center[0]), int(mark.center[1])
    y0, x0 = max(y - r, 0), max(x - r, 0)
    ys, xs = np.nonzero(ink.inks.ink[y0:y + r + 1, x0:x + r + 1])
    return len(ys) > 0 and red_share(image, ys + y0, xs + x0, joker_red) >= JOKER_RED_SHARE


def _on_the_line(points: npt.NDArray[np.float64], marks: list[IndexMark],
                 along: tuple[float, float], beside: tuple[float, float]
                 ) -> npt.NDArray[np.bool_]:
    """Which ``points`` (n, 2) lie on the set's index line beside one of ``marks``: within
    ``along`` of it along its "down" and ``beside`` from it across, to either side, in the
    set's glyph heights (:func:`vision.indices.set_glyph_height`)."""
    h = set_glyph_height(marks)
    out = np.zeros(len(points), bool)
    for m in marks:
        down, across = mark_frame(points, m)
        out |= ((down > along[0] * h) & (down < along[1] * h)
                & (np.abs(across) > beside[0] * h) & (np.abs(across) < beside[1] * h))
    return out


def _edges_on_new_paper(strays: list[StrayInk], fresh: PaperInk) -> list[StrayInk]:
    """``strays`` with their :attr:`~vision.indices.StrayInk.edge` measured on the new
    cards' paper (``fresh``): over older cards, the corner of a new card lies near the edge
    of its own paper, not of the older cards' round it (neoclassical `JJJJB` laid over
    `888882BRRR`: the 小王's star 62 px inside the paper, 1.3 glyph heights being a corner's
    reach, read a sure `JJJJ`).  Ink off the new paper keeps its measure: an older card's
    pip half under the new fan's side is no new card's corner (anglo `5552` over
    `888888888`)."""
    edges = edge_distances(fresh.inks.paper, [s.center for s in strays])
    return [replace(s, edge=min(s.edge, e)) if e > 0 else s
            for s, e in zip(strays, edges, strict=True)]


def _with_new(marks: list[IndexMark], strays: list[StrayInk], new: list[IndexMark]
              ) -> tuple[list[IndexMark], list[StrayInk]]:
    """``marks`` with ``new`` ones read since (sized together: :func:`consistent`), and
    ``strays`` less the ink those explain (:func:`_unexplained`)."""
    return consistent(marks + new), _unexplained(strays, new)


def _unexplained(strays: list[StrayInk], new: list[IndexMark]) -> list[StrayInk]:
    """``strays`` less those in the box of an index of ``new`` (read on a second look)."""
    centres = np.array([s.center for s in strays], np.float64).reshape(-1, 2)
    explained = in_any_index_box(centres, new)
    return [s for s, k in zip(strays, explained.tolist(), strict=True) if not k]


def _by_a_corner(marks: list[IndexMark], card: LoneCard) -> bool:
    """Whether any of ``marks`` lies within :data:`LONE_INDEX_MM` of one of a lone
    ``card``'s corners, as an index does."""
    return any(card.corner_distance(m.center) < LONE_INDEX_MM * ZONE_PX_PER_MM for m in marks)


# The fan's top card's strip tells its joker when the share of its corner ink that is red
# is at most / at least these: anglo's 大王 0.77-1.0 (dev and check sets), neoclassical's
# 小王 under a warm light 0.45, its black star and the next card's pip tinted.
TOP_STRIP_CLEAR = (0.1, 0.6)


class _FanEdges:
    """A zone view's fan strips (:func:`vision.joker_fan.fan_strips`), looked for once per
    way the read cards point: reading one set may ask twice (for unread cards past the
    read ones, :meth:`Recognizer._with_edges`, and whether the edges part more cards than
    were read, :meth:`Recognizer.read_set`); and whether its new paper is one lone card,
    looked at once though each pass of the fan and the other corner's look ask."""

    def __init__(self, image: BGRImage, seen: PaperInk, joker_red: float) -> None:
        self.image, self.joker_red = image, joker_red
        self.seen = seen  # the new cards' ink and paper (over older cards: vision.earlier)
        # per strips looked for (by identity: each is kept here or in ``unread``), its words
        self._words: dict[int, tuple[FanStrips, list[Word]]] = {}
        # per way the cards point, band their edges are looked for in and top card's indices
        self._strips: dict[tuple[tuple[float, float], tuple[float, float],
                                 tuple[tuple[float, float], ...]], FanStrips | None] = {}

    @cached_property
    def lone(self) -> LoneCard | None:
        """The new paper as one card (:func:`vision.lone_card.lone_card`), if it is one."""
        return lone_card(self.seen, ZONE_PX_PER_MM)

    @cached_property
    def unread(self) -> FanStrips | None:
        """The strips of the new paper as a fan in which no index was read
        (:func:`vision.joker_fan.joker_fan`), looked for once."""
        return joker_fan(self.image, self.seen, ZONE_PX_PER_MM, self.joker_red)

    @cached_property
    def unread_jokers(self) -> tuple[Rank, ...] | None:
        """The jokers of the new paper as a fan of jokers alone (:attr:`unread`), bottom
        card first: by their JOKER words where the strips show them
        (:func:`vision.fan_words.fan_jokers`: anglo `BBRR`, one strip holding two cards,
        read `BBR`), else by the strips' corner ink."""
        strips = self.unread
        if strips is None:
            return None
        return fan_jokers(strips, self.words(strips))

    def words(self, strips: FanStrips) -> list[Word]:
        """The JOKER words on the line of ``strips``' corners
        (:func:`vision.fan_words.fan_words`), looked for once per strips: each pass of the
        fan asks again."""
        if id(strips) not in self._words:
            self._words[id(strips)] = (strips, fan_words(self.image, self.seen, strips,
                                                         ZONE_PX_PER_MM, self.joker_red))
        return self._words[id(strips)][1]

    def of(self, cards: list[CardReading]) -> FanStrips | None:
        """The strips of the fan ``cards`` were read in, turned the way they point, their
        edges looked for nearer the fan's ends where a natural card was read (its frame line
        is no edge: :data:`vision.joker_fan.READ_BAND_ENDS_MM`), the top card's edge before
        its index where one card was read by both its corners (:func:`_top_card`)."""
        frame = fan_frame([m for c in cards for m in c.marks])
        way = (float(frame.down[0]), float(frame.down[1]))
        band = (READ_BAND_ENDS_MM if any(not c.rank.is_joker for c in cards)
                else BAND_ENDS_MM)
        top = _top_card(cards, frame)
        if (way, band, top) not in self._strips:
            self._strips[way, band, top] = fan_strips(self.image, self.seen, ZONE_PX_PER_MM,
                                                      self.joker_red, way, band=band,
                                                      top_card=top)
        return self._strips[way, band, top]


@dataclass(frozen=True)
class _SetView:
    """What every pass of the fan over one set's marks reads on: the zone view, its survey,
    the cards already lying there (a second play) and the new cards' fan edges."""

    image: BGRImage
    survey: Survey
    earlier: EarlierCards | None
    edges: _FanEdges
    _words: dict[IndexMark, Rank | None] = field(default_factory=dict, init=False, repr=False)

    def word_at(self, mark: IndexMark) -> Rank | None:
        """The joker whose word the index ``mark`` begins (:func:`vision.fan_words.word_at`),
        looked for once per mark (the fan makes several passes over a set's marks)."""
        if mark not in self._words:
            self._words[mark] = word_at(self.image, self.survey.ink, mark, ZONE_PX_PER_MM,
                                        self.edges.joker_red)
        return self._words[mark]

    def new(self, marks: list[IndexMark]) -> list[IndexMark]:
        """``marks`` less those on cards already lying there (:mod:`vision.earlier`)."""
        if self.earlier is None:
            return marks
        return self.earlier.new_marks(marks, self.survey.ink.inks.darkest)


@dataclass(frozen=True)
class _Fan:
    """The cards :meth:`Recognizer._fan` makes of a set's marks."""

    cards: list[CardReading]  # read on the set's line
    counted: list[CardReading]  # of those, the ones the fan counts
    in_fan: list[UnreadCard] = field(default_factory=list)  # its cards whose index was not read
    blank: list[tuple[float, float]] = field(default_factory=list)  # gaps that showed no card


def _top_card(cards: list[CardReading], frame: FanFrame) -> tuple[tuple[float, float], ...]:
    """The indices of the fan's top card, when it was read by both its corners (it lies
    whole) and its index on the fan's line is the outermost read there (nothing lies over
    it: a far corner paired with a card beneath, jumbo `KKKKKKKKBRRR`, is no top card's);
    else none."""
    whole = [c for c in cards if len(c.marks) >= 2]
    if len(whole) != 1:
        return ()
    near = frame.near_and_far(whole[0].marks)[0]
    on_line = [float(np.dot(m.center, frame.across)) for c in cards for m in c.marks
               if frame.faces_its_way(m)]
    if len(near) != 1 or float(np.dot(near[0].center, frame.across)) < max(on_line):
        return ()
    return tuple(m.center for m in whole[0].marks)


def _words_on(edges: _FanEdges, strips: FanStrips, which: list[int]) -> list[Word]:
    """The JOKER words (:meth:`_FanEdges.words`) on the fan's strips ``which``."""
    if not which:
        return []
    spans = [strips.spans[i] for i in which]
    return [w for w in edges.words(strips)
            if any(a <= strips.across(w.center) <= b for a, b in spans)]


def _top_card_joker(cards: list[CardReading], in_fan: list[UnreadCard],
                    edges: _FanEdges) -> list[UnreadCard]:
    """``in_fan`` with the joker guessed for the fan's top card told by the ink at its own
    strip's corner (:class:`vision.joker_fan.FanStrips`), when the fan's edges part just
    the read and unread ``cards`` and the top card's strip holds no read index.  An unread
    card's place is a step guessed from the read indices, which in an uneven fan may lie on
    the card below (anglo `QR` read `QB`: the Q's black club beside the joker's faint red
    word); nothing lies over the top card's corner.  (Beneath it, a strip's corner shows
    the next card's art as often as its own mark: no better than the guessed place.)  Only
    a clear share of red ink there tells (:data:`TOP_STRIP_CLEAR`); else the one JOKER word
    on the top strip (:func:`_words_on`: anglo `7R`, its corner's frame line and pink word
    0.56 red)."""
    strips = edges.of(cards)
    if strips is None or len(strips.reds) != len(cards) + len(in_fan):
        return in_fan
    bare = strips.bare([m.center for c in cards for m in c.marks])
    top = len(strips.reds) - 1
    if len(bare) != len(in_fan) or top not in bare:
        return in_fan
    # the unread cards and the bare strips, each in order across the fan
    unread = sorted(range(len(in_fan)), key=lambda k: strips.across(in_fan[k].center))
    k = unread[sorted(bare, key=lambda i: strips.spans[i][0]).index(top)]
    if not in_fan[k].rank.is_joker:
        return in_fan
    red = strips.reds[top]
    joker = strips.jokers[top]
    if TOP_STRIP_CLEAR[0] < red < TOP_STRIP_CLEAR[1]:
        words = _words_on(edges, strips, [top])
        if len(words) != 1:
            return in_fan
        joker = words[0].joker
    return [*in_fan[:k], replace(in_fan[k], rank=joker, joker=joker), *in_fan[k + 1:]]


class Recognizer:
    """Reads cards with a glyph model (the shipped one, or one extended by deck teaching)."""

    def __init__(self, model: GlyphModel | None = None, threshold: float = DEFAULT_THRESHOLD,
                 joker_red: float = 35.0,
                 classifier: GlyphClassifier | bool | None = True,
                 joker_marks: JokerMarkReader | None = None,
                 faces: DeckFaces | None = None, index_height: float | None = None) -> None:
        """``classifier``: the learned glyph classifier that re-ranks prototype matches —
        ``True`` for the shipped one (if present), ``False``/``None`` for none, or a model.
        ``joker_marks``: a taught deck's joker corner marks (:mod:`vision.joker_marks`),
        read by :meth:`read_set` among the ink no index used.  ``faces``: a taught deck's
        faces (:mod:`vision.face_strips`), by which a fan's joker whose index lies hidden
        is told from the strip it shows.  ``index_height``: a taught deck's rank glyph
        height in a zone view (pixels), below which art is no index
        (:func:`_of_taught_size`)."""
        clf = (default_classifier() if classifier is True
               else classifier if isinstance(classifier, GlyphClassifier) else None)
        self.finder = IndexFinder(model or default_model(), joker_red, clf)
        # glyphs partly under the next card (a jumbo index), read only where a corner was
        # seen but not read (:meth:`_covered_look`); without the learned classifier, which
        # knows whole glyphs only
        self.covered = IndexFinder(covered_model(), joker_red)
        self.threshold = threshold
        self.joker_marks = joker_marks
        self.faces = faces
        self.index_height = index_height

    def find_cards(self, image: BGRImage) -> list[CardReading]:
        """Every card found in any photo (no mat needed), with boxes in ``image`` pixels."""
        long_side = max(image.shape[:2])
        scale = float(np.clip(FIND_LONG_SIDE / max(long_side, 1), 1.0, 4.0))
        work = image if scale == 1.0 else cv2.resize(image, None, fx=scale, fy=scale,
                                                     interpolation=cv2.INTER_CUBIC)
        cards = group_cards(self._photo_marks(work))
        if scale == 1.0:
            return cards
        return [_rescale(c, 1 / scale) for c in cards]

    def _photo_marks(self, image: BGRImage) -> list[IndexMark]:
        """The indices in a photo: read with faint ink counted (thin red strokes of small
        cards fade), then, where nothing was read, with a stricter ink threshold (at which
        an index touching a pip comes apart), then with dimmer paper counted (shadowed cards
        on a dark floor), then with the light evened out (a card in the dim part of a photo
        lit from one side); each pass keeps only its good enough matches, near a card's
        edge or, where no edge shows, two that pair as one card's corners.  Of two indices
        closer than a glyph height the better read is kept, in one pass as across passes
        (no two cards' indices lie so close: one is a court card's frame or art)."""
        marks: list[IndexMark] = []
        for seeing, least in PHOTO_PASSES:
            survey = self.finder.survey(image, None, seeing)
            found = [*survey.marks, *_paired(survey.off_edge, OFF_EDGE_SCORE)]
            for m in sorted(found, key=lambda m: -m.score):
                if m.score >= least and all(math.dist(m.center, n.center) > n.height
                                            for n in marks):
                    marks.append(m)
        return marks

    def read_set(self, image: BGRImage, view_shape: tuple[int, int] | None = None,
                 before: BGRImage | None = None, mat_seen: Mask | None = None
                 ) -> SetReading:
        """The one set lying in ``image`` (a zone seen from above, ~4 px per mm).

        ``view_shape``: when ``image`` is a crop of a zone view, that view's (height, width),
        so that the crop is read as the whole view would be.  ``before``: the same view as
        it was before this set was laid; cards already there in it are not read
        (:mod:`vision.earlier`).  ``mat_seen``: where the bare mat (its felt and print)
        shows in ``image`` (0/1, :func:`vision.bare_mat.bare_mat`): no card's paper, so no
        fan's end reaches it and an index beside it lies by its card's edge.

        A reading of :data:`FEW_CARDS` or fewer on more paper than they cover
        (:attr:`Doubt.MORE_PAPER`) is read again as each of :data:`RETRY_SEEINGS` sees ink;
        of the readings that then read more cards and cover the paper, the sure one, else
        one of read indices (not a fan of jokers by its edges), else the most confident.  A
        card read by both its corners at first is no misreading: a reading again that leaves
        its rank out read something else (paris `KK`, the top K read by both corners, read
        again a sure `JJ` from its court art).  Where another of those readings holds other
        cards, no fewer, the one taken is unsure (:attr:`Doubt.READ_TWO_WAYS`), the others
        among its candidates (a sure one stays sure beside a fan of jokers told by its
        edges alone): paris `JJJ` read a sure `JJ` in fainter ink, its middle J's glyph
        joined to an edge line, and `JJJ` in darker ink, that J inferred from the fan (dev
        seed 4140).
        """
        earlier = (None if before is None
                   else EarlierCards.seen_in(before, view_shape or image.shape[:2]))
        reading = self._read_seeing(image, view_shape, earlier, ZONE_SEEING, mat_seen)
        if Doubt.MORE_PAPER not in reading.doubts or len(reading.cards) > FEW_CARDS:
            return reading
        whole = {card.rank for card in reading.readings if len(card.marks) >= 2}
        agains = [again for again in (self._read_seeing(image, view_shape, earlier, seeing,
                                                        mat_seen)
                                      for seeing in RETRY_SEEINGS)
                  if len(again.cards) > len(reading.cards)
                  and Doubt.MORE_PAPER not in again.doubts and whole <= set(again.cards)]
        if not agains:
            return reading
        best = max(agains, key=lambda r: (not r.unsure, Doubt.NO_INDEX not in r.doubts,
                                          r.confidence))
        # (one of fewer cards failed where the one taken did not; a fan of jokers told by
        # its edges, where no index was read, doubts no sure reading of indices)
        others = [r for r in agains
                  if r.cards != best.cards and len(r.cards) >= len(best.cards)]
        if not best.unsure and all(Doubt.NO_INDEX in r.doubts for r in others):
            return best
        # (each reading first, then their candidates: those of the one taken would crowd
        # the other reading out)
        cands = [(r.cards, r.confidence) for r in (best, *others)]
        cands += [c for r in (best, *others) for c in r.candidates]
        return replace(best, unsure=True, candidates=offered(cands),
                       doubts=(*best.doubts, Doubt.READ_TWO_WAYS))

    def _read_seeing(self, image: BGRImage, view_shape: tuple[int, int] | None,
                     earlier: EarlierCards | None, seeing: Seeing,
                     mat_seen: Mask | None) -> SetReading:
        """The set read as :meth:`read_set` reads it, with ink told as ``seeing`` tells it
        (``earlier``: the cards already lying there; ``mat_seen``: where the bare mat
        shows)."""
        survey = self.finder.survey(image, view_shape, seeing,
                                    old_paper=None if earlier is None else earlier.paper,
                                    mat_seen=mat_seen,
                                    new_marks=None if earlier is None else earlier.new_marks)
        if self.index_height is not None:
            survey = replace(survey, marks=_of_taught_size(survey.marks, self.index_height))
        # (a glyph under LEAST_GLYPH_MM is no card's index: art, a word's letter)
        first = consistent([m for m in survey.marks
                            if m.glyph_height >= LEAST_GLYPH_MM * ZONE_PX_PER_MM])
        dropped = [m for m in survey.marks if m not in first]
        first = self._read_fainter(image, survey.ink, first)
        marks, strays, covered = self._second_look(image, survey.ink, first, survey.strays)
        if self.joker_marks is not None:  # a taught deck's jokers, read by their corner mark
            if self.joker_marks.knows_both:
                # both jokers' corners carry a taught mark: JOKER letters read are the text
                # on a joker's face (paris' "THE JOLLY JOKER": `999999BB` read `999999BBB`)
                marks = [m for m in marks if m.pip != "O"]
            jokers, strays = self.joker_marks.read(image, survey.ink, marks, strays,
                                                   survey.pips, self.finder.big_pips)
            taken, instead = self._jokers_read_as_tens(image, survey, marks, strays)
            marks, jokers = [m for m in marks if m not in taken], jokers + instead
            # sized with them: art posing as a small index beside them goes (a joker's K
            # read as a 16 px index beside a 大王's 42 px mark: `RR` read a sure `KR`)
            marks = consistent(marks + jokers) if jokers else marks
        if self.faces is not None:  # a joker's print read as another joker's index
            marks = self.faces.without_print(image, marks)
        if earlier is not None:
            now = survey.ink.inks.darkest
            marks, strays = earlier.new_marks(marks, now), earlier.new_strays(strays, now)
            dropped = earlier.new_marks(dropped, now)
        # the new cards' paper and ink (over older cards, only theirs: vision.earlier)
        fresh = survey.ink if earlier is None else earlier.only_new(survey.ink, ZONE_PX_PER_MM)
        if earlier is not None:  # a new card's corner is near the new paper's edge
            strays = _edges_on_new_paper(strays, fresh)
        edges = _FanEdges(image, fresh, self.finder.joker_red)
        view = _SetView(image, survey, earlier, edges)
        faint_lone = False  # a lone card read only with fainter ink
        if edges.lone is not None:
            marks = _along_lone_card(marks, edges.lone)
            # its index, dropped as unlike the bigger glyphs its court art posed as (a Q
            # beside two art "10"s: consistent), may be what lies by a corner
            if not _by_a_corner(marks, edges.lone):
                at_corner = consistent(_along_lone_card(dropped, edges.lone))
                if _by_a_corner(at_corner, edges.lone):
                    marks = at_corner
            if not _by_a_corner(marks, edges.lone):
                # a lone card's glyph, its pip run into art (what was read is its art)
                marks = self.finder.pipless_on_card(fresh, edges.lone.corners,
                                                    ZONE_PX_PER_MM) or marks
                if not marks:
                    marks = self._lone_card_fainter(image, fresh, edges.lone)
                    faint_lone = bool(marks)
        if not marks:
            new = view.new(self._fainter_alone(image, survey.ink, strays))
            if new:
                marks, strays = _with_new(marks, strays, new)
        if len(marks) <= 1 and edges.lone is None:
            # a fan whose indices' pips ran into the big pips below them (paris' 4-8)
            new = view.new(self._pipless_in_fan(edges, marks))
            if new:
                marks, strays = _with_new(marks, strays, new)
        fan = self._fan(view, marks, strays)
        if not fan.cards:
            return self._jokers(edges)
        if fan.in_fan or unread_corners(marks, strays):  # (only then: the look is dear)
            new = view.new(self._through_edge_lines(image, survey.ink, marks, strays))
            if new:
                marks, strays, fan = self._fan_with(view, marks, strays, new)
        if not fan.in_fan:  # (an uneven gap may hide a card whose index an edge line joined)
            new, part = self._in_uneven_gaps(image, survey.ink, marks, fan.counted)
            new = view.new(new)
            if new:
                covered |= part
                marks, strays, fan = self._fan_with(view, marks, strays, new)
        new, covered_more = self._at_unread_jokers(image, survey.ink, marks, fan.in_fan)
        covered |= covered_more
        # a lone natural card whose other corner, printed with the same index, showed none
        # (a joker's picture read as an index: anglo's jokers laid alone read as sure Js,
        # As and Ts); a joker's own corners vary by deck, so a joker read is not asked
        other = (None if fan.in_fan
                 else self._at_other_corner(image, survey.ink, marks, fan.counted, edges))
        one_corner = other == [] and not fan.counted[0].rank.is_joker
        # (a J read there whose pip read poorly: maybe a joker's word JOKER, its "O" the pip)
        word = (fan.counted[0].marks[0].word_joker
                if one_corner and fan.counted[0].rank is Rank.JACK
                and len(fan.counted[0].marks) == 1 else None)
        new += other or []
        if new:  # indices read where the fan guessed jokers, or at a lone card's other
            # corner: the fan again with them
            marks, strays, fan = self._fan_with(view, marks, strays, new)
        shown = ([] if self.faces is None
                 else self.faces.jokers_in_fan(image, marks, fan.counted, fan.in_fan))
        if shown:  # jokers told by the taught faces their strips show: read as such
            marks, strays, fan = self._fan_with(view, marks, strays, shown)
        # a card read by one index whose strip shows a taught joker's face: its print read as
        # an index (anglo's script "Joker" read as a 4); that joker when the face matches
        # well, else the set is doubted
        posing = [] if self.faces is None else self.faces.jokers_read_as_natural(
            image, marks, fan.counted)
        as_joker = {p.natural: p.joker for p in posing if p.sure}
        if as_joker:
            marks = [as_joker.get(m, m) for m in marks]
            fan = self._fan(view, marks, strays)
        face_like = len(as_joker) < len(posing)
        cands = _candidates(fan.cards)
        ranks, conf = cands[0]
        mixed = _mixed(fan.cards)
        # corners seen but not read, by their stray ink, where the fan tells nothing (less a
        # read joker's own print); those whose ink all lies behind a whole card's far corner
        # count in an unsure set's candidates but make no doubt (over older cards the new
        # ones need not lie as one fan: their far corners may show)
        seen = [] if fan.in_fan else unread_corners(marks, strays)
        if seen and self.faces is not None:
            seen = self.faces.off_print(image, seen, fan.cards)
        unread = seen
        if seen and earlier is None:
            ahead = {id(s) for s in _off_far_line([s for g in seen for s in g], fan.cards)}
            unread = [g for g in seen if any(id(s) in ahead for s in g)]
        if unread:
            unread = _off_single_steps(unread, fan.counted, self.finder.joker_red)
        # ink only on the face of a card showing whole is its own (a jumbo deck's small
        # pips lie on the index line, a court card's art beside its index): no doubt, unless
        # the fan's edges part more cards than were read (below).  A lone card read by both
        # corners too (its court art left 384 of 648 lone J, Q, K unsure); more paper than it
        # covers still tells of another card (Doubt.MORE_PAPER)
        on_faces = (bool(unread) and bool(fan.counted)
                    and not _off_whole_faces([s for g in unread for s in g], fan.cards))
        tens = _twos_like_tens(fan.cards)
        # a card under the fan's bottom one showing a sliver (its corner hidden)
        past_bottom = not fan.in_fan and paper_past_bottom_card(
            [c.marks for c in fan.counted], survey.ink, ZONE_PX_PER_MM,
            None if earlier is None else earlier.paper)
        if past_bottom:
            cands = with_one_more(cands)
        doubts = tuple(d for d, there in (
            (Doubt.WEAK, conf < self.threshold or _tens_unlike_whole(fan.counted) or faint_lone),
            (Doubt.MIXED, mixed),
            (Doubt.UNREAD_CORNER,
             (bool(unread) and not on_faces) or _dropped_on_line(dropped, marks)),
            (Doubt.UNREAD_IN_FAN, bool(fan.in_fan)),
            (Doubt.ASKEW, _askew(marks)),
            (Doubt.COVERED, covered or bool(tens) or _taken_for(fan.cards)),
            (Doubt.MORE_PAPER, _more_paper_than_cards(fresh, marks,
                                                      len(fan.counted) + len(fan.in_fan))
             or _whole_card_off_its_paper(fan.counted, fan.in_fan, edges) or past_bottom),
            (Doubt.ONE_CORNER, one_corner),
            (Doubt.JOKER_FACE, face_like)) if there)
        if not doubts and (len(fan.counted) >= 2 or (fan.counted and _poorly_read(fan.counted))
                           or (len(fan.counted) == 1 and len(fan.counted[0].marks) == 1)):
            # a fan read sure whose edges part more cards than were read: a card's index
            # lies hidden where no gap or stray ink shows it (a jumbo joker's JOKER half
            # under the next card between two 6s a step and a half apart: `66666BBR` read a
            # sure `66666BR`).  (Over older cards, on the new cards' paper only; a lone
            # card's edges part it from the paper the seat's label joins to it: one read
            # card is asked only when it read poorly or by one corner only, a joker's art
            # posing as its index: neoclassical `BR` read a sure `A` from the jester's hand,
            # at 0.75 and at 0.88, dev seeds 2000-2179 and 2607.)
            # A gap of two steps whose slot showed nothing, asked first (the edges are
            # dear): an uneven fan's, or one over a joker laid upside down, its corner
            # under the next card (anglo `AAAAA2R` read a sure `AAAAA2`, a gap of 1.69
            # steps, dev seed 3383).  Red ink among black cards before either: a 大王 (or a
            # red card) beneath them showing its print's edge (dev seeds 3425, 3583).
            if _red_among_black(image, fresh, fan.counted, strays, self.finder.joker_red):
                doubts = (Doubt.RED_INK,)
            elif fan.blank:
                doubts = (Doubt.WIDE_GAP,)
            else:
                strips = edges.of(fan.counted)
                if strips is not None and len(strips.jokers) > len(fan.counted):
                    doubts = (Doubt.MORE_EDGES,)
            if doubts:
                cands = with_one_more(cands, Rank.BIG_JOKER if Doubt.RED_INK in doubts
                                      else None)
        unsure = bool(doubts)
        if fan.in_fan:
            cands = with_fan(cands, fan.in_fan)
            ranks, conf = cands[0]
        if tens and Rank.TWO in ranks:
            cands = with_tens(cands, len(tens), _tens_read_as_twos(fan.cards, fan.in_fan))
            ranks, conf = cands[0]
        if one_corner:
            cands = with_lone_joker(cands, word)
            ranks, conf = cands[0]
        if seen:
            # cards seen but not read (a joker's picture, an index half hidden): unsure, and
            # the candidates count them as jokers too
            cands = with_unread(cands, seen, self.finder.joker_red)
        words_only = _all_words(fan.cards)
        if (Doubt.WEAK in doubts and _poorly_read(fan.cards)) or (
                unsure and (self._reads_taught_jokers(fan.cards) or words_only)):
            # (jokers read from their words count what those misread indices inferred,
            # no better than the edges: anglo `BBBBRRRR`, read `JJJJBBRR`, its Js words)
            posed = self._posed_by_jokers(edges, 2 if words_only else len(ranks))
            if posed:
                ranks, conf = posed, FAN_CONFIDENCE
                cands = [(ranks, conf), *cands]
                # (its edges part all the new paper: none lies beyond its cards, and it is
                # not read again for more, unless nothing else doubts it)
                doubts = tuple(d for d in doubts if d is not Doubt.MORE_PAPER) or doubts
        return SetReading(ranks, conf, unsure, offered(cands) if unsure else (), tuple(fan.cards),
                          doubts)

    def _reads_taught_jokers(self, cards: list[CardReading]) -> bool:
        """Whether ``cards`` hold a joker and no natural card that read well (any matching
        :data:`POSED_SCORE`), by a recogniser taught its deck's jokers' marks or faces."""
        return ((self.joker_marks is not None or self.faces is not None)
                and any(c.rank.is_joker for c in cards)
                and all(c.rank.is_joker or _best_score(c) < POSED_SCORE for c in cards))

    def _posed_by_jokers(self, edges: _FanEdges, count: int) -> tuple[Rank, ...] | None:
        """The fan of jokers (:attr:`_FanEdges.unread_jokers`, by its cards' edges and
        words) that an unsure reading may be, when they count at least two cards and no fewer
        than ``count`` (the reading's cards, but for a set of words, below).  Asked of a weak
        reading of a few poor indices (:func:`_poorly_read`: a joker's picture posing as an
        index, paris' chip as a 10: `BBBBRRRR` read `TTTTTTBB`, the fan inferring more 10s
        like it), of a taught deck's read jokers (:meth:`_reads_taught_jokers`: its jokers'
        marks miscount a fan of jokers, a mark hidden under the next card, a chip's pattern
        read as a 10: paris `BBBBRRRR` read `BBBBRRR`, `TTTTBBBR`), and of a set whose every
        card is a joker read from its word taken for an index (:func:`_all_words`)."""
        jokers = edges.unread_jokers
        if jokers is None or len(jokers) < max(2, count):
            return None
        return tuple(sorted(jokers))

    def _read_fainter(self, image: BGRImage, seen: PaperInk,
                      marks: list[IndexMark]) -> list[IndexMark]:
        """``marks``, those that read less than well (under :data:`FAINT_SURE`) read again
        with fainter ink counted (:data:`FAINT_RATIO`, one
        :meth:`vision.indices.IndexFinder.second_look` over them all): where one then reads
        as another rank, and better, that reading replaces it.  A thin stroke that fell
        apart at :data:`~vision.indices.INK_RATIO` holds together (neoclassical's red serif
        9 whose loop had lost its top read as a J, an 8 whose waist broke as a 10, anglo's
        thin 3 as a 5).  Some re-reads are not taken (:data:`FAINT_NOT`): fainter ink also
        closes an open end, a 6 or 9 read again as an 8 (on the dev sets 34 such re-reads,
        every one wrong; of the other kinds 77 were right and 4 wrong); and a 10 read again
        as a K, J or 2 stays (on the dev sets the one 10 → K and the one 10 → J were
        wrong)."""
        weak = [m for m in marks if m.pip in PIP_LABELS and m.score < FAINT_SURE]
        if not weak:
            return marks
        # (about each glyph and where its pip lies, a glyph height below)
        near = np.array([p for m in weak for p in (
            m.center, (m.center[0] + m.down[0] * m.height, m.center[1] + m.down[1] * m.height))],
            np.float64)
        looked = self.finder.second_look(image, seen, near,
                                         FAINT_REACH * max(m.height for m in weak),
                                         ratio=FAINT_RATIO)
        out = []
        for m in marks:
            refused = FAINT_NOT.get(m.rank, frozenset())
            better = [o for o in looked if o.rank is not m.rank and o.rank not in refused
                      and o.score > m.score
                      and math.dist(o.center, m.center) < FAINT_SAME * m.height
                      ] if m in weak else []
            out.append(max(better, key=lambda o: o.score) if better else m)
        return out

    def _lone_card_fainter(self, image: BGRImage, seen: PaperInk,
                           lone: LoneCard) -> list[IndexMark]:
        """The indices a second look with fainter ink (:data:`FAINT_RATIO`) reads at a lone
        card's corners (:data:`LONE_FAINT_IN`), on which the survey read none: matching at
        least :data:`SECOND_LOOK_LEAST`, of a corner glyph's height (:data:`LONE_FAINT_MM`),
        and no J — a joker's JOKER starts with one.  neoclassical's thin red 7s and 5s laid
        alone read as no index and were offered as jokers.  (The set is then unsure: read
        with fainter ink only, an anglo 大王's art reads as a 7.)"""
        corners = np.asarray(lone.corners, np.float64)
        near = corners + (corners.mean(axis=0) - corners) * LONE_FAINT_IN
        looked = self.finder.second_look(image, seen, near,
                                         LONE_FAINT_REACH_MM * ZONE_PX_PER_MM,
                                         ratio=FAINT_RATIO)
        lo, hi = (mm * ZONE_PX_PER_MM for mm in LONE_FAINT_MM)
        return [m for m in looked if m.score >= SECOND_LOOK_LEAST and m.pip in PIP_LABELS
                and m.rank is not Rank.JACK and lo <= m.glyph_height <= hi]

    def _second_look(self, image: BGRImage, seen: PaperInk, marks: list[IndexMark],
                     strays: list[StrayInk]) -> tuple[list[IndexMark], list[StrayInk], bool]:
        """``marks`` and ``strays`` after corners seen but not read (stray ink on a read
        index's line: :func:`unread_corners`) are read again with fainter ink counted
        (:meth:`vision.indices.IndexFinder.second_look`): thin strokes that fell apart into
        strays hold together.  Where that reads nothing, they are read by the part the next
        card leaves showing (:meth:`_covered_look`: a jumbo index half under it); the third
        value tells whether the indices were read so.  An index read so — a good match, of
        the set's size, on one of the strays and on no read index — joins the marks.  The
        strays it explains are dropped only when every index of the set then reads well:
        else the set stays unsure (an 8 read weakly as 10 beside two 2s read so would be a
        sure T22)."""
        groups = unread_corners(marks, strays)
        if not groups:
            return marks, strays, False
        near = np.array([s.center for g in groups for s in g], np.float64)
        new, in_part = self._read_again(image, seen, marks, near)
        if not new:
            return marks, strays, False
        marks = consistent(marks + new)
        if min(m.score for m in marks) < SECOND_LOOK_LEAST:
            return marks, strays, in_part
        return marks, _unexplained(strays, new), in_part

    def _jokers_read_as_tens(self, image: BGRImage, survey: Survey, marks: list[IndexMark],
                             strays: list[StrayInk]) -> tuple[list[IndexMark], list[IndexMark]]:
        """Of the 10s among ``marks``, those that are a taught joker's corner mark, and the
        jokers read there instead: read with the 10s left out, a joker's mark in a 10's box
        matching better than the 10 (neoclassical's star in a circle reads as a "10", and the
        joker reader leaves a read index's ink alone: `333R` read `333` and a 10, mixed).
        Each joker keeps what it read as (:attr:`IndexMark.read_as`): the set is doubted
        (the "10" may have been the mark and the next card's glyph: `444R` read `44R`)."""
        tens = [m for m in marks if m.rank is Rank.TEN]
        if not tens or self.joker_marks is None:
            return [], []
        jokers, _ = self.joker_marks.read(image, survey.ink,
                                          [m for m in marks if m.rank is not Rank.TEN],
                                          strays, survey.pips, self.finder.big_pips, tens)
        taken, instead = [], []
        for ten in tens:
            there = [j for j in jokers if j.score > ten.score
                     and in_index_box(np.array([j.center]), ten)[0]]
            if there:
                taken.append(ten)
                instead.append(replace(max(there, key=lambda j: j.score), read_as=Rank.TEN))
        return taken, instead

    def _fainter_alone(self, image: BGRImage, seen: PaperInk, strays: list[StrayInk]
                       ) -> list[IndexMark]:
        """Where no index was read at all: the indices read about the ``strays`` with fainter
        ink counted (:meth:`vision.indices.IndexFinder.second_look`, as :meth:`_second_look`
        reads beside read indices), matching at least :data:`ALONE_LOOK_LEAST`.  Thin red
        strokes can all fall apart (neoclassical `2R`: both corners of its 2 in pieces, read
        `RR` by the fan's strips).  Of a natural rank or a 2 only, and not a J: with only
        jokers there, a JOKER word's J and a picture's lines pose as glyphs."""
        if not strays:
            return []
        near = np.array([s.center for s in strays], np.float64)
        looked = self.finder.second_look(image, seen, near,
                                         ALONE_LOOK_REACH_MM * ZONE_PX_PER_MM)
        return [m for m in looked
                if m.score >= ALONE_LOOK_LEAST and not m.rank.is_joker
                and m.rank is not Rank.JACK
                and m.glyph_height >= LEAST_GLYPH_MM * ZONE_PX_PER_MM]

    def _through_edge_lines(self, image: BGRImage, seen: PaperInk, marks: list[IndexMark],
                            strays: list[StrayInk]) -> list[IndexMark]:
        """Indices read where stray ink on the read indices' line is too big for a glyph
        (:data:`EDGE_MERGED`): a glyph and its pip that the covering card's edge line joins
        into one shape (paris prints each card's outline; in a tight fan the next card's
        edge runs along the index: `333333333R` read with five 3s).  Read again with the
        edge lines cut out (:data:`EDGE_LINE`) and ink counted as the survey counts it; of
        the set's main rank or a 2 (a set holds one natural rank).  (Worth its cost, ~4 ms a
        look, only where the set shows an unread card: :meth:`read_set` asks then.)"""
        if not marks:
            return []
        h = set_glyph_height(marks)
        lo, hi = EDGE_MERGED
        big = np.array([s.center for s in strays if lo * h <= s.size <= hi * h],
                       np.float64).reshape(-1, 2)
        near = big[_on_the_line(big, marks, (-0.5, 1.5), (1.0, 10.0))]
        if not len(near):
            return []
        ranks = {main_natural([m.rank for m in marks]), Rank.TWO}
        looked = self._looked_again(image, seen, marks, near, EDGE_LINE,
                                    ratio=INK_RATIO, least=EDGE_LOOK_LEAST, on=EDGE_LOOK_ON,
                                    reach=EDGE_LOOK_REACH)
        return [m for m in looked if m.rank in ranks]

    def _read_again(self, image: BGRImage, seen: PaperInk, marks: list[IndexMark],
                    near: npt.NDArray[np.float64], lines_over: float | None = None
                    ) -> tuple[list[IndexMark], bool]:
        """The indices a second look reads near ``near`` (:meth:`_looked_again`), else those
        read by the part the next card leaves showing (:meth:`_covered_look`); and whether
        they were read so, in part.  With edge lines cut out first (``lines_over``), a glyph
        the cut took ink from counts from :data:`EDGE_LOOK_LEAST` when of the set's main
        rank or a 2, as in :meth:`_through_edge_lines` (paris `44R` read `4BR`: the 4♣'s
        glyph touched its own card's outline at the corner, and read 0.78 cut free); and an
        index read so, or in part, counts within :data:`UNREAD_LOOK_ON` glyph heights of
        the points."""
        on = SECOND_LOOK_ON if lines_over is None else UNREAD_LOOK_ON
        if lines_over is None:
            new = self._looked_again(image, seen, marks, near)
        else:
            ranks = {main_natural([m.rank for m in marks]), Rank.TWO}
            new = [m for m in self._looked_again(image, seen, marks, near, lines_over,
                                                 least=EDGE_LOOK_LEAST, on=on)
                   if m.rank in ranks or m.score >= SECOND_LOOK_LEAST]
        if new:
            return new, False
        new = self._covered_look(image, seen, marks, near, on)
        return new, bool(new)

    def _covered_look(self, image: BGRImage, seen: PaperInk, marks: list[IndexMark],
                      near: npt.NDArray[np.float64], on: float = SECOND_LOOK_ON
                      ) -> list[IndexMark]:
        """The indices read near the points ``near`` by the glyph model that knows glyphs
        whose right side the next card of a fan hides (:func:`vision.glyphs.covered_model`:
        a jumbo index, 大字牌, reaches under it), of ranks the set's ``marks`` hold or a 2
        (wild, in any set: a jumbo 2 between 大王 and Qs read 0.95 so, and was left out), or
        of any rank where they hold no natural one (only jokers' JOKER read: `AAAAA2BBRR`
        read `2BBBBBRRRR`, its As half under the next cards); a part that reads a little
        better as another rank (the left of an 8 as a 6) is taken as its runner-up when that
        is the set's and reads well enough.  ``on``: how near one of the points (glyph
        heights) an index read must lie, as :meth:`_looked_again`'s."""
        ranks = {m.rank for m in marks} | {Rank.TWO}
        size = SECOND_LOOK_SIZE
        if not any(r.is_natural for r in ranks):
            ranks = set(Rank)
            # nor is the set's glyph height then a natural index's: a joker's JOKER letters
            # are smaller than a jumbo deck's digits (drawn jumbo `6666666666BB`, 1.6 × the
            # letters' height, read as twelve jokers)
            size = (SECOND_LOOK_SIZE[0], JOKERS_ONLY_HIGH)
        out = []
        for m in self._looked_again(image, seen, marks, near, None, self.covered,
                                    COVERED_BESIDE, on=on, size=size):
            if m.rank in ranks:
                out.append(m)
            elif m.runner_up in ranks and m.score - m.margin >= SECOND_LOOK_LEAST:
                out.append(replace(m, rank=m.runner_up, score=m.score - m.margin,
                                   margin=0.0, runner_up=m.rank))
        return out

    def _looked_again(self, image: BGRImage, seen: PaperInk, marks: list[IndexMark],
                      near: npt.NDArray[np.float64], lines_over: float | None = None,
                      finder: IndexFinder | None = None, beside: float = INDEX_BOX[2],
                      ratio: float = SECOND_LOOK_RATIO, least: float = SECOND_LOOK_LEAST,
                      on: float = SECOND_LOOK_ON, reach: float = SECOND_LOOK_REACH,
                      size: tuple[float, float] = SECOND_LOOK_SIZE) -> list[IndexMark]:
        """The indices a second look (:meth:`vision.indices.IndexFinder.second_look`) reads
        within ``reach`` glyph heights of the points ``near`` that fit the set read
        (``marks``): matching at least ``least``, of its glyphs' height within ``size``, on
        no read index and within ``on`` glyph heights of one of the points.
        ``lines_over``: in glyph heights, and ``ratio``, as the second look's.  ``finder``:
        whose glyph model reads them (:attr:`finder` unless given)."""
        h = set_glyph_height(marks)
        lo, hi = size
        reach *= h
        looked = (finder or self.finder).second_look(
            image, seen, near, reach, marks,
            lines_over=None if lines_over is None else lines_over * h, beside=beside,
            ratio=ratio)
        return [m for m in looked
                if m.score >= least and lo * h <= m.glyph_height <= hi * h
                and not in_any_index_box(np.array([m.center]), marks, beside)[0]
                and bool((np.hypot(*(near - m.center).T) < on * h).any())]

    def _fan(self, view: _SetView, marks: list[IndexMark], strays: list[StrayInk]) -> _Fan:
        """The cards read from ``marks`` in ``view`` (those on the set's line, less a whole
        card's art: :func:`_off_whole_cards`), the ones a fan counts (:func:`_counted`), the
        fan's cards whose index was not read (:func:`vision.fan.fan_slots`, and where its
        edges show more) and its gaps wide enough for a card that showed none
        (:attr:`vision.fan.FanSlots.blank`)."""
        image, survey, earlier, edges = view.image, view.survey, view.earlier, view.edges
        if edges.lone is not None:
            marks = _along_lone_card(marks, edges.lone)
        cards = _off_whole_cards(_off_the_line(group_cards(_fours_as_tens(marks),
                                                           one_paper=False)))
        lone = edges.lone if len(cards) in (1, 2) else None
        if lone is not None:
            cards = _one_card(_off_lone_card_art(cards, lone))
            if len(cards) == 1:  # one card's paper holds no other card to infer
                return _Fan(cards, cards)
        if not cards:
            return _Fan([], [])
        cards = _joker_words(cards, view.word_at)
        counted = _counted(cards)
        slots = fan_slots(image, [c.marks for c in counted], strays, survey.ink,
                          ZONE_PX_PER_MM, self.finder.joker_red,
                          None if earlier is None else earlier.still_showing(edges.seen))
        in_fan = self._with_edges(image, counted, strays, slots.unread, edges)
        in_fan = tens_by_their_one(self.finder, survey.ink,
                                   [m for c in counted for m in c.marks], in_fan)
        if in_fan:
            in_fan = _top_card_joker(counted, in_fan, edges)
        return _Fan(cards, counted, in_fan, slots.blank)

    def _fan_with(self, view: _SetView, marks: list[IndexMark], strays: list[StrayInk],
                  new: list[IndexMark]) -> tuple[list[IndexMark], list[StrayInk], _Fan]:
        """:func:`_with_new`, and the fan the marks then make."""
        marks, strays = _with_new(marks, strays, new)
        return marks, strays, self._fan(view, marks, strays)

    def _at_other_corner(self, image: BGRImage, seen: PaperInk, marks: list[IndexMark],
                         counted: list[CardReading], edges: _FanEdges
                         ) -> list[IndexMark] | None:
        """The index a second look reads at a lone card's other corner, when one index of
        it was read (:mod:`vision.lone_card`): a card's two indices lie point-symmetric about
        its middle.  Read the same, the card is sure of its two corners; read otherwise, the
        set is mixed (neoclassical's lone 6 read a sure 10 by one corner, its other reads 6);
        read nothing (``[]``), the set is unsure (:data:`Doubt.ONE_CORNER`).  ``None``: the
        set is no lone card read by one index, and its other corner is not looked at."""
        if len(counted) != 1 or len(counted[0].marks) != 1:
            return None
        lone = edges.lone
        if lone is None:
            return None
        there = 2 * lone.corners.mean(axis=0).astype(np.float64) - counted[0].marks[0].center
        return self._looked_again(image, seen, marks, there[None, :], reach=OTHER_CORNER_REACH,
                                  on=OTHER_CORNER_ON, size=OTHER_CORNER_SIZE)

    def _at_unread_jokers(self, image: BGRImage, seen: PaperInk, marks: list[IndexMark],
                          in_fan: list[UnreadCard]) -> tuple[list[IndexMark], bool]:
        """Indices read, on a second look, where the fan guessed a joker or a 2 (a corner
        like the set's read 2s, :func:`vision.fan.unread_cards`) or a card it did not match
        to a read index (:data:`vision.fan.LIKE_MAIN`): by the suit pip under its corner (a 2
        there was read so: paris `QQQQQQQ2`), or a jumbo set's corner only somewhat like its
        main rank (read there, drawn jumbo `AAAAAAABB` kept its count); and whether they were
        read only in part.  First with the cards' edge lines cut out
        (:data:`EDGE_LINE`): a 2 whose glyph touches the covering card's edge is one shape
        with that line, and no index, at first; else by the part the next card leaves
        showing (:meth:`_covered_look`)."""
        slots = [u.center for u in in_fan if u.rank is Rank.TWO or u.likeness < LIKE_MAIN]
        if not slots:
            return [], False
        return self._read_again(image, seen, marks, np.array(slots, np.float64), EDGE_LINE)

    def _in_uneven_gaps(self, image: BGRImage, seen: PaperInk, marks: list[IndexMark],
                        counted: list[CardReading]) -> tuple[list[IndexMark], bool]:
        """Indices read, on a second look with the cards' edge lines cut out
        (:data:`EDGE_LINE`), in the middle of the fan's gaps of a step and a half or so
        (:func:`vision.fan.uneven_gaps`), and whether they were read only in part.  Asked
        where the fan inferred no card (a look, ~3 ms, where the set would read sure); a gap
        holding a card shows its index there, an uneven one nothing (dev and check sets
        read as before but for two wrong sets, still wrong)."""
        gaps = uneven_gaps([c.marks for c in counted], ZONE_PX_PER_MM)
        if not gaps:
            return [], False
        return self._read_again(image, seen, marks, np.array(gaps, np.float64), EDGE_LINE)

    def _with_edges(self, image: BGRImage, cards: list[CardReading], strays: list[StrayInk],
                    in_fan: list[UnreadCard], edges: _FanEdges) -> list[UnreadCard]:
        """``in_fan`` and more unread cards where the fan's ``edges`` show more cards than
        were read or inferred from the indices (:mod:`vision.joker_fan`): at the strips with
        no index read, judged as :func:`vision.fan.unread_cards` judges a gap's, on the new
        cards' ink and paper (``edges.seen``)."""
        seen = edges.seen
        strips = edges.of(cards)
        if strips is None:
            return in_fan
        # (two read cards tell no step: a joker may lie between them whatever the room; nor
        # need the paper reach past the read cards for a bare strip between two read ones)
        shut = len(cards) != 2 and not _bare_between(strips, cards) and not room_for_more(
            [c.marks for c in cards], seen, ZONE_PX_PER_MM, len(cards) + len(in_fan))
        # (one read card: a joker laid whole over it hides all the paper past it, but its
        # strip shows its word: anglo `7R` read `7`; not one read poorly, maybe a joker's
        # print itself: anglo `BR` read `JJ`, a word's J at 0.69 and the other word like it)
        if shut and (len(cards) != 1 or _best_score(cards[0]) < POSED_SCORE
                     or not _words_on(edges, strips,
                                      strips.bare([m.center for m in cards[0].marks]))):
            return in_fan
        missing = len(strips.jokers) - len(cards) - len(in_fan)
        if missing <= 0:
            return in_fan
        # (between read cards too: a gap a little under the steps it holds, 2.6 steps of an
        # uneven fan read as two, keeps one of its cards hidden from the gap rule, vision.fan;
        # a court card's frame line no longer passes for an edge, READ_BAND_ENDS_MM)
        more = strips.bare_corners([m.center for c in cards for m in c.marks])
        found = unread_cards(image, [c.marks for c in cards], strays, seen,
                             ZONE_PX_PER_MM, self.finder.joker_red, more=more,
                             more_step=strips.step_mm() * ZONE_PX_PER_MM)
        known = [u.center for u in in_fan]
        extra = [u for u in found if u.center not in known]
        extra.sort(key=lambda u: u.center not in strips.corners)  # where an edge shows one first
        extra = extra[:missing]
        return in_fan + extra

    def _pipless_in_fan(self, edges: _FanEdges, marks: list[IndexMark]) -> list[IndexMark]:
        """Where at most one index (``marks``) was read in a fan: its cards' corner glyphs
        whose pips ran into their big pips or art (:meth:`vision.indices.IndexFinder
        .pipless_at`; paris `88` read as a fan of jokers, `BB`; `66` read `6B`, the top card
        read at its far corner only), on the line of the corners its edges part
        (:attr:`_FanEdges.unread`).  Of the read index's rank (of any, a 小王's picture
        beside a read 2 was read as a 4: `2B` read a sure `42`); where none was read, of any
        rank but 10 and J (:data:`vision.indices.UNTOLD_IN_FAN`: anglo's sideways "Joker"
        reads as either)."""
        ranks = {m.rank for m in marks if m.rank.is_natural} if marks else set(UNTOLD_IN_FAN)
        strips = edges.unread if ranks else None
        if strips is None:
            return []
        down = np.array(strips.down)
        corners = [np.array(c) for c in strips.corners]
        return self.finder.pipless_at(edges.seen, lambda h: [(c, down) for c in corners],
                                      ZONE_PX_PER_MM, ranks)

    def _jokers(self, edges: _FanEdges) -> SetReading:
        """What a zone in which no index was read most likely holds: a lone joker
        (:mod:`vision.lone_card`), a fan of jokers (:mod:`vision.joker_fan`, counted by its
        words where they show: :mod:`vision.fan_words`), else nothing.
        A joker read so is unsure, with the other readings near it as candidates."""
        joker = lone_joker(edges.image, edges.seen, ZONE_PX_PER_MM, self.finder.joker_red)
        if joker is not None:
            other = joker.other_joker
            return SetReading((joker,), LONE_CONFIDENCE, True,
                              offered((((joker,), LONE_CONFIDENCE),
                                       ((other,), LONE_CONFIDENCE / 2))),
                              doubts=(Doubt.NO_INDEX,))
        fan, strips = edges.unread_jokers, edges.unread
        if fan is None or strips is None:
            return SetReading((), 1.0, False)
        cards = tuple(sorted(fan))
        most = max(sorted(set(fan)), key=fan.count)  # ties: 小王, the same every run
        fewer = list(cards)
        fewer.remove(most)
        # (where the words were read, the strips' own reading next: a word may be missed;
        # then a card more, a 大王 first: its strip's edge or its pink word lost)
        cands = ((cards, FAN_CONFIDENCE), (tuple(sorted(strips.jokers)), FAN_CONFIDENCE / 2),
                 *((tuple(sorted((*cards, joker))), FAN_CONFIDENCE / 2)
                   for joker in (Rank.BIG_JOKER, Rank.SMALL_JOKER)),
                 (tuple(fewer), FAN_CONFIDENCE / 2))
        return SetReading(cards, FAN_CONFIDENCE, True, offered(cands),
                          doubts=(Doubt.NO_INDEX,))

    def read_zone(self, frame: BGRImage, homography: Homography, zone: npt.NDArray[np.float32],
                  margin_mm: float = 8.0, before: BGRImage | None = None,
                  look: MatLook | None = None) -> SetReading:
        """Read the set in a mat zone (polygon, mm) of a camera frame (``homography``: mm → px).

        ``before``: the frame as it was before the set was laid (the zone watcher's
        :attr:`~vision.watch.ZoneEvent.before`); cards already lying there are not read.
        ``look``: the frame's light and focus as the mat's markers show them
        (:func:`vision.look.look_at`): the light's colour is divided out of the views read,
        and a blur beyond the usual is taken back.  Where the bare mat shows (its felt and the
        zone's printed outline) is no card's paper, to the fan's ends or to an index's card
        edge (:mod:`vision.bare_mat`).

        Reads as ``read_set(zone_view(...))`` does, but only the part of the zone holding
        paper (found in a cheap 1 px/mm view) is warped to full resolution and read (the
        paper level is then estimated over the crop, so a rare set can read differently).  Card
        outlines in the result are in :func:`zone_view` pixels.  Card-sized paper with no
        card read on it gives an empty but *unsure* reading.
        """
        full = zone_view_shape(zone, margin_mm)
        look = look if look is not None else MatLook()
        crop = read_crop(frame, homography, zone, margin_mm, look)
        if crop is None:
            return SetReading((), 1.0, False)
        x0, y0, x1, y1 = crop
        t = np.array([[1.0, 0.0, -x0], [0.0, 1.0, -y0], [0.0, 0.0, 1.0]])
        size = (x1 - x0, y1 - y0)
        scale = ZONE_PX_PER_MM / px_per_mm_at(homography, zone.mean(axis=0))
        origin = zone.min(axis=0) - margin_mm
        at = (float(origin[0]) + x0 / ZONE_PX_PER_MM, float(origin[1]) + y0 / ZONE_PX_PER_MM)

        def seen(f: BGRImage) -> BGRImage:
            return look.without_mat_white(
                look.prepared(_warp(f, t, homography, zone, margin_mm, size), scale), at,
                ZONE_PX_PER_MM)

        view = seen(frame)
        old = None if before is None else seen(before)
        reading = self.read_set(view, full, old, bare_mat(view, zone, at, ZONE_PX_PER_MM))
        if x0 or y0:
            reading = replace(reading,
                              readings=tuple(_shift(c, x0, y0) for c in reading.readings))
        if not reading.cards:  # card-sized paper lies there, yet no card was read
            return SetReading.none_read()
        return reading


def read_crop(frame: BGRImage, homography: Homography, zone: npt.NDArray[np.float32],
              margin_mm: float = 8.0, look: MatLook | None = None
              ) -> tuple[int, int, int, int] | None:
    """The part (x0, y0, x1, y1, :func:`zone_view` pixels) of a zone view that
    :meth:`Recognizer.read_zone` reads: the box round its paper (:func:`paper_roi`), or the
    whole view where that box covers most of it; ``None`` when no card-sized paper lies
    there."""
    roi = paper_roi(frame, homography, zone, margin_mm, look)
    if roi is None:
        return None
    x0, y0, x1, y1 = roi
    h, w = zone_view_shape(zone, margin_mm)
    if (x1 - x0) * (y1 - y0) >= 0.8 * h * w:
        return 0, 0, w, h
    return roi


def zone_view(frame: BGRImage, homography: Homography, zone: npt.NDArray[np.float32],
              margin_mm: float = 8.0, px_per_mm: float = ZONE_PX_PER_MM) -> BGRImage:
    """The zone (plus a margin) warped to a top view at ``px_per_mm``."""
    w, h = _zone_size(zone, margin_mm, px_per_mm)
    return _warp(frame, np.eye(3), homography, zone, margin_mm, (w, h), px_per_mm)


def zone_view_shape(zone: npt.NDArray[np.float32], margin_mm: float = 8.0,
                    px_per_mm: float = ZONE_PX_PER_MM) -> tuple[int, int]:
    """(height, width) of :func:`zone_view`'s image."""
    w, h = _zone_size(zone, margin_mm, px_per_mm)
    return h, w


def _zone_size(zone: npt.NDArray[np.float32], margin_mm: float,
               px_per_mm: float) -> tuple[int, int]:
    x0, y0 = zone.min(axis=0) - margin_mm
    x1, y1 = zone.max(axis=0) + margin_mm
    return int((x1 - x0) * px_per_mm), int((y1 - y0) * px_per_mm)


def _warp(frame: BGRImage, post: npt.NDArray[np.float64], homography: Homography,
          zone: npt.NDArray[np.float32], margin_mm: float, size: tuple[int, int],
          px_per_mm: float = ZONE_PX_PER_MM, flags: int = cv2.INTER_CUBIC) -> BGRImage:
    x0, y0 = zone.min(axis=0) - margin_mm
    t = np.array([[px_per_mm, 0, -x0 * px_per_mm], [0, px_per_mm, -y0 * px_per_mm], [0, 0, 1]])
    m = post @ t @ np.linalg.inv(homography)
    if flags == cv2.INTER_CUBIC:
        # The camera sees ~1.7 px/mm: warping at half the view's scale and enlarging with a
        # (separable, much cheaper) cubic resize reads as well as a full cubic warp.
        k = 1 / WARP_ENLARGE
        small = cv2.warpPerspective(frame, np.diag([k, k, 1.0]) @ m,
                                    (math.ceil(size[0] * k), math.ceil(size[1] * k)), flags=flags)
        big: BGRImage = cv2.resize(small, size, interpolation=cv2.INTER_CUBIC)
        return big
    out: BGRImage = cv2.warpPerspective(frame, m, size, flags=flags)
    return out


ROI_PX_PER_MM = 1.0
ROI_MIN_MM2 = 600.0  # paper patches smaller than this (a marker, a label) hold no set
ROI_PAD_MM = 12.0


def paper_roi(frame: BGRImage, homography: Homography, zone: npt.NDArray[np.float32],
              margin_mm: float = 8.0, look: MatLook | None = None
              ) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1, :func:`zone_view` pixels) around the paper in a zone, from a
    cheap 1 px/mm view (the light's colour as ``look`` measured it divided out); ``None``
    when no card-sized paper lies there."""
    w, h = _zone_size(zone, margin_mm, ROI_PX_PER_MM)
    small = _warp(frame, np.eye(3), homography, zone, margin_mm, (w, h), ROI_PX_PER_MM,
                  cv2.INTER_LINEAR)
    if look is not None:
        small = look.balanced(small)
    minch = darkest_channel(small)
    otsu, _ = cv2.threshold(minch, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = (minch >= max(90.0, float(otsu))).astype(np.uint8)
    paper = cv2.morphologyEx(bright, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    n, _, stats, _ = components_with_stats(paper)
    keep = [i for i in range(1, n) if stats[i, 4] >= ROI_MIN_MM2 * ROI_PX_PER_MM ** 2]
    if not keep:
        return None
    x0 = min(int(stats[i, 0]) for i in keep)
    y0 = min(int(stats[i, 1]) for i in keep)
    x1 = max(int(stats[i, 0] + stats[i, 2]) for i in keep)
    y1 = max(int(stats[i, 1] + stats[i, 3]) for i in keep)
    s = ZONE_PX_PER_MM / ROI_PX_PER_MM
    pad = ROI_PAD_MM * ZONE_PX_PER_MM
    fw, fh = _zone_size(zone, margin_mm, ZONE_PX_PER_MM)
    return (max(0, int(x0 * s - pad)), max(0, int(y0 * s - pad)),
            min(fw, int(x1 * s + pad)), min(fh, int(y1 * s + pad)))


def _shift(card: CardReading, dx: float, dy: float) -> CardReading:
    corners = tuple((x + dx, y + dy) for x, y in card.corners)
    marks = tuple(replace(m, center=(m.center[0] + dx, m.center[1] + dy)) for m in card.marks)
    return replace(card, corners=corners, marks=marks)


def _rescale(card: CardReading, s: float) -> CardReading:
    corners = tuple((x * s, y * s) for x, y in card.corners)
    marks = tuple(replace(m, center=(m.center[0] * s, m.center[1] * s), height=m.height * s)
                  for m in card.marks)
    return CardReading(card.rank, card.confidence, corners, marks, card.runner_up)
