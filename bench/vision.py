"""Vision benchmark (not a test): prints accuracy and speed figures.

    .venv/bin/python bench/vision.py [--scenes N] [--data ../shared/data]

* set-level exact accuracy (count, ranks and joker kinds all right) on
  synthetic scenes, per deck: the project's own drawn decks (usual and jumbo
  indices), the decks of ``card-faces/`` used while developing, and the held-out ones;
* honesty: sets read wrong yet not marked unsure, sets whose truth is
  offered to the players (the reading, or one of an unsure reading's candidates),
  and sets read right yet marked unsure (confirmations the players did not need), with
  the doubts (:class:`vision.recognize.Doubt`) that made those unsure, and how many
  sets each doubt marked were read wrong; sets read right and sure;
* the same after deck teaching (``card-faces`` decks): each deck taught from one
  teaching photo per rank and joker made from its own faces
  (:func:`vision.teach.teach_faces`), its scenes read again with
  ``profile.recognizer()`` (``--no-teach`` skips this);
* a seat's second play laid over its first, as the camera pipeline reads it: the zone
  watcher's events over a story (empty mat, a hand, the first set, a hand, the second set
  on top) and the second set read with the frame before it (``--over N`` stories per deck);
* sets of one rank, per rank (``--ranks N`` scenes per deck and rank): a rank the reader
  handles badly (a jumbo 10, whose "0" the next card hides) is rare among random sets;
* single cards (``--singles N`` of each rank and joker per deck, alone in a zone): the
  commonest play, and rare among random sets;
* box-level rank accuracy on ``real-photos/`` (VOC boxes, classes nine…ace);
* median time per 1280×720 frame for zone watching (idle) and per set read (and per
  second play read over older cards).

Runs on one core (OpenCV and BLAS threads pinned to 1); times are CPU time of this process, so
that other work on a shared machine inflates them less than wall-clock time would.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import csv
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gouji.cards import ALL_RANKS, Rank
from vision.calibrate import calibrate
from vision.faces import DrawnFaces, FaceSource, FolderFaces
from vision.glyphs import GlyphClassifier
from vision.look import look_at
from vision.recognize import Doubt, Recognizer, SetReading
from vision.stories import story_sets, watch_second_play
from vision.synth import LIGHTS, Effects, SceneGenerator
from vision.teach import teach_faces
from vision.watch import ZoneWatcher

# Decks whose images were looked at while developing the recogniser; the rest are held out.
DEVELOPED_ON = ("anglo", "paris", "neoclassical")
VOC_RANK = {"nine": Rank.NINE, "ten": Rank.TEN, "jack": Rank.JACK, "queen": Rank.QUEEN,
            "king": Rank.KING, "ace": Rank.ACE}


Counts = dict[bool, list[int]]  # {has a joker: [exact, sets]}


@dataclass
class DoubtTally:
    """How often each doubt marked a set, and how often such a set was read wrong (the doubt
    caught a misreading) — a doubt that mostly marks right sets costs needless confirmations."""

    marked: Counter[Doubt] = field(default_factory=Counter)
    caught: Counter[Doubt] = field(default_factory=Counter)

    def add(self, reading: SetReading, right: bool) -> None:
        """Count the doubts of one reading."""
        self.marked.update(reading.doubts)
        if not right:
            self.caught.update(reading.doubts)

    @property
    def needless(self) -> Counter[Doubt]:
        """The doubts of the sets read right (yet unsure, since they carry doubts)."""
        return self.marked - self.caught

    def update(self, other: DoubtTally) -> None:
        """Add another tally's counts."""
        self.marked.update(other.marked)
        self.caught.update(other.caught)

    def line(self) -> str:
        """``doubt wrong/marked`` for each doubt, the most marking first."""
        return ", ".join(f"{d.value} {self.caught[d]}/{k}" for d, k in self.marked.most_common())


def set_accuracy(faces: FaceSource, scenes: int, rec: Recognizer, size: tuple[int, int]
                 ) -> tuple[Counts, list[int], list[float], DoubtTally]:
    """{has joker: [exact, total]}, [confidently wrong, right among the candidates shown,
    right yet unsure], read times (s) and the doubts of every unsure set, read right or not
    (:class:`DoubtTally`), over ``scenes`` random scenes of a deck, each read with the
    frame's look measured on the mat, as the camera pipeline reads."""
    gen = SceneGenerator(faces, size=size)
    counts: Counts = {False: [0, 0], True: [0, 0]}
    honesty = [0, 0, 0]
    times = []
    doubts = DoubtTally()
    for seed in range(scenes):
        scene = gen.render(1000 + seed)
        for seat, ranks in scene.sets.items():
            t = time.process_time()
            look = look_at(scene.image, scene.homography, scene.layout)
            reading = rec.read_zone(scene.image, scene.homography, scene.layout.zones[seat],
                                    look=look)
            times.append(time.process_time() - t)
            truth = tuple(sorted(ranks))
            tally = counts[any(r.is_joker for r in ranks)]
            tally[0] += reading.cards == truth
            tally[1] += 1
            flags = _honesty(reading, truth)
            for k, flag in enumerate(flags):
                honesty[k] += flag
            doubts.add(reading, reading.cards == truth)
    return counts, honesty, times, doubts


def _honesty(reading: SetReading, truth: tuple[Rank, ...]) -> tuple[bool, bool, bool]:
    """Whether ``reading`` is wrong yet not marked unsure, whether ``truth`` is offered
    (the reading when sure, one of the candidates when unsure), and whether it is right
    yet marked unsure (the players confirm a set the camera read right)."""
    shown = [c for c, _ in reading.candidates] if reading.unsure else [reading.cards]
    right = reading.cards == truth
    return not right and not reading.unsure, truth in shown, right and reading.unsure


def second_play_accuracy(faces: FaceSource, stories: int, rec: Recognizer,
                         size: tuple[int, int]) -> tuple[list[int], list[float]]:
    """[events right, exact, confidently wrong, truth offered, stories] for a seat's second
    set laid over its first, watched and read as :mod:`device.camera_pipeline` does, and
    the read times (s)."""
    gen = SceneGenerator(faces, size=size)
    out = [0, 0, 0, 0, stories]
    times = []
    for k in range(stories):
        seed = 1000 + k
        seat, first, second = story_sets(seed)
        play = watch_second_play(gen, seed, seat, first, second)
        if play.event is None:
            continue
        t = time.process_time()
        reading = play.read(rec, look_at(play.after.image, play.after.homography, gen.layout))
        times.append(time.process_time() - t)
        truth = tuple(sorted(second))
        wrong, offered, _ = _honesty(reading, truth)
        out[0] += 1
        out[1] += reading.cards == truth
        out[2] += wrong
        out[3] += offered
    return out, times


def over_older_figures(decks: list[tuple[str, FaceSource]], stories: int, rec: Recognizer,
                       size: tuple[int, int]) -> None:
    """Print :func:`second_play_accuracy` per deck and group."""
    if not stories:
        return
    print(f"\na seat's second play laid over its first ({stories} stories per deck): events"
          "\nright (two 'added', nothing else), exact, confidently wrong, truth offered:")
    groups: defaultdict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    times: list[float] = []
    for name, faces in decks:
        row, deck_times = second_play_accuracy(faces, stories, rec, size)
        times += deck_times
        group = _group(name)
        _add_into(groups[group], row)
        print(f"  {name:<14} {_fmt_over(row)}   ({group})")
    for group, row in groups.items():
        print(f"  == {group:<18} {_fmt_over(row)}")
    if times:
        print(f"  median time per second play read (over older cards): "
              f"{statistics.median(times) * 1000:.1f} ms")


# Harsh conditions a table meets: light the camera does not fully correct, and a lens out
# of focus (σ 1 px of blur beyond the scenes' own 0.3–0.9).
CONDITIONS = {**{lamp: Effects(light=light) for lamp, light in LIGHTS.items()},
              "blurred": Effects(focus=1.0)}


def condition_accuracy(faces: FaceSource, scenes: int, rec: Recognizer,
                       size: tuple[int, int], effects: Effects) -> list[list[int]]:
    """The first ``scenes`` scenes of :func:`set_accuracy` rendered with ``effects``, read
    without and with the frame's look measured on the mat (:func:`vision.look.look_at`:
    its light divided out, its blur taken back): per way, [read right, read right and sure,
    confidently wrong, sets]."""
    gen = SceneGenerator(faces, size=size)
    rows = [[0, 0, 0, 0], [0, 0, 0, 0]]
    for seed in range(scenes):
        scene = gen.render(1000 + seed, effects=effects)
        look = look_at(scene.image, scene.homography, scene.layout)
        for seat, ranks in scene.sets.items():
            truth = tuple(sorted(ranks))
            for row, seen in zip(rows, (None, look), strict=True):
                _count(row, rec.read_zone(scene.image, scene.homography,
                                          scene.layout.zones[seat], look=seen), truth)
    return rows


def _count(row: list[int], reading: SetReading, truth: tuple[Rank, ...]) -> None:
    """Add ``reading`` to ``row``: [read right, read right and sure, confidently wrong,
    sets]."""
    right = reading.cards == truth
    row[0] += right
    row[1] += right and not reading.unsure
    row[2] += not right and not reading.unsure
    row[3] += 1


def condition_figures(decks: list[tuple[str, FaceSource]], scenes: int, rec: Recognizer,
                      size: tuple[int, int]) -> None:
    """Print :func:`condition_accuracy` per group of decks, for each of :data:`CONDITIONS`."""
    if not scenes:
        return
    print(f"\nharsh conditions ({scenes} scenes per deck, zero-shot), without → with the"
          "\nframe's look measured on the mat (light divided out, blur taken back):"
          "\nread right, read right and sure, confidently wrong:")
    for condition, effects in CONDITIONS.items():
        groups: defaultdict[str, list[list[int]]] = defaultdict(lambda: [[0] * 4, [0] * 4])
        for name, faces in decks:
            rows = condition_accuracy(faces, scenes, rec, size, effects)
            total = groups[_group(name)]
            for acc, row in zip(total, rows, strict=True):
                _add_into(acc, row)
        for group, (plain, seen) in groups.items():
            n = plain[3]
            print(f"  {condition:<7} {group:<16} right {plain[0]:>3} → {seen[0]:>3} of {n:<3} | "
                  f"sure and right {plain[1]:>3} → {seen[1]:>3} | "
                  f"confidently wrong {plain[2]:>2} → {seen[2]:>2}")


RANK_SET_SIZES = (4, 3, 5, 2, 6, 3)  # the sets of one rank, one per seat


def rank_accuracy(faces: FaceSource, scenes: int, rec: Recognizer, size: tuple[int, int]
                  ) -> dict[Rank, list[int]]:
    """Per rank (jokers apart): [read right, read right and sure, confidently wrong, sets]
    over ``scenes`` scenes whose six seats each hold a set of that rank alone
    (:data:`RANK_SET_SIZES` cards), read zero-shot with the frame's look."""
    gen = SceneGenerator(faces, size=size)
    out: dict[Rank, list[int]] = {}
    for rank in (r for r in ALL_RANKS if not r.is_joker):
        row = out.setdefault(rank, [0, 0, 0, 0])
        sets = {seat: (rank,) * n for seat, n in enumerate(RANK_SET_SIZES)}
        for seed in range(scenes):
            scene = gen.render(1000 + seed, sets)
            look = look_at(scene.image, scene.homography, scene.layout)
            for seat, truth in sets.items():
                _count(row, rec.read_zone(scene.image, scene.homography,
                                          scene.layout.zones[seat], look=look), truth)
    return out


def rank_figures(decks: list[tuple[str, FaceSource]], scenes: int, rec: Recognizer,
                 size: tuple[int, int]) -> None:
    """Print :func:`rank_accuracy` per group of decks."""
    if not scenes:
        return
    print(f"\nsets of one rank ({scenes} scene(s) per deck and rank, six sets of "
          f"{'/'.join(map(str, RANK_SET_SIZES))} cards, zero-shot): per rank, read right,"
          "\nread right and sure, confidently wrong, of the sets:")
    groups: defaultdict[str, defaultdict[Rank, list[int]]] = defaultdict(
        lambda: defaultdict(lambda: [0] * 4))
    for name, faces in decks:
        for rank, row in rank_accuracy(faces, scenes, rec, size).items():
            acc = groups[_group(name)][rank]
            _add_into(acc, row)
    for group, per in groups.items():
        n = next(iter(per.values()))[3]
        print(f"  {group:<16} (of {n}) " + "  ".join(
            f"{r.symbol} {v[0]}/{v[1]}/{v[2]}" for r, v in per.items()))


def single_accuracy(faces: FaceSource, scenes: int, rec: Recognizer, size: tuple[int, int]
                    ) -> tuple[list[int], Counter[str]]:
    """Each rank and joker laid alone (单张, the commonest play; :func:`random_set` lays one
    card 1 time in 60), six seats a scene, ``scenes`` times over, read zero-shot with the
    frame's look: [read right, read right and sure, confidently wrong, sets], and what the
    confidently wrong read ("3→5")."""
    gen = SceneGenerator(faces, size=size)
    row, wrong = [0, 0, 0, 0], Counter[str]()
    laid = [r for _ in range(scenes) for r in ALL_RANKS]
    for k in range(0, len(laid), 6):
        sets = {seat: (rank,) for seat, rank in enumerate(laid[k:k + 6])}
        scene = gen.render(1000 + k // 6, sets)
        look = look_at(scene.image, scene.homography, scene.layout)
        for seat, truth in sets.items():
            reading = rec.read_zone(scene.image, scene.homography, scene.layout.zones[seat],
                                    look=look)
            _count(row, reading, truth)
            if reading.cards != truth and not reading.unsure:
                wrong[f"{truth[0].symbol}→{''.join(r.symbol for r in reading.cards) or '-'}"] += 1
    return row, wrong


def single_figures(decks: list[tuple[str, FaceSource]], scenes: int, rec: Recognizer,
                   size: tuple[int, int]) -> None:
    """Print :func:`single_accuracy` per group of decks."""
    if not scenes:
        return
    print(f"\nsingle cards ({scenes} of each rank and joker per deck, alone in a zone, "
          "zero-shot):\nread right, read right and sure, confidently wrong (what they read):")
    groups: defaultdict[str, tuple[list[int], Counter[str]]] = defaultdict(
        lambda: ([0] * 4, Counter()))
    for name, faces in decks:
        row, wrong = single_accuracy(faces, scenes, rec, size)
        acc, seen = groups[_group(name)]
        _add_into(acc, row)
        seen.update(wrong)
    for group, (acc, seen) in groups.items():
        what = ", ".join(f"{k} ×{v}" for k, v in seen.most_common())
        print(f"  {group:<16} right {acc[0]:>3}/{acc[3]:<3} | sure and right {acc[1]:>3} | "
              f"confidently wrong {acc[2]:>2}" + (f" ({what})" if what else ""))


def _fmt_over(row: list[int]) -> str:
    seen, exact, wrong, offered, n = row
    return (f"events {seen:>3}/{n:<3} | exact {exact:>3}/{n:<3} {exact / max(n, 1):6.1%} | "
            f"confidently wrong {wrong:>3} | truth offered {offered:>3}/{n:<3}")


def _add_into(total: list[int], row: Sequence[int]) -> None:
    """Add a deck's ``row`` of counts into its group's ``total``, place by place."""
    total[:] = [a + b for a, b in zip(total, row, strict=True)]


def _group(name: str) -> str:
    return ("own jumbo decks" if name.startswith("drawn-jumbo") else
            "own drawn decks" if name.startswith("drawn") else
            "developed on" if name in DEVELOPED_ON else "held out")


def real_photo_accuracy(folder: Path, rec: Recognizer) -> tuple[int, int, int]:
    """(right, found, boxes) for the labelled real photos."""
    boxes: dict[str, list[tuple[Rank, int, int, int, int]]] = defaultdict(list)
    with (folder / "train_labels.csv").open() as fh:
        for row in csv.DictReader(fh):
            boxes[row["filename"]].append((VOC_RANK[row["class"]], int(row["xmin"]),
                                           int(row["ymin"]), int(row["xmax"]), int(row["ymax"])))
    right = found = total = 0
    for name, gts in sorted(boxes.items()):
        image = cv2.imread(str(folder / "train" / name))
        if image is None:
            continue
        cards = rec.find_cards(image)
        for rank, x0, y0, x1, y1 in gts:
            total += 1
            # a card counts for a box when one of its corner indices lies inside it; of
            # those, the one whose outline overlaps the box most (a neighbour's index often
            # lies in the box too: cards overlap), the surer of equals
            inside = [c for c in cards
                      if any(x0 <= m.center[0] <= x1 and y0 <= m.center[1] <= y1 for m in c.marks)]
            if inside:
                found += 1
                best = max(inside, key=lambda c: (c.overlap((x0, y0, x1, y1)), c.confidence))
                right += best.rank == rank
    return right, found, total


def _fmt(row: list[int]) -> str:
    ok_n, n_n, ok_j, n_j = row
    all_ok, all_n = ok_n + ok_j, n_n + n_j
    return (f"all {all_ok:>3}/{all_n:<3} {all_ok / max(all_n, 1):6.1%} | no joker "
            f"{ok_n:>3}/{n_n:<3} {ok_n / max(n_n, 1):6.1%} | joker {ok_j:>3}/{n_j:<3} "
            f"{ok_j / max(n_j, 1):6.1%}")


@dataclass
class Tally:
    """Set figures summed per group of decks: exact (without / with a joker) and honesty."""

    exact: defaultdict[str, list[int]] = field(
        default_factory=lambda: defaultdict(lambda: [0, 0, 0, 0]))
    honest: defaultdict[str, list[int]] = field(
        default_factory=lambda: defaultdict(lambda: [0, 0, 0]))
    doubts: defaultdict[str, DoubtTally] = field(
        default_factory=lambda: defaultdict(DoubtTally))

    def add(self, group: str, counts: Counts, honesty: list[int],
            doubts: DoubtTally) -> list[int]:
        """Add one deck's figures (as :func:`set_accuracy` gives them); returns its row."""
        row = [*counts[False], *counts[True]]
        _add_into(self.exact[group], row)
        _add_into(self.honest[group], honesty)
        self.doubts[group].update(doubts)
        return row

    def print_exact(self) -> None:
        """One line of exact figures per group."""
        for group, row in self.exact.items():
            print(f"  == {group:<18} {_fmt(row)}")

    def print_honesty(self) -> None:
        """One line of honesty figures per group."""
        for group, (wrong, offered, doubted) in self.honest.items():
            n = self.exact[group][1] + self.exact[group][3]
            right = self.exact[group][0] + self.exact[group][2]
            print(f"  == {group:<18} confidently wrong {wrong:>3}/{n:<3} "
                  f"{wrong / max(n, 1):6.1%} | "
                  f"truth offered {offered:>3}/{n:<3} {offered / max(n, 1):6.1%} | "
                  f"right yet unsure {doubted:>3}/{right:<3} {doubted / max(right, 1):6.1%}")
            sure = right - doubted  # what the table takes without asking the players
            print(f"     {'':<18} sure and right {sure:>3}/{n:<3} {sure / max(n, 1):6.1%}")
            needless = self.doubts[group].needless
            if doubted:
                why = ", ".join(f"{d.value} {k}" for d, k in needless.most_common())
                print(f"     {'':<18} (the doubts of those: {why})")
            if self.doubts[group].marked:
                print(f"     {'':<18} (each doubt, sets read wrong / sets it marked: "
                      f"{self.doubts[group].line()})")


def watch_timing(frames: int = 200) -> float:
    """Median seconds per idle 1280×720 frame for the zone watcher."""
    gen = SceneGenerator(DrawnFaces(0))
    scene = gen.render(7, {})
    watcher = ZoneWatcher(calibrate(scene.image, scene.layout))
    times = []
    for _ in range(frames):
        t = time.process_time()
        watcher.update(scene.image)
        times.append(time.process_time() - t)
    return statistics.median(times)


def teach_figures(decks: list[tuple[str, FaceSource]], scenes: int, size: tuple[int, int],
                  clf: GlyphClassifier | bool, weight: float | None) -> None:
    """Teach each deck from its own faces, read the same scenes again and print the figures
    (as for zero-shot, per deck and group)."""
    if not decks:
        return
    print("\nafter deck teaching (each deck taught from one photo per rank and joker of its own"
          "\nfaces), the same scenes:")
    tally = Tally()
    times: list[float] = []
    for name, faces in decks:
        profile, problems = teach_faces(faces)
        rec = profile.recognizer(classifier=clf)
        if weight is not None:
            rec.finder.classifier_weight = weight
        counts, honesty, deck_times, doubts = set_accuracy(faces, scenes, rec, size)
        times += deck_times
        group = _group(name)
        row = tally.add(group, counts, honesty, doubts)
        n = row[1] + row[3]
        note = f"; not taught: {', '.join(problems)}" if problems else ""
        jokers = len({m.rank for m in profile.joker_marks})
        print(f"  {name:<14} {_fmt(row)}   ({group}; marks of {jokers} jokers read; "
              f"confidently wrong {honesty[0]}/{n}{note})")
    tally.print_exact()
    tally.print_honesty()
    print(f"  median time per set read with a taught deck: "
          f"{statistics.median(times) * 1000:.1f} ms")


def main() -> int:
    """Run every figure and print it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=40, help="scenes per deck")
    parser.add_argument("--size", default="1280x720", help="camera frame size WxH")
    parser.add_argument("--data", type=Path,
                        default=Path(__file__).resolve().parent.parent.parent / "shared" / "data")
    parser.add_argument("--classifier-weight", type=float, default=None,
                        help="how strongly the learned classifier re-ranks (0: off)")
    parser.add_argument("--classifier", type=Path, default=None,
                        help="another classifier file than the shipped one")
    parser.add_argument("--no-teach", action="store_true",
                        help="skip the figures after deck teaching")
    parser.add_argument("--over", type=int, default=10,
                        help="stories per deck of a second play laid over the first (0: skip)")
    parser.add_argument("--conditions", type=int, default=10,
                        help="scenes per deck in each harsh condition: coloured or dim "
                             "light, a lens out of focus (0: skip)")
    parser.add_argument("--ranks", type=int, default=1,
                        help="scenes per deck and rank of sets of one rank (0: skip)")
    parser.add_argument("--singles", type=int, default=4,
                        help="cards of each rank and joker per deck laid alone (0: skip)")
    parser.add_argument("--decks", default=None,
                        help="comma-separated deck names to run (default: all)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    clf = GlyphClassifier.load(args.classifier) if args.classifier else True
    rec = Recognizer(classifier=clf)
    if args.classifier_weight is not None:
        rec.finder.classifier_weight = args.classifier_weight
    w, h = (int(v) for v in args.size.lower().split("x"))
    weight = rec.finder.classifier_weight if rec.finder.classifier is not None else 0.0
    print(f"vision benchmark — {args.scenes} scenes per deck, {w}×{h} frames, one core, "
          f"classifier weight {weight:g}\n")
    print("set-level exact accuracy (count + ranks + joker kinds); sets without / with a joker:")
    tally = Tally()
    all_times: list[float] = []
    decks: list[tuple[str, FaceSource]] = [(f"drawn-{s}", DrawnFaces(s)) for s in (0, 1, 2)]
    decks += [(f"drawn-jumbo-{s}", DrawnFaces(s, jumbo=True)) for s in (0, 1)]
    faces_dir = args.data / "card-faces"
    if faces_dir.is_dir():
        decks += [(p.name, FolderFaces(p)) for p in sorted(faces_dir.iterdir()) if p.is_dir()]
    if args.decks:
        wanted = set(args.decks.split(","))
        decks = [(n, f) for n, f in decks if n in wanted]
    for name, faces in decks:
        counts, honesty, times, doubts = set_accuracy(faces, args.scenes, rec, (w, h))
        all_times += times
        group = _group(name)
        row = tally.add(group, counts, honesty, doubts)
        print(f"  {name:<14} {_fmt(row)}   ({group})")
    tally.print_exact()
    print("\nhonesty: sets read wrong without being marked unsure; sets whose truth is offered"
          "\n(the reading when sure, one of the candidates when unsure); sets read right yet"
          "\nmarked unsure (the players confirm them), of those read right:")
    tally.print_honesty()
    if not args.no_teach:
        teach_figures([(n, f) for n, f in decks if not n.startswith("drawn")], args.scenes,
                      (w, h), clf, args.classifier_weight)
    over_older_figures(decks, args.over, rec, (w, h))
    condition_figures(decks, args.conditions, rec, (w, h))
    rank_figures(decks, args.ranks, rec, (w, h))
    single_figures(decks, args.singles, rec, (w, h))
    photos = args.data / "real-photos"
    if photos.is_dir():
        right, found, total = real_photo_accuracy(photos, rec)
        print(f"\nreal photos: rank right {right}/{total} = {right / max(total, 1):.1%} of boxes "
              f"(a card found in {found}/{total}; right when found {right / max(found, 1):.1%})")
    if all_times:
        print(f"\nmedian time per recognised set (the frame's look, zone warp + read): "
              f"{statistics.median(all_times) * 1000:.1f} ms")
    print(f"median time per idle frame (zone watching):       {watch_timing() * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
