"""A card under a fan's bottom card that shows only a sliver, too narrow for the fan's end
rule (vision.fan.END_STEP), is told by its own ink there (vision.fan._sliver): ink lying
wholly between the paper's end and the read bottom card's side.  Ink running on into the
read card is its own art, ink running past the paper's end lies on no card."""

from __future__ import annotations

from pathlib import Path

import pytest

from gouji.cards import format_cards
from vision.recognize import Recognizer

from .helpers import read_dev_scene


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


# anglo's 大王 laid first, its red "Joker" letters and a bell of its jester showing in a strip
# 3–5 mm wide past the bottom 4: read as an unsure 44R / 444R (was a sure 44 / 444; 442R
# was unsure by the fan's edges, read 442)
@pytest.mark.parametrize(("seed", "seat", "cards"), [
    (2038, 5, "44R"), (2117, 2, "444R"), (2373, 1, "442R"),
])
def test_a_joker_showing_a_sliver_under_the_fan_is_read(
        recognizer: Recognizer, shared_data: Path, seed: int, seat: int, cards: str) -> None:
    reading = read_dev_scene(shared_data, "anglo", seed, seat, recognizer, looked=True)
    assert format_cards(reading.cards) == cards
    assert reading.unsure


# paris' jacks: the bottom J's art runs from its index to its side (no sliver); 5555 whose
# paper joins the seat's label past the bottom 5 (the ink there runs on past the paper's end)
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("paris", 2120, 0, "JJJ"), ("anglo", 2110, 1, "5555"), ("paris", 2110, 1, "5555"),
])
def test_ink_that_is_no_sliver_adds_no_card(recognizer: Recognizer, shared_data: Path,
                                            deck: str, seed: int, seat: int,
                                            cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer, looked=True)
    assert format_cards(reading.cards) == cards
    assert not reading.unsure
