"""The learned glyph classifier: shipped file, accuracy on held-aside glyphs, its training."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from vision.fonts import latin_fonts
from vision.glyphs import CLASSIFIER_PATH, GlyphClassifier, default_classifier, default_model
from vision.indices import IndexFinder
from vision.recognize import Recognizer
from vision.train_classifier import CLASSES, fit, make_set, training_fonts

needs_fonts = pytest.mark.skipif(not latin_fonts(), reason="no system fonts to render glyphs")


def test_shipped_classifier_loads_and_is_small() -> None:
    assert CLASSIFIER_PATH.stat().st_size < 5_000_000
    clf = default_classifier()
    assert clf is not None
    assert clf.labels == CLASSES
    probs = clf.probabilities(np.zeros((3, clf.w1.shape[0]), np.float32))
    assert probs.shape == (3, len(CLASSES))
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-4)


@needs_fonts
def test_classifier_beats_the_prototypes_on_held_aside_camera_glyphs() -> None:
    """Glyphs rendered with a seed the training never used, degraded as the camera sees
    them: the network reads most of them, and more than the cosine prototypes do."""
    x, y = make_set(seed=4242, per_font=4)
    clf = default_classifier()
    assert clf is not None
    learned = float(np.mean(np.argmax(clf.probabilities(x), axis=1) == y))
    model = default_model()
    cols = [model.labels.index(lab) for lab in CLASSES]
    cosine = float(np.mean(np.argmax(model.scores(x)[:, cols], axis=1) == y))
    assert learned >= 0.85
    assert learned > cosine


@needs_fonts
def test_training_is_seeded_and_learns() -> None:
    x, y = make_set(seed=7, per_font=2)
    a = fit(x, y, len(CLASSES), seed=3, hidden=32, epochs=15)
    b = fit(x, y, len(CLASSES), seed=3, hidden=32, epochs=15)
    assert all(np.array_equal(p, q) for p, q in zip(a, b, strict=True))
    clf = GlyphClassifier(CLASSES, *a)
    assert float(np.mean(np.argmax(clf.probabilities(x), axis=1) == y)) > 0.3


def test_recognizer_uses_the_classifier_unless_told_not_to() -> None:
    assert Recognizer().finder.classifier is default_classifier()
    assert Recognizer(classifier=False).finder.classifier is None


def test_the_classifier_only_marks_doubted_classes_down() -> None:
    model, clf = default_model(), default_classifier()
    assert clf is not None
    x, _ = make_set(seed=99, per_font=1)
    raw = model.scores(x)
    rows = np.arange(len(x))
    off = IndexFinder(model, classifier=clf, classifier_weight=0.0)
    assert np.array_equal(off._learned(raw, x, rows), raw)
    on = IndexFinder(model, classifier=clf, classifier_weight=0.35)
    out = on._learned(raw, x, rows)
    assert np.all(out <= raw) and np.all(raw - out <= 0.35 + 1e-5)
    assert np.array_equal(out[:, model.labels.index("10")], raw[:, model.labels.index("10")])
    changed = np.any(out != raw, axis=1)
    assert changed.any()
    # each changed row keeps the score of the class the network likes best
    fav = np.argmax(clf.probabilities(x[changed]), axis=1)
    cols = [model.labels.index(clf.labels[f]) for f in fav]
    assert np.array_equal(out[changed, cols], raw[changed, cols])


def _system_font(name: str) -> Path:
    found = [p for p in latin_fonts() if p.name == name]
    if not found:
        pytest.skip(f"{name} not installed")
    return found[0]


def test_training_fonts_keep_upright_text_faces(tmp_path: Path) -> None:
    """``--fonts DIR`` keeps text faces and skips monospaced ones (by the font's own
    names) and Noto's script fonts (by file name), at any depth."""
    sans, mono = _system_font("DejaVuSans.ttf"), _system_font("DejaVuSansMono.ttf")
    (tmp_path / "a" / "b").mkdir(parents=True)
    shutil.copy(sans, tmp_path / "a" / "b" / sans.name)
    shutil.copy(mono, tmp_path / "a" / mono.name)
    shutil.copy(sans, tmp_path / "NotoSansDevanagari-Regular.ttf")
    (tmp_path / "broken.ttf").write_bytes(b"not a font")
    assert training_fonts(tmp_path) == (tmp_path / "a" / "b" / sans.name,)


def test_training_set_from_given_fonts_with_occlusion() -> None:
    font = _system_font("DejaVuSans.ttf")
    x, y = make_set(seed=5, per_font=4, fonts=[font])
    xo, yo = make_set(seed=5, per_font=4, fonts=[font], occlude=1.0)
    # every class from the one font (plus the drawn pips), with or without a hidden strip
    assert set(y.tolist()) == set(yo.tolist()) == set(range(len(CLASSES)))
    assert x.shape[1] == xo.shape[1] == clf_inputs()
    # hiding a strip changes the glyphs: the classes' mean features move
    for cls in (CLASSES.index("Q"), CLASSES.index("8")):
        assert not np.allclose(x[y == cls].mean(axis=0), xo[yo == cls].mean(axis=0), atol=0.02)


def clf_inputs() -> int:
    clf = default_classifier()
    assert clf is not None
    return int(clf.w1.shape[0])
