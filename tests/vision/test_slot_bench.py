"""The card-by-card bench (bench/vision_slots.py): each scene card's index lands where the
recogniser read it, so its tally of cards read, inferred and missed is the fan's own."""

from __future__ import annotations

from bench.vision_slots import _crop_origin, _slots, _Traced
from gouji.cards import Rank
from vision.faces import DrawnFaces
from vision.look import look_at
from vision.recognize import Recognizer
from vision.synth import SceneGenerator


def _lines(ranks: tuple[Rank, ...], seed: int) -> list[tuple[str, ...]]:
    scene = SceneGenerator(DrawnFaces(0)).render(seed, {2: ranks})
    traced = _Traced(Recognizer())
    zone = scene.layout.zones[2]
    look = look_at(scene.image, scene.homography, scene.layout)
    reading = traced.rec.read_zone(scene.image, scene.homography, zone, look=look)
    assert sorted(reading.cards) == sorted(ranks)  # (the scene reads right: its cards too)
    decisions = traced.decisions(_crop_origin(scene.image, scene.homography, zone, look))
    assert decisions is not None
    cards = [c for c in scene.cards if c.seat == 2]
    return [tuple(str(v) for v in line)
            for line in _slots("drawn-0", seed, 2, cards, scene.homography, zone, decisions)]


def test_every_card_of_a_set_read_right_is_read_at_its_own_index() -> None:
    ranks = (Rank.NINE,) * 4 + (Rank.TWO,)
    lines = _lines(ranks, 7)
    assert [line[6] for line in lines] == ["read"] * 5
    assert [line[4] for line in lines] == [line[7] for line in lines]
    assert sorted(line[4] for line in lines) == sorted(r.symbol for r in ranks)
    # the top card lies whole: both its indices show; each other shows one
    assert lines[-1][5] == "both"
    assert all(line[5] in ("tl", "br") for line in lines[:-1])
