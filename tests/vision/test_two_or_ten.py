"""A 2 that may be a 10 whose "0" the next card hides (recognize._twos_like_tens): a jumbo
10's lone "1" reads as a 2, and a set of 10s then reads as 2s (wild), sure.  Beside a read
10, a 2 that reads little better than "10" leaves the set unsure (Doubt.COVERED), with the
reading's 2s as 10s among the candidates; so does a jumbo 2 read weakly, and beside a read
10 it is taken for a 10 (recognize._tens_read_as_twos)."""

from __future__ import annotations

import numpy as np
import pytest

from gouji.cards import Rank, format_cards, parse_cards
from vision.candidates import with_tens
from vision.faces import DrawnFaces
from vision.fan import JUMBO_GLYPH_MM, UnreadCard
from vision.indices import JUMBO_WEAK_LEAD, IndexMark
from vision.recognize import (
    TWO_OR_TEN,
    ZONE_PX_PER_MM,
    CardReading,
    Doubt,
    Recognizer,
    _fours_as_tens,
    _tens_read_as_twos,
    _twos_like_tens,
)
from vision.stories import story_sets
from vision.synth import Effects, SceneGenerator

from .helpers import read_jumbo


def _card(rank: Rank, *margins: float, runner_up: Rank = Rank.TEN,
          height: float = 40.0) -> CardReading:
    marks = tuple(IndexMark(rank, 0.8, m, runner_up, (100.0, 100.0), (0.0, 1.0), height, "H",
                            1) for m in margins)
    return CardReading(rank, 0.9, ((0.0, 0.0),) * 4, marks, runner_up)


def test_a_2_reading_little_better_than_10_beside_a_10_is_doubted() -> None:
    ten, two = _card(Rank.TEN, 0.3, runner_up=Rank.JACK), _card(Rank.TWO, TWO_OR_TEN - 0.05)
    assert _twos_like_tens([ten, two, two]) == [1, 2]
    assert _twos_like_tens([two, two]) == []  # no 10 read: nothing to be
    assert _twos_like_tens([ten, _card(Rank.TWO, TWO_OR_TEN + 0.05)]) == []  # a clear 2
    assert _twos_like_tens([ten, _card(Rank.TWO, 0.1, runner_up=Rank.SEVEN)]) == []
    # a card read by both its indices: doubted only when neither reads clearly as a 2
    assert _twos_like_tens([ten, _card(Rank.TWO, 0.1, 0.3)]) == []
    assert _twos_like_tens([ten, _card(Rank.TWO, 0.1, 0.15)]) == [1]


def _turned(rank: Rank, degrees: float) -> CardReading:
    """A card read by one index turned ``degrees`` from the others' "down", reading clearly
    (not doubted by its margin over a 10)."""
    a = np.radians(degrees)
    mark = IndexMark(rank, 0.8, 0.4, Rank.TEN, (100.0, 100.0),
                     (float(-np.sin(a)), float(np.cos(a))), 40.0, "H", 1)
    return CardReading(rank, 0.9, ((0.0, 0.0),) * 4, (mark,), Rank.TEN)


def test_a_2_read_askew_beside_read_10s_is_taken_for_a_10() -> None:
    """A 10 whose "0" the next card hides: its "1" and that card's edge read as a 2 turned
    unlike the set's other indices (drawn-0 `TTTT` read `TTT2`, the 2 20° off).  Beside a
    read 10 such a 2 is doubted and taken for a 10; one lying as the others (or turned half
    round, as a card laid the other way up) is a 2, and so is an askew 2 with no 10 read."""
    tens = [_turned(Rank.TEN, 0.0), _turned(Rank.TEN, 3.0), _turned(Rank.TEN, -2.0)]
    askew, straight = _turned(Rank.TWO, 20.0), _turned(Rank.TWO, 4.0)
    assert _twos_like_tens([*tens, askew, straight]) == [3]
    assert _tens_read_as_twos([*tens, askew, straight]) == 1
    assert _tens_read_as_twos([*tens, _turned(Rank.TWO, 182.0)]) == 0
    assert _tens_read_as_twos([_turned(Rank.TWO, 0.0), _turned(Rank.TWO, 2.0), askew]) == 0


@pytest.mark.parametrize(("seed", "seat", "truth"), [(2535, 4, "TTTT"), (2525, 3, "TTB")])
def test_drawn_10s_read_as_askew_2s_are_read_as_10s(seed: int, seat: int, truth: str) -> None:
    """The drawn deck's check scenes (`TTTT` read `TTT2`, `TTB` read `T2B`): unsure still."""
    scene = SceneGenerator(DrawnFaces(0), size=(1280, 720)).render(seed)
    assert format_cards(tuple(sorted(scene.sets[seat]))) == truth
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert reading.notation == truth and reading.unsure, reading.why()


JUMBO_PX = (JUMBO_GLYPH_MM + 2) * ZONE_PX_PER_MM  # a jumbo index's glyph height in a zone view


def test_a_jumbo_2_reading_weakly_is_doubted_with_no_10_read() -> None:
    weak, clear = (_card(Rank.TWO, m, runner_up=Rank.JACK, height=JUMBO_PX)
                   for m in (JUMBO_WEAK_LEAD - 0.05, JUMBO_WEAK_LEAD + 0.1))
    assert _twos_like_tens([clear, weak, weak]) == [1, 2]
    assert _twos_like_tens([clear, clear]) == []
    # usual indices: a 2 is doubted only beside a read 10
    assert _twos_like_tens([_card(Rank.TWO, JUMBO_WEAK_LEAD - 0.05, runner_up=Rank.JACK)]) == []


def test_jumbo_2s_read_weakly_beside_a_read_10_are_taken_for_10s() -> None:
    ten = _card(Rank.TEN, 0.3, 0.3, runner_up=Rank.JACK, height=JUMBO_PX)
    weak, clear = (_card(Rank.TWO, m, runner_up=Rank.FOUR, height=JUMBO_PX)
                   for m in (JUMBO_WEAK_LEAD - 0.05, JUMBO_WEAK_LEAD + 0.1))
    joker = _card(Rank.BIG_JOKER, 0.3, runner_up=Rank.SMALL_JOKER, height=JUMBO_PX)
    assert _tens_read_as_twos([ten, weak, weak, clear, joker]) == 2
    curved = _card(Rank.TWO, JUMBO_WEAK_LEAD - 0.05, runner_up=Rank.SEVEN, height=JUMBO_PX)
    assert _tens_read_as_twos([curved, curved, clear]) == 0  # no 10 read: 2s, as read
    queen = _card(Rank.QUEEN, 0.3, height=JUMBO_PX)
    assert _tens_read_as_twos([ten, queen, weak]) == 0  # not a set of 10s as read
    usual = [_card(Rank.TEN, 0.3), _card(Rank.TWO, JUMBO_WEAK_LEAD - 0.05, runner_up=Rank.FOUR)]
    assert _tens_read_as_twos(usual) == 0


def test_jumbo_2s_read_weakly_beside_one_read_as_a_10s_1_are_taken_for_10s() -> None:
    """With no 10 read: a jumbo 2 read weakly with a J or a 4 its runner-up is a 10's "1("
    (upright, as they are), and the set's 2s read weakly are taken for 10s; one whose
    runner-up is a 7, a 3 or a 10 (a true 2's curve) tells nothing (drawn jumbo `T22`
    read `222`, `TTTTR` read `2222R`)."""
    weak = JUMBO_WEAK_LEAD - 0.05
    one = _card(Rank.TWO, weak, weak, runner_up=Rank.JACK, height=JUMBO_PX)
    like_ten = _card(Rank.TWO, weak, height=JUMBO_PX)
    clear = _card(Rank.TWO, JUMBO_WEAK_LEAD + 0.1, runner_up=Rank.JACK, height=JUMBO_PX)
    assert _tens_read_as_twos([one, like_ten, clear]) == 2
    assert _tens_read_as_twos([_card(Rank.TWO, weak, runner_up=Rank.FOUR, height=JUMBO_PX),
                               clear]) == 1
    assert _tens_read_as_twos([like_ten, like_ten, clear]) == 0
    assert _tens_read_as_twos([clear, clear]) == 0  # (a J runner-up, but read clearly)
    # read by two indices: a J or a 4 the runner-up of both
    j, seven = (IndexMark(Rank.TWO, 0.8, weak, r, (100.0, 100.0), (0.0, 1.0), JUMBO_PX, "H", 1)
                for r in (Rank.JACK, Rank.SEVEN))
    both = CardReading(Rank.TWO, 0.9, ((0.0, 0.0),) * 4, (j, seven), Rank.JACK)
    assert _tens_read_as_twos([both, like_ten]) == 0
    usual = _card(Rank.TWO, weak, runner_up=Rank.JACK)
    assert _tens_read_as_twos([usual, usual]) == 0  # a usual index's "10" reads whole


def test_unread_jumbo_cards_guessed_2s_are_10s_when_every_read_2_is_taken_for_one() -> None:
    """An unread card guessed a 2 was likened to the set's read 2s: when those are all 10s'
    "1(" read as 2s, it is a 10 too; beside a 2 read clearly it stays a 2."""
    ten = _card(Rank.TEN, 0.3, 0.3, runner_up=Rank.JACK, height=JUMBO_PX)
    weak, clear = (_card(Rank.TWO, m, runner_up=Rank.JACK, height=JUMBO_PX)
                   for m in (JUMBO_WEAK_LEAD - 0.05, JUMBO_WEAK_LEAD + 0.1))
    two, joker = (UnreadCard((0.0, 0.0), r, Rank.SMALL_JOKER, 0.7)
                  for r in (Rank.TWO, Rank.SMALL_JOKER))
    assert _tens_read_as_twos([ten, weak], [two, joker]) == 2
    assert _tens_read_as_twos([weak], [two, two]) == 3
    assert _tens_read_as_twos([ten, weak, clear], [two]) == 1


@pytest.mark.parametrize(("deck", "seed", "seat", "truth"), [
    (1, 2165, 4, "T22"), (0, 2060, 5, "TTR"), (0, 2056, 5, "TTTTTRR"), (1, 2056, 5, "TTTTTRR"),
])
def test_a_jumbo_10_read_as_a_2_beside_2s_is_read_as_a_10(deck: int, seed: int, seat: int,
                                                         truth: str) -> None:
    """Drawn jumbo development scenes: a 10 whose "1(" alone shows read as a 2 with a J
    next (`T22` read `222`), and unread cards likened to such 2s (`TTR` read `T2R`,
    `TTTTTRR` read `TTTT2RR`); unsure still."""
    reading = read_jumbo(deck, seed, seat, truth)
    assert reading.notation == truth and reading.unsure


def _mark(rank: Rank, margin: float, height: float = JUMBO_PX) -> IndexMark:
    return IndexMark(rank, 0.8, margin, Rank.KING, (100.0, 100.0), (0.0, 1.0), height, "H", 1)


def test_jumbo_4s_read_weakly_beside_a_read_10_are_taken_for_10s() -> None:
    ten = _mark(Rank.TEN, 0.3)
    weak, clear = (_mark(Rank.FOUR, m) for m in (JUMBO_WEAK_LEAD - 0.05, JUMBO_WEAK_LEAD + 0.1))
    got = _fours_as_tens([ten, weak, clear])
    assert [m.rank for m in got] == [Rank.TEN, Rank.TEN, Rank.FOUR]
    assert [m.read_as for m in got] == [None, Rank.FOUR, None]  # kept: the set is doubted
    assert _fours_as_tens([weak, clear]) == [weak, clear]  # no 10 read: 4s, as read
    usual = [_mark(Rank.TEN, 0.3, 40.0), _mark(Rank.FOUR, JUMBO_WEAK_LEAD - 0.05, 40.0)]
    assert _fours_as_tens(usual) == usual  # a usual index's "10" shows whole or not at all


def test_the_2s_are_offered_as_10s_all_then_all_but_one_then_one() -> None:
    cands = with_tens([(parse_cards("TT222"), 0.9), (parse_cards("TT22"), 0.5)], 3)
    assert [format_cards(c) for c, _ in cands] == ["TT222", "TTTTT", "TTTT2", "TTT22", "TT22"]
    assert [v for _, v in cands] == sorted((v for _, v in cands), reverse=True)
    # more doubted 2s than the reading holds (one was left out of it): as many as it holds
    cands = with_tens([(parse_cards("TT2"), 0.9)], 2)
    assert [format_cards(c) for c, _ in cands] == ["TT2", "TTT"]
    # two of them likely 10s: that reading first, then the reading, then the others
    cands = with_tens([(parse_cards("TT222"), 0.9)], 3, 2)
    assert [format_cards(c) for c, _ in cands] == ["TTTT2", "TT222", "TTTTT", "TTT22"]
    assert [v for _, v in cands] == sorted((v for _, v in cands), reverse=True)


def test_a_jumbo_second_play_of_10s_read_as_2s_is_read_as_10s_unsure() -> None:
    # drawn-jumbo-0, a seat's second play (seed 2020, as bench/vision.py builds it): six
    # 10s and a 2 over a 大王 read a sure TT22222 (the 10s' "0"s under the next cards); every
    # 2 of a jumbo set beside a 10 is doubted, and those read weakly are taken for 10s: the
    # truth, unsure, with the 2s as read among the candidates
    seed = 2020
    gen = SceneGenerator(DrawnFaces(0, jumbo=True), size=(1280, 720))
    seat, first, second = story_sets(seed)
    assert format_cards(second) == "TTTTTT2"
    still = Effects(glare=False, shadow=False)
    before = gen.render(seed, {seat: first}, still).image
    after = gen.render(seed, {seat: first}, still, on_top={seat: second})
    reading = Recognizer().read_zone(after.image, after.homography, gen.layout.zones[seat],
                                     before=before)
    assert reading.notation == "TTTTTT2"
    assert reading.unsure and Doubt.COVERED in reading.doubts
    assert parse_cards("TT22222") in [c for c, _ in reading.candidates]


# sets of jumbo 10s, each 10's "0" under the next card: its "1" read as a 2, by more than
# TWO_OR_TEN, and the sets read sure (TTTT as TTT2, T222; TTT as T22); read weakly so
# (by less than JUMBO_WEAK_LEAD), beside the top card's 10, such 2s are taken for 10s
TENS = {0: "TTTT", 1: "TTT", 2: "TTTTT", 3: "TT", 4: "TTTTTT", 5: "TTT"}


@pytest.mark.parametrize(("deck", "seed", "seat", "as_read"), [
    (1, 2000, 0, "TTT2"), (0, 2009, 0, "T222"), (0, 2006, 5, "T22"), (1, 2000, 5, "T22"),
])
def test_a_jumbo_10_read_weakly_as_2_beside_a_10_is_read_as_10(deck: int, seed: int,
                                                               seat: int, as_read: str) -> None:
    sets = {s: parse_cards(n) for s, n in TENS.items()}
    scene = SceneGenerator(DrawnFaces(deck, jumbo=True), size=(1280, 720)).render(seed, sets)
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert reading.notation == TENS[seat]
    assert reading.unsure and Doubt.COVERED in reading.doubts
    # the indices as the finder read them, second
    assert [c for c, _ in reading.candidates][1] == parse_cards(as_read)


# sets of jumbo 10s whose "1(" read as 4s, weakly: the 4s outnumbered the top card's 10, and
# `TTTT` read `4442`, `TTT` read `444` (36 of 216 sets read a 10 and 4s)
@pytest.mark.parametrize(("deck", "seed", "seat"), [(0, 2000, 0), (0, 2002, 5), (2, 2001, 0)])
def test_a_jumbo_10_read_weakly_as_4_beside_a_10_is_read_as_10(deck: int, seed: int,
                                                               seat: int) -> None:
    sets = {s: parse_cards(n) for s, n in TENS.items()}
    scene = SceneGenerator(DrawnFaces(deck, jumbo=True), size=(1280, 720)).render(seed, sets)
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert reading.notation == TENS[seat]
    assert reading.unsure and Doubt.COVERED in reading.doubts
    assert Doubt.MIXED not in reading.doubts
    assert any(m.read_as is Rank.FOUR for c in reading.readings for m in c.marks)


# jumbo 10s under a 2 laid on top: no 10 shows whole, each "1(" read as a 2, and `TTT2` read
# a sure `2222` (31 of these 216 sets read sure and wrong); then unsure, the truth offered;
# now read so, a "1(" read as a 2 with a J or a 4 its runner-up (unsure still)
TENS_UNDER_A_2 = {0: "TTT2", 1: "TT2", 2: "TTTT22", 3: "T2", 4: "TTTTT2", 5: "T22"}


@pytest.mark.parametrize(("deck", "seed", "seat"), [(0, 2003, 0), (1, 2005, 0), (2, 2000, 1)])
def test_jumbo_10s_under_a_2_read_as_2s_are_unsure(deck: int, seed: int, seat: int) -> None:
    sets = {s: parse_cards(n) for s, n in TENS_UNDER_A_2.items()}
    scene = SceneGenerator(DrawnFaces(deck, jumbo=True), size=(1280, 720)).render(seed, sets)
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert reading.notation == TENS_UNDER_A_2[seat]
    assert reading.unsure and Doubt.COVERED in reading.doubts
