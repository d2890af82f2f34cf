"""Teaching a deck."""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from gouji.cards import ALL_RANKS, Rank, format_cards, parse_cards
from vision.faces import CARD_SIZE, DrawnFaces, FolderFaces
from vision.glyphs import GLYPH_SIZE, default_model
from vision.indices import IndexMark
from vision.joker_marks import HIDDEN, MARK_PIP, JokerMark
from vision.look import look_at
from vision.recognize import TAUGHT_LEAST, Recognizer, SetReading, _of_taught_size
from vision.synth import Effects, SceneGenerator
from vision.teach import (
    DEFAULT_RED,
    DeckProfile,
    TeachError,
    rank_from_name,
    samples_from_camera,
    samples_from_folder,
    taught_joker_red,
    teach,
    teach_faces,
    teaching_photo,
)

from .helpers import PictureJokerFaces, card_photo

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


@pytest.mark.parametrize(("stem", "rank"), [
    ("T", Rank.TEN), ("10S", Rank.TEN), ("3h", Rank.THREE), ("BJ", Rank.SMALL_JOKER),
    ("RJ", Rank.BIG_JOKER), ("大王", Rank.BIG_JOKER), ("A_front", Rank.ACE), ("2", Rank.TWO),
])
def test_rank_from_file_name(stem: str, rank: Rank) -> None:
    assert rank_from_name(stem) is rank


def test_rank_from_other_names() -> None:
    assert rank_from_name("notes") is None


def test_teach_from_a_folder_and_use_the_profile(tmp_path: Path) -> None:
    faces = DrawnFaces(4)
    folder = tmp_path / "deck"
    folder.mkdir()
    for i, rank in enumerate(ALL_RANKS):
        name = "BJ" if rank is Rank.SMALL_JOKER else "RJ" if rank is Rank.BIG_JOKER else rank.symbol
        cv2.imwrite(str(folder / f"{name}.png"), card_photo(faces, rank, angle=23.0 * i))
    profile, problems = teach(samples_from_folder(folder))
    # every card was taught; the marks of this deck's jokers (a word JOKER, headed by a J)
    # are found again among its ordinary cards (17 of 48 ordinary sets read phantom jokers
    # with them), so they are reported and not used: its jokers are read as any deck's
    # vertical JOKER is, without teaching
    assert len(problems) == 2
    assert all("ordinary cards" in p for p in problems)
    assert profile.joker_marks == ()
    assert set(profile.labels) >= {"10", "J", "Q", "K", "A", "2"}
    assert not {"B", "R"} & set(profile.labels)
    assert len(profile.model().prototypes) == len(default_model().prototypes) \
        + len(profile.labels)
    readings = _read(profile.recognizer(), faces, {0: "7777", 2: "KKK", 4: "888888"}, 41)
    assert all(not any(c.is_joker for c in r.cards) for r in readings.values())
    store = tmp_path / "state" / "deck.npz"
    profile.save(store)
    assert store.stat().st_size < 100_000
    again = DeckProfile.load(store)
    assert again.labels == profile.labels
    rec = again.recognizer()
    for rank in (Rank.TEN, Rank.SMALL_JOKER, Rank.BIG_JOKER):
        assert [c.rank for c in rec.find_cards(card_photo(faces, rank, 130.0))] == [rank]


def test_teach_rejects_an_image_without_a_card() -> None:
    with pytest.raises(TeachError):
        teach([(Rank.THREE, np.zeros((200, 200, 3), np.uint8))])


def test_teach_walks_the_user_through_the_ranks_with_a_camera(tmp_path: Path) -> None:
    from vision.sources import FolderSource

    faces = DrawnFaces(5)
    for i, rank in enumerate((Rank.KING, Rank.ACE)):
        cv2.imwrite(str(tmp_path / f"{i}.png"), card_photo(faces, rank, 40.0 * i))
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "" if ("K " in prompt or "A " in prompt) else "s"

    samples = samples_from_camera(FolderSource(tmp_path), ask)
    assert [r for r, _ in samples] == [Rank.KING, Rank.ACE]
    assert len(prompts) == len(ALL_RANKS)
    profile, problems = teach(samples)
    assert problems == [] and set(profile.labels) == {"K", "A"}


class StarJokerFaces(DrawnFaces):
    """The drawn deck, but its jokers carry a five-pointed star in the corners (as the
    anglo_poker and gnomangelo decks do), black for 小王, red for 大王: no index at all."""

    def _joker_index(self, ink: tuple[int, int, int]) -> Image.Image:
        side = round(CARD_SIZE[1] * self.style.index_height * 1.2)
        tile = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        r_out, r_in, c = side / 2 - 1, side / 5, side / 2
        pts = [(c + (r_out if k % 2 == 0 else r_in) * math.sin(k * math.pi / 5),
                c - (r_out if k % 2 == 0 else r_in) * math.cos(k * math.pi / 5))
               for k in range(10)]
        ImageDraw.Draw(tile).polygon(pts, fill=(*ink, 255))
        return tile


def _read(rec: Recognizer, faces: DrawnFaces, sets: dict[int, str], seed: int
          ) -> dict[int, SetReading]:
    scene = SceneGenerator(faces).render(seed, {s: parse_cards(n) for s, n in sets.items()},
                                         Effects.clean())
    return {seat: rec.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
            for seat in sets}


@pytest.mark.parametrize(("faces", "least_exact"), [(StarJokerFaces(3), 3),
                                                    (PictureJokerFaces(3), 2)],
                         ids=["star", "ring"])
def test_teaching_learns_a_joker_mark_without_index_and_reads_it(faces: DrawnFaces,
                                                                 least_exact: int) -> None:
    profile, problems = teach_faces(faces)
    assert problems == []
    assert {m.rank for m in profile.joker_marks} == {Rank.SMALL_JOKER, Rank.BIG_JOKER}
    sets = {0: "KKKB", 2: "99R", 4: "777BR"}
    truth = {s: tuple(sorted(parse_cards(n))) for s, n in sets.items()}
    before = _read(Recognizer(), faces, sets, 11)
    # untaught, the jokers are not read by their mark: at best a gap in the fan shows them,
    # and the set is unsure
    assert all(not any(c.rank.is_joker for c in r.readings) for r in before.values())
    assert all(r.cards != truth[s] or r.unsure for s, r in before.items())
    after = _read(profile.recognizer(), faces, sets, 11)
    exact = [s for s, r in after.items() if r.cards == truth[s]]
    assert len(exact) >= least_exact
    for s, r in after.items():
        # what is not read exactly is marked unsure (in the ring deck's 777BR the black ring
        # lies half under the red joker) and offers the truth among its candidates
        assert r.cards == truth[s] or r.unsure
        assert r.cards == truth[s] or truth[s] in [c for c, _ in r.candidates]
    assert all(not after[s].unsure for s in exact)


def test_a_taught_joker_mark_survives_saving(tmp_path: Path) -> None:
    faces = StarJokerFaces(3)
    profile, _ = teach_faces(faces)
    store = tmp_path / "deck.npz"
    profile.save(store)
    assert store.stat().st_size < 100_000
    again = DeckProfile.load(store)
    # each joker, both ways up, whole and as partly covered
    assert len(again.joker_marks) == len(profile.joker_marks) == 4 * (1 + len(HIDDEN))
    for a, b in zip(again.joker_marks, profile.joker_marks, strict=True):
        assert a.rank is b.rank and a.box == pytest.approx(b.box, abs=1e-5)
        assert a.index_at == pytest.approx(b.index_at, abs=1e-5)
        assert all(math.isfinite(v) for v in a.index_at)
        assert float(a.feature @ b.feature) > 0.999
    photo = teaching_photo(faces, Rank.BIG_JOKER, 200.0)
    assert again.recognizer().joker_marks is not None
    assert photo.shape[2] == 3


def test_a_profile_saved_before_joker_marks_still_loads(tmp_path: Path) -> None:
    profile, _ = teach_faces(DrawnFaces(4))
    old = tmp_path / "old.npz"
    np.savez_compressed(old, labels=np.array(profile.labels),
                        features=profile.features.astype(np.float16),
                        joker_red=np.float32(profile.joker_red))
    again = DeckProfile.load(old)
    assert again.joker_marks == () and again.labels == profile.labels
    assert again.index_share is None
    rec = again.recognizer()
    assert rec.joker_marks is None and rec.index_height is None
    assert [c.rank for c in rec.find_cards(card_photo(DrawnFaces(4), Rank.TEN, 40.0))] \
        == [Rank.TEN]


def test_a_joker_photo_with_a_blank_corner_is_named_as_a_problem() -> None:
    faces = StarJokerFaces(3)
    blank = np.full((600, 600, 3), (40, 110, 60), np.uint8)
    cv2.rectangle(blank, (180, 130), (420, 466), (250, 250, 250), -1)  # a card, nothing on it
    samples = [(Rank.KING, card_photo(faces, Rank.KING, 10.0)), (Rank.SMALL_JOKER, blank)]
    profile, problems = teach(samples)
    assert len(problems) == 1 and problems[0].startswith(Rank.SMALL_JOKER.chinese)
    assert profile.joker_marks == ()
    with pytest.raises(TeachError):
        teach([(Rank.BIG_JOKER, blank)])


def test_jokers_of_the_card_faces_decks_can_be_taught() -> None:
    folder = DATA / "card-faces" / "gnomangelo"
    if not folder.is_dir():
        pytest.skip("card-faces data not present")
    profile, problems = teach_faces(FolderFaces(folder))
    kept = {m.rank for m in profile.joker_marks}
    # the black star is learnt; a joker whose mark is not kept is named, and why: the red
    # star is found again among ordinary cards (a red pip), so it is not trusted
    assert Rank.SMALL_JOKER in kept
    for kind in {Rank.SMALL_JOKER, Rank.BIG_JOKER} - kept:
        assert any(p.startswith(kind.chinese) and "ordinary cards" in p for p in problems)



def test_a_taught_joker_mark_half_under_the_next_card_is_read() -> None:
    # neoclassical's joker corner (a star in a disc) is wider than a fan's step: the next
    # card covers its right part, and only that visible part matches
    folder = DATA / "card-faces" / "neoclassical"
    if not folder.is_dir():
        pytest.skip("card-faces data not present")
    faces = FolderFaces(folder)
    profile, problems = teach_faces(faces)
    assert problems == []
    rec = profile.recognizer()
    gen = SceneGenerator(faces, size=(1280, 720))
    exact, joker_sets = 0, 0
    for seed in (2003, 2008):
        scene = gen.render(seed)
        for seat, laid in scene.sets.items():
            reading = rec.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
            if any(card.is_joker for card in laid):
                joker_sets += 1
                exact += reading.cards == tuple(sorted(laid))
            else:  # no joker read among ordinary cards
                assert not any(card.is_joker for card in reading.cards)
    # (before partly covered marks were learnt: 1 of 4)
    assert joker_sets == 4 and exact >= 3


def test_the_decks_glyph_height_is_taught_and_saved(tmp_path: Path) -> None:
    """The rank glyph's height, as a share of the card's width, is kept with the profile;
    the recogniser sizes indices in a zone view by it (4 px per mm, a 60 mm card)."""
    profile, _ = teach_faces(DrawnFaces(4))
    assert profile.index_share is not None and 0.08 < profile.index_share < 0.3
    store = tmp_path / "deck.npz"
    profile.save(store)
    again = DeckProfile.load(store)
    assert again.index_share == pytest.approx(profile.index_share, rel=1e-5)
    assert again.recognizer().index_height == pytest.approx(profile.index_share * 240.0,
                                                             rel=1e-5)


def _index(rank: Rank, height: float, pip: str = "S") -> IndexMark:
    return IndexMark(rank, 0.9, 0.2, Rank.TEN, (100.0, 100.0), (0.0, 1.0), height, pip, 1)


def test_indices_far_smaller_than_the_taught_glyph_are_art() -> None:
    """A taught deck's rank index reading under TAUGHT_LEAST of its glyph height is its
    art's (a pip's or a face's detail), not an index; JOKER letters and taught joker marks
    are no rank glyphs and stay.  Where every rank index reads so small, they are kept: a
    blurred fan's strokes fall apart into halves, to be read again with fainter ink."""
    glyph = 40.0
    index, art = _index(Rank.KING, 39.0), _index(Rank.SEVEN, (TAUGHT_LEAST - 0.05) * glyph)
    letter = _index(Rank.SMALL_JOKER, 14.0, "O")
    mark = _index(Rank.BIG_JOKER, 15.0, MARK_PIP)
    assert _of_taught_size([index, art, letter, mark], glyph) == [index, letter, mark]
    halves = [_index(Rank.THREE, 19.0), _index(Rank.THREE, 20.0), letter]
    assert _of_taught_size(halves, glyph) == halves


def _taught(deck: str) -> tuple[FolderFaces, Recognizer]:
    """A card-faces deck's faces and a recogniser taught them (skips without the data)."""
    folder = DATA / "card-faces" / deck
    if not folder.is_dir():
        pytest.skip("card-faces data not present")
    faces = FolderFaces(folder)
    return faces, teach_faces(faces)[0].recognizer()


@pytest.fixture(scope="module")
def paris_taught() -> tuple[FolderFaces, Recognizer]:
    """The paris deck's faces and a recogniser taught them."""
    return _taught("paris")


@pytest.fixture(scope="module")
def neoclassical_taught() -> tuple[FolderFaces, Recognizer]:
    """The neoclassical deck's faces and a recogniser taught them."""
    return _taught("neoclassical")


def _read_taught(taught: tuple[FolderFaces, Recognizer], seed: int, seat: int) -> SetReading:
    faces, rec = taught
    scene = SceneGenerator(faces, size=(1280, 720)).render(seed)
    return rec.read_zone(scene.image, scene.homography, scene.layout.zones[seat],
                         look=look_at(scene.image, scene.homography, scene.layout))


# development scenes: paris's taught chips miscount a fan of jokers (a chip under the next
# card, a chip's pattern read as a 10), which the fan's edges count right
@pytest.mark.parametrize(("seed", "seat", "truth"), [
    (2008, 5, "BRRR"), (2017, 4, "BBBBRRRR"), (2035, 1, "BBBBRRRR"),
])
def test_a_fan_of_jokers_of_a_taught_deck_is_counted_by_its_edges(
        paris_taught: tuple[FolderFaces, Recognizer], seed: int, seat: int, truth: str) -> None:
    reading = _read_taught(paris_taught, seed, seat)
    assert reading.notation == truth, reading.why()
    assert reading.unsure  # counted by the edges: confirmed by the players


# development scenes: paris's taught black chip found in a 2♣'s big top pip, on the face of
# the card on top (`JJ2` read a sure `JJ2B`)
@pytest.mark.parametrize(("seed", "seat", "truth"), [(2096, 0, "JJ2"), (2096, 4, "822")])
def test_a_taught_joker_mark_on_the_face_of_the_top_card_is_its_art(
        paris_taught: tuple[FolderFaces, Recognizer], seed: int, seat: int, truth: str) -> None:
    reading = _read_taught(paris_taught, seed, seat)
    assert reading.notation == truth, reading.why()


def test_a_taught_joker_mark_knows_where_its_decks_index_lies() -> None:
    # paris' chip sits further in from the card's side than the deck's rank glyphs, and a
    # little lower: the glyphs lie to its left and above it
    folder = DATA / "card-faces" / "paris"
    if not folder.is_dir():
        pytest.skip("card-faces data not present")
    marks = teach_faces(FolderFaces(folder))[0].joker_marks
    assert marks
    for mark in marks:  # (whole, and as partly covered: the head's centre moves left)
        x, y = mark.index_at
        assert -0.4 < x < 0.0 and -0.3 < y < 0.0


def test_a_marks_index_place_turns_with_its_card() -> None:
    mark = JokerMark(Rank.BIG_JOKER, np.zeros(GLYPH_SIZE * GLYPH_SIZE, np.float32),
                     (-0.5, -0.5, 0.5, 0.5), 1.0, 0.1, (8.0, 12.0), 100.0, (-0.3, -0.1))
    centre = np.array([100.0, 50.0])
    # upright: left of and above the head; a card turned a quarter (its "down" pointing
    # right): its left is the image's bottom, its top the image's left
    assert mark.index_place(centre, np.array([0.0, 1.0]), 20.0) == pytest.approx((94.0, 48.0))
    assert mark.index_place(centre, np.array([1.0, 0.0]), 20.0) == pytest.approx((98.0, 56.0))
    # a profile taught before the place was learnt: the mark stands for its card's index
    row = mark.geometry()[:9]
    old = JokerMark.from_row("R", mark.feature, row)
    assert old.box == mark.box and old.partner == mark.partner
    assert old.index_place(centre, np.array([0.0, 1.0]), 20.0) is None


# development scenes: a taught mark's centre lies off where its card's index would (paris'
# chip, neoclassical's star in a disc, further in from the card's side), so the gap before
# it looked two steps wide and an unread card was guessed there (`444R` read `444RR`)
@pytest.mark.parametrize(("seed", "seat", "truth"), [(2113, 1, "444R"), (2153, 4, "AABR")])
def test_a_taught_joker_mark_places_its_card_where_the_index_lies_paris(
        paris_taught: tuple[FolderFaces, Recognizer], seed: int, seat: int, truth: str) -> None:
    reading = _read_taught(paris_taught, seed, seat)
    assert reading.notation == truth, reading.why()


@pytest.mark.parametrize(("seed", "seat", "truth"), [(2006, 5, "KKR"), (2085, 0, "55BR")])
def test_a_taught_joker_mark_places_its_card_where_the_index_lies_neoclassical(
        neoclassical_taught: tuple[FolderFaces, Recognizer], seed: int, seat: int,
        truth: str) -> None:
    reading = _read_taught(neoclassical_taught, seed, seat)
    assert reading.notation == truth, reading.why()


# check scenes (2180-2419): neoclassical's star in a circle, its jokers' taught corner mark,
# read as a "10" (with the ink beside it), which the joker reader then left alone: two ranks
# read, the jokers not (`333R` read `333`, `AAAAAABB` read `AAAAAA`); now the jokers are
# read there, the sets still doubted (the "10" may have held another card's glyph too:
# `444R`, the circle and the next card's 4 read as a 10, read `44R` until the fifty-first
# session, when the look in the fan's uneven gap, Recognizer._in_uneven_gaps, read that 4)
@pytest.mark.parametrize(("seed", "seat", "read"), [
    (2266, 4, "333R"), (2316, 2, "AAAAAAAABR"), (2407, 1, "AAAAAABB"), (2211, 4, "444R")])
def test_a_taught_joker_mark_read_as_a_ten_is_the_joker(
        neoclassical_taught: tuple[FolderFaces, Recognizer], seed: int, seat: int,
        read: str) -> None:
    reading = _read_taught(neoclassical_taught, seed, seat)
    assert reading.notation == read, reading.why()
    assert reading.unsure


# development scenes: a joker's art read as a small index (a K of 16 px, a J) beside a
# taught 大王 mark of the usual size was kept, the set read a sure `KR` or `JR`
def test_art_posing_as_a_small_index_beside_a_taught_joker_mark_goes(
        paris_taught: tuple[FolderFaces, Recognizer],
        neoclassical_taught: tuple[FolderFaces, Recognizer]) -> None:
    for taught in (paris_taught, neoclassical_taught):
        reading = _read_taught(taught, 2110, 0)
        assert reading.notation == "RR", reading.why()


# development scenes: with both jokers' corner marks taught, JOKER letters read are the
# text on a joker's face (paris' "THE JOLLY JOKER"), no corner: one joker too many
@pytest.mark.parametrize(("seed", "seat", "truth"), [(2148, 1, "88888888BB"),
                                                     (2173, 2, "999999BB")])
def test_joker_letters_are_a_faces_text_where_both_jokers_marks_are_taught(
        paris_taught: tuple[FolderFaces, Recognizer], seed: int, seat: int, truth: str) -> None:
    assert paris_taught[1].joker_marks is not None and paris_taught[1].joker_marks.knows_both
    reading = _read_taught(paris_taught, seed, seat)
    assert reading.notation == truth, reading.why()


def test_a_cards_big_pip_is_not_read_as_a_taught_joker_mark() -> None:
    # paris' 小王 corner is club-like: a 2♣'s top pip beside the indices, or a big pip by an
    # index, read as it (992 read 992B, 888888 read 888888BB, 4444 read 4444R) before the
    # survey's big pips were kept from the taught-joker reader
    _assert_taught_readings("paris", [(2007, 3, "992"), (2020, 2, "888888"), (2029, 4, "4444")])


# development scene: the top card of `4444444R` (its 4♣) lies turned 8° from the fan's read
# indices, and its big pips, read upright only as those indices lie, missed being pips
# (0.899 of the 0.9 a pip needs): two of them, a card's two corners apart, were read as
# the taught chips (`44444444BBBRR`)
def test_a_big_pip_of_a_card_turned_off_the_fan_is_not_read_as_a_taught_joker_mark(
        paris_taught: tuple[FolderFaces, Recognizer]) -> None:
    reading = _read_taught(paris_taught, 2174, 5)
    assert reading.notation == "4444444R", reading.why()


def _assert_taught_readings(deck: str, cases: list[tuple[int, int, str]]) -> None:
    """With ``deck`` taught from its own faces, each (seed, seat) of its scenes reads as
    given."""
    folder = DATA / "card-faces" / deck
    if not folder.is_dir():
        pytest.skip("card-faces data not present")
    faces = FolderFaces(folder)
    rec = teach_faces(faces)[0].recognizer()
    gen = SceneGenerator(faces, size=(1280, 720))
    for seed, seat, laid in cases:
        scene = gen.render(seed)
        reading = rec.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
        assert format_cards(reading.cards) == laid, seed


@pytest.mark.parametrize(("small", "big", "threshold"), [
    ([0.0, 0.0], [190.8, 156.5], 43.4),  # anglo as taught: a quarter of the way
    ([-21.0], [153.0], DEFAULT_RED),  # neoclassical: the default lies in the band
    ([0.0], [60.0], 30.0),  # a weakly red 大王: at most halfway
    ([80.0], [220.0], 115.0),  # a reddish 小王: a quarter of the way up from it
    ([], [200.0], DEFAULT_RED),  # one joker taught: nothing to place it between
])
def test_the_taught_joker_red_threshold_stays_where_a_washed_out_big_joker_clears_it(
        small: list[float], big: list[float], threshold: float) -> None:
    assert taught_joker_red(small, big) == pytest.approx(threshold, abs=0.1)


def test_a_taught_deck_still_tells_a_washed_out_big_joker_by_its_red() -> None:
    # anglo's jokers taught from sharp photos measured 0 and ~174; the threshold at the
    # midpoint (87) read its pink 大王, washed out by the camera to ~65, as 小王
    # (2R read 2B, KR read KB, 4R read 4B; AAR read AAB until the read indices beside an
    # unread corner were left out of its colour).  666R at 2044 read 666B then too, and does
    # again: its 大王's strip, the read 6♥'s index left out, measures 43.0 against 43.4 (it
    # is unsure, 666R offered next)
    _assert_taught_readings("anglo", [(2024, 4, "2R"), (2031, 5, "KR"), (2050, 4, "4R"),
                                      (2057, 5, "AAR")])


# development scenes: paris' art read as small indices beside the read ones was dropped as
# unlike them and left a doubt (an unread corner on the index line): sized by the taught
# glyph first, these sets read right are sure
@pytest.mark.parametrize(("seed", "seat", "truth"), [(2145, 4, "KKKK"), (2097, 0, "JJ")])
def test_art_far_smaller_than_the_taught_glyph_leaves_no_doubt(
        paris_taught: tuple[FolderFaces, Recognizer], seed: int, seat: int,
        truth: str) -> None:
    reading = _read_taught(paris_taught, seed, seat)
    assert format_cards(reading.cards) == truth and not reading.unsure
