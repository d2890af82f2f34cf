"""A joker's word JOKER read as a J (:func:`vision.recognize._joker_words`): anglo's script
"Joker" reads as a J whose "pip" is the word's "o", matching a pip poorly; in a set of
another rank such a J is the joker, not a misread card of the set's rank.  So too a J, or
where every natural card read is one, a card of any rank, whose letters run on down the
card (:func:`vision.fan_words.word_at`, given here as which marks run on)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gouji.cards import Rank
from vision.fan import JUMBO_GLYPH_MM
from vision.indices import IndexMark
from vision.recognize import ZONE_PX_PER_MM, CardReading, _joker_words

from .helpers import read_dev_scene

JUMBO_PX = (JUMBO_GLYPH_MM + 2) * ZONE_PX_PER_MM  # a jumbo index's glyph height


def _card(rank: Rank, word: Rank | None = None, height: float = 30.0) -> CardReading:
    """A card read by one index ``height`` px high (``word``: as a J with a poor pip, the
    joker its colour makes it)."""
    mark = IndexMark(rank, 0.8, 0.3, Rank.TEN, (100.0, 100.0), (0.0, 1.0), height, "D", 1,
                     word_joker=word)
    return CardReading(rank, 0.8, ((0.0, 0.0),) * 4, (mark,), Rank.TEN)


def _no_letters(mark: IndexMark) -> Rank | None:
    """No index's letters run on down its card."""
    return None


def _running(*cards: CardReading, joker: Rank = Rank.BIG_JOKER
             ) -> Callable[[IndexMark], Rank | None]:
    """The letters of ``cards``' indices run on as a word of ``joker``'s colour."""
    marks = [m for c in cards for m in c.marks]
    return lambda mark: joker if any(mark is m for m in marks) else None


def test_a_j_with_a_poor_pip_in_a_set_of_another_rank_is_the_joker() -> None:
    eights = [_card(Rank.EIGHT), _card(Rank.EIGHT)]
    read = _joker_words([*eights, _card(Rank.JACK, Rank.SMALL_JOKER)], _no_letters)
    assert [c.rank for c in read] == [Rank.EIGHT, Rank.EIGHT, Rank.SMALL_JOKER]
    (mark,) = read[2].marks
    assert mark.rank is Rank.SMALL_JOKER and mark.read_as is Rank.JACK  # doubted: taken for


@pytest.mark.parametrize("cards", [
    "a J and jokers only", "Js alone, every pip poor", "a J alone"])
def test_where_no_j_read_well_each_is_its_joker(cards: str) -> None:
    """Where every natural card read is a J whose pip read poorly, none is a J: anglo's fans
    of jokers read as Js and a joker (`RR` read `JR`, check seed 2569)."""
    sets = {
        "a J and jokers only": [_card(Rank.JACK, Rank.BIG_JOKER), _card(Rank.BIG_JOKER)],
        "Js alone, every pip poor": [_card(Rank.JACK, Rank.SMALL_JOKER),
                                     _card(Rank.JACK, Rank.BIG_JOKER)],
        "a J alone": [_card(Rank.JACK, Rank.SMALL_JOKER)],
    }
    read = _joker_words(sets[cards], _no_letters)
    assert [c.rank for c in read] == [c.marks[0].word_joker or c.rank for c in sets[cards]]
    assert all(m.read_as is Rank.JACK for c in read for m in c.marks if m.word_joker)


@pytest.mark.parametrize("cards", [
    "a J whose pip read well", "a set of Js", "Js are most", "a set of 10s", "jumbo indices",
    "jumbo Js alone"])
def test_what_stays_a_j(cards: str) -> None:
    """A J whose pip read well (no ``word_joker``), a set read as Js (with a 2, Js may be
    played) one of whose pips read well, one most of whose cards read as J, a set of 10s
    (a 10's "1" reads as a J over its "0") and a set of jumbo indices (an A half hidden
    reads as a J) keep their Js."""
    word = _card(Rank.JACK, Rank.BIG_JOKER)
    big = [_card(Rank.ACE, height=JUMBO_PX), _card(Rank.ACE, height=JUMBO_PX)]
    sets = {
        "a J whose pip read well": [_card(Rank.NINE), _card(Rank.NINE), _card(Rank.JACK)],
        "a set of Js": [_card(Rank.JACK), word, _card(Rank.TWO)],
        "Js are most": [_card(Rank.JACK), _card(Rank.JACK), word, _card(Rank.NINE)],
        "a set of 10s": [_card(Rank.TEN), _card(Rank.TEN), word],
        "jumbo indices": [*big, _card(Rank.JACK, Rank.BIG_JOKER, JUMBO_PX)],
        "jumbo Js alone": [_card(Rank.JACK, Rank.BIG_JOKER, JUMBO_PX)],
    }
    read = _joker_words(sets[cards], _no_letters)
    assert read == sets[cards]


def test_an_odd_j_whose_letters_run_on_is_the_joker() -> None:
    """A J whose pip read well, in a set of 9s, its letters running on: its word's joker
    (anglo `999922BB` read `9999922B`); an odd card of another rank so stays (a 9's side
    pips below a 7 read at its corner: paris `999999R` read `999999BBR`)."""
    nines = [_card(Rank.NINE), _card(Rank.NINE), _card(Rank.NINE)]
    jack, seven = _card(Rank.JACK), _card(Rank.SEVEN)
    read = _joker_words([*nines, jack], _running(jack))
    assert [c.rank for c in read] == [Rank.NINE] * 3 + [Rank.BIG_JOKER]
    assert read[3].marks[0].read_as is Rank.JACK
    assert _joker_words([*nines, seven], _running(seven)) == [*nines, seven]


def test_where_every_natural_card_is_a_word_each_is_its_joker() -> None:
    """Every natural card read, of any rank, a word whose letters run on: jokers all (anglo
    `BB` read `AAB`); one whose letters stop, a true index, keeps them all."""
    aces = [_card(Rank.ACE), _card(Rank.ACE)]
    joker = _card(Rank.SMALL_JOKER)
    read = _joker_words([*aces, joker], _running(*aces, joker=Rank.SMALL_JOKER))
    assert [c.rank for c in read] == [Rank.SMALL_JOKER] * 3
    assert [m.read_as for c in read for m in c.marks] == [Rank.ACE, Rank.ACE, None]
    assert _joker_words([*aces, joker], _running(aces[0])) == [*aces, joker]


# anglo dev scenes: the joker's "Joker", its "o" read as a ♦ or ♥ at 0.83–0.89, read as a J
# and then as one more card of the set's rank (`8888B` read `88888`)
@pytest.mark.parametrize(("seed", "seat", "truth"), [
    (2044, 2, "8888B"), (2061, 0, "KKKKBR"), (2157, 2, "55555BB")])
def test_anglo_jokers_read_as_js_are_jokers(shared_data: Path, seed: int, seat: int,
                                            truth: str) -> None:
    reading = read_dev_scene(shared_data, "anglo", seed, seat, looked=True)
    assert reading.notation == truth and reading.unsure, reading.why()


def test_a_pair_of_jokers_read_as_a_j_and_a_joker_is_read_as_jokers(shared_data: Path) -> None:
    """Check scene (anglo, seed 2569, seat 3): `RR`, one 大王's "Joker" read as a J whose
    "pip" (its "o") matched poorly; read `JR` before."""
    reading = read_dev_scene(shared_data, "anglo", 2569, 3, looked=True)
    assert reading.notation == "RR" and reading.unsure, reading.why()
