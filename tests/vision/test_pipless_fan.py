"""A fan in which no index (or only one) was read because the corner pips ran into a big
pip (paris' 4–8, the index's pip printed against the first big pip) or the court art: its
corner glyphs are read pipless (IndexFinder.pipless_at, Recognizer._pipless_in_fan) on the
line of the corners its edges part (FanStrips.corners, FanStrips.down), not guessed jokers."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gouji.cards import Rank
from vision.faces import deck_named
from vision.indices import UNTOLD_IN_FAN, UNTOLD_RANKS
from vision.joker_fan import fan_strips
from vision.recognize import ZONE_PX_PER_MM, Doubt, Recognizer, read_crop, zone_view
from vision.synth import SceneGenerator

from .helpers import read_dev_scene


def test_a_fan_read_by_no_index_reads_no_ten_nor_jack() -> None:
    # anglo's sideways "Joker" poses as a "10" (its J and O side by side) and as a J
    assert Rank.TEN in UNTOLD_RANKS and Rank.TEN not in UNTOLD_IN_FAN
    assert Rank.JACK not in UNTOLD_IN_FAN
    assert set(UNTOLD_IN_FAN) == set(UNTOLD_RANKS) - {Rank.TEN}


def test_the_strips_way_down_points_from_their_corners_into_the_cards(
        shared_data: Path) -> None:
    faces = deck_named("paris", shared_data / "card-faces")
    scene = SceneGenerator(faces, size=(1280, 720)).render(4051)
    zone = scene.layout.zones[1]
    full = zone_view(scene.image, scene.homography, zone)
    crop = read_crop(scene.image, scene.homography, zone)
    assert crop is not None
    x0, y0, x1, y1 = crop
    view = np.ascontiguousarray(full[y0:y1, x0:x1])
    finder = Recognizer().finder
    seen = finder.survey(view, full.shape[:2]).ink
    strips = fan_strips(view, seen, ZONE_PX_PER_MM, finder.joker_red, frames=True)
    assert strips is not None and len(strips.corners) == 2
    down = np.array(strips.down)
    assert np.hypot(*down) == pytest.approx(1.0)
    ys, xs = np.nonzero(seen.inks.paper)
    middle = np.array([xs.mean(), ys.mean()])
    for corner in strips.corners:
        # the paper's middle lies ~35 mm down the card from its index, not beside it
        assert float((middle - corner) @ down) > 20 * ZONE_PX_PER_MM


@pytest.mark.parametrize(("seed", "seat", "truth"), [
    (4051, 1, "88"), (4094, 4, "77"), (4021, 2, "44B"), (4018, 4, "4RR")])
def test_a_fan_whose_pips_ran_into_big_pips_is_read(shared_data: Path, seed: int, seat: int,
                                                    truth: str) -> None:
    """Dev scenes (paris, 4000–4199): each index's pip joined to the big pip under it, no
    index read; read as jokers by the fan's edges before (`BB`, `BB`, `BBB`, `BRR`)."""
    reading = read_dev_scene(shared_data, "paris", seed, seat, looked=True)
    assert reading.notation == truth, reading.why()
    assert Doubt.NO_INDEX not in reading.doubts


@pytest.mark.parametrize(("seed", "seat", "truth"), [(4031, 4, "66"), (4050, 4, "KK")])
def test_a_fan_read_only_at_its_top_cards_far_corner_is_read(
        shared_data: Path, seed: int, seat: int, truth: str) -> None:
    """Dev scenes (paris): the top card read only at its far corner, turned half round; its
    near index and the one beside it lost their pips to a big pip (the 6♣s) or the court
    art (the K♠s). Read `6B`, `KB` before: the card under the top one guessed a joker."""
    reading = read_dev_scene(shared_data, "paris", seed, seat, looked=True)
    assert reading.notation == truth, reading.why()


def test_beside_one_read_index_only_its_rank_is_read_pipless(shared_data: Path) -> None:
    """Dev scene (anglo, seed 4086, seat 5): `2B`, the 2 read; the 小王's picture beside it,
    taken for a pipless 4 by any rank, read a sure `42`."""
    reading = read_dev_scene(shared_data, "anglo", 4086, 5, looked=True)
    assert reading.notation == "2B" and reading.unsure, reading.why()
