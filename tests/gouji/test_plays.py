"""One play: structure, legality per preset, population (issue 2)."""

from __future__ import annotations

import pytest

from gouji.cards import Rank
from gouji.plays import Play, PlayError, check_legal, parse_play
from gouji.presets import get_preset


def test_a_play_sorts_cards_by_kind() -> None:
    assert Play.parse("KKK22BBR") == Play(Rank.KING, 3, 2, 2, 1)
    assert Play.parse("222") == Play(Rank.TWO, 3, 0, 0, 0)
    assert Play.parse("R22") == Play(Rank.TWO, 2, 0, 0, 1)
    assert Play.parse("RB") == Play(None, 0, 0, 1, 1)


def test_size_and_carried_count() -> None:
    play = Play.parse("KKK22BB")
    assert play.size == 7 and play.carried == 5 and play.jokers == 2 and play.has_two


def test_mixed_ranks_are_not_one_play() -> None:
    with pytest.raises(PlayError) as err:
        Play.parse("KKQ")
    assert "K" in err.value.reason and "Q" in err.value.reason and err.value.switch is None


def test_an_empty_play_is_refused() -> None:
    with pytest.raises(PlayError, match="空牌"):
        Play.parse("")


@pytest.mark.parametrize(
    ("preset", "cards", "allowed"),
    [
        ("match", "22333", False),
        ("jinyou", "22333", True),
        ("dorm", "B333", True),
        ("match", "B555", True),
        ("match", "B444", False),
        ("tribute", "B444", True),
    ],
)
def test_legality_differs_by_preset(preset: str, cards: str, allowed: bool) -> None:
    rules = get_preset(preset).rules
    if allowed:
        parse_play(cards, rules)
    else:
        with pytest.raises(PlayError) as err:
            parse_play(cards, rules)
        assert err.value.switch is not None


@pytest.mark.parametrize(
    ("preset", "cards"),
    [("dorm", "3333333"), ("jinyou", "444444444"), ("match", "RRRRR"), ("zaozhuang", "B" * 7)],
)
def test_more_cards_than_the_pack_holds_is_refused(preset: str, cards: str) -> None:
    with pytest.raises(PlayError) as err:
        check_legal(Play.parse(cards), get_preset(preset).rules)
    assert err.value.switch == "deck.population"
    assert "超出牌数" in err.value.reason


def test_the_largest_possible_sets_are_legal() -> None:
    parse_play("333333", get_preset("dorm").rules)
    parse_play("RRRRRR" + "BBBBBB", get_preset("zaozhuang").rules)
