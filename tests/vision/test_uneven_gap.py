"""A gap of a step and a half (fan.uneven_gaps, Recognizer._in_uneven_gaps): no slot for a
card, but where a fan read sure may hide one whose index the covering card's edge line
joined; a second look there, the edge lines cut out, reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gouji.cards import Rank
from vision.fan import ONE_STEP, TWO_STEPS, uneven_gaps
from vision.indices import IndexMark

from .helpers import read_dev_scene

PX_PER_MM = 4.0


def _cards(*xs: float) -> list[tuple[IndexMark, ...]]:
    return [(IndexMark(Rank.JACK, 0.9, 0.2, Rank.TEN, (x, 100.0), (0.0, 1.0), 36.0, "S", 1),)
            for x in xs]


def test_the_middle_of_a_gap_of_a_step_and_a_half_is_looked_at() -> None:
    # steps of 60 px, one gap of 90 (1.5 steps)
    gaps = uneven_gaps(_cards(100, 160, 220, 310, 370), PX_PER_MM)
    assert len(gaps) == 1
    assert gaps[0] == pytest.approx((265.0, 100.0), abs=1.0)


@pytest.mark.parametrize("gap", [ONE_STEP - 0.05, TWO_STEPS + 0.05])
def test_a_single_step_or_a_gap_holding_a_slot_is_not(gap: float) -> None:
    # under ONE_STEP the gap is one step; from TWO_STEPS the fan infers a card there
    assert uneven_gaps(_cards(100, 160, 220, 220 + 60 * gap, 280 + 60 * gap), PX_PER_MM) == []
    assert uneven_gaps(_cards(100), PX_PER_MM) == []


def test_a_jack_against_the_covering_cards_edge_is_read(shared_data: Path) -> None:
    """Dev scene (paris, seed 3894, seat 2): the J♦ under the 2♦, its glyph joined to the
    2♦'s edge line, in a gap of 1.51 steps; `JJJJJJJ2` read a sure `JJJJJJ2` before."""
    reading = read_dev_scene(shared_data, "paris", 3894, 2, looked=True)
    assert reading.notation == "JJJJJJJ2", reading.why()
