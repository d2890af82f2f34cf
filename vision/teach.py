"""Teaching the table a deck (教牌): one card of each rank and both jokers.

Each taught image shows one card, at any angle.  The card is found (the
largest paper region), turned upright, and from both corners the index is
cut out: the top ink shape (two side by side for ``10``) is the rank glyph,
the shape below it the pip.  Their features join the glyph model as extra
prototypes of that rank; jokers become the classes ``B`` (小王) and ``R``
(大王), and the redness of their marks sets the 大王/小王 colour threshold.
Each joker's corner mark, whatever it is (a star, a chip, a word written
downwards), is also learnt as a :class:`vision.joker_marks.JokerMark`, so
that jokers without an index are read too.  Each taught card's face is kept
(:class:`vision.face_strips.DeckFaces`), so that a joker hidden in a fan is told
by the strip it shows.
The profile is a small ``.npz`` file; profiles written before joker marks or
faces existed still load (without them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from gouji.cards import ALL_RANKS, Rank
from vision.components import components_with_stats
from vision.face_strips import DeckFaces
from vision.faces import FaceSource, rank_text
from vision.fan import CARD_WIDTH_MM
from vision.glyphs import GLYPH_SIZE, GlyphClassifier, GlyphModel, default_model
from vision.indices import Pair, component_points, ink_and_paper, pair_features
from vision.joker_marks import (
    JokerMark,
    JokerMarkError,
    JokerMarkReader,
    learn_marks,
    marks_to_arrays,
)
from vision.recognize import ZONE_PX_PER_MM, Recognizer
from vision.sources import IMAGE_SUFFIXES, FrameSource
from vision.teach_check import jokers_on_ordinary_fans
from vision.types import BGRImage, FloatArray

CARD_PX = (240, 336)
DEFAULT_RED = 35.0
JOKER_RED_BAND = (0.25, 0.5)  # where between the taught jokers' rednesses 大王 may begin
_NAME = re.compile(r"^(10|[2-9TJQKA]|BJ|RJ|B|R|小王|大王)", re.IGNORECASE)
_TOKEN_RANK = {"10": Rank.TEN, "BJ": Rank.SMALL_JOKER, "RJ": Rank.BIG_JOKER, "B": Rank.SMALL_JOKER,
               "R": Rank.BIG_JOKER, "小王": Rank.SMALL_JOKER, "大王": Rank.BIG_JOKER}


class TeachError(ValueError):
    """A teaching image could not be used (no card, no index found)."""


def rank_label(rank: Rank) -> str:
    """The glyph-model class of a rank (``10`` for ten, ``B``/``R`` for the jokers)."""
    return rank.symbol if rank.is_joker else rank_text(rank)


def rank_from_name(stem: str) -> Rank | None:
    """The rank a teaching file is named for: ``T.png``, ``10S.jpg``, ``BJ.png``, ``大王.jpg``."""
    m = _NAME.match(stem)
    if not m:
        return None
    token = m.group(1).upper()
    if token in _TOKEN_RANK:
        return _TOKEN_RANK[token]
    return next(r for r in ALL_RANKS if r.symbol == token)


def upright_card(image: BGRImage) -> BGRImage:
    """The largest card in ``image`` warped upright to 240 × 336 (or 180° turned)."""
    _, paper = ink_and_paper(image)
    closed = cv2.morphologyEx(paper * 255, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        raise TeachError("没有找到牌 no card found in the image")
    big = max(contours, key=cv2.contourArea)
    if cv2.contourArea(big) < 0.01 * image.shape[0] * image.shape[1]:
        raise TeachError("牌太小 the card is too small in the image")
    box = cv2.boxPoints(cv2.minAreaRect(big)).astype(np.float32)
    # Order so that the first edge is a short one (card upright, portrait).
    if np.linalg.norm(box[1] - box[0]) > np.linalg.norm(box[2] - box[1]):
        box = np.roll(box, -1, axis=0)
    w, h = CARD_PX
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    out: BGRImage = cv2.warpPerspective(image, cv2.getPerspectiveTransform(box, dst), (w, h))
    return out


@dataclass(frozen=True)
class CornerIndex:
    """The top-left index of an upright card, as :func:`corner_index` finds it."""

    feature: FloatArray  # of the rank glyph, as the recogniser sees it
    redness: float  # of the glyph's ink (75th percentile of R - max(B, G))
    height: float  # of the glyph, pixels
    centre: tuple[float, float]  # of the glyph's box (the top shape's), pixels


def corner_index(card: BGRImage) -> CornerIndex:
    """Rank-glyph feature, ink redness, glyph height and centre of the top-left index of an
    upright card.

    The glyph is the top ink shape of the corner (with a digit beside it, for 10);
    its partner is the shape below it, or else the nearest one (a joker's mark).
    The feature is computed exactly as the recogniser will see it.
    """
    w, h = CARD_PX
    corner = card[: int(h * 0.42), : int(w * 0.3)]
    ink, _ = ink_and_paper(card)
    ink = np.ascontiguousarray(ink[: corner.shape[0], : corner.shape[1]])
    n, labels, stats, centers = components_with_stats(ink)
    comps = [i for i in range(1, n) if stats[i, 4] >= 12 and stats[i, 0] > 0 and stats[i, 1] > 0]
    if len(comps) < 2:
        raise TeachError("角标不清楚 no corner index found (is the card sharp and in view?)")
    comps.sort(key=lambda i: (int(stats[i, 1]), int(stats[i, 0])))
    top = comps[0]
    row = int(stats[top, 1])
    beside = [i for i in comps[1:] if abs(int(stats[i, 1]) - row) < 0.3 * stats[top, 3]]
    sibling = beside[0] if beside else 0
    bottom = max(int(stats[i, 1] + stats[i, 3]) for i in (top, sibling) if i)
    rest = [i for i in comps if i not in (top, sibling)]
    if not rest:
        raise TeachError("角标不清楚 only one mark in the corner")
    below = [i for i in rest if stats[i, 1] >= bottom - 2]
    pip = below[0] if below else min(
        rest, key=lambda i: float(np.linalg.norm(centers[i] - centers[top])))
    points = {i: component_points(labels, stats, i) for i in (top, sibling, pip) if i}
    glyphs, _, _ = pair_features(points, [Pair(top, sibling, pip)])
    sel = np.isin(labels, [top, sibling] if sibling else [top])
    px = corner[sel].astype(np.float32)
    red = float(np.percentile(px[:, 2] - np.maximum(px[:, 0], px[:, 1]), 75)) if len(px) else 0.0
    centre = (float(stats[top, 0] + stats[top, 2] / 2), float(stats[top, 1] + stats[top, 3] / 2))
    return CornerIndex(glyphs[0], red, float(stats[top, 3]), centre)


@dataclass(frozen=True)
class DeckProfile:
    """What one deck's indices look like: extra prototypes, the joker colour threshold and
    the jokers' corner marks (none in profiles taught before marks were learnt)."""

    labels: tuple[str, ...]
    features: FloatArray  # (n, GLYPH_SIZE²)
    joker_red: float
    joker_marks: tuple[JokerMark, ...] = field(default=())
    faces: DeckFaces | None = None  # the taught cards' faces (none in older profiles)
    # the rank glyph's height as a share of the card's width (none in older profiles)
    index_share: float | None = None

    def model(self, base: GlyphModel | None = None) -> GlyphModel:
        """The base model extended with this deck's prototypes (a joker's corner glyph only
        when its corner mark was not learnt: a mark reads it better, and a glyph such as the
        J of a word *Joker* would take real jacks for jokers)."""
        marked = {rank_label(m.rank) for m in self.joker_marks}
        keep = [i for i, lab in enumerate(self.labels) if lab not in marked]
        return (base or default_model()).extended([self.labels[i] for i in keep],
                                                  self.features[keep])

    def recognizer(self, threshold: float = 0.5,
                   classifier: GlyphClassifier | bool | None = True) -> Recognizer:
        """A recognizer that knows this deck (and reads its jokers' marks, when taught);
        ``classifier`` as for :class:`vision.recognize.Recognizer`."""
        reader = JokerMarkReader(list(self.joker_marks), self.joker_red) \
            if self.joker_marks else None
        height = (None if self.index_share is None
                  else self.index_share * CARD_WIDTH_MM * ZONE_PX_PER_MM)
        return Recognizer(self.model(), threshold, joker_red=self.joker_red,
                          classifier=classifier, joker_marks=reader, faces=self.faces,
                          index_height=height)

    def save(self, path: Path) -> None:
        """Write as ``.npz``."""
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {"labels": np.array(self.labels),
                                  "features": self.features.astype(np.float16),
                                  "joker_red": np.float32(self.joker_red),
                                  **marks_to_arrays(list(self.joker_marks)),
                                  **(self.faces.to_arrays() if self.faces else {}),
                                  **({} if self.index_share is None
                                     else {"index_share": np.float32(self.index_share)})}
        np.savez_compressed(path, allow_pickle=False, **arrays)

    @classmethod
    def load(cls, path: Path) -> DeckProfile:
        """Read what :meth:`save` wrote."""
        with np.load(path) as data:
            marks: tuple[JokerMark, ...] = ()
            if "joker_labels" in data:  # older profiles have no joker marks
                marks = tuple(JokerMark.from_row(str(lab), f, row) for lab, f, row in zip(
                    data["joker_labels"], data["joker_features"].astype(np.float32),
                    data["joker_geometry"], strict=True))
            return cls(tuple(str(s) for s in data["labels"]),
                       data["features"].astype(np.float32), float(data["joker_red"]), marks,
                       DeckFaces.from_arrays(data),
                       float(data["index_share"]) if "index_share" in data else None)


def teach(samples: Iterable[tuple[Rank, BGRImage]]) -> tuple[DeckProfile, list[str]]:
    """Build a profile from (rank, image) samples; returns it and a list of problems."""
    labels: list[str] = []
    feats: list[FloatArray] = []
    reds: dict[Rank, list[float]] = {Rank.SMALL_JOKER: [], Rank.BIG_JOKER: []}
    problems: list[str] = []
    jokers: list[tuple[Rank, BGRImage]] = []
    naturals: dict[Rank, BGRImage] = {}
    glyphs: list[tuple[float, float, float]] = []  # natural index glyphs: centre x, y, height
    joker_glyphs: dict[Rank, list[FloatArray]] = {Rank.SMALL_JOKER: [], Rank.BIG_JOKER: []}
    joker_problems: dict[Rank, str] = {}
    for rank, image in samples:
        try:
            card = upright_card(image)
        except TeachError as exc:
            problems.append(f"{rank.chinese}: {exc}")
            continue
        if rank.is_joker:
            jokers.append((rank, card))
        else:
            naturals[rank] = card
        try:
            for view in (card, cv2.rotate(card, cv2.ROTATE_180)):
                index = corner_index(view)
                if rank.is_joker:
                    joker_glyphs[rank].append(index.feature)
                    reds[rank].append(index.redness)
                else:
                    labels.append(rank_label(rank))
                    feats.append(index.feature)
                    glyphs.append((*index.centre, index.height))
        except TeachError as exc:
            if rank.is_joker:
                joker_problems[rank] = str(exc)
            else:
                problems.append(f"{rank.chinese}: {exc}")
    marks: list[JokerMark] = []
    # the deck's index glyph: its centre x, y and height (medians over the taught cards)
    glyph: tuple[float, float, float] | None = None
    if glyphs:
        x, y, h = np.median(np.array(glyphs), axis=0).tolist()
        glyph = (x, y, h)
    glyph_height = glyph[2] if glyph else None
    glyph_centre = glyph[:2] if glyph else None
    for rank, card in jokers:
        try:
            marks += [mark for v in (card, cv2.rotate(card, cv2.ROTATE_180))
                      for mark in learn_marks(v, rank, glyph_height, glyph_centre)]
        except JokerMarkError as exc:
            if not joker_glyphs[rank]:
                problems.append(f"{rank.chinese}: {joker_problems.get(rank, exc)}")
        # the glyph in its corner (if one was found) is kept too; the recogniser uses it only
        # for a joker whose mark was not learnt (see DeckProfile.model)
        labels += [rank_label(rank)] * len(joker_glyphs[rank])
        feats += joker_glyphs[rank]
    if not feats and not marks:
        raise TeachError("没有可用的图片 no usable teaching image")
    joker_red = taught_joker_red(reds[Rank.SMALL_JOKER], reds[Rank.BIG_JOKER])
    arr = np.array(feats, np.float32).reshape(-1, GLYPH_SIZE * GLYPH_SIZE)
    faces = (DeckFaces.from_cards({**naturals, **dict(jokers)}, glyph)
             if glyph and jokers else None)
    profile = DeckProfile(tuple(labels), arr, joker_red, tuple(marks), faces,
                          glyph_height / CARD_PX[0] if glyph_height else None)
    if not (marks or faces):
        return profile, problems
    phantoms = jokers_on_ordinary_fans(profile.recognizer(), naturals)
    for kind, where in phantoms.by_mark.items():
        sets = " ".join(sorted({r.symbol for r in where}))
        problems.append(f"{kind.chinese}: 角标在普通牌中也被认出 (一叠 {sets})，不使用 — its "
                        f"corner mark is also found among ordinary cards (sets of {sets}); "
                        "not used: such a joker is offered for confirming, not read")
    if phantoms.by_face:
        sets = " ".join(sorted({r.symbol for r in phantoms.by_face}))
        problems.append(f"王的牌面在普通牌中也被认出 (一叠 {sets})，不使用 — a joker's face is "
                        f"also found among ordinary cards (sets of {sets}); not used: a joker "
                        "hidden in a fan is offered for confirming, not read")
        profile = replace(profile, faces=None)
    untrusted = set(phantoms.by_mark)
    return (_without_jokers(profile, untrusted) if untrusted else profile), problems


def taught_joker_red(small: list[float], big: list[float]) -> float:
    """The 大王 redness threshold for a deck whose jokers' corner glyphs measured ``small``
    and ``big`` redness when taught (either may be empty: :data:`DEFAULT_RED` then).

    A camera washes a joker's red out in play: a big joker taught at 150–220 (the 75th
    percentile over its glyph, on a sharp photo) reads at about a third to a half of that on
    the table, where the threshold is the mean over its ink.  So the threshold stays
    :data:`DEFAULT_RED` unless that lies outside :data:`JOKER_RED_BAND` of the way from the
    taught small joker to the big one (a reddish small joker, a weakly red big one); the
    midpoint put a washed-out 大王 below it."""
    if not (small and big):
        return DEFAULT_RED
    lo, hi = float(np.mean(small)), float(np.mean(big))
    near, far = (lo + f * (hi - lo) for f in JOKER_RED_BAND)
    return min(max(DEFAULT_RED, near), far)


def _without_jokers(profile: DeckProfile, kinds: set[Rank]) -> DeckProfile:
    """The profile less the joker marks and joker corner glyphs of ``kinds``."""
    drop = {rank_label(k) for k in kinds}
    keep = [i for i, lab in enumerate(profile.labels) if lab not in drop]
    return replace(profile, labels=tuple(profile.labels[i] for i in keep),
                   features=profile.features[keep],
                   joker_marks=tuple(m for m in profile.joker_marks if m.rank not in kinds))


def samples_from_folder(folder: Path) -> list[tuple[Rank, BGRImage]]:
    """Teaching images named by rank (see :func:`rank_from_name`); unreadable ones raise."""
    out = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        rank = rank_from_name(path.stem)
        if rank is None:
            continue
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise TeachError(f"无法读取图片 unreadable image: {path}")
        out.append((rank, image))
    return out


def samples_from_camera(source: FrameSource,
                        ask: Callable[[str], str]) -> list[tuple[Rank, BGRImage]]:
    """Walk the user through every rank: ``ask`` shows a prompt and waits (Enter to capture)."""
    out = []
    source.open()
    try:
        for rank in ALL_RANKS:
            answer = ask(f"请把一张 {rank.chinese} 放在相机下，按回车 — show one {rank.chinese} "
                         "and press Enter (s = skip): ")
            if answer.strip().lower() == "s":
                continue
            out.append((rank, source.read()))
    finally:
        source.close()
    return out


def teaching_photo(faces: FaceSource, rank: Rank, angle: float, suit: str = "H",
                   cloth: tuple[int, int, int] = (40, 110, 60)) -> BGRImage:
    """One card face on plain cloth, turned by ``angle`` degrees: the photo a user takes when
    teaching (for the benchmark and for trying teaching without a camera)."""
    face = np.asarray(faces.face(rank, suit).convert("RGBA"))
    h, w = face.shape[:2]
    side = int(np.hypot(h, w)) + 80
    canvas = np.full((side, side, 3), cloth, np.uint8)
    y, x = (side - h) // 2, (side - w) // 2
    alpha = face[:, :, 3:4].astype(np.float32) / 255
    roi = canvas[y:y + h, x:x + w].astype(np.float32)
    canvas[y:y + h, x:x + w] = (roi * (1 - alpha) + face[:, :, 2::-1] * alpha).astype(np.uint8)
    m = cv2.getRotationMatrix2D((side / 2, side / 2), angle, 1.0)
    out: BGRImage = cv2.warpAffine(canvas, m, (side, side), borderValue=cloth)
    return out


def teach_faces(faces: FaceSource, suit: str = "H") -> tuple[DeckProfile, list[str]]:
    """Teach a deck from its face images, one :func:`teaching_photo` per rank and joker, each
    at another angle, as a user would show them."""
    return teach((rank, teaching_photo(faces, rank, 17.0 + 29.0 * i, suit))
                 for i, rank in enumerate(ALL_RANKS))
