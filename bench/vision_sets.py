"""The recogniser's dev loop (not a test): every set of some decks' random scenes, one line each.

    .venv/bin/python bench/vision_sets.py OUT.tsv [--decks anglo,paris,neoclassical,drawn-0]
        [--seeds 2000:2180] [--mode zero|taught|singles] [--no-look] [--jobs 2]
        [--compare OLD.tsv]

Each scene (``SceneGenerator.render(seed)``) is read seat by seat as the benchmark reads it
(zero-shot, or ``taught`` after :func:`vision.teach.teach_faces`; ``singles``: each rank and
joker in turn laid alone, six a scene), with the frame's look unless ``--no-look``.  Writes
per set: deck, seed, seat, truth, reading, unsure (0/1), truth offered (0/1), read time (s),
doubts, candidates; prints the totals per deck and, with ``--compare``, every set whose
reading, sureness or offered truth changed since an earlier run (``+`` now right, ``-`` no
longer right).  Tune on seeds 2000–2179 of the dev decks (and 2600–2799, looked at since
the forty-seventh session, 2800–3199 since the forty-eighth, 3200–3999 since the
forty-ninth to fifty-first, 4000–4199 since the fifty-second), check on 2180–2599; the
benchmark's seeds (1000 on) are for its figures only.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from multiprocessing import Pool
from pathlib import Path
from typing import TypeVar

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gouji.cards import ALL_RANKS, Rank, format_cards
from vision.faces import FaceSource, deck_named
from vision.look import look_at
from vision.recognize import Recognizer, SetReading
from vision.synth import SceneGenerator
from vision.teach import teach_faces

FACES = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "card-faces"
Row = tuple[str, int, int, str, str, int, int, float, str, str]
K = TypeVar("K", bound=tuple[str, ...])


def faces_of(name: str) -> FaceSource:
    """A deck by its benchmark name (:func:`vision.faces.deck_named`, folders in ``FACES``)."""
    return deck_named(name, FACES)


_GENERATORS: dict[str, SceneGenerator] = {}
_READERS: dict[tuple[str, str], Recognizer] = {}


def generator(deck: str) -> SceneGenerator:
    """The scene generator of a deck (:func:`faces_of`), made once per process."""
    if deck not in _GENERATORS:
        _GENERATORS[deck] = SceneGenerator(faces_of(deck))
    return _GENERATORS[deck]


def reader(deck: str, mode: str) -> Recognizer:
    """The recogniser a deck's sets are read with: zero-shot, or ``taught`` its own faces
    (:func:`vision.teach.teach_faces`), made once per process."""
    if (deck, mode) not in _READERS:
        _READERS[deck, mode] = (teach_faces(faces_of(deck))[0].recognizer() if mode == "taught"
                                else Recognizer())
    return _READERS[deck, mode]


def _row(deck: str, seed: int, seat: int, truth: tuple[Rank, ...], reading: SetReading,
         seconds: float) -> Row:
    shown = [c for c, _ in reading.candidates] if reading.unsure else [reading.cards]
    return (deck, seed, seat, format_cards(truth) or "-", format_cards(reading.cards) or "-",
            int(reading.unsure), int(truth in shown), seconds,
            ",".join(d.value for d in reading.doubts),
            "|".join(format_cards(c) or "-" for c, _ in reading.candidates))


def read_scene(job: tuple[str, int, str, bool]) -> list[Row]:
    """Every seat's set of one scene, read."""
    deck, seed, mode, look_on = job
    cv2.setNumThreads(1)
    gen = generator(deck)
    sets = ({seat: (ALL_RANKS[(seed * 6 + seat) % len(ALL_RANKS)],) for seat in range(6)}
            if mode == "singles" else None)
    scene = gen.render(seed, sets)
    look = look_at(scene.image, scene.homography, scene.layout) if look_on else None
    rows = []
    for seat, ranks in scene.sets.items():
        t = time.process_time()
        reading = reader(deck, mode).read_zone(scene.image, scene.homography,
                                                scene.layout.zones[seat], look=look)
        rows.append(_row(deck, seed, seat, tuple(sorted(ranks)), reading,
                         time.process_time() - t))
    return rows


def _load(path: Path) -> dict[tuple[str, str, str], list[str]]:
    out = {}
    for n, line in enumerate(path.read_text().splitlines(), 1):
        cols = line.split("\t")
        if len(cols) < 7:
            raise SystemExit(f"{path}:{n}: not a line this script wrote: {line!r}")
        out[cols[0], cols[1], cols[2]] = cols
    return out


def changed(before: Mapping[K, list[str]], after: Mapping[K, list[str]], outcome: slice,
            truth: int, got: int) -> Iterator[tuple[str, K, list[str], list[str]]]:
    """The keys of both runs whose ``outcome`` columns differ, in order, each with its mark
    (``+`` now right, ``-`` no longer right: column ``got`` equal to column ``truth``, else
    a space) and its two lines."""
    for key in sorted(before.keys() & after.keys()):
        a, b = before[key], after[key]
        if a[outcome] == b[outcome]:
            continue
        was, now = a[got] == a[truth], b[got] == b[truth]
        yield "+" if now and not was else "-" if was and not now else " ", key, a, b


def compare(old: Path, new: Path) -> None:
    """Print the sets whose reading, sureness or offered truth differ between two runs."""
    marks = Counter[str]()
    for mark, key, a, b in changed(_load(old), _load(new), slice(4, 7), 3, 4):
        marks[mark] += 1
        print(f"{mark} {key[0]:<14} {key[1]}/{key[2]} truth {a[3]:<14} "
              f"{a[4]}{'?' if a[5] == '1' else ''} -> {b[4]}{'?' if b[5] == '1' else ''}")
    print(f"+{marks['+']} -{marks['-']}")


def main() -> int:
    """Read the sets, write them, print the totals (and the changes)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the TSV to write")
    parser.add_argument("--decks", default="anglo,paris,neoclassical,drawn-0")
    parser.add_argument("--seeds", default="2000:2180", help="first:last+1")
    parser.add_argument("--mode", choices=("zero", "taught", "singles"), default="zero")
    parser.add_argument("--no-look", action="store_true", help="read without the frame's look")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--compare", type=Path, default=None, help="an earlier run's TSV")
    args = parser.parse_args()
    first, last = (int(v) for v in args.seeds.split(":"))
    jobs = [(deck, seed, args.mode, not args.no_look)
            for deck in args.decks.split(",") for seed in range(first, last)]
    with Pool(args.jobs) as pool:
        rows = [row for scene in pool.imap(read_scene, jobs, chunksize=2) for row in scene]
    args.out.write_text("".join("\t".join(f"{v:.4f}" if isinstance(v, float) else str(v)
                                          for v in row) + "\n" for row in rows))
    per: dict[str, list[int]] = {}
    for row in rows:
        tally = per.setdefault(row[0], [0, 0, 0, 0, 0])
        right = row[3] == row[4]
        tally[0] += right
        tally[1] += right and not row[5]
        tally[2] += not right and not row[5]
        tally[3] += row[6]
        tally[4] += 1
    total = [sum(t[k] for t in per.values()) for k in range(5)]
    for name, (read_right, sure, wrong, offered, n) in [*per.items(), ("all", total)]:
        print(f"{name:<14} right {read_right:>4}/{n:<4} sure and right {sure:>4} "
              f"confidently wrong {wrong:>3} truth offered {offered:>4}")
    print(f"median read {statistics.median(r[7] for r in rows) * 1000:.1f} ms")
    if args.compare is not None:
        compare(args.compare, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
