"""The view model: plain values, hashable, with a guard against mapping slips."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest

from display import samples
from display.view import Msg, Place, ScoreLine


def test_views_are_frozen_and_hashable() -> None:
    views = (
        samples.play_burn(),
        samples.unsure(),
        samples.end_of_deal(),
        samples.setup(),
        samples.replay(),
    )
    for view in views:
        assert hash(view) == hash(replace(view))
    with pytest.raises(FrozenInstanceError):
        samples.play_burn().deal_no = 4  # type: ignore[misc]


def test_msg_and_score_line() -> None:
    assert Msg("过", "Pass").pick("zh") == "过"
    assert Msg("过", "Pass").pick("en") == "Pass"
    assert ScoreLine(0, Place.TOU, 4, 2, 1, -1).total == 6


def test_seats_out_of_order_are_refused() -> None:
    view = samples.play_burn()
    with pytest.raises(ValueError, match=r"PlayView\.seats"):
        replace(view, seats=view.seats[1:] + view.seats[:1])
    with pytest.raises(ValueError, match=r"PlayView\.seats"):
        replace(view, seats=view.seats[:5])
    with pytest.raises(ValueError, match=r"EndView\.seats"):
        replace(samples.end_of_deal(), seats=tuple(reversed(samples.SEATS)))
    with pytest.raises(ValueError, match="current event"):
        replace(samples.replay(), current=99)
