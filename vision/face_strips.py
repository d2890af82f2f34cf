"""A taught deck's faces (牌面), to tell a fan's card whose index lies hidden.

In a fan each card shows a strip: from its edge to the next card's.  Where the
card's index was not read, the fan still tells where that index would be
(:func:`vision.fan.unread_cards`) and which way the card lies; deck teaching
(:mod:`vision.teach`) keeps each taught card's face, upright.  The strip the
card shows is warped into the face's frame — placed by the set's glyph height
and where the deck prints its index glyph — and matched against every taught
face, both ways up, by normalised cross-correlation in colour, allowing a few
pixels' slip.  A joker's strip (its picture) matches the taught joker's face
well and every natural face poorly; a natural card's strip shows pips or court
art, which the joker's face does not.  Faces are kept at half the teaching
scale (~1.9 px/mm), which is ample for a picture and four times cheaper.
A card read as a natural rank by one index is asked too: a joker's print can
read as an index (anglo's script "Joker" as a 4), and its strip then shows the
joker's face.

A joker read by one corner still shows the rest of its print, which can pass for
another card's corner (neoclassical writes JOKER down the side of its picture):
its face, aligned with the card at that corner, tells which stray ink is its
own (:meth:`DeckFaces.own_print`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np
import numpy.typing as npt

from gouji.cards import ALL_RANKS, Rank
from vision.fan import FanFrame, UnreadCard, fan_frame
from vision.indices import IndexMark, StrayInk, set_glyph_height
from vision.types import BGRImage

if TYPE_CHECKING:
    from vision.recognize import CardReading

FACE_SCALE = 0.5  # stored faces: this × the taught upright card (240 × 336)
# A fan's joker told by its face is read as an index of this score, its pip FACE_PIP.
FACE_SCORE = 0.8
FACE_PIP = "F"
MARGIN = 6  # face pixels left off round the strip (a card's rounded edge, slips of place)
SLIP = 6  # face pixels the strip may lie off its place, each way
VISIBLE = 0.85  # of the way to the next card's index the strip is taken (fans are uneven)
WIDEST = 0.6  # of the face's width, the most of a strip taken (a card with none above)
NARROWEST = 6  # face pixels: a narrower strip tells nothing
MATCH_LEAST = 0.5  # least correlation for a joker's face to be seen in a strip
# A card read as a natural rank by one index is the joker its strip shows when the face
# matches this well (anglo's joker words read as naturals matched 0.67-0.78 on dev sets, a
# Q's court art the 小王's jester 0.59: only doubted, as from MATCH_LEAST)
POSING_LEAST = 0.65
MATCH_LEAD = 0.2  # by which it must beat every natural face (and match its kind best)
JPEG_QUALITY = 80  # of the faces as a profile stores them
# A read joker's own print: its corner (this part of its face, across and down) is aligned
# with the face at least ALIGN_LEAST; then ink is its own where the face around it, a square
# of 2 × PRINT_HALF face pixels (~8 mm), matches the image at least PRINT_LEAST (give or take
# PRINT_SLIP face pixels).
CORNER = (0.2, 0.45)
ALIGN_LEAST = 0.5
PRINT_HALF = 8
PRINT_LEAST = 0.7
PRINT_SLIP = 5
PRINT_CONTRAST = 10.0  # least spread (grey levels) of the face there: plain paper prints nothing
# ... placed by the mark, not by the index glyph the face is placed by: ~7 mm
MARK_SLIP = 14


@dataclass(frozen=True)
class DeckFaces:
    """The faces of a taught deck, upright, and where its index glyphs sit on them."""

    faces: Mapping[Rank, BGRImage]  # at FACE_SCALE
    glyph: tuple[float, float, float]  # index glyph centre x, y and height, face pixels

    @classmethod
    def from_cards(cls, cards: Mapping[Rank, BGRImage],
                   glyph: tuple[float, float, float]) -> DeckFaces:
        """From upright taught cards (:func:`vision.teach.upright_card`) and the index glyph
        (centre x, y and height) on them."""
        # (as a profile stores them, so that a saved deck reads as the one just taught)
        faces = {r: _unjpeg(_jpeg(cv2.resize(c, None, fx=FACE_SCALE, fy=FACE_SCALE,
                                             interpolation=cv2.INTER_AREA)))
                 for r, c in cards.items()}
        x, y, h = glyph
        return cls(faces, (x * FACE_SCALE, y * FACE_SCALE, h * FACE_SCALE))

    def strip_scores(self, image: BGRImage, center: tuple[float, float],
                     down: tuple[float, float], glyph_height: float, visible: float
                     ) -> dict[Rank, float]:
        """How well the strip a card shows in ``image`` matches each taught face (−1…1):
        its index glyph would be at ``center``, its "down" is ``down``, the set's glyphs are
        ``glyph_height`` pixels tall and the strip is ``visible`` pixels wide from the card's
        edge (to the next card's).  Empty when the strip is too narrow to tell."""
        strip = self._strip(image, center, down, glyph_height, visible)
        if strip is None:
            return {}
        return {rank: self._score(strip, rank) for rank in self.faces}

    def _strip(self, image: BGRImage, center: tuple[float, float], down: tuple[float, float],
               glyph_height: float, visible: float) -> BGRImage | None:
        """The strip (as for :meth:`strip_scores`) in face pixels, with :data:`SLIP` to
        spare each side; ``None`` when it is too narrow to tell."""
        scale = glyph_height / self.glyph[2]  # image pixels per face pixel
        height, width = next(iter(self.faces.values())).shape[:2]
        wide = min(visible / scale * VISIBLE, WIDEST * width)
        if wide - 2 * MARGIN < NARROWEST:
            return None
        to_image, origin = self._placed(center, down, glyph_height)
        size = (int(wide) - 2 * MARGIN + 2 * SLIP, height - 2 * MARGIN + 2 * SLIP)
        return _into_face(image, to_image, origin, MARGIN - SLIP, size)

    def _score(self, strip: BGRImage, rank: Rank) -> float:
        """How well ``strip`` (:meth:`_strip`) matches the face of ``rank``, either way up."""
        face = self.faces[rank]
        height = face.shape[0]
        wide = strip.shape[1] + 2 * MARGIN - 2 * SLIP
        best = -1.0
        for view in (face, cv2.rotate(face, cv2.ROTATE_180)):
            part = view[MARGIN:height - MARGIN, MARGIN:wide - MARGIN]
            best = max(best, float(cv2.matchTemplate(strip, part, cv2.TM_CCOEFF_NORMED).max()))
        return best

    def _placed(self, center: tuple[float, float], down: tuple[float, float],
                glyph_height: float) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Where a face lies in an image, for a card whose index glyph is at ``center``, its
        "down" ``down``, beside glyphs ``glyph_height`` pixels tall: the linear map from face
        offsets to image offsets, and the image point of the face's top-left corner."""
        gx, gy, gh = self.glyph
        scale = glyph_height / gh  # image pixels per face pixel
        d = np.array(down, np.float64)
        to_image = np.column_stack([scale * np.array([d[1], -d[0]]), scale * d])
        origin = np.array(center, np.float64) - to_image @ np.array([gx, gy])
        return to_image, origin

    def shows_joker(self, image: BGRImage, joker: Rank, center: tuple[float, float],
                    down: tuple[float, float], glyph_height: float, visible: float,
                    against_colour: bool = False) -> bool:
        """Whether the strip (as for :meth:`strip_scores`) shows the face of ``joker``: at
        least :data:`MATCH_LEAST`, no worse than the other joker, and :data:`MATCH_LEAD`
        above every natural face.  ``against_colour``: ``joker`` is not the one the corner's
        colour told (:func:`vision.fan.unread_cards`), so it must lead the other joker by
        :data:`MATCH_LEAD` too (paris prints its jokers alike but for their ink: a strip
        matched both faces 0.511 and 0.513)."""
        strip = self._strip(image, center, down, glyph_height, visible)
        return strip is not None and self._shows(strip, joker, against_colour, {})

    def _shows(self, strip: BGRImage, joker: Rank, against_colour: bool,
               scores: dict[Rank, float], least: float = MATCH_LEAST) -> bool:
        """:meth:`shows_joker` for a strip already taken; ``scores``: each face's
        :meth:`_score` of it, filled as they are matched (one strip asked of both jokers
        matches each face once)."""
        if joker not in self.faces:
            return False

        def score(rank: Rank) -> float:
            if rank not in scores:
                scores[rank] = self._score(strip, rank)
            return scores[rank]

        own = score(joker)
        if own < least:  # (the other faces need not be matched: most strips stop here)
            return False
        # (the first face that beats it, or a natural one too near it, settles it)
        return not any(own - score(r) < (MATCH_LEAD if not r.is_joker or against_colour
                                         else 0.0)
                       for r in self.faces if r is not joker)

    def own_print(self, image: BGRImage, joker: Rank, center: tuple[float, float],
                  down: tuple[float, float], glyph_height: float,
                  points: Sequence[tuple[float, float]]) -> list[bool]:
        """Which ``points`` (stray ink) are print of the face of ``joker``, a card read at its
        corner ``center`` (its index glyph's place, give or take :data:`MARK_SLIP`), lying
        ``down``, beside glyphs ``glyph_height`` pixels tall: the card's corner is first
        aligned with its taught face (at least :data:`ALIGN_LEAST`), then around each point
        the image must match the face there (at least :data:`PRINT_LEAST`)."""
        face = self.faces.get(joker)
        if face is None or not points:
            return [False] * len(points)
        height, width = face.shape[:2]
        to_image, origin = self._placed(center, down, glyph_height)
        s = MARK_SLIP
        seen = _into_face(image, to_image, origin, -s, (width + 2 * s, height + 2 * s))
        corner = (slice(0, int(height * CORNER[1])), slice(0, int(width * CORNER[0])))
        best = (-1.0, face, (0, 0))
        for view in (face, cv2.rotate(face, cv2.ROTATE_180)):
            r = cv2.matchTemplate(seen[:int(height * CORNER[1]) + 2 * s,
                                       :int(width * CORNER[0]) + 2 * s],
                                  np.ascontiguousarray(view[corner]), cv2.TM_CCOEFF_NORMED)
            _, score, _, at = cv2.minMaxLoc(r)
            if score > best[0]:
                best = (float(score), view, (at[0], at[1]))
        score, view, (ox, oy) = best
        if score < ALIGN_LEAST:
            return [False] * len(points)
        to_face = np.linalg.inv(to_image)
        half = PRINT_HALF
        out = []
        for p in points:
            # the point in the face: in the warped view, less where the face was found in it
            u, v = to_face @ (np.array(p, np.float64) - origin) + s - np.array([ox, oy])
            x0, x1 = max(round(u) - half, 0), min(round(u) + half, width)
            y0, y1 = max(round(v) - half, 0), min(round(v) + half, height)
            if x1 - x0 < half or y1 - y0 < half:  # (off the card)
                out.append(False)
                continue
            part = view[y0:y1, x0:x1]
            around = seen[max(y0 + oy - PRINT_SLIP, 0):y1 + oy + PRINT_SLIP,
                          max(x0 + ox - PRINT_SLIP, 0):x1 + ox + PRINT_SLIP]
            if around.shape[0] < part.shape[0] or around.shape[1] < part.shape[1] \
                    or float(part.std()) < PRINT_CONTRAST:  # (no print there to be its own)
                out.append(False)
                continue
            r = cv2.matchTemplate(around, np.ascontiguousarray(part), cv2.TM_CCOEFF_NORMED)
            out.append(float(r.max()) >= PRINT_LEAST)
        return out

    def jokers_in_fan(self, image: BGRImage, marks: list[IndexMark],
                      counted: Sequence[CardReading], in_fan: Sequence[UnreadCard]
                      ) -> list[IndexMark]:
        """Indices for the fan's unread cards (:func:`vision.fan.unread_cards`) whose strip
        shows a joker's face (:meth:`shows_joker`), beside the read ``marks`` of the
        ``counted`` cards: the joker the corner's colour told, else the other one well ahead
        of it.  Also where the fan guessed a natural card by its corner's likeness (a joker's
        corner mark can look like the set's rank: neoclassical `444444444RR` read
        `4444444444R`), and whichever joker the colour told (anglo's hidden 大王, its corner
        showing no red, guessed 小王: `99999BR` read `99999RR`).  A strip reaches from the
        card's edge to the next card's index (read or unread), or :data:`WIDEST` where none
        follows."""
        if not in_fan or not counted:
            return []
        fan = _FanStrips.of(counted, marks, [u.center for u in in_fan])
        out = []
        for u in in_fan:
            strip = self._strip(image, u.center, fan.down, fan.height, fan.visible(u.center))
            if strip is None:
                continue
            other = u.joker.other_joker
            scores: dict[Rank, float] = {}
            for joker in (u.joker, other):
                if self._shows(strip, joker, joker is other, scores):
                    blob = min(marks, key=lambda m: math.dist(m.center, u.center)).blob
                    out.append(fan.joker_at(joker, u.center, blob))
                    break
        return out

    def jokers_read_as_natural(self, image: BGRImage, marks: list[IndexMark],
                               counted: Sequence[CardReading]) -> list[PosingJoker]:
        """The natural cards of a fan read by one index (facing the fan's way) whose strip
        shows a joker's face (:meth:`shows_joker`, either joker against the other too): a
        joker's print read as an index (anglo's script "Joker" read as a 4, its strip the
        jester's).  Each with the joker there, :attr:`PosingJoker.sure` when its face
        matches :data:`POSING_LEAST` or better."""
        if not counted:
            return []
        fan = _FanStrips.of(counted, marks)
        out = []
        for c in counted:
            m = c.marks[0]
            if c.rank.is_joker or len(c.marks) != 1 or not fan.frame.faces_its_way(m):
                continue
            strip = self._strip(image, m.center, fan.down, fan.height, fan.visible(m.center))
            if strip is None:
                continue
            scores: dict[Rank, float] = {}
            for joker in (Rank.SMALL_JOKER, Rank.BIG_JOKER):
                if self._shows(strip, joker, True, scores):
                    out.append(PosingJoker(m, fan.joker_at(joker, m.center, m.blob),
                                           scores[joker] >= POSING_LEAST))
                    break
        return out

    def without_print(self, image: BGRImage, marks: list[IndexMark]) -> list[IndexMark]:
        """``marks`` less the joker indices that lie on another read joker's :meth:`own_print`
        while that one does not lie on theirs: neoclassical's JOKER written down the side of
        its picture reads as a JOKER index, a card too many (`QB` read a sure `QBB`)."""
        jokers = [m for m in marks if m.rank.is_joker]
        if len(jokers) < 2:
            return marks
        # on[i][j]: whether joker j lies on joker i's print (jokers of one kind only)
        on = [[False] * len(jokers) for _ in jokers]
        for i, m in enumerate(jokers):
            kin = [j for j, n in enumerate(jokers) if j != i and n.rank is m.rank]
            own = self.own_print(image, m.rank, m.center, m.down, m.glyph_height,
                                 [jokers[j].center for j in kin])
            for j, o in zip(kin, own, strict=True):
                on[i][j] = o
        printed = {j for i in range(len(jokers)) for j in range(len(jokers))
                   if on[i][j] and not on[j][i]}
        return [m for m in marks if not any(m is jokers[j] for j in printed)]

    def off_print(self, image: BGRImage, unread: list[list[StrayInk]],
                  cards: Sequence[CardReading]) -> list[list[StrayInk]]:
        """``unread`` corners (:func:`vision.recognize.unread_corners`) less those whose ink
        is all the :meth:`own_print` of a joker among the read ``cards`` (neoclassical's
        JOKER written down the side of its picture)."""
        jokers = [m for c in cards if c.rank.is_joker for m in c.marks]
        if not unread or not jokers:
            return unread
        points = [s.center for g in unread for s in g]
        own = np.zeros(len(points), bool)
        for m in jokers:
            own |= np.array(self.own_print(image, m.rank, m.center, m.down, m.glyph_height,
                                           points), bool)
        out, k = [], 0
        for g in unread:
            if not own[k:k + len(g)].all():
                out.append(g)
            k += len(g)
        return out

    def to_arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        """Arrays for a profile's ``.npz`` (see :meth:`from_arrays`); each face as a JPEG of
        quality :data:`JPEG_QUALITY` (a photographed face barely compresses raw)."""
        ranks = [r for r in ALL_RANKS if r in self.faces]
        coded = [_jpeg(self.faces[r]) for r in ranks]
        return {"face_ranks": np.array([r.symbol for r in ranks]),
                "face_jpegs": np.concatenate(coded),
                "face_sizes": np.array([len(c) for c in coded], np.int64),
                "face_glyph": np.array(self.glyph, np.float32)}

    @classmethod
    def from_arrays(cls, data: Mapping[str, npt.NDArray[np.generic]]) -> DeckFaces | None:
        """Inverse of :meth:`to_arrays`; None for a profile saved without faces."""
        if "face_ranks" not in data:
            return None
        by_symbol = {r.symbol: r for r in ALL_RANKS}
        coded = np.asarray(data["face_jpegs"], np.uint8)
        sizes = np.asarray(data["face_sizes"], np.int64)
        ends = np.cumsum(sizes)
        faces: dict[Rank, BGRImage] = {}
        for symbol, start, end in zip(data["face_ranks"], ends - sizes, ends, strict=True):
            faces[by_symbol[str(symbol)]] = _unjpeg(coded[int(start):int(end)])
        x, y, h = (float(v) for v in data["face_glyph"])
        return cls(faces, (x, y, h))


@dataclass(frozen=True)
class PosingJoker:
    """A natural card's index whose card shows a joker's face
    (:meth:`DeckFaces.jokers_read_as_natural`)."""

    natural: IndexMark  # the index read
    joker: IndexMark  # the joker its strip shows, read there instead
    sure: bool  # the face matched well enough to read it so (else the set is doubted)


@dataclass(frozen=True)
class _FanStrips:
    """A read fan's frame, glyph height and its indices' places across it: where each
    card's strip ends (the next card's index)."""

    frame: FanFrame
    height: float
    places: tuple[float, ...]

    @classmethod
    def of(cls, counted: Sequence[CardReading], marks: list[IndexMark],
           unread: Sequence[tuple[float, float]] = ()) -> _FanStrips:
        """The fan of the ``counted`` cards (``marks`` size its glyphs), with the places of
        its ``unread`` cards' indices too."""
        frame = fan_frame([m for c in counted for m in c.marks])
        places = [float(np.dot(m.center, frame.across)) for c in counted for m in c.marks
                  if frame.faces_its_way(m)]
        places += [float(np.dot(p, frame.across)) for p in unread]
        return cls(frame, set_glyph_height(marks), tuple(places))

    @property
    def down(self) -> tuple[float, float]:
        """The fan's "down"."""
        return float(self.frame.down[0]), float(self.frame.down[1])

    def visible(self, center: tuple[float, float]) -> float:
        """How wide the strip of the card whose index lies at ``center`` is: to the next
        card's index (half a glyph or more on), unbounded for the top card."""
        p = float(np.dot(center, self.frame.across))
        return min((q - p for q in self.places if q - p > 0.5 * self.height),
                   default=math.inf)

    def joker_at(self, joker: Rank, center: tuple[float, float], blob: int) -> IndexMark:
        """The index of a ``joker`` told by its face, its glyph at ``center``."""
        return IndexMark(joker, FACE_SCORE, 1.0, joker, center, self.down, self.height,
                         FACE_PIP, blob)


def _into_face(image: BGRImage, to_image: npt.NDArray[np.float64],
               origin: npt.NDArray[np.float64], first: int, size: tuple[int, int]) -> BGRImage:
    """The part of ``image`` a face placed so (:meth:`DeckFaces._placed`) covers, warped into
    the face's frame: ``size`` (width, height) face pixels from (``first``, ``first``)."""
    m = np.column_stack([to_image, origin + to_image @ np.array([first, first], np.float64)])
    out: BGRImage = cv2.warpAffine(image, m, size,
                                   flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
    return out


def _jpeg(face: BGRImage) -> npt.NDArray[np.uint8]:
    ok, coded = cv2.imencode(".jpg", face, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise ValueError("牌面无法编码 a taught face could not be encoded")
    return np.asarray(coded, np.uint8).ravel()


def _unjpeg(coded: npt.NDArray[np.uint8]) -> BGRImage:
    face = cv2.imdecode(coded, cv2.IMREAD_COLOR)
    if face is None:
        raise ValueError("牌面数据损坏 a taught face in the profile is corrupt")
    out: BGRImage = face
    return out
