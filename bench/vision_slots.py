"""Card by card (not a test): what the fan made of each card the scenes laid.

    .venv/bin/python bench/vision_slots.py OUT.tsv [--decks anglo,paris,neoclassical,drawn-0]
        [--seeds 2000:2180] [--mode zero|taught] [--jobs 2] [--compare OLD.tsv]

:mod:`bench.vision_sets` says which sets read wrong; this says which of their cards did.
Each scene's cards (:attr:`vision.synth.Scene.cards`) are mapped into the view the set is
read in, and each card's two index glyphs placed on it (:data:`INDEX_AT`: the decks print
theirs ~8 % of a card's width in from its side and ~10 % of its height down).  A card's
index is *shown* where no later card of the set covers it.  What the fan decided
(:meth:`vision.recognize.Recognizer._fan`, its last call for the reading returned) is laid
over them: an index read (:attr:`vision.recognize.CardReading.marks`) or an unread card the
fan inferred (:class:`vision.fan.UnreadCard`) within :data:`NEAR` glyph heights of a card's
index is that card's, the nearest first; then one on the part of a card that shows, where
nothing lay by its indices (a joker's mark need not lie where an index would).  Each card is then

* ``read`` (rank right or wrong), ``inferred`` (right or wrong: a natural card for a joker,
  the wrong joker…) or ``missed`` (nothing at either index),

and what matched no card is a ``phantom`` (read or inferred).  Sets the fan did not decide
(a fan of jokers read by its edges, no index read) are counted apart.  Writes one line per
card and phantom: deck, seed, seat; the card's place in the laying order (the last lies on
top) and its truth, or for a phantom ``-`` and ``~k``, the card it lies nearest; the indices
shown (``tl``, ``br``, ``both``, ``none``; a phantom's: that card's index it lies nearest);
how (``read``, ``inferred``, ``missed``, ``phantom-read``, ``phantom-inferred``); the rank
it got; the score (an index's) or likeness (an inferred card's corner to the set's read
rank); and how far (glyph heights) it lay from the nearest index of the set's cards.  With
``--compare``, every card whose outcome changed since an earlier run (``+`` now right, ``-``
no longer right), and every set whose phantoms changed in number.  Tune on
seeds 2000–2179 of the dev decks, as with :mod:`bench.vision_sets`.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.vision_sets import changed, generator, reader
from gouji.cards import Rank, parse_cards
from vision.fan import UnreadCard
from vision.indices import IndexMark
from vision.look import MatLook, look_at
from vision.recognize import (
    ZONE_PX_PER_MM,
    CardReading,
    Recognizer,
    SetReading,
    read_crop,
)
from vision.synth import PlacedCard

INDEX_AT = (0.085, 0.10)  # an index glyph's centre from its corner: of the width, the height
NEAR = 1.0  # glyph heights: a decision this near a card's index is that card's
MARGIN_MM = 8.0  # the zone view's margin, as Recognizer.read_zone reads it
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Decision:
    """One thing the fan decided: a read index or an unread card it inferred."""

    how: str  # "read" or "inferred"
    rank: Rank
    at: tuple[float, float]  # view pixels
    height: float  # the set's glyph height, pixels
    score: float  # an index's score, an inferred card's likeness


class _Traced:
    """A recogniser's fan decisions for the set it read last: the last ``_fan`` call of the
    ``_read_seeing`` whose reading ``read_set`` returned (it may read a set more than once,
    each time seeing ink otherwise)."""

    def __init__(self, rec: Recognizer) -> None:
        self.rec = rec
        self.last: tuple[list[CardReading], list[UnreadCard]] | None = None
        seen: list[tuple[SetReading, list[CardReading], list[UnreadCard]]] = []
        fan_now: list[tuple[list[CardReading], list[UnreadCard]]] = []
        fan: Callable[..., Any] = rec._fan
        seeing: Callable[..., Any] = rec._read_seeing
        read_set: Callable[..., Any] = rec.read_set

        def traced_fan(*args: Any) -> Any:
            out = fan(*args)
            fan_now[:] = [(out.counted, out.in_fan)]
            return out

        def traced_seeing(*args: Any) -> Any:
            fan_now.clear()
            reading = seeing(*args)
            if fan_now:
                seen.append((reading, *fan_now[0]))
            return reading

        def traced_read_set(*args: Any, **kwargs: Any) -> Any:
            seen.clear()
            reading = read_set(*args, **kwargs)
            self.last = next(((c, u) for r, c, u in seen if r is reading), None)
            return reading

        rec._fan = traced_fan  # type: ignore[method-assign, assignment]
        rec._read_seeing = traced_seeing  # type: ignore[method-assign, assignment]
        rec.read_set = traced_read_set  # type: ignore[method-assign]

    def decisions(self, shift: tuple[float, float]) -> list[Decision] | None:
        """What the fan decided for the set read last (in the full view: ``shift`` is the
        read crop's origin); None when the fan did not decide it."""
        if self.last is None:
            return None
        counted, in_fan = self.last
        marks: list[IndexMark] = [m for c in counted for m in c.marks]
        if not marks:
            return None
        height = float(np.median([m.glyph_height for m in marks]))
        dx, dy = shift
        out = [Decision("read", m.rank, (m.index_place[0] + dx, m.index_place[1] + dy),
                        height, m.score) for m in marks]
        out += [Decision("inferred", u.rank, (u.center[0] + dx, u.center[1] + dy), height,
                         u.likeness) for u in in_fan]
        return out


_TRACED: dict[tuple[str, str], _Traced] = {}


def _traced(deck: str, mode: str) -> _Traced:
    if (deck, mode) not in _TRACED:
        _TRACED[deck, mode] = _Traced(reader(deck, mode))
    return _TRACED[deck, mode]


def _to_view(hom: FloatArray, zone: npt.NDArray[np.float32],
             points: npt.ArrayLike) -> FloatArray:
    """Frame pixels to the zone view's (:func:`vision.recognize.zone_view`)."""
    mm = cv2.perspectiveTransform(np.asarray(points, np.float64).reshape(-1, 1, 2),
                                  np.linalg.inv(hom)).reshape(-1, 2)
    out: FloatArray = (mm - (zone.min(axis=0) - MARGIN_MM)) * ZONE_PX_PER_MM
    return out


def _indices(corners: FloatArray) -> tuple[FloatArray, FloatArray]:
    """A card's two index glyph centres: by its top-left corner and by its bottom-right."""
    tl, tr, br, bl = corners
    a, b = INDEX_AT
    across, down = tr - tl, bl - tl
    return tl + a * across + b * down, br - a * across - b * down


def _covered(point: FloatArray, later: list[FloatArray]) -> bool:
    return any(cv2.pointPolygonTest(c.astype(np.float32), (float(point[0]), float(point[1])),
                                    False) >= 0 for c in later)


def _crop_origin(image: npt.NDArray[np.uint8], hom: FloatArray,
                 zone: npt.NDArray[np.float32], look: MatLook) -> tuple[float, float]:
    """Where :meth:`vision.recognize.Recognizer.read_zone` crops the view it reads."""
    crop = read_crop(image, hom, zone, MARGIN_MM, look)
    return (0.0, 0.0) if crop is None else (float(crop[0]), float(crop[1]))


Line = tuple[str, int, int, str, str, str, str, str, str, str]
COLUMNS = 10  # of a Line


def _slots(deck: str, seed: int, seat: int, cards: list[PlacedCard], hom: FloatArray,
           zone: npt.NDArray[np.float32], decisions: list[Decision]) -> list[Line]:
    """One line per card of a set and per phantom."""
    views = [_to_view(hom, zone, c.corners) for c in cards]
    points = []  # (card, corner, point, shown)
    for k, v in enumerate(views):
        for corner, p in zip(("tl", "br"), _indices(v), strict=True):
            points.append((k, corner, p, not _covered(p, views[k + 1:])))
    pairs = sorted(((float(np.hypot(*(np.array(d.at) - p))) / d.height, j, i)
                    for j, d in enumerate(decisions) for i, (_, _, p, _) in enumerate(points)),
                   key=lambda t: t[0])
    taken: dict[int, int] = {}  # decision -> card
    got: dict[int, list[Decision]] = {}
    for dist, j, i in pairs:
        if dist > NEAR or j in taken:
            continue
        owner = points[i][0]
        taken[j] = owner
        got.setdefault(owner, []).append(decisions[j])
    # a joker's mark need not lie where an index would: on a card no index decided for, a
    # decision anywhere on the part of it that shows is its
    for j, d in enumerate(decisions):
        if j in taken:
            continue
        for k, v in enumerate(views):
            if k not in got and _covered(np.array(d.at), [v]) \
                    and not _covered(np.array(d.at), views[k + 1:]):
                taken[j] = k
                got[k] = [d]
                break

    def nearest(d: Decision) -> tuple[float, int, str]:  # (glyph heights, card, corner)
        return min((float(np.hypot(*(np.array(d.at) - p))) / d.height, k, corner)
                   for k, corner, p, _ in points)

    def off(d: Decision) -> str:
        return f"{nearest(d)[0]:.2f}"

    def phantom(d: Decision, how: str) -> Line:  # (by the card it lies nearest: ~3 tl)
        _, k, corner = nearest(d)
        return (deck, seed, seat, "-", f"~{k}", corner, how, d.rank.symbol,
                f"{d.score:.3f}", off(d))

    out: list[Line] = []
    for k, card in enumerate(cards):
        shown = [corner for c, corner, _, seen in points if c == k and seen]
        where = "both" if len(shown) == 2 else shown[0] if shown else "none"
        mine = got.get(k, [])
        if not mine:
            out.append((deck, seed, seat, str(k), card.rank.symbol, where,
                        "missed", "-", "", ""))
            continue
        best = max(mine, key=lambda d: (d.how == "read", d.rank is card.rank))
        out.append((deck, seed, seat, str(k), card.rank.symbol, where, best.how,
                    best.rank.symbol, f"{best.score:.3f}", off(best)))
        for extra in mine:
            if extra is not best and extra.how == "inferred":  # a slot more on one card
                out.append(phantom(extra, "phantom-inferred"))
    for j, d in enumerate(decisions):
        if j not in taken:
            out.append(phantom(d, f"phantom-{d.how}"))
    return out


def read_scene(job: tuple[str, int, str]) -> tuple[list[Line], int]:
    """Every seat's cards of one scene, and how many sets the fan did not decide."""
    deck, seed, mode = job
    cv2.setNumThreads(1)
    scene = generator(deck).render(seed)
    look = look_at(scene.image, scene.homography, scene.layout)
    traced = _traced(deck, mode)
    lines: list[Line] = []
    undecided = 0
    for seat in scene.sets:
        zone = scene.layout.zones[seat]
        traced.rec.read_zone(scene.image, scene.homography, zone, look=look)
        shift = _crop_origin(scene.image, scene.homography, zone, look)
        decisions = traced.decisions(shift)
        if decisions is None:
            undecided += 1
            continue
        cards = [c for c in scene.cards if c.seat == seat]
        lines += _slots(deck, seed, seat, cards, scene.homography, zone, decisions)
    return lines, undecided


def _summary(lines: list[Line]) -> None:
    per: dict[str, Counter[str]] = {}
    for deck, _, _, card, truth, _, how, rank, _, _ in lines:
        tally = per.setdefault(deck, Counter())
        if card == "-":
            tally[how] += 1
            continue
        tally["cards"] += 1
        if how == "missed":
            tally["missed"] += 1
            continue
        (t,), (r,) = parse_cards(truth), parse_cards(rank)
        kind = ("right" if t is r else "joker kind" if t.is_joker and r.is_joker
                else "natural as joker" if r.is_joker else "joker as natural" if t.is_joker
                else "rank")
        tally[f"{how} {kind}"] += 1
    keys = sorted({k for t in per.values() for k in t} - {"cards"})
    for deck, tally in per.items():
        print(f"{deck:<14} cards {tally['cards']}")
        for k in keys:
            if tally[k]:
                print(f"    {k:<28} {tally[k]:>5}")


def _load(path: Path) -> tuple[dict[tuple[str, ...], list[str]], Counter[tuple[str, ...]]]:
    """A run's cards by (deck, seed, seat, card), and its phantoms' count per set."""
    cards: dict[tuple[str, ...], list[str]] = {}
    phantoms: Counter[tuple[str, ...]] = Counter()
    for n, text in enumerate(path.read_text().splitlines(), 1):
        cols = text.split("\t")
        if len(cols) != COLUMNS:
            raise SystemExit(f"{path}:{n}: not a line this script wrote: {text!r}")
        if cols[3] == "-":
            phantoms[tuple(cols[:3])] += 1
        else:
            cards[tuple(cols[:4])] = cols
    return cards, phantoms


def compare(old: Path, new: Path) -> None:
    """Print the cards whose outcome (how, and the rank got) changed between two runs
    (``+`` now right, ``-`` no longer right) and the sets whose phantoms changed in number."""
    (before, ghosts_before), (after, ghosts_after) = _load(old), _load(new)
    marks = Counter[str]()
    for mark, key, a, b in changed(before, after, slice(6, 8), 4, 7):
        marks[mark] += 1
        print(f"{mark} {key[0]:<14} {key[1]}/{key[2]} card {key[3]:>2} {a[4]} ({a[5]}): "
              f"{a[6]} {a[7]} -> {b[6]} {b[7]}")
    for key in sorted(ghosts_before.keys() | ghosts_after.keys()):
        if ghosts_before[key] != ghosts_after[key]:
            print(f"  {key[0]:<14} {key[1]}/{key[2]} phantoms "
                  f"{ghosts_before[key]} -> {ghosts_after[key]}")
    print(f"cards +{marks['+']} -{marks['-']}; phantoms "
          f"{sum(ghosts_before.values())} -> {sum(ghosts_after.values())}")


def main() -> int:
    """Read the sets, write a line per card, print the totals per deck (and the changes)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the TSV to write")
    parser.add_argument("--decks", default="anglo,paris,neoclassical,drawn-0")
    parser.add_argument("--seeds", default="2000:2180", help="first:last+1")
    parser.add_argument("--mode", choices=("zero", "taught"), default="zero")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--compare", type=Path, default=None, help="an earlier run's TSV")
    args = parser.parse_args()
    first, last = (int(v) for v in args.seeds.split(":"))
    jobs = [(deck, seed, args.mode) for deck in args.decks.split(",")
            for seed in range(first, last)]
    with Pool(args.jobs) as pool:
        results = list(pool.imap(read_scene, jobs, chunksize=2))
    lines = [line for scene, _ in results for line in scene]
    args.out.write_text("".join("\t".join(str(v) for v in line) + "\n" for line in lines))
    _summary(lines)
    print(f"sets the fan did not decide (jokers by their edges, no index read): "
          f"{sum(u for _, u in results)}")
    if args.compare is not None:
        compare(args.compare, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
