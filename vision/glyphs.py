"""The glyph classifier (字形): corner-index rank glyphs, suit pips and the letter O.

A glyph is a binary mask, turned upright, cropped to its ink.  Its feature is
the mask padded to a square (so thin ``1``-like shapes stay thin), shrunk to
``GLYPH_SIZE``², blurred a little, and normalised to zero mean and unit
length; classes score by their best cosine similarity over prototypes.

The prototypes ship in ``vision/glyphs.npz`` and are rebuilt
reproducibly by ``python -m vision.train_glyphs`` from system fonts and the
project's own pip drawings — never from any particular deck.  A taught deck
(:mod:`vision.teach`) adds its own prototypes on top.

:class:`GlyphClassifier` is a small learned network on the same feature
(``vision/glyph_mlp.npz``, trained by ``python -m vision.train_classifier``);
:class:`vision.indices.IndexFinder` uses it to re-rank close prototype matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import numpy as np

from gouji.cards import Rank
from vision.types import FloatArray, IntArray, Mask

GLYPH_SIZE = 20
MODEL_PATH = Path(__file__).with_name("glyphs.npz")
COVERED_MODEL_PATH = Path(__file__).with_name("glyphs_covered.npz")
CLASSIFIER_PATH = Path(__file__).with_name("glyph_mlp.npz")

RANK_LABELS: dict[str, Rank] = {
    "2": Rank.TWO, "3": Rank.THREE, "4": Rank.FOUR, "5": Rank.FIVE, "6": Rank.SIX,
    "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN, "J": Rank.JACK,
    "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
    # Taught jokers: a deck's own corner mark for 小王 / 大王.
    "B": Rank.SMALL_JOKER, "R": Rank.BIG_JOKER,
}
PIP_LABELS: tuple[str, ...] = ("S", "H", "D", "C")
LETTER_O = "O"
# Shapes that are neither ranks nor pips but look like them: bars and the E of JOKER.
DISTRACTOR_LABELS: tuple[str, ...] = ("1", "E")
ALL_LABELS: tuple[str, ...] = (*RANK_LABELS, *PIP_LABELS, LETTER_O, *DISTRACTOR_LABELS)



def glyph_feature(mask: Mask) -> FloatArray:
    """The feature vector of an upright glyph mask (non-zero = ink), any size."""
    ys, xs = np.nonzero(mask)
    return points_feature(np.stack([xs, ys], axis=1).astype(np.float32))


def points_feature(points: FloatArray) -> FloatArray:
    """The feature of one glyph given as upright ink pixel positions (x, y), shape (n, 2)."""
    if len(points) == 0:
        return np.zeros(GLYPH_SIZE * GLYPH_SIZE, np.float32)
    out: FloatArray = batch_features(points, np.array([len(points)], np.int32))[0]
    return out


def group_starts(lengths: IntArray) -> IntArray:
    """Start offsets of consecutive groups of the given (non-zero) lengths."""
    starts: IntArray = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int32)
    return starts


def _blur_operator(g: int) -> FloatArray:
    """The (g, g) matrix of a 3-tap blur (¼, ½, ¼), each border cell repeated, done twice:
    about one cell's blur, as one product along each axis of a grid."""
    once = np.zeros((g, g), np.float64)
    for i in range(g):
        for j, w in ((i - 1, 0.25), (i, 0.5), (i + 1, 0.25)):
            once[i, min(max(j, 0), g - 1)] += w
    out: FloatArray = (once @ once).astype(np.float32)
    return out


_BLUR = _blur_operator(GLYPH_SIZE)
_BLUR_T = np.ascontiguousarray(_BLUR.T)


def batch_features(points: FloatArray, lengths: IntArray) -> FloatArray:
    """Features of several glyphs at once: ``points`` holds them one after another,
    ``lengths[k]`` points (at least one) for glyph ``k``.

    Each glyph's points are binned into a square of ``GLYPH_SIZE``² cells around
    their bounding box (centred, so the glyph keeps its aspect), giving each
    cell's ink coverage; then a blur of about one cell and normalisation to zero mean,
    unit length.
    """
    g = GLYPH_SIZE
    n = len(lengths)
    starts = group_starts(lengths)
    lo = np.minimum.reduceat(points, starts, axis=0)
    hi = np.maximum.reduceat(points, starts, axis=0)
    span = np.maximum(hi - lo + 1.0, 1.0)
    side = span.max(axis=1) + 2.0
    origin = lo - (side[:, None] - span) / 2.0
    cell = side / g
    # per point, its glyph's origin and cell (np.repeat: cheaper than a gather; in place:
    # the temporaries of a few hundred thousand points cost more than the arithmetic)
    xy = points + 0.5
    xy -= np.repeat(origin, lengths, axis=0)
    xy /= np.repeat(cell, lengths)[:, None]
    ij = xy.astype(np.int32)
    np.clip(ij, 0, g - 1, out=ij)
    flat = np.repeat(np.arange(0, n * g * g, g * g, dtype=np.int32), lengths)
    flat += ij[:, 1] * g
    flat += ij[:, 0]
    counts = np.bincount(flat, minlength=n * g * g).astype(np.float32).reshape(n, g, g)
    grid = np.minimum(counts / (cell * cell)[:, None, None], 1.0)
    blur = _BLUR @ grid @ _BLUR_T  # tolerance to shifts and slant
    vec = blur.reshape(n, -1)
    vec = vec - vec.mean(axis=1, keepdims=True)
    norm = np.linalg.norm(vec, axis=1, keepdims=True)
    out: FloatArray = (vec / np.where(norm > 0, norm, 1.0)).astype(np.float32)
    return out


@dataclass(frozen=True)
class GlyphModel:
    """Prototype vectors and their class labels; scores are cosine similarities."""

    labels: tuple[str, ...]
    prototypes: FloatArray  # (n, GLYPH_SIZE²)
    classes: IntArray  # (n,) index into labels

    @classmethod
    def load(cls, path: Path = MODEL_PATH) -> GlyphModel:
        """Load the shipped (or another) prototype file."""
        with np.load(path) as data:
            labels = tuple(str(s) for s in data["labels"])
            return cls(labels, data["prototypes"].astype(np.float32),
                       data["classes"].astype(np.int32))

    def save(self, path: Path) -> None:
        """Write the prototypes as a compressed ``.npz`` (float16)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, labels=np.array(self.labels),
                            prototypes=self.prototypes.astype(np.float16), classes=self.classes)

    def extended(self, labels: list[str], features: FloatArray) -> GlyphModel:
        """A model with extra prototypes (e.g. from a taught deck) added."""
        all_labels = list(self.labels)
        for lab in labels:
            if lab not in all_labels:
                all_labels.append(lab)
        extra = np.array([all_labels.index(lab) for lab in labels], np.int32)
        return GlyphModel(tuple(all_labels), np.vstack([self.prototypes, features]),
                          np.concatenate([self.classes, extra]))

    @cached_property
    def _by_class(self) -> tuple[FloatArray, IntArray, IntArray]:
        """Prototypes (transposed) grouped by class, each group's start and class."""
        order = np.argsort(self.classes, kind="stable")
        classes = self.classes[order]
        starts = np.flatnonzero(np.r_[True, classes[1:] != classes[:-1]]).astype(np.int32)
        return np.ascontiguousarray(self.prototypes[order].T), starts, classes[starts]

    def scores(self, features: FloatArray) -> FloatArray:
        """Per query row, the best similarity to each class: shape (m, len(labels))."""
        protos, starts, starts_class = self._by_class
        out = np.full((features.shape[0], len(self.labels)), -1.0, np.float32)
        if len(features):
            out[:, starts_class] = np.maximum.reduceat(features @ protos, starts, axis=1)
        return out


@cache
def _shipped_model(path: Path) -> GlyphModel:
    """A shipped prototype file, loaded once per process."""
    return GlyphModel.load(path)


def default_model() -> GlyphModel:
    """The shipped model, loaded once."""
    return _shipped_model(MODEL_PATH)


def covered_model() -> GlyphModel:
    """The shipped model that also knows glyphs and pips with their right side hidden under
    the next card of a fan (``python -m vision.train_glyphs --covered 8 --out
    vision/glyphs_covered.npz``), loaded once: read only where a corner was seen but not
    read (:meth:`vision.recognize.Recognizer._covered_look`)."""
    return _shipped_model(COVERED_MODEL_PATH)


@dataclass(frozen=True)
class GlyphClassifier:
    """A learned glyph classifier: a one-hidden-layer perceptron on :func:`glyph_feature`.

    Trained reproducibly by ``python -m vision.train_classifier --fonts DIR`` on glyphs
    rendered from the system fonts, the fonts of some Debian font packages unpacked into
    ``DIR`` (training only; see ``docs/vision.md``) and the project's pip drawings,
    degraded as a camera sees them.  Runs in
    numpy (two small matrix products), so it needs nothing beyond the recogniser's own
    dependencies.
    """

    labels: tuple[str, ...]
    w1: FloatArray  # (GLYPH_SIZE², hidden)
    b1: FloatArray  # (hidden,)
    w2: FloatArray  # (hidden, len(labels))
    b2: FloatArray  # (len(labels),)

    @classmethod
    def load(cls, path: Path = CLASSIFIER_PATH) -> GlyphClassifier:
        """Load the shipped (or another) network."""
        with np.load(path) as data:
            return cls(tuple(str(s) for s in data["labels"]),
                       *(data[k].astype(np.float32) for k in ("w1", "b1", "w2", "b2")))

    def save(self, path: Path) -> None:
        """Write the weights as a compressed ``.npz`` (float16)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, labels=np.array(self.labels),
                            **{k: getattr(self, k).astype(np.float16)
                               for k in ("w1", "b1", "w2", "b2")})

    def logits(self, features: FloatArray) -> FloatArray:
        """Unnormalised class scores per query row: shape (m, len(labels))."""
        hidden = np.maximum(features @ self.w1 + self.b1, 0.0)
        out: FloatArray = (hidden @ self.w2 + self.b2).astype(np.float32)
        return out

    def probabilities(self, features: FloatArray) -> FloatArray:
        """Per query row, the class probabilities (softmax of :meth:`logits`)."""
        z = self.logits(features)
        z = z - z.max(axis=1, keepdims=True) if len(z) else z
        e = np.exp(z)
        out: FloatArray = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
        return out


_CLASSIFIER: list[GlyphClassifier | None] = []


def default_classifier() -> GlyphClassifier | None:
    """The shipped learned classifier, loaded once; ``None`` if its file is absent."""
    if not _CLASSIFIER:
        _CLASSIFIER.append(GlyphClassifier.load() if CLASSIFIER_PATH.is_file() else None)
    return _CLASSIFIER[0]
