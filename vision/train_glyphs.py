"""Build the glyph prototypes shipped in ``vision/glyphs.npz`` (训练字形).

Run ``python -m vision.train_glyphs [--out PATH] [--seed N]``.  Every class is
rendered from each usable system font (rank glyphs, the letter O) or drawn by
:func:`vision.faces.draw_pip` and taken from fonts' suit symbols (pips), then
jittered (rotation, aspect, stroke weight, low resolution); a small k-means per
class keeps at most ``--per-class`` prototypes.  Seeded: the same fonts give the
same file.  No deck images are used.

``--covered 8 --out vision/glyphs_covered.npz`` builds the second shipped file:
each rank glyph and pip also rendered 8 times with 15–40 % of its right side
hidden, as under the next card of a fan (read only where a corner was seen but
not read: :meth:`vision.recognize.Recognizer._covered_look`).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vision.faces import draw_pip
from vision.fonts import latin_fonts
from vision.glyphs import (
    ALL_LABELS,
    MODEL_PATH,
    PIP_LABELS,
    RANK_LABELS,
    GlyphModel,
    glyph_feature,
)
from vision.types import FloatArray, Mask

_SUIT_CHARS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_TAUGHT_ONLY = ("B", "R")


def _font_mask(font_path: Path, text: str, size: int = 64) -> Mask | None:
    font = ImageFont.truetype(str(font_path), size)
    left, top, right, bottom = font.getbbox(text)
    img = Image.new("L", (int(right - left) + 8, int(bottom - top) + 8), 0)
    ImageDraw.Draw(img).text((4 - left, 4 - top), text, font=font, fill=255)
    arr = np.asarray(img, np.uint8)
    if arr.max() < 128 or not _has_glyph(font, text):
        return None
    return (arr > 127).astype(np.uint8)


def _has_glyph(font: ImageFont.FreeTypeFont, text: str) -> bool:
    # A missing glyph renders as the same "tofu" box as an unassigned code point.
    return bool(font.getmask(text).getbbox() != font.getmask("\ue000").getbbox()) or text.isascii()


def _pip_mask(suit: str, aspect: float, size: int = 64) -> Mask:
    img = Image.new("L", (size + 8, round(size * aspect) + 8), 0)
    draw_pip(ImageDraw.Draw(img), suit, (4, 4, size + 4, round(size * aspect) + 4), 255)
    return (np.asarray(img, np.uint8) > 127).astype(np.uint8)


DRAWN_LABELS: tuple[str, ...] = tuple(lab for lab in ALL_LABELS if lab not in _TAUGHT_ONLY)
"""The labels drawn from fonts and pips (jokers' marks are only taught)."""


def base_masks(size: int = 64, fonts: Sequence[Path] | None = None
               ) -> Iterator[tuple[str, Mask]]:
    """Every drawn label rendered large from each usable font (pips also drawn), as 0/1
    masks: what both the prototypes and the classifier are trained from.  ``fonts``
    defaults to the system's :func:`vision.fonts.latin_fonts`."""
    fonts = latin_fonts() if fonts is None else fonts
    for label in DRAWN_LABELS:
        if label in PIP_LABELS:
            for aspect in (0.85, 1.0, 1.15):
                yield label, _pip_mask(label, aspect, size)
        for path in fonts:
            try:
                mask = _font_mask(path, _SUIT_CHARS.get(label, label), size)
            except OSError:
                continue
            if mask is not None:
                yield label, mask


def _jitter(mask: Mask, rng: np.random.Generator, condensed: bool = False) -> Mask:
    h, w = mask.shape
    pad = max(h, w) // 3
    big = cv2.copyMakeBorder(mask * 255, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    angle = float(rng.uniform(-8, 8))
    # Card fonts are often condensed; a "10" is squeezed to about one digit's width.
    sx = float(rng.uniform(0.35, 0.9) if condensed else rng.uniform(0.6, 1.3))
    centre = (big.shape[1] / 2, big.shape[0] / 2)
    m = cv2.getRotationMatrix2D(centre, angle, 1.0)
    m[0] *= sx
    m[0, 2] += (1 - sx) * centre[0]
    out = cv2.warpAffine(big, m, (big.shape[1], big.shape[0]))
    k = int(rng.integers(-2, 3))
    if k:
        kernel = np.ones((abs(k) * 2 + 1,) * 2, np.uint8)
        out = cv2.dilate(out, kernel) if k > 0 else cv2.erode(out, kernel)
    if rng.random() < 0.5:  # seen small: shrink, blur, threshold back
        s = float(rng.uniform(0.15, 0.3))
        small = cv2.resize(out, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        out = cv2.resize(small, (out.shape[1], out.shape[0]), interpolation=cv2.INTER_LINEAR)
    return (out > 110).astype(np.uint8)


COVER = (0.15, 0.4)  # share of a covered rendering's width hidden (:func:`_covered`)


def _covered(mask: Mask, rng: np.random.Generator) -> Mask:
    """``mask`` with a strip of its right side hidden, as under the next card of a fan
    (a jumbo index, 大字牌, reaches under it): :data:`COVER` of its width."""
    xs = np.flatnonzero(mask.any(axis=0))
    x0, x1 = int(xs.min()), int(xs.max()) + 1
    out = mask.copy()
    out[:, x1 - round(float(rng.uniform(*COVER)) * (x1 - x0)):] = 0
    return out


def _kmeans(x: FloatArray, k: int, rng: np.random.Generator, iters: int = 12) -> FloatArray:
    """``k`` unit-length centres of the rows of ``x`` (all of them if no more), seeded by
    ``rng``.  In double precision: in single, near ties between two centres were assigned
    differently by different CPUs' BLAS kernels (7–19 of the covered file's 800 prototypes
    moved by up to 0.06), and the shipped files would not be rebuilt alike everywhere."""
    x = x.astype(np.float64)
    if len(x) <= k:
        return x
    centres = x[rng.choice(len(x), k, replace=False)]
    for _ in range(iters):
        assign = np.argmax(x @ centres.T, axis=1)
        for j in range(k):
            members = x[assign == j]
            if len(members):
                c = members.mean(axis=0)
                centres[j] = c / max(float(np.linalg.norm(c)), 1e-6)
    return centres


def train(seed: int = 0, jitters: int = 16, per_class: int = 40,
          fonts: Sequence[Path] | None = None, covered: int = 0) -> GlyphModel:
    """Render, jitter and cluster every class; returns the model (not yet saved).
    ``covered``: jittered renderings per rank glyph and pip with its right side hidden
    (:func:`_covered`), besides the ``jitters`` whole ones."""
    rng = np.random.default_rng(seed)
    feats: dict[str, list[FloatArray]] = {}
    for label, mask in base_masks(fonts=fonts):
        bucket = feats.setdefault(label, [])
        bucket.append(glyph_feature(mask))
        bucket.extend(glyph_feature(_jitter(mask, rng, label == "10")) for _ in range(jitters))
        if label in RANK_LABELS or label in PIP_LABELS:
            bucket.extend(glyph_feature(_jitter(_covered(mask, rng), rng, label == "10"))
                          for _ in range(covered))
    labels = tuple(lab for lab in ALL_LABELS if lab in feats or lab in _TAUGHT_ONLY)
    protos: list[FloatArray] = []
    classes: list[int] = []
    for i, label in enumerate(labels):
        if label not in feats:
            continue
        centres = _kmeans(np.stack(feats[label]), per_class, rng)
        protos.append(centres)
        classes.extend([i] * len(centres))
    return GlyphModel(labels, np.vstack(protos).astype(np.float32), np.array(classes, np.int32))


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: train and save."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-class", type=int, default=40)
    parser.add_argument("--covered", type=int, default=0,
                        help="renderings per rank glyph with its right side hidden")
    args = parser.parse_args(argv)
    model = train(seed=args.seed, per_class=args.per_class, covered=args.covered)
    model.save(args.out)
    print(f"{len(model.prototypes)} prototypes, {len(model.labels)} classes → {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
