"""Card faces for synthetic scenes (牌面): loaded from a folder or drawn here.

A folder of faces follows the layout ``<rank><suit>.png`` (rank in
``3456789TJQKA2``, suit in ``SHDC``), ``BJ.png`` for 小王 and ``RJ.png`` for
大王.  :class:`DrawnFaces` draws a whole deck itself, so no outside art is
needed: a corner index (rank glyph over a suit pip, repeated upside down in
the opposite corner), centre pips or a framed court figure, and jokers marked
with a vertical ``JOKER`` — black for 小王, red for 大王, as Chinese decks do.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from PIL import Image, ImageDraw, ImageFont

from gouji.cards import Rank
from vision.fonts import default_font, latin_fonts

SUITS = "SHDC"
CARD_SIZE = (240, 336)  # width, height in pixels; 63 × 88 mm
RED_SUITS = frozenset("HD")
JOKER_LETTERS = 0.105  # a joker's JOKER letters are at most this tall (× card height) / 0.8


def face_name(rank: Rank, suit: str) -> str:
    """The file stem of a face: ``TS`` for the ten of spades, ``BJ``/``RJ`` for jokers."""
    if rank is Rank.SMALL_JOKER:
        return "BJ"
    if rank is Rank.BIG_JOKER:
        return "RJ"
    return f"{rank.symbol}{suit}"


def rank_text(rank: Rank) -> str:
    """The text printed in a corner index: ``10`` for ten, ``2`` … ``A``."""
    return "10" if rank is Rank.TEN else rank.symbol


class FaceSource(Protocol):
    """Anything that can give the face image (RGBA) of a card."""

    name: str

    def face(self, rank: Rank, suit: str) -> Image.Image:
        """The RGBA face of ``rank`` of ``suit`` (suit ignored for jokers)."""
        ...


class FolderFaces:
    """Faces read from ``<folder>/<rank><suit>.png`` (see module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.name = self.folder.name
        if not (self.folder / "BJ.png").is_file():
            raise FileNotFoundError(f"no card faces (BJ.png missing) in {self.folder}")
        self._cache: dict[str, Image.Image] = {}

    def face(self, rank: Rank, suit: str) -> Image.Image:
        """The face image, cached after the first read."""
        key = face_name(rank, suit)
        if key not in self._cache:
            self._cache[key] = Image.open(self.folder / f"{key}.png").convert("RGBA")
        return self._cache[key]


# --- pips ---------------------------------------------------------------------------------


def draw_pip(draw: ImageDraw.ImageDraw, suit: str, box: tuple[float, float, float, float],
             fill: tuple[int, ...] | int) -> None:
    """Draw the suit symbol ``suit`` (S/H/D/C) filling ``box`` = (x0, y0, x1, y1), point up."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    if suit == "D":
        draw.polygon([(cx, y0), (x1, y0 + h / 2), (cx, y1), (x0, y0 + h / 2)], fill=fill)
        return
    if suit == "C":
        r = w * 0.26
        for ccx, ccy in ((cx, y0 + r), (x0 + r, y0 + h * 0.55), (x1 - r, y0 + h * 0.55)):
            draw.ellipse((ccx - r, ccy - r, ccx + r, ccy + r), fill=fill)
        draw.polygon([(cx, y0 + h * 0.45), (cx + w * 0.16, y1), (cx - w * 0.16, y1)], fill=fill)
        return
    # Heart and spade share a shape: two lobes and a point; the spade is upside down.
    r = w / 4
    heart = suit == "H"
    body_h = h if heart else h * 0.8
    ly = y0 + r if heart else y0 + body_h - r
    draw.ellipse((x0, ly - r, cx, ly + r), fill=fill)
    draw.ellipse((cx, ly - r, x1, ly + r), fill=fill)
    tip = y0 + body_h if heart else y0
    base = ly + r * 0.35 if heart else ly - r * 0.35
    draw.polygon([(x0 + w * 0.02, base), (x1 - w * 0.02, base), (cx, tip)], fill=fill)
    if not heart:
        draw.polygon([(cx, ly), (cx + w * 0.18, y1), (cx - w * 0.18, y1)], fill=fill)


# --- drawn decks --------------------------------------------------------------------------

# Centre pip positions (fractions of the pip area) for 2 … 10.
_PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    5: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    6: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    7: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    8: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75),
        (0.0, 1.0), (1.0, 1.0)),
    9: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.33), (1.0, 0.33), (0.5, 0.5), (0.0, 0.67),
        (1.0, 0.67), (0.0, 1.0), (1.0, 1.0)),
    10: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.17), (0.0, 0.33), (1.0, 0.33), (0.0, 0.67),
         (1.0, 0.67), (0.5, 0.83), (0.0, 1.0), (1.0, 1.0)),
}


@dataclass(frozen=True)
class FaceStyle:
    """How a drawn deck looks: font, index size, inks and paper."""

    font: Path | None
    index_height: float  # rank glyph height as a fraction of the card height
    black: tuple[int, int, int]
    red: tuple[int, int, int]
    paper: tuple[int, int, int]
    radius: int
    inset: float = 0.3  # centre pips and court frame start this far in (fraction of the width)
    pip_size: float = 0.16  # centre pips, as a fraction of the width

    @classmethod
    def from_seed(cls, seed: int) -> FaceStyle:
        """A random but reproducible style; seed 0 is the plain default look."""
        if seed == 0:
            return cls(default_font(), 0.085, (20, 20, 20), (200, 20, 30), (250, 250, 246), 14)
        rng = random.Random(seed)
        fonts = latin_fonts()
        return cls(
            font=rng.choice(fonts) if fonts else None,
            index_height=rng.uniform(0.07, 0.105),
            black=(rng.randint(0, 50),) * 3,
            red=(rng.randint(170, 235), rng.randint(0, 50), rng.randint(0, 60)),
            paper=(rng.randint(236, 255), rng.randint(236, 255), rng.randint(226, 250)),
            radius=rng.randint(6, 20),
        )

    @classmethod
    def jumbo(cls, seed: int) -> FaceStyle:
        """A jumbo-index deck (大字牌): the corner rank 14–17 % of the card's height, about
        twice the usual, with the pips and court frame set in to clear it — such decks are
        sold for easy reading across a table, and a fan of them covers part of each index."""
        base = cls.from_seed(seed)
        rng = random.Random(-1 - seed)
        return cls(base.font, rng.uniform(0.14, 0.17), base.black, base.red, base.paper,
                   base.radius, inset=0.44, pip_size=0.1)


def _font(path: Path | None, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if path is None:
        return ImageFont.load_default(size)
    return ImageFont.truetype(str(path), size)


def _text_tile(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, height: int,
               fill: tuple[int, int, int]) -> Image.Image:
    """``text`` drawn tightly in an RGBA tile, scaled to exactly ``height`` pixels tall."""
    left, top, right, bottom = font.getbbox(text)
    tile = Image.new("RGBA", (int(right - left) + 2, int(bottom - top) + 2), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text((1 - left, 1 - top), text, font=font, fill=fill)
    bbox = tile.getbbox() or (0, 0, 1, 1)
    tile = tile.crop(bbox)
    width = max(1, round(tile.width * height / max(1, tile.height)))
    return tile.resize((width, height), Image.Resampling.LANCZOS)


class DrawnFaces:
    """A whole deck drawn by the project; ``seed`` varies font, index size and inks;
    ``jumbo`` draws it with jumbo indices (:meth:`FaceStyle.jumbo`)."""

    def __init__(self, seed: int = 0, jumbo: bool = False) -> None:
        self.style = FaceStyle.jumbo(seed) if jumbo else FaceStyle.from_seed(seed)
        self.name = f"drawn-jumbo-{seed}" if jumbo else f"drawn-{seed}"
        self._cache: dict[str, Image.Image] = {}

    def face(self, rank: Rank, suit: str) -> Image.Image:
        """The drawn face, cached."""
        key = face_name(rank, suit)
        if key not in self._cache:
            self._cache[key] = self._draw(rank, suit)
        return self._cache[key]

    def _draw(self, rank: Rank, suit: str) -> Image.Image:
        st = self.style
        w, h = CARD_SIZE
        card = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        draw = ImageDraw.Draw(card)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=st.radius, fill=(*st.paper, 255),
                               outline=(150, 150, 150, 255))
        joker = rank.is_joker
        ink = st.red if (rank is Rank.BIG_JOKER or (not joker and suit in RED_SUITS)) else st.black
        index = self._joker_index(ink) if joker else self._index(rank, suit, ink)
        margin = round(w * 0.045)
        card.alpha_composite(index, (margin, margin))
        corner = (w - margin - index.width, h - margin - index.height)
        card.alpha_composite(index.rotate(180), corner)
        if joker:
            self._joker_centre(draw, rank is Rank.BIG_JOKER, ink)
        elif rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
            self._court(card, draw, rank, suit, ink)
        else:
            self._pips(draw, rank, suit, ink)
        return card

    def _index(self, rank: Rank, suit: str, ink: tuple[int, int, int]) -> Image.Image:
        gh = round(CARD_SIZE[1] * self.style.index_height)
        glyph = _text_tile(rank_text(rank), _font(self.style.font, gh * 2), gh, ink)
        pw = round(gh * 0.78)
        size = (max(glyph.width, pw) + 2, gh + round(gh * 0.2) + pw)
        tile = Image.new("RGBA", size, (0, 0, 0, 0))
        tile.alpha_composite(glyph, ((tile.width - glyph.width) // 2, 0))
        px = (tile.width - pw) / 2
        py = gh + round(gh * 0.2)
        draw_pip(ImageDraw.Draw(tile), suit, (px, py, px + pw, py + pw), (*ink, 255))
        return tile

    def _joker_index(self, ink: tuple[int, int, int]) -> Image.Image:
        # jumbo decks keep the usual JOKER letters: five jumbo letters would fill the card
        lh = round(CARD_SIZE[1] * min(self.style.index_height, JOKER_LETTERS) * 0.8)
        font = _font(self.style.font, lh * 2)
        letters = [_text_tile(ch, font, lh, ink) for ch in "JOKER"]
        gap = max(2, lh // 4)
        width = max(t.width for t in letters)
        tile = Image.new("RGBA", (width + 2, len(letters) * (lh + gap)), (0, 0, 0, 0))
        for i, t in enumerate(letters):
            tile.alpha_composite(t, ((tile.width - t.width) // 2, i * (lh + gap)))
        return tile

    def _pips(self, draw: ImageDraw.ImageDraw, rank: Rank, suit: str,
              ink: tuple[int, int, int]) -> None:
        w, h = CARD_SIZE
        if rank is Rank.ACE:
            s = w * 0.42
            draw_pip(draw, suit, ((w - s) / 2, (h - s) / 2, (w + s) / 2, (h + s) / 2), (*ink, 255))
            return
        n = 2 if rank is Rank.TWO else int(rank)
        s = w * self.style.pip_size
        inset = self.style.inset
        x0, x1, y0, y1 = w * inset, w * (1 - inset), h * 0.2, h * 0.8
        for fx, fy in _PIP_LAYOUT[n]:
            cx, cy = x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)
            draw_pip(draw, suit, (cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2), (*ink, 255))

    def _court(self, card: Image.Image, draw: ImageDraw.ImageDraw, rank: Rank, suit: str,
               ink: tuple[int, int, int]) -> None:
        w, h = CARD_SIZE
        inset = self.style.inset - 0.08
        box = (w * inset, h * 0.16, w * (1 - inset), h * 0.84)
        draw.rectangle(box, outline=(*ink, 255), width=3)
        band = (230, 190, 60, 255) if suit in RED_SUITS else (70, 110, 190, 255)
        for i in range(6):
            y = box[1] + (box[3] - box[1]) * (i + 0.5) / 6
            draw.line((box[0] + 6, y, box[2] - 6, y), fill=band, width=4)
        font = _font(self.style.font, round(h * 0.3))
        letter = _text_tile(rank.symbol, font, round(h * 0.18), ink)
        card.alpha_composite(letter, ((w - letter.width) // 2, round(h * 0.5 - letter.height / 2)))

    def _joker_centre(self, draw: ImageDraw.ImageDraw, big: bool,
                      ink: tuple[int, int, int]) -> None:
        w, h = CARD_SIZE
        cx, cy, r = w / 2, h / 2, w * 0.26
        star = [
            (cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
             cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5))
            for i in range(10)
        ]
        fill = (240, 190, 30, 255) if big else (120, 120, 120, 255)
        draw.polygon(star, fill=fill, outline=(*ink, 255))
        draw.ellipse((cx - r * 0.2, cy - r * 0.2, cx + r * 0.2, cy + r * 0.2), fill=(*ink, 255))


@lru_cache(maxsize=16)
def drawn_faces(seed: int = 0) -> DrawnFaces:
    """A shared :class:`DrawnFaces` per seed (drawing is the slow part)."""
    return DrawnFaces(seed)


def deck_named(name: str, card_faces: Path) -> FaceSource:
    """A deck by the name the benchmarks give it: ``drawn-N`` or ``drawn-jumbo-N`` (the
    project's own drawn faces, seed N), else the folder ``name`` under ``card_faces``."""
    if name.startswith("drawn-"):
        return DrawnFaces(int(name.rsplit("-", 1)[1]), jumbo=name.startswith("drawn-jumbo-"))
    return FolderFaces(card_faces / name)
