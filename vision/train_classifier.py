"""Train the learned glyph classifier shipped as ``vision/glyph_mlp.npz`` (学习字形).

Run ``python -m vision.train_classifier [--fonts DIR] [--out PATH] [--seed N]
[--per-font N] [--hidden N]``.

Training glyphs are rendered from the system fonts plus, with ``--fonts DIR``,
the fonts unpacked under ``DIR`` (the Debian packages of
:data:`TRAINING_FONT_PACKAGES`, filtered by :func:`training_fonts`; they are
only read while training, never installed nor needed at run time) — every
class of :data:`vision.glyphs.ALL_LABELS` but the taught jokers — and the
project's own pip drawings (:func:`vision.faces.draw_pip`): the same kind of
sources as the prototypes, never a deck image.  Each is put through the camera
as the table sees it: stroke weight, aspect, rotation and perspective jitter at
high resolution; shrunk to a 9–18 px tall glyph; blur, noise and JPEG; blown up
again as the 4 px/mm zone warp does (cubic), and cut into ink at 55 % of the
paper level, as :func:`vision.indices.ink_and_paper` does.  Each glyph becomes
the 20×20 feature of :func:`vision.glyphs.glyph_feature` and a perceptron with
one hidden layer, fitted in numpy, learns its class (OpenCV 5 no longer ships
``cv2.ml``).  Seeded: same fonts, same file.  The shipped file is
``python -m vision.train_classifier --fonts /work/training-fonts/root`` (see
``docs/vision.md``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
from PIL import ImageFont

from vision.components import components_with_stats
from vision.fonts import latin_fonts
from vision.glyphs import (
    CLASSIFIER_PATH,
    GlyphClassifier,
    glyph_feature,
)
from vision.train_glyphs import DRAWN_LABELS, base_masks
from vision.types import FloatArray, IntArray, Mask

CLASSES = DRAWN_LABELS


def training_fonts(folder: Path) -> tuple[Path, ...]:
    """The fonts under ``folder`` (any depth) fit to train on, sorted: upright text faces
    whose digits and capitals read as a card index does — no italic, monospaced, symbol,
    script or hairline faces (by the font's own family and style names), and no metric
    clones of another face in :data:`TRAINING_FONT_PACKAGES`."""
    found: list[Path] = []
    for path in sorted(p for p in folder.rglob("*") if p.suffix.lower() in (".ttf", ".otf")):
        if path.name.startswith("Noto") and not path.name.startswith(_NOTO_KEEP):
            continue  # Noto's other fonts are scripts whose Latin repeats Noto Sans/Serif
        try:
            family, style = ImageFont.truetype(str(path), 16).getname()
        except OSError:
            continue
        name = f"{family} {style}"
        if not any(s.lower() in name.lower() for s in _SKIP_FACES):
            found.append(path)
    return tuple(found)


TRAINING_FONT_PACKAGES = (
    "fonts-urw-base35", "fonts-liberation2", "fonts-freefont-ttf", "fonts-dejavu-extra",
    "fonts-crosextra-carlito", "fonts-crosextra-caladea", "fonts-linuxlibertine",
    "fonts-roboto-unhinted", "fonts-open-sans", "fonts-lato", "fonts-paratype",
    "fonts-gfs-didot", "fonts-noto-core",
)
"""Debian packages whose fonts, unpacked into a private folder, widen the training diet
(``--fonts DIR``; see ``docs/vision.md``).  They are never installed system-wide."""

_NOTO_KEEP = ("NotoSans-", "NotoSerif-", "NotoSansDisplay-", "NotoSerifDisplay-")
_SKIP_FACES = ("Italic", "Oblique", "Mono", "Symbol", "Math", "D050000L", "Keyboard",
               "Initials", "Hairline", "Thin", "ExtraLight", "Z003", "Chorus", "Cursor")


def camera_glyph(mask: Mask, rng: np.random.Generator, condensed: bool = False,
                 occlude: float = 0.0) -> Mask:
    """``mask`` (a large 0/1 glyph) as the ink the recogniser would cut from a camera frame;
    with probability ``occlude`` a side strip of it is first hidden, as under the next
    card of a fan."""
    if occlude and rng.random() < occlude:
        xs = np.flatnonzero(mask.any(axis=0))
        if len(xs):
            x0, x1 = int(xs.min()), int(xs.max()) + 1
            strip = round(float(rng.uniform(0.1, 0.3)) * (x1 - x0))
            mask = mask.copy()
            if rng.random() < 0.5:
                mask[:, x0:x0 + strip] = 0
            else:
                mask[:, x1 - strip:x1] = 0
    h, w = mask.shape
    pad = max(h, w) // 2
    big = cv2.copyMakeBorder(mask * 255, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    k = int(rng.integers(-2, 4))  # stroke weight
    if k:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (abs(k) * 2 + 1,) * 2)
        big = cv2.dilate(big, kernel) if k > 0 else cv2.erode(big, kernel)
    bh, bw = big.shape
    sx = float(rng.uniform(0.35, 0.9) if condensed else rng.uniform(0.65, 1.3))
    angle = np.deg2rad(float(rng.uniform(-10, 10)))
    shear = float(rng.uniform(-0.12, 0.12))
    c, s = np.cos(angle), np.sin(angle)
    a = np.array([[c, -s], [s, c]]) @ np.array([[sx, shear], [0.0, 1.0]])
    src = np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], np.float32)
    ctr = np.array([bw / 2, bh / 2])
    dst = (src - ctr) @ a.T + ctr
    dst += rng.normal(0, 0.03 * max(bh, bw), dst.shape)  # perspective
    m = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    warped = cv2.warpPerspective(big, m, (bw, bh), flags=cv2.INTER_LINEAR)
    # to camera resolution: the glyph ends up 9..18 px tall
    scale = float(rng.uniform(9, 18)) / h
    small = cv2.resize(warped, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    paper = float(rng.uniform(150, 250))
    ink = float(rng.uniform(0, 0.3)) * paper
    img = paper - (paper - ink) * small.astype(np.float32) / 255.0
    sigma = float(rng.uniform(0, 0.9))
    if sigma > 0.2:
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), sigma), np.float32)
    img += rng.normal(0, float(rng.uniform(0, 8)), img.shape)
    gray = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        ok, buf = cv2.imencode(".jpg", gray, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 95))])
        if ok:
            gray = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    up = float(rng.uniform(1.6, 3.0))  # the 4 px/mm zone warp of a ~1.7 px/mm camera
    view = cv2.resize(gray, None, fx=up, fy=up, interpolation=cv2.INTER_CUBIC)
    cut: Mask = (view < 0.55 * paper).astype(np.uint8)
    # the recogniser reads one connected glyph (a 10 as two): keep the large components
    n, labels, stats, _ = components_with_stats(cut)
    if n <= 1:
        return cut
    areas = stats[1:, cv2.CC_STAT_AREA]
    keep = np.flatnonzero(areas >= 0.25 * areas.max()) + 1
    out: Mask = np.isin(labels, keep).astype(np.uint8)
    return out


def make_set(seed: int, per_font: int, fonts: Sequence[Path] | None = None,
             occlude: float = 0.0) -> tuple[FloatArray, IntArray]:
    """Features and class indices (into :data:`CLASSES`): ``per_font`` glyphs per base mask
    (``fonts``: the system's by default)."""
    rng = np.random.default_rng(seed)
    feats: list[FloatArray] = []
    ys: list[int] = []
    for label, mask in base_masks(fonts=fonts):
        cls = CLASSES.index(label)
        for _ in range(per_font):
            g = camera_glyph(mask, rng, label == "10", occlude)
            if g.any():
                feats.append(glyph_feature(g))
                ys.append(cls)
    return np.stack(feats).astype(np.float32), np.array(ys, np.int32)


def fit(x: FloatArray, y: IntArray, n_classes: int, seed: int = 0, hidden: int = 64,
        epochs: int = 30, batch: int = 128, lr: float = 2e-3, decay: float = 1e-4
        ) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """A one-hidden-layer ReLU network fitted by Adam on softmax cross-entropy (numpy)."""
    rng = np.random.default_rng(seed)
    d = x.shape[1]
    params = [rng.normal(0, np.sqrt(2 / d), (d, hidden)), np.zeros(hidden),
              rng.normal(0, np.sqrt(1 / hidden), (hidden, n_classes)), np.zeros(n_classes)]
    params = [p.astype(np.float32) for p in params]  # float32: twice as fast as float64
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    for epoch in range(epochs):
        rate = float(lr * 0.5 * (1 + np.cos(np.pi * epoch / epochs)))
        order = rng.permutation(len(y))
        for s in range(0, len(y), batch):
            idx = order[s:s + batch]
            xb, yb = x[idx], y[idx]
            w1, b1, w2, b2 = params
            pre = xb @ w1 + b1
            h = np.maximum(pre, 0.0)
            z = h @ w2 + b2
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(yb)), yb] -= 1.0
            dz = p / len(yb)
            dh = (dz @ w2.T) * (pre > 0)
            grads = [xb.T @ dh + decay * w1, dh.sum(axis=0), h.T @ dz + decay * w2,
                     dz.sum(axis=0)]
            step += 1
            for k, g in enumerate(grads):
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                mh = m[k] / (1 - 0.9 ** step)
                vh = v[k] / (1 - 0.999 ** step)
                params[k] = params[k] - rate * mh / (np.sqrt(vh) + 1e-8)
    f32: list[FloatArray] = [p.astype(np.float32) for p in params]
    return f32[0], f32[1], f32[2], f32[3]


def train(seed: int = 0, per_font: int = 60, hidden: int = 192, epochs: int = 30,
          fonts: Sequence[Path] | None = None, occlude: float = 0.0
          ) -> tuple[GlyphClassifier, FloatArray, IntArray]:
    """Render the training glyphs and fit the network; returns it with its training set."""
    x, y = make_set(seed, per_font, fonts, occlude)
    w1, b1, w2, b2 = fit(x, y, len(CLASSES), seed, hidden, epochs)
    return GlyphClassifier(CLASSES, w1, b1, w2, b2), x, y


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: train, report accuracy on a held-aside seeded set, save."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=CLASSIFIER_PATH)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-font", type=int, default=60)
    parser.add_argument("--hidden", type=int, default=192)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--occlude", type=float, default=0.0,
                        help="share of glyphs with a side strip hidden (as in a fan)")
    parser.add_argument("--fonts", type=Path, default=None,
                        help="also train on the fonts under this folder (unpacked "
                             "TRAINING_FONT_PACKAGES; see docs/vision.md)")
    args = parser.parse_args(argv)
    t = time.process_time()
    system = latin_fonts()
    extra = training_fonts(args.fonts) if args.fonts else ()
    known = {p.name for p in system}
    fonts = (*system, *(p for p in extra if p.name not in known))
    print(f"{len(fonts)} fonts ({len(system)} system, {len(fonts) - len(system)} from "
          f"{args.fonts})")
    clf, x, y = train(args.seed, args.per_font, args.hidden, args.epochs, fonts, args.occlude)
    train_acc = float(np.mean(np.argmax(clf.probabilities(x), axis=1) == y))
    clf.save(args.out)
    n_test = max(10, args.per_font // 5)
    held: list[str] = []
    for name, test_fonts in (("all fonts", fonts), ("system fonts", system)):
        xt, yt = make_set(args.seed + 1000, n_test, test_fonts)
        held.append(f"{name} {np.mean(np.argmax(clf.probabilities(xt), axis=1) == yt):.1%}")
    print(f"{len(y)} training glyphs, {len(CLASSES)} classes; accuracy train {train_acc:.1%}, "
          f"held-aside {', '.join(held)}; {time.process_time() - t:.0f} s CPU → {args.out} "
          f"({args.out.stat().st_size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
