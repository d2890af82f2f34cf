"""The card-by-card bench (bench/vision_slots.py): each scene card's index lands where the
recogniser read it, so its tally of cards read, inferred and missed is the fan's own; and
two runs compare card by card."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.vision_slots import _crop_origin, _slots, _Traced, compare
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


def test_compare_names_each_card_whose_outcome_changed(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    old, new = tmp_path / "old.tsv", tmp_path / "new.tsv"
    card = "anglo\t2008\t3\t{k}\t{truth}\ttl\t{how}\t{got}\t0.5\t0.2\n"
    ghost = "anglo\t2008\t3\t-\t~1\tbr\tphantom-inferred\tB\t0.4\t0.9\n"
    old.write_text(card.format(k=0, truth="R", how="inferred", got="B")
                   + card.format(k=1, truth="J", how="read", got="J") + ghost)
    new.write_text(card.format(k=0, truth="R", how="inferred", got="R")
                   + card.format(k=1, truth="J", how="missed", got="-"))
    compare(old, new)
    out = capsys.readouterr().out
    assert "+ anglo          2008/3 card  0 R (tl): inferred B -> inferred R" in out
    assert "- anglo          2008/3 card  1 J (tl): read J -> missed -" in out
    assert "phantoms 1 -> 0" in out
    assert "cards +1 -1" in out


def test_compare_refuses_a_line_it_did_not_write(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text("anglo\t2008\t3\n")
    with pytest.raises(SystemExit, match=r"bad\.tsv:1: not a line this script wrote"):
        compare(bad, bad)
