"""Synthetic table scenes (合成场景): the mat seen by a camera, with played sets.

Deterministic from a seed.  A scene is the printed mat (:mod:`vision.mat`)
warped into a camera frame through a random homography (perspective and a
little rotation), with each seat's set laid in its zone the way players drop
them — fanned at any angle, cards overlapping but their corner indices
showing, some turned upside down — then optional lighting gradient, glare,
shadow, a hand passing over, blur, sensor noise and JPEG artefacts.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from gouji.cards import NATURAL_RANKS, Rank
from vision.faces import SUITS, FaceSource
from vision.mat import MatLayout, layout_for, render_mat
from vision.types import BGRImage, Homography, Points

CARD_MM = (63.0, 88.0)
MAT_PX_PER_MM = 2.5
JOKERS_OF_A_KIND = 4  # four decks: four 小王 and four 大王
# Light the camera does not fully correct (B, G, R gains on white): a warm bulb (about
# 3000 K on a daylight-balanced camera), cool shade or a cold LED, and a dim room seen with
# the camera's exposure fixed.
LIGHTS = {"warm": (0.72, 0.9, 1.08), "cool": (1.12, 1.0, 0.85), "dim": (0.45, 0.45, 0.45)}



@dataclass(frozen=True)
class Effects:
    """Which disturbances a scene gets (each drawn at a random strength)."""

    perspective: bool = True
    lighting: bool = True
    glare: bool = True
    shadow: bool = True
    blur: bool = True
    noise: bool = True
    jpeg: bool = True
    hand: bool = False
    light: tuple[float, float, float] = (1.0, 1.0, 1.0)  # the lamp's colour: B, G, R gains
    focus: float = 0.0  # a lens out of focus: σ (px) of blur beyond the usual

    @classmethod
    def clean(cls) -> Effects:
        """A plain top view with no disturbance at all."""
        return cls(False, False, False, False, False, False, False, False)


@dataclass(frozen=True)
class PlacedCard:
    """One card in a scene: its seat, rank, suit and corners in the frame (TL, TR, BR, BL)."""

    seat: int
    rank: Rank
    suit: str
    corners: Points


@dataclass(frozen=True)
class Scene:
    """A rendered frame and its ground truth."""

    image: BGRImage
    layout: MatLayout
    homography: Homography  # mat millimetres -> frame pixels
    sets: dict[int, tuple[Rank, ...]]
    cards: tuple[PlacedCard, ...] = field(default=())
    hand_mask: npt.NDArray[np.uint8] | None = None
    on_top: dict[int, tuple[Rank, ...]] = field(default_factory=dict)


def random_set(rng: np.random.Generator, max_cards: int = 12) -> tuple[Rank, ...]:
    """A plausible played set: n of one rank, sometimes with 2s and jokers mixed in; never
    more jokers of a kind than the four decks hold (:func:`four_decks_hold`)."""
    n = int(min(max_cards, 1 + rng.geometric(0.3))) if rng.random() < 0.8 else \
        int(rng.integers(1, max_cards + 1))
    kind = rng.random()
    if kind < 0.08:
        return four_decks_hold(
            [Rank.BIG_JOKER if rng.random() < 0.5 else Rank.SMALL_JOKER for _ in range(n)])
    base = Rank.TWO if kind < 0.16 else NATURAL_RANKS[int(rng.integers(len(NATURAL_RANKS)))]
    cards = []
    for _ in range(n):
        r = rng.random()
        wild = (Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER)[int(rng.integers(3))]
        cards.append(wild if r < 0.2 and base is not Rank.TWO else base)
    return four_decks_hold(cards)


def four_decks_hold(cards: list[Rank]) -> tuple[Rank, ...]:
    """``cards`` as four decks can hold them (四副牌: four of each joker): a joker past the
    fourth of its kind becomes the other kind while that has fewer than four, else is left
    out."""
    kept: list[Rank] = []
    for rank in cards:
        if rank.is_joker and kept.count(rank) == JOKERS_OF_A_KIND:
            rank = rank.other_joker
            if kept.count(rank) == JOKERS_OF_A_KIND:
                continue
        kept.append(rank)
    return tuple(kept)


@lru_cache(maxsize=4)
def _mat_image(paper: str) -> BGRImage:
    return render_mat(layout_for(paper), MAT_PX_PER_MM)


def _camera_homography(layout: MatLayout, size: tuple[int, int], rng: np.random.Generator,
                       perspective: bool) -> Homography:
    w, h = size
    scale = min(w * 0.94 / layout.width_mm, h * 0.94 / layout.height_mm)
    mw, mh = layout.width_mm * scale, layout.height_mm * scale
    dst = np.array([[(w - mw) / 2, (h - mh) / 2], [(w + mw) / 2, (h - mh) / 2],
                    [(w + mw) / 2, (h + mh) / 2], [(w - mw) / 2, (h + mh) / 2]], np.float32)
    if perspective:
        dst += rng.uniform(-0.035, 0.035, (4, 2)).astype(np.float32) * np.float32(min(mw, mh))
        dst = np.clip(dst, 2, [w - 3, h - 3]).astype(np.float32)
    src = np.array([[0, 0], [layout.width_mm, 0], [layout.width_mm, layout.height_mm],
                    [0, layout.height_mm]], np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def _fan(n: int, zone: Points, rng: np.random.Generator) -> list[Points]:
    """Corner quads (mm) of n fanned cards fitting the zone: offset along the card's x axis."""
    cw, ch = CARD_MM
    x0, y0 = zone.min(axis=0)
    x1, y1 = zone.max(axis=0)
    best: list[Points] = []
    for attempt in range(30):
        angle = rng.uniform(0, 2 * math.pi) if attempt < 25 else rng.uniform(-0.3, 0.3)
        step = rng.uniform(12.0, 20.0) if n < 8 else rng.uniform(11.0, 13.5)
        if attempt >= 25:
            step = 10.5
        ca, sa = math.cos(angle), math.sin(angle)
        quads = []
        for i in range(n):
            a = angle + rng.uniform(-0.06, 0.06)
            c, s = math.cos(a), math.sin(a)
            ox = (i - (n - 1) / 2) * step
            oy = rng.uniform(-2.0, 2.0)
            cx, cy = ox * ca - oy * sa, ox * sa + oy * ca
            local = np.array([[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2],
                              [-cw / 2, ch / 2]])
            if rng.random() < 0.3:  # dropped upside down
                local = local[[2, 3, 0, 1]]
            rot = local @ np.array([[c, s], [-s, c]])
            quads.append((rot + np.array([cx, cy])).astype(np.float32))
        allp = np.vstack(quads)
        span = allp.max(axis=0) - allp.min(axis=0)
        room = np.array([x1 - x0, y1 - y0])
        if (span <= room).all() or attempt == 29:
            free = np.maximum(room - span, 0)
            origin = np.array([x0, y0]) + rng.uniform(0, 1, 2) * free - allp.min(axis=0)
            best = [(q + origin).astype(np.float32) for q in quads]
            break
    return best


def _composite(frame: BGRImage, face: npt.NDArray[np.uint8], quad_px: Points,
               shadow: bool) -> None:
    """Warp an RGBA face onto ``frame`` in place at ``quad_px``, with a soft drop shadow."""
    fh, fw = face.shape[:2]
    x0, y0 = np.floor(quad_px.min(axis=0)).astype(int) - 6
    x1, y1 = np.ceil(quad_px.max(axis=0)).astype(int) + 6
    H, W = frame.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    if x1 <= x0 or y1 <= y0:
        return
    src = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
    m = cv2.getPerspectiveTransform(src, (quad_px - [x0, y0]).astype(np.float32))
    size = (int(x1 - x0), int(y1 - y0))
    warped = cv2.warpPerspective(face, m, size, flags=cv2.INTER_AREA)
    alpha = warped[:, :, 3:4].astype(np.float32) / 255.0
    roi = frame[y0:y1, x0:x1].astype(np.float32)
    if shadow:
        sh = cv2.GaussianBlur(alpha, (0, 0), 2.5)
        sh = np.roll(sh, (2, 2), axis=(0, 1))[:, :, None]
        roi *= 1 - 0.35 * sh
    rgb = warped[:, :, 2::-1].astype(np.float32)
    roi = roi * (1 - alpha) + rgb * alpha
    frame[y0:y1, x0:x1] = np.clip(roi, 0, 255).astype(np.uint8)


def _hand(frame: BGRImage, rng: np.random.Generator) -> npt.NDArray[np.uint8]:
    """Draw a hand and forearm reaching in from an edge; returns its mask."""
    h, w = frame.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    tip = np.array([rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h])
    edge = np.array([tip[0], h + 50.0]) if rng.random() < 0.5 else np.array([w + 50.0, tip[1]])
    cv2.line(mask, tuple(int(v) for v in edge), tuple(int(v) for v in tip), 255, int(w * 0.07))
    cv2.ellipse(mask, (int(tip[0]), int(tip[1])), (int(w * 0.06), int(w * 0.05)),
                float(rng.uniform(0, 180)), 0, 360, 255, -1)
    skin = np.array([rng.uniform(90, 140), rng.uniform(130, 170), rng.uniform(180, 225)])
    soft = cv2.GaussianBlur(mask, (0, 0), 3).astype(np.float32)[:, :, None] / 255
    frame[:] = np.clip(frame * (1 - soft) + skin * soft, 0, 255).astype(np.uint8)
    return mask


def _disturb(frame: BGRImage, fx: Effects, rng: np.random.Generator) -> BGRImage:
    h, w = frame.shape[:2]
    img = frame.astype(np.float32)
    if fx.lighting:
        a = rng.uniform(0, 2 * math.pi)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        t = ((xx / w - 0.5) * math.cos(a) + (yy / h - 0.5) * math.sin(a))
        img *= (rng.uniform(0.8, 1.05) + rng.uniform(0.1, 0.35) * t)[:, :, None]
    if fx.shadow:
        sh: BGRImage = np.zeros((h, w), np.float32)
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        cv2.ellipse(sh, c, (int(rng.uniform(80, 300)), int(rng.uniform(50, 200))),
                    float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        sh = cv2.GaussianBlur(sh, (0, 0), 25)
        img *= (1 - rng.uniform(0.2, 0.45) * sh)[:, :, None]
    if fx.glare:
        g: BGRImage = np.zeros((h, w), np.float32)
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        cv2.circle(g, c, int(rng.uniform(15, 50)), 1.0, -1)
        g = cv2.GaussianBlur(g, (0, 0), rng.uniform(10, 30))
        img += (rng.uniform(40, 110) * g)[:, :, None]
    if fx.light != (1.0, 1.0, 1.0):  # everything, glare too, is lit by the lamp
        img *= np.array(fx.light, np.float32)
    out: BGRImage = np.clip(img, 0, 255).astype(np.uint8)
    if fx.blur:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.3, 0.9))
    if fx.focus:
        out = cv2.GaussianBlur(out, (0, 0), fx.focus)
    if fx.noise:
        noise = rng.normal(0, rng.uniform(1.5, 4.5), out.shape)
        out = np.clip(out + noise, 0, 255).astype(np.uint8)
    if fx.jpeg:
        q = int(rng.integers(65, 95))
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])
        decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
        if decoded is not None:
            out = decoded
    return out


class SceneGenerator:
    """Renders scenes of a mat (``paper``) with sets from a face source into ``size`` frames."""

    def __init__(self, faces: FaceSource, paper: str = "A2",
                 size: tuple[int, int] = (1280, 720)) -> None:
        self.faces = faces
        self.layout = layout_for(paper)
        self.size = size
        self._face_arrays: dict[tuple[Rank, str], npt.NDArray[np.uint8]] = {}

    def _face(self, rank: Rank, suit: str) -> npt.NDArray[np.uint8]:
        key = (rank, "S" if rank.is_joker else suit)
        if key not in self._face_arrays:
            self._face_arrays[key] = np.asarray(self.faces.face(*key).convert("RGBA"), np.uint8)
        return self._face_arrays[key]

    def render(self, seed: int, sets: Mapping[int, Sequence[Rank]] | None = None,
               effects: Effects | None = None,
               on_top: Mapping[int, Sequence[Rank]] | None = None) -> Scene:
        """A scene; ``sets`` maps seat -> ranks (random sets in random seats when None).

        ``on_top``: sets laid later over those (a seat's second play in a round), fanned
        from their own random stream, so that the scene with them differs from the scene
        without them only by their cards.
        """
        rng = np.random.default_rng(seed)
        fx = effects if effects is not None else Effects()
        if sets is None:
            seats = rng.choice(6, size=int(rng.integers(1, 4)), replace=False)
            sets = {int(s): random_set(rng) for s in seats}
        hom = _camera_homography(self.layout, self.size, rng, fx.perspective)
        w, h = self.size
        frame = np.empty((h, w, 3), np.uint8)
        frame[:] = tuple(int(rng.integers(lo, lo + 30)) for lo in (40, 60, 90))
        mat = _mat_image(self.layout.paper)
        to_mat_px = np.diag([1 / MAT_PX_PER_MM, 1 / MAT_PX_PER_MM, 1.0])
        cv2.warpPerspective(mat, hom @ to_mat_px, self.size, dst=frame,
                            flags=cv2.INTER_AREA, borderMode=cv2.BORDER_TRANSPARENT)
        placed = self._lay(frame, sets, hom, rng, fx.shadow)
        if on_top:
            placed += self._lay(frame, on_top, hom, np.random.default_rng([seed, 1]), fx.shadow)
        hand = _hand(frame, rng) if fx.hand else None
        image = _disturb(frame, fx, rng)
        return Scene(image, self.layout, hom, {s: tuple(r) for s, r in sets.items()},
                     tuple(placed), hand, {s: tuple(r) for s, r in (on_top or {}).items()})

    def _lay(self, frame: BGRImage, sets: Mapping[int, Sequence[Rank]], hom: Homography,
             rng: np.random.Generator, shadow: bool) -> list[PlacedCard]:
        """Draw each seat's set fanned in its zone; the cards as placed."""
        placed: list[PlacedCard] = []
        for seat, ranks in sorted(sets.items()):
            for rank, quad in zip(ranks, _fan(len(ranks), self.layout.zones[seat], rng),
                                  strict=True):
                suit = SUITS[int(rng.integers(4))]
                quad_px = cv2.perspectiveTransform(quad[None], hom)[0].astype(np.float32)
                _composite(frame, self._face(rank, suit), quad_px, shadow)
                placed.append(PlacedCard(seat, rank, suit, quad_px))
        return placed
