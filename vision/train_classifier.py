"""Train the learned glyph classifier shipped as ``vision/glyph_mlp.npz`` (学习字形).

Run ``python -m vision.train_classifier [--out PATH] [--seed N] [--per-font N]``.

Training glyphs are rendered from the system fonts (every class of
:data:`vision.glyphs.ALL_LABELS` but the taught jokers) and the project's own
pip drawings (:func:`vision.faces.draw_pip`) — the same sources as the
prototypes, never a deck image — then put through the camera as the table
sees it: stroke weight, aspect, rotation and perspective jitter at high
resolution; shrunk to a 9–18 px tall glyph; blur, noise and JPEG; blown up
again as the 4 px/mm zone warp does (cubic), and cut into ink at 55 % of the
paper level, as :func:`vision.indices.ink_and_paper` does.  Each glyph becomes
the 20×20 feature of :func:`vision.glyphs.glyph_feature` and an OpenCV
perceptron with one hidden layer, fitted in numpy, learns its class
(OpenCV 5 no longer ships ``cv2.ml``).  Seeded: same fonts,
same file.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

from vision.glyphs import (
    CLASSIFIER_PATH,
    GlyphClassifier,
    glyph_feature,
)
from vision.train_glyphs import DRAWN_LABELS, base_masks
from vision.types import FloatArray, IntArray, Mask

CLASSES = DRAWN_LABELS


def camera_glyph(mask: Mask, rng: np.random.Generator, condensed: bool = False) -> Mask:
    """``mask`` (a large 0/1 glyph) as the ink the recogniser would cut from a camera frame."""
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
    n, labels, stats, _ = cv2.connectedComponentsWithStats(cut, connectivity=8)
    if n <= 1:
        return cut
    areas = stats[1:, cv2.CC_STAT_AREA]
    keep = np.flatnonzero(areas >= 0.25 * areas.max()) + 1
    out: Mask = np.isin(labels, keep).astype(np.uint8)
    return out


def make_set(seed: int, per_font: int) -> tuple[FloatArray, IntArray]:
    """Features and class indices (into :data:`CLASSES`): ``per_font`` glyphs per base mask."""
    rng = np.random.default_rng(seed)
    feats: list[FloatArray] = []
    ys: list[int] = []
    for label, mask in base_masks():
        cls = CLASSES.index(label)
        for _ in range(per_font):
            g = camera_glyph(mask, rng, label == "10")
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
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    for epoch in range(epochs):
        rate = lr * 0.5 * (1 + np.cos(np.pi * epoch / epochs))
        order = rng.permutation(len(y))
        for s in range(0, len(y), batch):
            idx = order[s:s + batch]
            xb, yb = x[idx].astype(np.float64), y[idx]
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


def train(seed: int = 0, per_font: int = 120, hidden: int = 96,
          epochs: int = 30) -> tuple[GlyphClassifier, FloatArray, IntArray]:
    """Render the training glyphs and fit the network; returns it with its training set."""
    x, y = make_set(seed, per_font)
    w1, b1, w2, b2 = fit(x, y, len(CLASSES), seed, hidden, epochs)
    return GlyphClassifier(CLASSES, w1, b1, w2, b2), x, y


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: train, report accuracy on a held-aside seeded set, save."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=CLASSIFIER_PATH)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-font", type=int, default=120)
    parser.add_argument("--hidden", type=int, default=96)
    parser.add_argument("--epochs", type=int, default=30)
    args = parser.parse_args(argv)
    t = time.process_time()
    clf, x, y = train(args.seed, args.per_font, args.hidden, args.epochs)
    train_acc = float(np.mean(np.argmax(clf.probabilities(x), axis=1) == y))
    xt, yt = make_set(args.seed + 1000, max(10, args.per_font // 5))
    test_acc = float(np.mean(np.argmax(clf.probabilities(xt), axis=1) == yt))
    clf.save(args.out)
    print(f"{len(y)} training glyphs, {len(CLASSES)} classes; accuracy train {train_acc:.1%}, "
          f"held-aside {test_acc:.1%}; {time.process_time() - t:.0f} s CPU → {args.out} "
          f"({args.out.stat().st_size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
