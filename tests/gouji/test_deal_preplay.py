"""Before play in the engine: 冲点 and 有头 (000 十), 认点 by not buying a 4 (004, 金游)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gouji.actions import Declare, Pass, PlayCards, Refusal
from gouji.cards import Rank
from gouji.deal import DealState
from gouji.plays import Play
from gouji.record import RecordError, read_deal, write_deal
from gouji.scoring import TributeDue, tribute_owed
from gouji.setup import DealSetup
from tests.gouji.test_deal import act, start

# Seat 0 holds nothing above A and three pure 够级 sets (TTTTT, JJJJ, QQQ); its opposite,
# seat 3, holds what tops each of them.
RUSH = [
    "TTTTTJJJJQQQ53", "66653", "77753", "KKKKKAAAA22243", "88853", "99953",
]


def rush(hands: list[str] = RUSH, **kwargs: object) -> DealState:
    state = start("dorm", hands, **kwargs)  # type: ignore[arg-type]
    state.apply(Declare(0, "chongdian"))
    return state


def test_chongdian_succeeds_when_one_set_stands() -> None:
    """000 十「3套够级牌若有一套站住则冲点成功，直接扔掉手牌，被视为四客并且开点」."""
    s = rush()
    assert s.to_act == 0  # the challenger plays first, whoever leads the deal
    act(s, "0 TTTTT", "3 KKKKK", "0 JJJJ", "3 pass")
    assert s.chong_result == {0: True}
    assert s.places[0] == 3 and s.kaidian[0] and not s.kaidian[3]
    assert s.trick is None and s.to_act == 1  # play goes on without the challenger
    assert s.wutou(3)  # 「选择无头…任何人的任何牌他都可以随时打」 is the default


def test_chongdian_fails_when_all_three_sets_are_topped() -> None:
    """000 十「若3套够级牌都被对门打掉则冲点失败，被视为四客并且没开点，
    对门被视为开点并且扔掉4继续游戏」."""
    s = rush()
    act(s, "0 TTTTT", "3 KKKKK", "0 JJJJ", "3 AAAA", "0 QQQ", "3 222")
    assert s.chong_result == {0: False}
    assert s.places[0] == 3 and not s.kaidian[0] and s.kaidian[3]
    assert s.hands is not None and s.hands[3][Rank.FOUR] == 0 and s.counts[3] == 1  # the 4 thrown


def test_a_chongdian_set_must_be_pure_gouji() -> None:
    s = rush()
    with pytest.raises(Refusal, match="冲点须出纯够级牌") as err:
        s.apply(PlayCards(0, Play.parse("5")))
    assert err.value.switch == "preplay.chongdian"


def test_chongdian_needs_nothing_above_ace_and_three_sets() -> None:
    """000 十「如果此时一名游戏者手中没有大于A的牌，并且有至少3套纯够级牌，则可以选择冲点」."""
    with_a_two = ["TTTTTJJJJQQQ23", *RUSH[1:3], "KKKKKAAAA2243", *RUSH[4:]]
    with pytest.raises(Refusal, match="不能冲点"):
        start("dorm", with_a_two).apply(Declare(0, "chongdian"))
    two_sets = ["TTTTTJJJJQQ53", *RUSH[1:]]
    with pytest.raises(Refusal, match="不能冲点"):
        start("dorm", two_sets).apply(Declare(0, "chongdian"))
    with pytest.raises(Refusal) as err:
        start("jinyou", RUSH).apply(Declare(0, "chongdian"))
    assert err.value.switch == "preplay.chongdian"


def test_chongdian_is_declared_before_play() -> None:
    s = rush()
    act(s, "0 TTTTT")
    with pytest.raises(Refusal, match="before the first play"):
        s.apply(Declare(1, "chongdian"))


TWO_RUSHERS = [
    "TTTTTJJJJQQQ53", "TTTTTJJJJQQQ53", "77753", "KKKKK53", "8883", "999543",
]


def test_two_challengers_who_both_stand_are_ranked_by_the_last_deal() -> None:
    """000 十「若都成功或都失败则按照上一局名次，名次高的为四客，名次低的为小拉」."""
    s = DealState.start(replace(start("dorm", TWO_RUSHERS).setup, last_order=(2, 1, 3, 0, 4, 5)))
    s.apply(Declare(0, "chongdian"))
    s.apply(Declare(1, "chongdian"))
    act(s, "0 TTTTT", "3 pass", "1 TTTTT", "4 pass")
    assert s.chong_result == {0: True, 1: True}
    assert s.places[1] == 3 and s.places[0] == 4  # seat 1 was higher last deal


def test_of_two_challengers_the_one_that_stood_is_four_ke() -> None:
    """000 十「若有2名角色冲点则冲点成功者为四客，失败者为小拉」."""
    hands = [*TWO_RUSHERS[:3], "KKKKK53", "KKKKKAAAA2224443", "999543"]
    s = start("dorm", hands)
    s.apply(Declare(0, "chongdian"))
    s.apply(Declare(1, "chongdian"))
    act(s, "0 TTTTT", "3 pass", "1 TTTTT", "4 KKKKK", "1 JJJJ", "4 AAAA", "1 QQQ", "4 222")
    assert s.chong_result == {0: True, 1: False}
    assert s.places[0] == 3 and s.places[1] == 4
    assert s.kaidian[0] and s.kaidian[4] and not s.kaidian[1]


def test_three_challengers_void_the_deal() -> None:
    """000 十「若3人或3人以上冲点则重新洗牌摸牌，贡数不变」."""
    hands = ["TTTTTJJJJQQQ53"] * 3 + ["KK53", "883", "9943"]
    s = start("dorm", hands)
    for seat in range(3):
        s.apply(Declare(seat, "chongdian"))
    assert s.void and s.over


def test_youtou_keeps_the_opposite_gouji_rights() -> None:
    """000 十「冲点者的对门在冲点结束后可以选择“有头”或者“无头”」."""
    s = rush()
    with pytest.raises(Refusal, match="有头"):
        s.apply(Declare(3, "youtou"))  # the 冲点 is not over yet
    act(s, "0 TTTTT", "3 pass")
    s.apply(Declare(3, "youtou"))
    assert not s.wutou(3)
    with pytest.raises(Refusal, match="有头"):
        s.apply(Declare(4, "youtou"))  # seat 1 did not rush


def test_youtou_is_chosen_before_play_goes_on() -> None:
    s = rush()
    act(s, "0 TTTTT", "3 pass", "1 666")
    with pytest.raises(Refusal, match="before play goes on"):
        s.apply(Declare(3, "youtou"))


def test_chongdian_record_round_trips_with_the_last_order() -> None:
    s = rush()
    act(s, "0 TTTTT", "3 pass")
    setup = replace(s.setup, last_order=(2, 1, 3, 0, 4, 5))
    text = write_deal(setup, s.log)
    assert '[LastOrder "2 1 3 0 4 5"]' in text and "S0 declare chongdian" in text
    deal = read_deal(text)
    assert deal.setup.last_order == (2, 1, 3, 0, 4, 5)
    assert DealState.replay(deal.setup, deal.log).chong_result == {0: True}


# 金游 hands: seat 2 holds no 4.
JINYOU = ["4449", "5559", "6669", "7779", "8889", "TTT9"]


def test_rendian_concedes_the_point_to_the_opposite() -> None:
    """004「手上没4，可以选择买，或者不买。如果不买四，视为主动认点，下一局需要向对方进一张点贡」."""
    s = start("jinyou", JINYOU)
    s.apply(Declare(2, "rendian"))
    assert s.kaidian[5] and not s.kaidian[2]
    dues = tribute_owed(s.rules, (0, 1, 2, 3, 4, 5), s.kaidian, s.events, None)
    assert TributeDue(2, 5, 1, "dian") in dues


def test_rendian_is_for_a_seat_without_a_four_in_a_preset_that_has_it() -> None:
    with pytest.raises(Refusal, match="不能认点"):
        start("jinyou", JINYOU).apply(Declare(0, "rendian"))
    with pytest.raises(Refusal) as err:
        start("match", JINYOU).apply(Declare(2, "rendian"))
    assert err.value.switch == "preplay.no_four_concedes_point"


def test_a_seat_that_conceded_cannot_show_a_four_later() -> None:
    setup = DealSetup(preset="jinyou", leader=2, counts=(33,) * 6)
    s = DealState.start(setup)
    s.apply(Declare(2, "rendian"))
    with pytest.raises(Refusal, match="认点") as err:
        s.apply(PlayCards(2, Play.parse("44")))
    assert err.value.switch == "preplay.no_four_concedes_point"


# 001: the rebel (seat 2, 甲 team) holds three pure 够级 sets; its opposite is seat 5.
def rebel(lead: str, five: str = "553", leader: int = 0) -> DealState:
    hands = [lead if leader == 0 else "553", lead if leader == 1 else "553",
             "TTTTTJJJJQQQ3", "663", "773", five]
    state = start("match", hands, leader=leader)
    state.apply(Declare(2, "geming"))
    return state


def pass_round(state: DealState) -> None:
    while state.trick is not None:
        state.apply(Pass(state.queue[0]))


def test_geming_sets_all_topped_make_the_rebel_daluo() -> None:
    """001「若对头选择打住，若将3把全部打住了，即宣布革命失败，发起革命的人为“大落”，且在下局需要进一个“点贡”」."""
    s = rebel("KK43", five="KKKKKAAAA2223")
    assert s.to_act == 2
    act(s, "2 TTTTT", "5 KKKKK", "2 JJJJ", "5 AAAA", "2 QQQ", "5 222")
    assert s.chong_result == {2: False} and s.places[2] == 5
    assert s.kaidian[5] and not s.kaidian[2] and s.to_act == 0


def test_geming_set_standing_wins_the_point_and_own_team_toupke_keeps_four_ke() -> None:
    """001「若对头选择不打住…则发起革命的人在下局获得对头的一个“点贡”，打牌继续，
    当自己联邦的队友是“头科”，则宣布革命成功」; 「革命者通常视为“四科”」."""
    s = rebel("KK43")
    act(s, "2 TTTTT", "5 pass")
    assert s.chong_result == {2: True} and s.kaidian[2] and s.closed[5]
    act(s, "0 KK")
    pass_round(s)  # the 够级 stands: seat 0 opens (it holds a 4)
    act(s, "0 4")
    pass_round(s)
    act(s, "0 3")
    assert s.places[0] == 0 and s.places[2] is None  # 四科 or 三科 waits for 二科
    pass_round(s)  # nobody tops the last 3: 接风 to seat 1
    act(s, "1 55")
    pass_round(s)
    act(s, "1 3")
    assert s.places[1] == 1 and s.places[2] == 3


def test_geming_set_standing_but_other_team_toupke_makes_the_rebel_daluo() -> None:
    """001「若对方联邦的队友是“头科”，则发起革命的人变为“大落”」."""
    s = rebel("AA43", leader=1)
    act(s, "2 TTTTT", "5 pass", "1 AA")
    pass_round(s)
    act(s, "1 4")
    pass_round(s)
    act(s, "1 3")
    assert s.places[1] == 0 and s.places[2] == 5


def test_a_rebel_without_a_set_fails_at_once() -> None:
    s = start("match", ["553", "663", "7773", "883", "993", "KKK3"])
    s.apply(Declare(2, "geming"))
    assert s.chong_result == {2: False} and s.places[2] == 5 and s.kaidian[5]


def test_the_003_revolution_puts_no_sets() -> None:
    """003「革命算自动认点即自己不开点,对头开点」: no sets in the tribute preset."""
    s = start("tribute", ["553", "663", "TTTTTJJJJQQQ3", "883", "993", "KKK3"])
    s.apply(Declare(2, "geming"))
    assert s.challenger is None and s.kaidian[5] and s.places[2] is None


@pytest.mark.parametrize("bad", ["2 1 3 0 4", "2 1 3 0 4 4", "2 1 3 0 4 9", "x"])
def test_a_last_order_that_is_not_each_seat_once_names_its_line(bad: str) -> None:
    text = write_deal(replace(rush().setup, last_order=(2, 1, 3, 0, 4, 5)), [])
    with pytest.raises(RecordError, match="LastOrder lists seats 0-5"):
        read_deal(text.replace('"2 1 3 0 4 5"', f'"{bad}"'))
