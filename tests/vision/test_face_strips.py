"""A taught deck's faces tell a fan's joker whose index lies hidden (vision.face_strips)."""

from __future__ import annotations

import dataclasses
import itertools
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from gouji.cards import Rank, format_cards, parse_cards
from vision.face_strips import DeckFaces
from vision.faces import FaceSource, FolderFaces
from vision.fan import fan_frame
from vision.indices import set_glyph_height
from vision.look import look_at
from vision.recognize import Doubt, SetReading, zone_view
from vision.synth import SceneGenerator
from vision.teach import DeckProfile, teach_faces

from .helpers import PictureJokerFaces


@cache
def _taught(faces: FaceSource) -> DeckProfile:
    profile, _ = teach_faces(faces)
    return profile


def _read(profile: DeckProfile, faces: FaceSource, seed: int, seat: int,
          notation: str | None = None) -> tuple[SetReading, tuple[Rank, ...]]:
    scene = SceneGenerator(faces).render(
        seed, None if notation is None else {seat: parse_cards(notation)})
    reading = profile.recognizer().read_zone(scene.image, scene.homography,
                                             scene.layout.zones[seat])
    return reading, tuple(sorted(scene.sets[seat]))


PICTURE = PictureJokerFaces(0)


def test_a_fans_joker_whose_index_is_hidden_is_read_by_its_taught_face() -> None:
    """`666B6`: the picture joker's corner lies under the next 6; taught without faces the
    fan only infers a card there (unsure), with them the strip it shows is its face."""
    profile = _taught(PICTURE)
    assert profile.faces is not None
    blind = dataclasses.replace(profile, faces=None)
    before, truth = _read(blind, PICTURE, 329, 5, "666B6")
    assert before.unsure and Doubt.UNREAD_IN_FAN in before.doubts
    after, _ = _read(profile, PICTURE, 329, 5, "666B6")
    assert after.cards == truth and not after.unsure


def test_a_natural_cards_strip_is_no_jokers_face() -> None:
    """The strips of a fan of 8s (each from its index to the next card's) match neither
    taught joker's face."""
    profile = _taught(PICTURE)
    assert profile.faces is not None
    scene = SceneGenerator(PICTURE).render(331, {1: parse_cards("888888")})
    view = zone_view(scene.image, scene.homography, scene.layout.zones[1])
    reading = profile.recognizer().read_set(view)
    assert format_cards(reading.cards) == "888888" and not reading.unsure
    marks = [m for c in reading.readings for m in c.marks]
    frame = fan_frame(marks)
    ahead = sorted((m for m in marks if float(np.dot(m.down, frame.down)) > 0),
                   key=lambda m: float(np.dot(m.center, frame.across)))
    h = set_glyph_height(marks)
    down = (float(frame.down[0]), float(frame.down[1]))
    looked = 0
    for m, nxt in itertools.pairwise(ahead):
        step = float(np.dot(np.subtract(nxt.center, m.center), frame.across))
        for joker in (Rank.SMALL_JOKER, Rank.BIG_JOKER):
            assert not profile.faces.shows_joker(view, joker, m.center, down, h, step)
        looked += bool(profile.faces.strip_scores(view, m.center, down, h, step))
    assert looked >= 4


def test_taught_faces_survive_saving(tmp_path: Path) -> None:
    profile = _taught(PICTURE)
    assert profile.faces is not None
    store = tmp_path / "deck.npz"
    profile.save(store)
    assert store.stat().st_size < 100_000
    again = DeckProfile.load(store)
    assert again.faces is not None
    assert again.faces.glyph == pytest.approx(profile.faces.glyph)
    assert set(again.faces.faces) == set(profile.faces.faces) == set(Rank)
    for rank, face in profile.faces.faces.items():
        # stored as JPEG, and taught as stored: decoding again changes a level or two
        assert again.faces.faces[rank].shape == face.shape
        diff = np.abs(again.faces.faces[rank].astype(int) - face.astype(int))
        assert float(diff.mean()) < 3.0


def test_a_corrupt_face_in_a_profile_is_named() -> None:
    faces = _taught(PICTURE).faces
    assert faces is not None
    arrays = faces.to_arrays()
    arrays["face_jpegs"] = np.zeros_like(arrays["face_jpegs"])
    with pytest.raises(ValueError, match="corrupt"):
        DeckFaces.from_arrays(arrays)


def test_a_profile_without_faces_reads_as_before(tmp_path: Path) -> None:
    profile = dataclasses.replace(_taught(PICTURE), faces=None)
    store = tmp_path / "old.npz"
    profile.save(store)
    again = DeckProfile.load(store)
    assert again.faces is None and again.recognizer().faces is None


@pytest.mark.parametrize(("deck", "seed", "seat"), [
    ("anglo", 2012, 5), ("anglo", 2031, 5), ("paris", 2015, 4), ("paris", 2044, 2),
    ("paris", 2086, 0),
])
def test_taught_decks_read_their_hidden_jokers(shared_data: Path, deck: str, seed: int,
                                                seat: int) -> None:
    """Development scenes (`999999B`, `KR`, `44444BB`, `8888B`, `QQQR`) whose joker lay
    under the next card, unread: taught, they were unsure; now read sure and right."""
    faces = FolderFaces(shared_data / "card-faces" / deck)
    profile = _taught(faces)
    reading, truth = _read(profile, faces, seed, seat)
    assert any(r.is_joker for r in truth)
    assert reading.cards == truth and not reading.unsure
    blind, _ = _read(dataclasses.replace(profile, faces=None), faces, seed, seat)
    assert blind.unsure and Doubt.UNREAD_IN_FAN in blind.doubts


@pytest.mark.parametrize(("seed", "seat"), [(2042, 3), (2083, 4)])
def test_a_read_jokers_own_print_is_no_unread_corner(shared_data: Path, seed: int,
                                                      seat: int) -> None:
    """neoclassical prints JOKER down the side of its jokers' picture: beside a joker read by
    one corner, its letters passed for another card's corner (`2R`, `BR` were unsure).
    Its taught face, aligned at the read corner, shows them.  (In `44444BB` they lie
    between two read cards a single fan step apart: see below; in `6666666666BB` within a
    card read by both corners, whose own print it is, and so in a lone `R` read by both
    (seed 2030): tests/vision/test_more_edges.py.)"""
    faces = FolderFaces(shared_data / "card-faces" / "neoclassical")
    profile = _taught(faces)
    reading, truth = _read(profile, faces, seed, seat)
    assert reading.cards == truth and not reading.unsure
    blind, _ = _read(dataclasses.replace(profile, faces=None), faces, seed, seat)
    assert blind.unsure and Doubt.UNREAD_CORNER in blind.doubts


def test_a_read_jokers_print_between_read_cards_a_step_apart_needs_no_face(
        shared_data: Path) -> None:
    """`44444BB` (neoclassical, a 小王 read by its taught mark): its black JOKER letters lie
    on a black 4's strip a single fan step before the next read card, where no other card
    has room to show a corner (vision.fan.lower_cards), so the set reads sure even without
    the taught faces."""
    faces = FolderFaces(shared_data / "card-faces" / "neoclassical")
    blind, truth = _read(dataclasses.replace(_taught(faces), faces=None), faces, 2015, 4)
    assert format_cards(truth) == "44444BB"
    assert blind.cards == truth and not blind.unsure


def test_a_hidden_jokers_mark_is_not_taken_for_a_read_ones_print(shared_data: Path) -> None:
    """`88BRR` whose second 大王 shows only its corner beside the read jokers: that corner is
    no print of theirs (it was an unread corner, the set unsure; since the fan's strips
    between read cards count, the card is found there and its taught face read)."""
    faces = FolderFaces(shared_data / "card-faces" / "neoclassical")
    reading, truth = _read(_taught(faces), faces, 2043, 4)
    assert format_cards(truth) == "88BRR"
    assert reading.cards == truth, reading.why()


def test_own_print_is_judged_where_the_face_lies() -> None:
    """A taught joker's face itself, enlarged twice, read at its corner: a point on its print
    is its own, a point beside the card or on its plain paper is not."""
    faces = _taught(PICTURE).faces
    assert faces is not None
    face = faces.faces[Rank.SMALL_JOKER]
    image = np.full((face.shape[0] * 2 + 80, face.shape[1] * 2 + 80, 3), (60, 110, 40), np.uint8)
    image[40:-40, 40:-40] = cv2.resize(face, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    gx, gy, gh = faces.glyph
    corner = (40 + 2 * gx, 40 + 2 * gy)
    ink = np.argwhere(face.min(axis=2) < 80)  # the face's darkest print (rows, columns)
    y, x = ink[len(ink) // 2]
    on_print = (40 + 2 * float(x), 40 + 2 * float(y))
    beside = (10.0, float(image.shape[0] // 2))
    plain = np.argwhere(cv2.blur(face.min(axis=2).astype(np.float32), (17, 17)) > 245)
    py, px = plain[len(plain) // 2]
    on_paper = (40 + 2 * float(px), 40 + 2 * float(py))
    own = faces.own_print(image, Rank.SMALL_JOKER, corner, (0.0, 1.0), 2 * gh,
                          [on_print, beside, on_paper])
    assert own == [True, False, False]


def test_a_read_jokers_side_word_is_no_second_joker(shared_data: Path) -> None:
    """neoclassical's side word JOKER lying crosswise reads as a JOKER index: `QB` read a sure
    `QBB` once the unread-corner doubt was lifted by the joker's own print.  The read 小王's
    face shows that index to be its print, so it is no card."""
    faces = FolderFaces(shared_data / "card-faces" / "neoclassical")
    profile = _taught(faces)
    reading, truth = _read(profile, faces, 2164, 5)
    assert format_cards(truth) == "QB"
    assert reading.cards == truth and not reading.unsure


@pytest.mark.parametrize(("seed", "seat", "notation", "guessed"), [
    (2062, 1, "99999BR", None), (2162, 5, "KKKKKKRR", None), (2275, 3, "333R", "333B")])
def test_a_hidden_jokers_face_tells_its_kind_against_the_fans_guess(
        shared_data: Path, seed: int, seat: int, notation: str, guessed: str | None) -> None:
    """anglo scenes whose hidden joker's corner showed no ink of its own (or the other
    joker's): the fan guessed the wrong kind by colour, and the strip, matched only against
    that kind's face, told nothing.  The strip shows the other joker's face, well ahead of
    the guessed one's: that joker it is.  (Dev 2062 and 2162, `99999RR` and `KKKKKKBR`
    guessed before, are guessed right since vision.fan.CORNER_ACROSS left the card
    beneath's red pip out of the corner; check seed 2275's 大王 is guessed 小王 since.)"""
    faces = FolderFaces(shared_data / "card-faces" / "anglo")
    profile = _taught(faces)
    reading, truth = _read(profile, faces, seed, seat)
    assert format_cards(truth) == notation
    assert reading.cards == truth, reading.why()
    if guessed is not None:
        blind, _ = _read(dataclasses.replace(profile, faces=None), faces, seed, seat)
        assert format_cards(blind.cards) == guessed


def test_a_strip_showing_a_joker_where_the_fan_guessed_a_natural_is_that_joker(
        shared_data: Path) -> None:
    """neoclassical `444444444RR` (a check scene): a 大王's hidden corner looked enough like
    the 4s' for the fan to take it for one (`4444444444R`); its strip shows the 大王's face."""
    faces = FolderFaces(shared_data / "card-faces" / "neoclassical")
    profile = _taught(faces)
    reading, truth = _read(profile, faces, 2233, 5)
    assert format_cards(truth) == "444444444RR"
    assert reading.cards == truth, reading.why()
    blind, _ = _read(dataclasses.replace(profile, faces=None), faces, 2233, 5)
    assert blind.cards != truth


def test_jokers_alike_but_for_colour_keep_the_fans_kind(shared_data: Path) -> None:
    """paris prints its two jokers alike but for their ink: a strip matches both faces as
    well (0.511 and 0.513 in `4B`, a check scene), so the face does not overrule the kind the
    fan told by colour (read `4R` when it did)."""
    faces = FolderFaces(shared_data / "card-faces" / "paris")
    reading, truth = _read(_taught(faces), faces, 2210, 1)
    assert format_cards(truth) == "4B"
    assert reading.cards == truth, reading.why()


def test_the_other_jokers_face_must_lead_the_guessed_ones() -> None:
    """Faces alike for both jokers: the strip shows the guessed joker (a tie is no worse),
    not the other one against the colour the fan saw (that needs MATCH_LEAD)."""
    taught = _taught(PICTURE).faces
    assert taught is not None
    face = taught.faces[Rank.SMALL_JOKER]
    faces = DeckFaces({**taught.faces, Rank.BIG_JOKER: face}, taught.glyph)
    image = np.full((face.shape[0] * 2 + 80, face.shape[1] * 2 + 80, 3), (60, 110, 40), np.uint8)
    image[40:-40, 40:-40] = cv2.resize(face, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    gx, gy, gh = faces.glyph
    corner = (40 + 2 * gx, 40 + 2 * gy)
    args = (image, Rank.BIG_JOKER, corner, (0.0, 1.0), 2 * gh, float(face.shape[1]))
    assert faces.shows_joker(*args)
    assert not faces.shows_joker(*args, against_colour=True)


@pytest.mark.parametrize(("seed", "seat", "notation"), [
    (2012, 0, "J2B"), (2065, 4, "666BR")])
def test_a_jokers_word_read_as_a_natural_index_is_the_joker_its_face_shows(
        shared_data: Path, seed: int, seat: int, notation: str) -> None:
    """anglo development scenes whose joker's script word "Joker" read as a natural index
    (`JJ2`, `6666R`, unsure): the strip that card shows matches the joker's taught face
    (POSING_LEAST) well ahead of every natural face, so it is that joker."""
    faces = FolderFaces(shared_data / "card-faces" / "anglo")
    profile = _taught(faces)
    reading, truth = _read(profile, faces, seed, seat)
    assert format_cards(truth) == notation
    assert reading.cards == truth, reading.why()
    assert Doubt.JOKER_FACE not in reading.doubts


def test_a_natural_index_on_a_card_somewhat_like_a_jokers_face_is_doubted(
        shared_data: Path) -> None:
    """anglo dev seed 2906 (`RR`): the top 大王's word read as a 4 (0.74) and the 大王 under
    it by its strip, a sure `4R`; the top card's strip matches the 大王's face 0.52, under
    POSING_LEAST but well ahead of every natural face: the set is unsure."""
    faces = FolderFaces(shared_data / "card-faces" / "anglo")
    scene = SceneGenerator(faces).render(2906)
    assert format_cards(tuple(sorted(scene.sets[5]))) == "RR"
    reading = _taught(faces).recognizer().read_zone(
        scene.image, scene.homography, scene.layout.zones[5],
        look=look_at(scene.image, scene.homography, scene.layout))
    assert reading.unsure and Doubt.JOKER_FACE in reading.doubts, reading.notation
