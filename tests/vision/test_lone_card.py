"""A lone card (单张): its paper is one card (vision.lone_card.lone_card), what its indices
read is one card or its art, and with no index read it is offered as a joker."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gouji.cards import ALL_RANKS, Rank, format_cards, parse_cards
from vision.faces import FolderFaces
from vision.indices import IndexMark, InkMap, PaperInk, joker_of_colour
from vision.lone_card import LONE_RED_SHARE, LoneCard, lone_card, lone_joker
from vision.look import look_at
from vision.recognize import (
    LONE_ASKEW,
    ZONE_PX_PER_MM,
    CardReading,
    Doubt,
    Recognizer,
    SetReading,
    _along_lone_card,
    _pair_rank,
    _tens_unlike_whole,
    zone_view,
)
from vision.stories import watch_second_play
from vision.synth import SceneGenerator

from .helpers import PictureJokerFaces, read_dev_scene


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


@pytest.mark.parametrize(("seed", "joker"), [(21, "R"), (22, "B"), (23, "R")])
def test_a_lone_card_with_no_index_read_is_offered_as_a_joker(
        recognizer: Recognizer, seed: int, joker: str) -> None:
    """A joker led alone, its corner a picture: no index, no fan, but one card's paper.
    It is read as a joker of its corner's colour, unsure, with the other joker offered."""
    scene = SceneGenerator(PictureJokerFaces(3)).render(seed, {4: parse_cards(joker)})
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[4])
    assert format_cards(reading.cards) == joker and reading.unsure
    offered = [format_cards(c) for c, _ in reading.candidates]
    assert set(offered[:2]) == {"B", "R"}
    # near misses: two jokers (one hidden), a 2 whose index was not read
    assert set(offered[2:]) <= {"BR", "BB", "RR", "2"}
    assert reading.readings == ()  # inferred, not read


def test_more_than_one_card_is_not_a_lone_card(recognizer: Recognizer) -> None:
    """Two jokers fanned are no lone card (vision.joker_fan counts them instead)."""
    scene = SceneGenerator(PictureJokerFaces(3)).render(22, {4: parse_cards("BR")})
    view = zone_view(scene.image, scene.homography, scene.layout.zones[4])
    finder = recognizer.finder
    assert lone_joker(view, finder.survey(view).ink, ZONE_PX_PER_MM, finder.joker_red) is None
    reading = recognizer.read_set(view)
    assert format_cards(reading.cards) == "BR" and reading.unsure


# Singles on the dev decks, six seats at a time: the commonest play, seldom in random sets
# (`random_set` lays one card 1 time in 60).  Before, 21 of 864 read sure and wrong.
LOW = {0: "3", 1: "4", 2: "5", 3: "6", 4: "7", 5: "8"}
HIGH = {0: "9", 1: "T", 2: "J", 3: "Q", 4: "K", 5: "A"}
WILD = {0: "2", 1: "B", 2: "R", 3: "2", 4: "R", 5: "B"}
TENS = {seat: "T" for seat in range(6)}
JOKERS = {0: "B", 1: "R", 2: "B", 3: "R", 4: "B", 5: "R"}


def _read_single(shared_data: Path, deck: str, seed: int, sets: dict[int, str], seat: int,
                 recognizer: Recognizer) -> tuple[str, bool, list[str], tuple[Doubt, ...]]:
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / deck), size=(1280, 720))
    scene = gen.render(seed, {s: parse_cards(c) for s, c in sets.items()})
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    return (format_cards(reading.cards), reading.unsure,
            [format_cards(c) for c, _ in reading.candidates], reading.doubts)


def _read_single_as_first_read(shared_data: Path, deck: str, seed: int,
                               sets: dict[int, str], seat: int, recognizer: Recognizer,
                               monkeypatch: pytest.MonkeyPatch
                               ) -> tuple[str, bool, list[str], tuple[Doubt, ...]]:
    """:func:`_read_single` with no index read again with fainter ink
    (Recognizer._read_fainter): what comes of the indices as the survey first read them."""
    with monkeypatch.context() as patched:
        patched.setattr("vision.recognize.FAINT_SURE", 0.0)
        return _read_single(shared_data, deck, seed, sets, seat, recognizer)


@pytest.mark.parametrize(("deck", "seed", "sets", "seat", "rank_read"), [
    # its pip set off the glyph's middle turns the read "down" 7°: the two 3s lay outside
    # where a card's two corners lie, and read as two cards, sure (`33`)
    ("neoclassical", 2002, LOW, 0, True),
    # the card's paper joined to the seat's label by a strand of light mat (its 9 reads as
    # a J by both corners: one card all the same)
    ("neoclassical", 2010, HIGH, 0, False),
    # a court card's art parts its paper in two (`JJ`)
    ("paris", 2001, HIGH, 2, True),
])
def test_a_lone_cards_two_corners_are_one_card(shared_data: Path, recognizer: Recognizer,
                                               deck: str, seed: int, sets: dict[int, str],
                                               seat: int, rank_read: bool) -> None:
    read, _, _, _ = _read_single(shared_data, deck, seed, sets, seat, recognizer)
    assert len(read) == 1
    if rank_read:
        assert read == sets[seat]


# anglo's 大王 alone, no index read: its thin red word is 14–68 % of the ink near its
# corners, the rest its picture's black frame; by the mean redness it read 小王
@pytest.mark.parametrize(("seed", "seat"), [(2000, 2), (2000, 4), (2008, 2), (2011, 4)])
def test_a_lone_big_jokers_thin_red_word_among_black_ink_is_a_big_joker(
        shared_data: Path, recognizer: Recognizer, seed: int, seat: int) -> None:
    read, unsure, offered, _ = _read_single(shared_data, "anglo", seed, WILD, seat, recognizer)
    assert read == "R" and unsure
    assert offered[:2] == ["R", "B"]


# paris's 5–8 and court cards laid alone: each corner pip joined to a big pip or the art,
# no index was read and the card was offered as a joker
@pytest.mark.parametrize(("seed", "sets", "seat"), [
    (2001, LOW, 3), (2002, LOW, 2), (2003, LOW, 5), (2006, LOW, 4), (2002, HIGH, 3),
])
def test_a_lone_cards_glyph_whose_pip_runs_into_its_art_is_read(
        shared_data: Path, recognizer: Recognizer, seed: int, sets: dict[int, str],
        seat: int) -> None:
    read, unsure, _, _ = _read_single(shared_data, "paris", seed, sets, seat, recognizer)
    assert read == sets[seat] and not unsure


def test_a_lone_court_cards_index_is_not_dropped_beside_its_art(shared_data: Path) -> None:
    """anglo's Q♦ alone: its court art read as two "10"s twice the height of its corner Q, so
    the Q was dropped as unlike them (indices.consistent), the "10"s lay by no corner, and the
    card was read as a lone 大王 by its red corner ink.  The dropped indices along the card
    are taken when one lies by a corner."""
    reading = read_dev_scene(shared_data, "anglo", 2048, 3)
    assert reading.notation == "Q", reading.why()


# paris's 10♣ alone: its corner pip touches the big club beside it, no index was read, and
# that big club read as a 7 (21 mm in from the corner, both ends): read `7`, unsure
@pytest.mark.parametrize(("seed", "seat"), [(2001, 3), (2002, 2), (2006, 0), (2013, 5)])
def test_a_lone_10_whose_pip_runs_into_a_big_pip_is_read_by_its_digits(
        shared_data: Path, recognizer: Recognizer, seed: int, seat: int) -> None:
    read, unsure, _, _ = _read_single(shared_data, "paris", seed, TENS, seat, recognizer)
    assert (read, unsure) == ("T", False)


def test_a_lone_jokers_sideways_word_is_no_10(shared_data: Path, recognizer: Recognizer
                                              ) -> None:
    """anglo's 小王 alone: its word's "J" and "O", side by side over the letters run
    together, each read about as well as a "1" as an "O"; taken either way round (the "O"
    as the "1" on the left), the card was a sure 10."""
    read, unsure, offered, _ = _read_single(shared_data, "anglo", 2001, JOKERS, 0, recognizer)
    assert read == "B" and unsure and "T" not in offered


# A lone card's pips or art read as an index, askew to the card (`TTT`: paris's 10♦, two
# big diamonds side by side read as a "10" 53° off; `AAA`: neoclassical's 10♣, its big clubs
# as As; `44`: neoclassical's Q; `72`: anglo's 2).
@pytest.mark.parametrize(("deck", "seed", "sets", "seat"), [
    ("paris", 2001, TENS, 0), ("paris", 2004, TENS, 5), ("neoclassical", 2013, TENS, 3),
    ("neoclassical", 2006, TENS, 0), ("neoclassical", 2004, HIGH, 3),
    ("anglo", 2009, {0: "T", 1: "2", 2: "B", 3: "T", 4: "R", 5: "T"}, 1),
])
def test_a_lone_cards_pips_askew_to_it_are_no_index(
        shared_data: Path, recognizer: Recognizer, deck: str, seed: int, sets: dict[int, str],
        seat: int) -> None:
    read, _, _, _ = _read_single(shared_data, deck, seed, sets, seat, recognizer)
    assert read == sets[seat]


# anglo's jokers laid alone, their picture read as a natural index at one corner (`J`, `7`)
# and nothing at the other: a natural card prints its index at both, so the set is unsure
# (`one-corner`) and both jokers are offered next (before, each was read sure and wrong)
@pytest.mark.parametrize(("seed", "seat"), [(2001, 4), (2007, 4)])
def test_a_lone_card_read_by_one_corner_only_may_be_a_joker(
        shared_data: Path, recognizer: Recognizer, seed: int, seat: int) -> None:
    read, unsure, offered, doubts = _read_single(shared_data, "anglo", seed, JOKERS, seat,
                                                 recognizer)
    assert read not in ("B", "R") and unsure and Doubt.ONE_CORNER in doubts
    assert offered[1:3] == ["B", "R"]


# the same where the one index read is a J whose pip read poorly: the J of the joker's
# word "Joker", its "o" taken for the pip (IndexMark.word_joker), by the word's colour; a
# lone J would show its other corner, and a J's pip reads well.  Read as that joker, still
# unsure, the J next (before: read `J`, the jokers offered after it; dev singles +6 -0)
@pytest.mark.parametrize(("seed", "seat"), [(2004, 4), (2006, 0), (2010, 2), (2026, 3),
                                            (2028, 1)])
def test_a_lone_j_read_by_one_corner_with_a_poor_pip_is_a_jokers_word(
        shared_data: Path, recognizer: Recognizer, seed: int, seat: int) -> None:
    read, unsure, offered, doubts = _read_single(shared_data, "anglo", seed, JOKERS, seat,
                                                 recognizer)
    assert read == JOKERS[seat] and unsure and Doubt.ONE_CORNER in doubts
    assert offered[:3] == [read, "J", "BR".replace(read, "")]


def _bench_single(shared_data: Path, deck: str, seed: int, seat: int,
                  recognizer: Recognizer) -> tuple[tuple[Rank, ...], SetReading]:
    """A seat's single card in a scene of the benchmark's singles (``bench/vision_sets.py
    --mode singles``), read with the frame's look: the card laid, and the reading."""
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / deck), size=(1280, 720))
    sets = {s: (ALL_RANKS[(seed * 6 + s) % len(ALL_RANKS)],) for s in range(6)}
    scene = gen.render(seed, sets)
    look = look_at(scene.image, scene.homography, scene.layout)
    return sets[seat], recognizer.read_zone(scene.image, scene.homography,
                                            scene.layout.zones[seat], look=look)


# neoclassical's jokers laid alone, with the frame's look: the word JOKER read at one
# corner, its J alone at the other, and the card read as two, sure (`JB`, `JR`)
@pytest.mark.parametrize(("seed", "seat"), [(2034, 4), (2062, 1), (2069, 5)])
def test_a_lone_jokers_word_and_its_j_at_the_other_corner_are_one_joker(
        shared_data: Path, recognizer: Recognizer, seed: int, seat: int) -> None:
    laid, reading = _bench_single(shared_data, "neoclassical", seed, seat, recognizer)
    assert reading.cards == laid


# a 小王 laid alone, its corner read as no index, where light on the felt beside it passed
# the paper level: its paper was no lone card, and nothing was offered
@pytest.mark.parametrize("deck", ["paris", "neoclassical"])
def test_a_lone_joker_beside_lit_felt_is_offered(shared_data: Path, recognizer: Recognizer,
                                                 deck: str) -> None:
    laid, reading = _bench_single(shared_data, deck, 2177, 1, recognizer)
    assert laid == (Rank.SMALL_JOKER,)
    assert reading.cards == laid and reading.unsure


def test_the_bare_mat_is_no_part_of_a_lone_cards_paper() -> None:
    """Paper the bare mat shows (PaperInk.mat_seen: lit felt the paper level counts) joined
    to a card's is not the card's: the card alone is a lone card."""
    w, h = round(63 * ZONE_PX_PER_MM), round(88 * ZONE_PX_PER_MM)
    paper = np.zeros((h + 80, 2 * w + 80), np.uint8)
    paper[40:40 + h, 40:40 + 2 * w] = 1  # the card, and lit felt to its right
    felt = np.zeros_like(paper)
    felt[:, 40 + w:] = 1
    zeros = np.zeros_like(paper)

    def seen(mat_seen: np.ndarray | None) -> PaperInk:
        return PaperInk(InkMap(zeros, zeros, paper, zeros), paper.astype(np.int32), 40,
                        mat_seen=mat_seen)

    assert lone_card(seen(None), ZONE_PX_PER_MM) is None  # 126 mm wide: no card
    card = lone_card(seen(felt), ZONE_PX_PER_MM)
    assert card is not None
    sides = sorted(float(np.hypot(*(card.corners[i] - card.corners[i - 1]))) / ZONE_PX_PER_MM
                   for i in (1, 2))
    assert sides == pytest.approx([63.0, 88.0], abs=2.0)


# a natural card laid alone is read at its other corner too, and stays sure
@pytest.mark.parametrize(("deck", "seed"), [("paris", 2001), ("neoclassical", 2000),
                                            ("anglo", 2000)])
def test_a_lone_natural_card_read_at_both_corners_is_sure(
        shared_data: Path, recognizer: Recognizer, deck: str, seed: int) -> None:
    for seat, card in LOW.items():
        read, unsure, _, _ = _read_single(shared_data, deck, seed, LOW, seat, recognizer)
        assert (read, unsure) == (card, False)


def test_a_lone_cards_marks_are_kept_along_its_long_side() -> None:
    """Marks whose "down" lies within :data:`LONE_ASKEW` of the card's long side (either
    way: its far corner's index is turned half round) are kept; others only if jokers."""
    turn = np.radians(30.0)
    long_side = np.array([np.cos(turn), np.sin(turn)])
    short_side = np.array([-np.sin(turn), np.cos(turn)])
    corners = np.array([[0, 0], 88 * long_side, 88 * long_side + 60 * short_side,
                        60 * short_side], np.float32) * ZONE_PX_PER_MM
    card = LoneCard(np.zeros((1, 1), bool), corners)

    def mark(rank: Rank, degrees: float) -> IndexMark:
        a = turn + np.radians(degrees)
        return IndexMark(rank, 0.8, 0.2, Rank.ACE, (0.0, 0.0),
                         (float(np.cos(a)), float(np.sin(a))), 40.0, "H", 1)

    kept = [mark(Rank.TEN, 0.0), mark(Rank.TEN, 180.0), mark(Rank.TEN, LONE_ASKEW - 5),
            mark(Rank.SMALL_JOKER, 90.0)]
    askew = [mark(Rank.TEN, LONE_ASKEW + 5), mark(Rank.ACE, 90.0), mark(Rank.TWO, -60.0)]
    assert _along_lone_card(kept + askew, card) == kept


# anglo's 小王 alone: its word JOKER's J, the letters below it one blob, would read as a J
@pytest.mark.parametrize(("seed", "seat"), [(2006, 5), (2010, 1)])
def test_a_lone_cards_pipless_j_is_no_rank(shared_data: Path, recognizer: Recognizer,
                                           seed: int, seat: int) -> None:
    read, unsure, offered, _ = _read_single(shared_data, "anglo", seed, WILD, seat, recognizer)
    assert read == "B" and unsure and "J" not in offered


def test_a_joker_mark_is_told_by_its_share_of_red_ink() -> None:
    """Black ink with a red word among it: a 大王 where 15 % red is enough (a lone card's
    corners hold its picture's frame too: :data:`vision.lone_card.LONE_RED_SHARE`), not in a
    fan's corner box (a neighbour's red pip may lie in it).  By the mean (27 here, under the
    recogniser's 35) it was a 小王 either way."""
    image = np.full((10, 10, 3), 20, np.uint8)
    image.reshape(-1, 3)[:15] = (40, 40, 220)  # R − max(B, G) = 180 on 15 of 100 pixels
    ys, xs = np.nonzero(np.ones((10, 10), bool))
    assert joker_of_colour(image, ys, xs, 35.0, LONE_RED_SHARE) is Rank.BIG_JOKER
    assert joker_of_colour(image, ys, xs, 35.0) is Rank.SMALL_JOKER
    image[:] = 20
    assert joker_of_colour(image, ys, xs, 35.0, LONE_RED_SHARE) is Rank.SMALL_JOKER


@pytest.mark.parametrize(("paper", "ink", "joker"), [
    (130, (60, 60, 92), Rank.BIG_JOKER),  # a dim red word: 32 on paper at 130 is 63 in white
    (240, (60, 60, 92), Rank.SMALL_JOKER),  # the same ink on white paper: dark, not red
    (130, (40, 40, 48), Rank.SMALL_JOKER),  # black ink with a warm cast in the same shadow
])
def test_a_marks_redness_is_measured_against_the_paper_around_it(
        paper: int, ink: tuple[int, int, int], joker: Rank) -> None:
    """anglo's 大王 in a shadow (check seed 2183): its word at R − max(B, G) 27–34, under
    the recogniser's 35, on paper at 133 read a 小王.  Redness is scaled as if the paper
    round the mark (its box padded by half its size) were white."""
    image = np.full((24, 24, 3), paper, np.uint8)
    image[4:20, 11:13] = ink  # a letter's stroke: its own box holds no paper
    ys, xs = np.nonzero(image[:, :, 0] != paper)
    assert joker_of_colour(image, ys, xs, 35.0) is joker


def test_a_lone_cards_art_far_from_its_corners_is_no_index(shared_data: Path,
                                                           recognizer: Recognizer) -> None:
    """neoclassical's 大王: its jester's body, 44 mm from the nearest corner, read a sure K.
    With no index left the card is a lone joker, unsure, both jokers offered."""
    read, unsure, offered, doubts = _read_single(shared_data, "neoclassical", 2009, WILD, 4,
                                                 recognizer)
    assert read in ("B", "R") and unsure and Doubt.NO_INDEX in doubts
    assert {"B", "R"} <= set(offered[:2])


@pytest.mark.parametrize(("seed", "read", "unsure"), [(2010, "8", False), (2002, "T", True)])
def test_a_thin_8_read_as_10_from_its_loops(shared_data: Path, recognizer: Recognizer,
                                           monkeypatch: pytest.MonkeyPatch, seed: int,
                                           read: str, unsure: bool) -> None:
    """neoclassical's 8: its loops apart read as "1" and "0", and the "10" so read reads
    worse than the glyph whole as an 8.  With the other corner read as an 8, the card is an
    8 (sure); with both corners so, it stays a 10, but unsure, the 8 offered next.  (Read
    again with fainter ink, its loops hold together and both corners read a sure 8:
    Recognizer._read_fainter, left out here to see what comes of the loops read apart.)"""
    got, was_unsure, offered, doubts = _read_single_as_first_read(
        shared_data, "neoclassical", seed, LOW, 5, recognizer, monkeypatch)
    assert (got, was_unsure) == (read, unsure)
    if unsure:
        assert Doubt.WEAK in doubts and offered[1] == "8"
    got, was_unsure, _, _ = _read_single(shared_data, "neoclassical", seed, LOW, 5, recognizer)
    assert (got, was_unsure) == ("8", False)


def _mark(rank: Rank, margin: float, runner_up: Rank) -> IndexMark:
    return IndexMark(rank, 0.8, margin, runner_up, (0.0, 0.0), (0.0, 1.0), 40.0, "H", 1)


def test_an_8_and_a_10_are_one_card_of_the_rank_the_10s_glyph_reads_best_whole() -> None:
    eight = _mark(Rank.EIGHT, 0.1, Rank.TEN)
    assert _pair_rank(eight, _mark(Rank.TEN, 0.1, Rank.JACK)) is Rank.TEN  # digits touching
    assert _pair_rank(_mark(Rank.TEN, -0.09, Rank.EIGHT), eight) is Rank.EIGHT
    assert _pair_rank(_mark(Rank.TEN, -0.09, Rank.QUEEN), eight) is Rank.TEN


@pytest.mark.parametrize(("deck", "seed"), [("anglo", 2005), ("neoclassical", 2004)])
def test_a_lone_10_one_corner_read_as_a_j_is_a_10(shared_data: Path, recognizer: Recognizer,
                                                  deck: str, seed: int) -> None:
    """A lone 10 whose "0" was not read at one corner: its "1" reads as a J there.  Its two
    corners, a 10 and a J, are one card, a 10 (they were two ranks, and the card read J)."""
    assert _pair_rank(_mark(Rank.JACK, 0.1, Rank.SEVEN), _mark(Rank.TEN, 0.2, Rank.JACK)) \
        is Rank.TEN
    read, unsure, _, _ = _read_single(shared_data, deck, seed, HIGH, 1, recognizer)
    assert (read, unsure) == ("T", False)


def test_a_10_read_from_its_parts_worse_than_whole_is_doubted() -> None:
    def ten(*margins: float) -> CardReading:
        marks = tuple(_mark(Rank.TEN, m, Rank.EIGHT) for m in margins)
        return CardReading(Rank.TEN, 0.9, ((0.0, 0.0),) * 4, marks, Rank.EIGHT)

    assert _tens_unlike_whole([ten(-0.09, -0.08)])
    assert not _tens_unlike_whole([ten(-0.09, 0.1)])  # one corner reads it a 10 outright
    assert not _tens_unlike_whole([ten(0.2)])


def test_one_cards_paper_is_a_lone_card_and_two_cards_are_not(recognizer: Recognizer) -> None:
    gen = SceneGenerator(PictureJokerFaces(3))
    for cards, lone in (("R", True), ("BR", False), ("77", False)):
        scene = gen.render(22, {4: parse_cards(cards)})
        view = zone_view(scene.image, scene.homography, scene.layout.zones[4])
        card = lone_card(recognizer.finder.survey(view).ink, ZONE_PX_PER_MM)
        assert (card is not None) is lone, cards
        if card is not None:  # its outline: a card's sides, 57-63 x 87-89 mm
            sides = sorted(float(np.hypot(*(card.corners[i] - card.corners[i - 1])))
                           / ZONE_PX_PER_MM for i in (1, 2))
            assert 52 <= sides[0] <= 68 and 80 <= sides[1] <= 95


def test_a_lone_card_read_by_one_corner_is_looked_at_its_other(
        shared_data: Path, recognizer: Recognizer, monkeypatch: pytest.MonkeyPatch) -> None:
    """neoclassical's lone 6: one corner read as a 10 from two parts (worse than whole as
    a 6), the other not read at all, and the card read a sure 10.  The other corner, where
    the card's middle mirrors the one read, reads as a 6 on a second look: two ranks, the
    set unsure, read as the 6 that reads better.  (Read again with fainter ink, the first
    corner reads a 6 and the card a sure 6: Recognizer._read_fainter, left out here.)"""
    read, unsure, _, doubts = _read_single_as_first_read(
        shared_data, "neoclassical", 2009, LOW, 3, recognizer, monkeypatch)
    assert read == "6" and unsure and Doubt.MIXED in doubts
    read, unsure, _, _ = _read_single(shared_data, "neoclassical", 2009, LOW, 3, recognizer)
    assert (read, unsure) == ("6", False)


def _second_play(shared_data: Path, deck: str, seed: int, seat: int, first: str, second: str,
                 recognizer: Recognizer) -> SetReading:
    """``second`` laid over ``first`` at ``seat``, watched and read as bench/vision.py and
    the camera pipeline do (:mod:`vision.stories`)."""
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / deck), size=(1280, 720))
    play = watch_second_play(gen, seed, seat, parse_cards(first), parse_cards(second))
    assert play.event is not None
    return play.read(recognizer)


def test_a_glyph_too_small_for_an_index_is_none(shared_data: Path,
                                                recognizer: Recognizer) -> None:
    """paris, a seat's second play as bench/vision.py builds it (seed 2040): a lone 小王 laid
    over three.  A 2.5 mm shape in its picture read as a 6 and the set a sure `6`; no
    card's index glyph is under LEAST_GLYPH_MM: the set is unsure, the 小王 offered."""
    from vision.synth import random_set
    rng = np.random.default_rng([2040, 7])
    seat, first, second = int(rng.integers(6)), random_set(rng), random_set(rng)
    assert (format_cards(first), format_cards(second)) == ("BBB", "B")
    reading = _second_play(shared_data, "paris", 2040, seat, "BBB", "B", recognizer)
    assert reading.unsure
    assert parse_cards("B") in [c for c, _ in reading.candidates]


@pytest.mark.parametrize(("deck", "seed", "seat", "first", "second"), [
    ("paris", 2031, 5, "2", "9"), ("neoclassical", 2047, 3, "B", "T"),
])
def test_one_new_cards_paper_holds_no_other_card(shared_data: Path, recognizer: Recognizer,
                                                 deck: str, seed: int, seat: int, first: str,
                                                 second: str) -> None:
    """A card laid alone over another, its new paper one card's: the edge of the older
    card beside it looked like a fan's next card, and a joker was guessed there (`9R`,
    `TR`).  One card's paper holds no card but the one read."""
    reading = _second_play(shared_data, deck, seed, seat, first, second, recognizer)
    assert format_cards(reading.cards) == second and not reading.unsure


def test_a_lone_cards_other_corner_may_read_a_size_unlike_the_first(
        shared_data: Path, recognizer: Recognizer, monkeypatch: pytest.MonkeyPatch) -> None:
    """neoclassical's lone 5: one corner read a sure J 0.6 times the glyph's height (part
    of the 5).  Its other corner, the whole 5, was refused by the second look's usual size
    (0.75-1.3 of the J's); looked at more widely, it reads, and the set is two ranks,
    unsure, read as the 5.  (Read again with fainter ink, the first corner reads a 5 too:
    Recognizer._read_fainter, left out here.)"""
    read, unsure, _, doubts = _read_single_as_first_read(
        shared_data, "neoclassical", 2010, LOW, 2, recognizer, monkeypatch)
    assert read == "5" and unsure and Doubt.MIXED in doubts
    read, _, _, doubts = _read_single(shared_data, "neoclassical", 2010, LOW, 2, recognizer)
    assert read == "5" and Doubt.MIXED not in doubts


# neoclassical's thin red 7 and 5 and an anglo 7 laid alone: no index read, even pipless,
# and each offered as a 大王 (`R`)
@pytest.mark.parametrize(("deck", "seed", "seat"), [
    ("neoclassical", 2002, 4), ("neoclassical", 2005, 2), ("anglo", 2002, 4),
])
def test_a_lone_card_with_no_index_read_is_read_with_fainter_ink(
        shared_data: Path, recognizer: Recognizer, deck: str, seed: int, seat: int) -> None:
    read, unsure, _, doubts = _read_single(shared_data, deck, seed, LOW, seat, recognizer)
    assert read == LOW[seat]
    assert unsure and Doubt.WEAK in doubts  # read with fainter ink only


def test_a_lone_card_by_the_zones_outline_is_read_by_its_edge(
        shared_data: Path, recognizer: Recognizer) -> None:
    """neoclassical's 7 laid alone, its index by the card's edge near the zone's outline:
    the felt between them, filled as paper, kept the index from its edge (vision.bare_mat),
    and it was read only with fainter ink, unsure."""
    read, unsure, _, _ = _read_single(shared_data, "neoclassical", 2009, LOW, 4, recognizer)
    assert read == "7" and not unsure


def test_a_lone_jokers_word_read_with_fainter_ink_is_no_j(shared_data: Path,
                                                         recognizer: Recognizer) -> None:
    """neoclassical's 大王 and 小王 laid alone: with fainter ink the J of their JOKER reads
    as an index, and the card read `J` (unsure) instead of the joker."""
    jokers = {0: "B", 1: "R", 2: "B", 3: "R", 4: "B", 5: "R"}
    for seed, seat in ((2002, 3), (2004, 4)):
        read, unsure, _, _ = _read_single(shared_data, "neoclassical", seed, jokers, seat,
                                          recognizer)
        assert read == jokers[seat] and unsure, seed
