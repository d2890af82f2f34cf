"""Presets are complete, sourced data; switches change with validation (issue 2)."""

from __future__ import annotations

import pytest

from gouji.cards import Rank
from gouji.presets import PRESETS, UnknownPresetError, get_preset, rules_for
from gouji.rules import SwitchError, switch_doc

NAMES = ["dorm", "match", "tribute", "jinyou", "zaozhuang"]


def test_the_five_presets_of_rules_md() -> None:
    assert list(PRESETS) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_every_switch_has_a_source_and_a_meaning(name: str) -> None:
    preset = PRESETS[name]
    paths = [path for path, _ in preset.rules.switches()]
    assert set(preset.sources) == set(paths)
    assert set(preset.readings) <= set(paths)
    for path in paths:
        assert preset.sources[path].strip(), path
        assert switch_doc(path).strip(), path


@pytest.mark.parametrize(
    ("name", "cards", "threes", "fours", "jokers_each"),
    [
        ("dorm", 196, 6, 6, 4),
        ("match", 216, 16, 16, 4),
        ("tribute", 216, 16, 16, 4),
        ("jinyou", 198, 6, 8, 4),
        ("zaozhuang", 324, 24, 24, 6),
    ],
)
def test_card_population(name: str, cards: int, threes: int, fours: int, jokers_each: int) -> None:
    """RULES.md §1: 196 / 216 / 216 / 198 / 324 cards."""
    deck = PRESETS[name].rules.deck
    assert deck.size == cards
    assert deck.population[Rank.THREE] == threes
    assert deck.population[Rank.FOUR] == fours
    assert deck.population[Rank.BIG_JOKER] == deck.population[Rank.SMALL_JOKER] == jokers_each
    assert deck.population[Rank.ACE] == 4 * deck.decks


def test_seats_get_their_cards() -> None:
    """000: 196 drawn in turn; 001: 36 each; 004: 33 each, 54 each."""
    assert PRESETS["dorm"].rules.deck.deal == "in_turn"
    assert PRESETS["match"].rules.deck.size == 6 * 36
    assert PRESETS["jinyou"].rules.deck.size == 6 * 33
    assert PRESETS["zaozhuang"].rules.deck.size == 6 * 54


def test_unknown_preset_names_the_choices() -> None:
    with pytest.raises(UnknownPresetError) as err:
        get_preset("shandong")
    assert "shandong" in str(err.value) and "dorm" in str(err.value)


def test_a_club_changes_switches() -> None:
    changes = {"compare.three_twos_beat_joker": False, "score.places": [3, 2, 1, 0, -1, -5]}
    rules = rules_for("match", changes)
    assert rules.compare.three_twos_beat_joker is False
    assert rules.score.places == (3, 2, 1, 0, -1, -5)
    assert get_preset("match").rules.compare.three_twos_beat_joker is True  # presets stay frozen


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"compare.nonsense": True}, "compare.nonsense"),
        ({"nosection.x": 1}, "nosection.x"),
        ({"compare.jokers": "both"}, "per_card"),
        ({"burn.after_pass": "yes"}, "burn.after_pass"),
        ({"deck.decks": True}, "deck.decks"),
        ({"score.places": [1, 2]}, "6 values"),
        ({"tribute.luo": [1, 2, 3]}, "2 values"),
        ({"tribute.order": ["dian", "gift"]}, "tribute.order[1]"),
    ],
)
def test_a_bad_switch_or_value_is_named(changes: dict[str, object], message: str) -> None:
    with pytest.raises(SwitchError, match=message.replace("[", r"\[").replace("]", r"\]")):
        rules_for("match", changes)


def test_differences_of_rules_md_are_switches() -> None:
    """A spot check of RULES.md's tables against the presets."""
    r = {n: PRESETS[n].rules for n in NAMES}
    assert [r[n].burn.after_pass for n in NAMES] == [False, False, False, False, True]
    assert [r[n].biesan.enabled for n in NAMES] == [True, True, True, True, False]
    assert [r[n].baopai.rule for n in NAMES] == ["forbidden", "off", "off", "off", "at_or_below"]
    assert [r[n].score.places[0] for n in NAMES[:3]] == [2, 4, 4]
    assert r["zaozhuang"].score.dian == 6
    assert r["tribute"].tribute.order == ("men", "shao", "dian", "luo")
    assert r["dorm"].tribute.order == ("dian", "shao", "men", "luo")
    assert r["match"].match.tie_break == "last_daluo_team_loses"
    assert r["jinyou"].burn.jie_shao == "first_play"
    assert r["zaozhuang"].round.chuan_ends_deal
