"""A 2 that may be a 10 whose "0" the next card hides (recognize._twos_like_tens): a jumbo
10's lone "1" reads as a 2, and a set of 10s then reads as 2s (wild), sure.  Beside a read
10, a 2 that reads little better than "10" leaves the set unsure (Doubt.COVERED), with the
reading's 2s as 10s among the candidates."""

from __future__ import annotations

import numpy as np
import pytest

from gouji.cards import Rank, format_cards, parse_cards
from vision.candidates import with_tens
from vision.faces import DrawnFaces
from vision.indices import IndexMark
from vision.recognize import (
    TWO_OR_TEN,
    CardReading,
    Doubt,
    Recognizer,
    _twos_like_tens,
)
from vision.synth import Effects, SceneGenerator, random_set


def _card(rank: Rank, *margins: float, runner_up: Rank = Rank.TEN) -> CardReading:
    marks = tuple(IndexMark(rank, 0.8, m, runner_up, (100.0, 100.0), (0.0, 1.0), 40.0, "H", 1)
                  for m in margins)
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


def test_the_2s_are_offered_as_10s_all_then_all_but_one_then_one() -> None:
    cands = with_tens([(parse_cards("TT222"), 0.9), (parse_cards("TT22"), 0.5)], 3)
    assert [format_cards(c) for c, _ in cands] == ["TT222", "TTTTT", "TTTT2", "TTT22", "TT22"]
    assert [v for _, v in cands] == sorted((v for _, v in cands), reverse=True)
    # more doubted 2s than the reading holds (one was left out of it): as many as it holds
    cands = with_tens([(parse_cards("TT2"), 0.9)], 2)
    assert [format_cards(c) for c, _ in cands] == ["TT2", "TTT"]


def test_a_jumbo_second_play_of_10s_read_as_2s_is_unsure() -> None:
    # drawn-jumbo-0, a seat's second play (seed 2020, as bench/vision.py builds it): six
    # 10s and a 2 over a 大王 read a sure TT22222 (the 10s' "0"s under the next cards); every
    # 2 of a jumbo set beside a 10 is doubted, and all of them but one as 10s is the truth
    seed = 2020
    gen = SceneGenerator(DrawnFaces(0, jumbo=True), size=(1280, 720))
    rng = np.random.default_rng([seed, 7])
    seat, first, second = int(rng.integers(6)), random_set(rng), random_set(rng)
    assert format_cards(second) == "TTTTTT2"
    still = Effects(glare=False, shadow=False)
    before = gen.render(seed, {seat: first}, still).image
    after = gen.render(seed, {seat: first}, still, on_top={seat: second})
    reading = Recognizer().read_zone(after.image, after.homography, gen.layout.zones[seat],
                                     before=before)
    assert reading.notation == "TT22222"
    assert reading.unsure and Doubt.COVERED in reading.doubts
    assert parse_cards("TTTTTT2") in [c for c, _ in reading.candidates]


# sets of jumbo 10s, each 10's "0" under the next card: its "1" read as a 2, by more than
# TWO_OR_TEN, and the sets read sure (TTTT as TTT2, T222; TTT as T22)
TENS = {0: "TTTT", 1: "TTT", 2: "TTTTT", 3: "TT", 4: "TTTTTT", 5: "TTT"}


@pytest.mark.parametrize(("deck", "seed", "seat", "read"), [
    (1, 2000, 0, "TTT2"), (0, 2009, 0, "T222"), (0, 2006, 5, "T22"), (1, 2000, 5, "T22"),
])
def test_a_jumbo_10_read_as_2_is_offered_as_10(deck: int, seed: int, seat: int,
                                               read: str) -> None:
    sets = {s: parse_cards(n) for s, n in TENS.items()}
    scene = SceneGenerator(DrawnFaces(deck, jumbo=True), size=(1280, 720)).render(seed, sets)
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert reading.notation == read
    assert reading.unsure and Doubt.COVERED in reading.doubts
    assert tuple(sorted(sets[seat])) in [c for c, _ in reading.candidates]
