"""The learned glyph classifier: shipped file, accuracy on held-aside glyphs, its training."""

from __future__ import annotations

import numpy as np
import pytest

from vision.fonts import latin_fonts
from vision.glyphs import CLASSIFIER_PATH, GlyphClassifier, default_classifier, default_model
from vision.indices import IndexFinder
from vision.recognize import Recognizer
from vision.train_classifier import CLASSES, fit, make_set

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
