"""The deal state machine on scripted positions: turns, 够级, burns, 闷, places (issue 3)."""

from __future__ import annotations

import pytest

from gouji.actions import Declare, Kou, Pass, PlayCards, Rang, Refusal
from gouji.cards import parse_cards
from gouji.deal import DealState
from gouji.plays import Play
from gouji.setup import DealSetup


def start(preset: str, hands: list[str], leader: int = 0, **changes: object) -> DealState:
    setup = DealSetup(
        preset=preset,
        leader=leader,
        hands=tuple(tuple(sorted(parse_cards(h))) for h in hands),
        changes={k.replace("__", "."): v for k, v in changes.items()},
    )
    return DealState.start(setup)


def act(state: DealState, *moves: str) -> DealState:
    """Apply moves written "S play", "S pass", "S rang", "S men", "S kou" (S a seat number).

    Where the preset has 扣牌 and a script does not say who clears the dead trick, its
    法定扣牌人 does so before the next move, as the appliance infers it at a table.
    """
    for move in moves:
        seat_text, verb = move.split()
        seat = int(seat_text)
        if state.kou_seat is not None and verb != "kou":
            state.apply(Kou(state.kou_seat))
        if verb == "kou":
            state.apply(Kou(seat))
        elif verb == "pass":
            state.apply(Pass(seat))
        elif verb == "rang":
            state.apply(Rang(seat))
        elif verb == "men":
            state.apply(Declare(seat, "men"))
        else:
            state.apply(PlayCards(seat, Play.parse(verb)))
    return state


def kinds(state: DealState) -> list[tuple[str, int, int | None]]:
    return [(e.kind, e.seat, e.other) for e in state.events]


# Six seats holding plain groups and a 9 to keep (枣庄 has no 憋三, so nothing must go last).
PLAIN = ["5559", "6669", "7779", "8889", "4449", "TTT9"]


def test_answers_go_downstream_and_the_last_player_leads() -> None:
    s = act(start("zaozhuang", PLAIN), "0 555", "1 666", "2 pass", "3 888")
    assert s.to_act == 4 and s.queue == [4, 5, 0, 1]  # 2 passed: it may not answer again
    act(s, "4 pass", "5 pass", "0 pass", "1 pass")
    assert s.trick is None and s.leader == 3
    # 004「扣牌：重新发牌前，对死牌必须做“扣牌”处理，对头为法定扣牌人，对头未扣牌前，不能重新发牌」
    assert s.kou_seat == 0 and s.to_act == 0
    with pytest.raises(Refusal, match="对头未扣牌前") as err:
        s.apply(PlayCards(3, Play.parse("9")))
    assert err.value.switch == "round.kou_pai"
    with pytest.raises(Refusal, match="对头为法定扣牌人"):
        s.apply(Kou(3))
    act(s, "0 kou")
    assert s.kou_seat is None and s.to_act == 3
    with pytest.raises(Refusal, match="无死牌"):
        s.apply(Kou(0))


def test_a_seat_out_of_turn_is_refused_and_nothing_changes() -> None:
    s = act(start("zaozhuang", PLAIN), "0 555")
    with pytest.raises(Refusal, match="没轮到"):
        s.apply(PlayCards(2, Play.parse("777")))
    assert s.to_act == 1 and s.log == [PlayCards(0, Play.parse("555"))]


def test_an_answer_that_does_not_top_is_refused_with_the_reason() -> None:
    s = act(start("zaozhuang", PLAIN), "0 555")
    with pytest.raises(Refusal) as err:
        s.apply(PlayCards(1, Play.parse("66")))
    assert "管不住" in err.value.rule and "张数不同" in err.value.rule


def test_the_leader_cannot_pass() -> None:
    with pytest.raises(Refusal, match="发牌不能过"):
        start("zaozhuang", PLAIN).apply(Pass(0))


def test_a_seat_cannot_play_cards_it_does_not_hold() -> None:
    with pytest.raises(Refusal, match="手里没有"):
        start("zaozhuang", PLAIN).apply(PlayCards(0, Play.parse("666")))


@pytest.mark.parametrize(("preset", "may_answer"), [("match", True), ("dorm", False)])
def test_pass_is_final_except_on_the_opposite(preset: str, may_answer: bool) -> None:
    """001「在“四户乱缠”之前，如果“过牌”后，如果不是对头的牌，是不允许再“上牌”的」;
    000「过牌之后再不能要」 has no exception."""
    hands = ["5553", "6663", "7773", "8883", "9993", "JJJ3"]
    s = act(start(preset, hands), "0 555", "1 pass", "2 777", "3 pass")
    act(s, "4 999")  # S4 is S1's opposite
    assert (1 in s.queue) is may_answer
    assert 3 not in s.queue  # S3 passed and S4 is not its opposite


def test_gouji_goes_to_burners_then_the_opposite() -> None:
    """001「发够级牌者的联邦可先于其他人烧牌」: teammates 2, 4 first, then 1, 5, then 3."""
    hands = ["TTTTT9", "JJJJJ9", "QQQQQ9", "KKKKK9", "AAAAA9", "44444"]
    s = act(start("zaozhuang", hands), "0 TTTTT")
    assert s.trick is not None and s.trick.gouji
    assert s.queue == [2, 4, 1, 5, 3]


def test_opposite_passing_a_gouji_ends_the_round_and_opens_the_point() -> None:
    """001「如果一方打出的够级牌，无人接牌，使得自己获得出牌权，则该玩家开点」"""
    hands = ["KK443", "AA3", "QQ3", "3A", "JJ3", "993"]
    s = act(start("match", hands), "0 KK", "2 pass", "4 pass", "1 pass", "5 pass", "3 pass")
    assert s.trick is None and s.to_act == 0
    assert s.kaidian[0] and ("kaidian", 0, None) in kinds(s)


def test_a_gouji_play_with_a_two_does_not_open() -> None:
    """001「以下牌型的够级牌不开点：任意张大花，小花，2或者挂花的牌」"""
    hands = ["2443", "AA3", "QQ3", "3A", "JJ3", "993"]
    s = act(start("match", hands), "0 2", "2 pass", "4 pass", "1 pass", "5 pass", "3 pass")
    assert not s.kaidian[0]


def test_dorm_opens_by_leading_a_four_after_a_pure_gouji_stands() -> None:
    """000 五「当纯够级牌“站住”（管不了）时，下一张打出4则为开点」"""
    hands = ["KK43", "53", "63", "73", "83", "93"]
    s = act(start("dorm", hands), "0 KK", *(f"{i} pass" for i in (1, 2, 4, 5, 3)))
    assert not s.kaidian[0] and s.four_pending[0]
    act(s, "0 4")
    assert s.kaidian[0]


def test_burn_succeeds_when_every_later_lead_holds_a_joker() -> None:
    """001 五「首先用能盖住所发够级牌的牌将其灭掉，然后每次所发牌中必须挂至少一个小花或大花，
    但最后一次发牌可除外」"""
    hands = ["KK9", "AAB55R6", "QQ9", "JJ9", "TT9", "889"]
    s = act(start("zaozhuang", hands), "0 KK", "2 pass", "4 pass", "1 AA")
    assert s.burn is not None and s.burn.burner == 1 and s.burn.target == 0
    act(s, *(f"{i} pass" for i in s.queue))
    act(s, "1 B55")
    act(s, *(f"{i} pass" for i in s.queue))
    act(s, "1 R6")
    assert ("burn_success", 1, 0) in kinds(s)
    assert s.places[1] == 0  # 头科


def test_a_burn_lead_without_a_joker_fails_and_the_burned_play_returns() -> None:
    """001 五「如果烧牌者没有按上面的要求出牌，则算“烧失败”，算“大落”。
    这种情况烧牌失败的玩家本局不能再出牌」
    004「其被烧级牌仍可由其他持牌人烧牌或由对头灭之」"""
    hands = ["KK9", "AA559", "QQ9", "JJ9", "TT9", "889"]
    s = act(start("zaozhuang", hands), "0 KK", "2 pass", "4 pass", "1 AA")
    act(s, *(f"{i} pass" for i in s.queue))
    act(s, "1 55")
    assert ("burn_failure", 1, 0) in kinds(s)
    assert s.places[1] == 5  # 大落
    assert s.trick is not None and s.trick.owner == 0 and str(s.trick.play.play) == "KK"
    assert 3 in s.queue and 1 not in s.queue


def test_dorm_burner_stopped_by_its_opposite_is_jie_shao() -> None:
    """000 六「烧牌时，烧牌者的对门可以要，要下来则称为“解烧”」"""
    hands = ["KK93", "AA5B3", "QQ93", "JJ93", "RR93", "8893"]
    s = act(start("dorm", hands), "0 KK", "1 AA")
    assert s.queue[-1] == 4  # the burner's opposite may top its plays
    act(s, *(f"{i} pass" for i in s.queue[:-1]), "4 RR")
    assert ("jie_shao", 1, 4) in kinds(s) and s.burn is None


def test_jinyou_topping_a_later_burn_play_does_not_stop_it() -> None:
    """004「烧牌者对头将烧牌者的第二或第三、四套烧牌打掉，不算解烧。算烧成功」"""
    hands = ["AA9", "22B2R9", "KK9", "QQ9", "RB9", "TT9"]
    s = act(start("jinyou", hands, **{"biesan__enabled": False}), "0 AA")
    act(s, "2 pass", "4 pass", "1 22")
    act(s, *(f"{i} pass" for i in s.queue))
    act(s, "1 B2")
    assert s.queue == [4]
    act(s, "4 RB")
    assert ("burn_success", 1, 0) in kinds(s)


def test_men_when_the_play_before_the_threes_is_topped() -> None:
    """001 四「最后走3之前的一手牌被人上牌，称为“被闷”」「第一个被闷的人将成为本局牌的“大落”」"""
    hands = ["K3", "A3", "Q3", "J3", "T3", "93"]
    s = act(start("match", hands), "0 K", "1 A")
    assert ("men", 0, 1) in kinds(s) and s.places[0] == 5


def test_threes_go_last() -> None:
    """000 四「3必须最后出」"""
    s = start("dorm", ["K33", "A3", "Q3", "J3", "T3", "93"])
    with pytest.raises(Refusal, match="憋三"):
        s.apply(PlayCards(0, Play.parse("3")))


def test_the_last_play_must_be_all_threes() -> None:
    s = start("match", ["KK", "A3", "Q3", "J3", "T3", "93"])
    with pytest.raises(Refusal, match="最后一手必须全是3"):
        s.apply(PlayCards(0, Play.parse("KK")))


def test_match_threes_are_never_split() -> None:
    """001 注二「“3”、“4”牌不能拆开出」"""
    s = act(start("match", ["55", "6", "7", "8", "9", "T"], leader=0))
    s2 = start("match", ["4433", "63", "73", "83", "93", "T3"])
    with pytest.raises(Refusal, match="拆开"):
        s2.apply(PlayCards(0, Play.parse("4")))
    assert s.to_act == 0


def test_jie_feng_gives_the_lead_downstream() -> None:
    """000 四「当一人出完3后，若在场所有人都不要，则由走的人下家直接出牌，被称为“接风”」"""
    hands = ["33", "443", "553", "663", "773", "883"]
    s = act(start("dorm", hands), "0 33")
    assert s.places[0] == 0
    act(s, *(f"{i} pass" for i in s.queue))
    assert s.to_act == 1


def test_wutou_plays_are_no_gouji() -> None:
    """000 四「若一个人对门走后，该人被称为“没头”他不存在够级」"""
    hands = ["KK9", "5", "QQ9", "TTTTT", "JJ9", "669"]
    s = act(start("zaozhuang", hands, leader=3), "3 TTTTT")
    act(s, *(f"{i} pass" for i in s.queue))
    assert s.places[3] == 0 and s.wutou(0)
    act(s, "4 JJ")  # 接风 to S4
    act(s, "5 pass", "0 KK")
    assert s.trick is not None and not s.trick.gouji
    assert s.queue[0] == 1  # anyone may answer S0 in turn


def test_four_households_play_after_passing() -> None:
    """001「头科、二科产生后，其余四人不再按够级、过牌、让牌、烧牌等规则进行，可在过牌后再上牌」"""
    hands = ["5", "6", "7789", "KK9", "QQ9", "JJ9"]
    s = act(start("zaozhuang", hands), "0 5", "1 6")
    assert s.places[0] == 0 and s.places[1] == 1 and s.luanchan
    act(s, *(f"{i} pass" for i in s.queue))  # 接风 to S2
    act(s, "2 77")
    assert s.queue == [3, 4, 5] * 2  # 枣庄「需要过两圈」
    act(s, "3 KK")
    assert s.trick is not None and not s.trick.gouji


def test_rang_lets_the_two_downstream_seats_answer_first() -> None:
    """001「持牌人对上两家过牌的对头牌…可声明“让牌”，即让下两家先“上牌”，如下家均声明“过牌”，再由持牌人确定」"""
    hands = ["5553", "6663", "7773", "8883", "9993", "JJJ3"]
    s = act(start("match", hands), "0 555", "1 pass", "2 pass", "3 rang")
    assert s.queue[:3] == [4, 5, 3]
    act(s, "4 pass", "5 pass")
    assert s.to_act == 3
    with pytest.raises(Refusal, match="已经让过"):
        s.apply(Rang(3))
    act(s, "3 888")


def test_rang_is_only_on_the_opposite() -> None:
    s = act(start("match", ["5553", "6663", "7773", "8883", "9993", "JJJ3"]), "0 555")
    with pytest.raises(Refusal, match="对家"):
        s.apply(Rang(1))


def test_undo_and_replay_rebuild_the_same_state() -> None:
    s = act(start("zaozhuang", PLAIN), "0 555", "1 666", "2 pass", "3 888")
    back = s.undo()
    assert back.log == s.log[:-1] and back.to_act == 3
    again = DealState.replay(s.setup, s.log)
    assert again.queue == s.queue and again.counts == s.counts and again.events == s.events


def test_observed_mode_knows_only_counts() -> None:
    setup = DealSetup(preset="match", leader=0, counts=(36,) * 6)
    s = DealState.start(setup)
    s.apply(PlayCards(0, Play.parse("2" * 10)))
    assert s.counts[0] == 26
    act(s, *(f"{i} pass" for i in s.queue))
    with pytest.raises(Refusal) as err:  # only 16 twos in four decks: 10 + 7 is a misread
        s.apply(PlayCards(0, Play.parse("2" * 7)))
    assert err.value.switch == "deck.population" and "misread" in err.value.rule


def test_observed_mode_refuses_more_cards_than_a_seat_holds() -> None:
    s = DealState.start(DealSetup(preset="zaozhuang", leader=0, counts=(2, 54, 54, 54, 54, 54)))
    with pytest.raises(Refusal, match="手牌不够"):
        s.apply(PlayCards(0, Play.parse("555")))


def test_observed_men_comes_from_a_declaration() -> None:
    s = DealState.start(DealSetup(preset="match", leader=0, counts=(2, 5, 5, 5, 5, 5)))
    s.apply(PlayCards(0, Play.parse("K")))
    with pytest.raises(Refusal):
        s.apply(Declare(0, "men"))  # not yet topped
    s.apply(PlayCards(1, Play.parse("A")))
    s.apply(Declare(0, "men"))
    assert s.places[0] == 5 and ("men", 0, 1) in kinds(s)


def test_zaozhuang_chuan_ends_the_deal_at_sanke() -> None:
    """004「串三户，当三科产生时，本局游戏自动结束，另一方未获得名次的三个人，按照手牌剩余张数确定名次，剩余张数少的名次靠前」"""
    hands = ["5", "99999", "6", "888", "7", "QQ"]
    s = act(start("zaozhuang", hands), "0 5", "1 pass", "2 6", "3 pass", "4 7")
    assert s.over
    assert s.places == [0, 5, 1, 4, 2, 3]


def test_dorm_failed_burn_ranks_below_men() -> None:
    """000 七「诈烧判定的拉客严重于被闷判定为的拉客，
    即若同一局游戏当中既有人诈烧又有人被闷则诈烧者为拉客，被闷者为二拉」"""
    hands = ["K3", "A3", "KK3", "AAJJ3", "553", "663"]
    s = act(start("dorm", hands), "0 K", "1 A")
    assert s.places[0] == 5  # 闷: 拉客 for now
    act(s, "2 pass", "3 pass", "4 pass", "5 pass", "1 3")
    act(s, *(f"{i} pass" for i in s.queue))  # 接风 to S2
    act(s, "2 KK", "3 AA")  # dorm has no burner priority: play order
    assert s.burn is not None and s.burn.burner == 3
    act(s, *(f"{i} pass" for i in s.queue))
    act(s, "3 JJ")  # no joker and cards left: 诈烧
    assert s.places[3] == 5 and s.places[0] == 4


def test_baopai_shows_counts_as_the_preset_allows() -> None:
    """000「不能上报或者询问任何人的手牌数」;
    004「持牌人手中的剩余牌≤10张时，系统自动显示剩余张数」"""
    zz = DealState.start(DealSetup(preset="zaozhuang", leader=0, counts=(11, 10, 54, 54, 54, 54)))
    assert zz.shown_count(0) is None and zz.shown_count(1) == 10
    dorm = DealState.start(DealSetup(preset="dorm", leader=0, counts=(1, 33, 33, 33, 32, 32)))
    assert dorm.shown_count(0) is None
    assert dorm.shown_count(0, referee=True) == 1


def test_jinyou_fan_shao_counts_when_it_stands() -> None:
    """004「A出够级牌，B烧牌，B出了第一套够级牌后，A再出够级牌，成为反烧，
    如果B放弃，则A反烧成功」"""
    hands = ["AAR2R9", "22B9", "KK9", "QQ9", "TT9", "889"]
    s = act(start("jinyou", hands, **{"biesan__enabled": False}), "0 AA")
    act(s, "2 pass", "4 pass", "1 22")  # B (S1) burns A (S0)
    assert s.queue[0] == 0  # the burned seat may answer the first burn play
    act(s, "0 RR")
    assert ("fan_shao", 0, 1) not in kinds(s)  # not yet: B may still answer
    act(s, *(f"{i} pass" for i in s.queue))
    assert ("fan_shao", 0, 1) in kinds(s)


def test_a_seat_with_no_three_falls_when_it_must_lead() -> None:
    """001 五「没3视为大落」: with no 3 its last play could never be all 3s."""
    s = start("match", ["K", "A3", "Q3", "J3", "T3", "93"], leader=0)
    assert s.places[0] == 5 and ("no_three", 0, None) in kinds(s)
    assert s.to_act == 1


def test_hedian_by_both_opposites_opens_both() -> None:
    """000 五「若对门2人都选择和点则视为本局游戏互相开点，若有一方不同意和点则游戏正常进行」"""
    s = start("dorm", PLAIN_DORM)
    s.apply(Declare(0, "hedian"))
    assert not s.kaidian[0]
    s.apply(Declare(3, "hedian"))
    assert s.kaidian[0] and s.kaidian[3] and not s.kaidian[1]


def test_xuandian_only_before_play_and_only_where_the_preset_has_it() -> None:
    """000 五「宣点即出牌前宣称本局游戏对门不开点」; 004「不宣点」"""
    s = start("dorm", PLAIN_DORM)
    s.apply(Declare(2, "xuandian"))
    assert s.xuandian[2]
    act(s, "0 555")
    with pytest.raises(Refusal, match="before the first play"):
        s.apply(Declare(1, "xuandian"))
    with pytest.raises(Refusal) as err:
        start("zaozhuang", PLAIN).apply(Declare(0, "xuandian"))
    assert err.value.switch == "kaidian.xuandian"


def test_no_gouji_declaration_opens_in_match() -> None:
    """001 五「若一局中某人手中没有任意够级牌，则可以判定该人自动开点」"""
    s = DealState.start(DealSetup(preset="match", leader=0, counts=(36,) * 6))
    s.apply(Declare(4, "no_gouji"))
    assert s.kaidian[4]
    with pytest.raises(Refusal):
        start("match", ["5553", "6663", "7773", "8883", "9993", "JJJ3"]).apply(
            Declare(0, "no_gouji")
        )


PLAIN_DORM = ["5553", "6663", "7773", "8883", "9993", "JJJ3"]


GEMING = ["5553", "6663", "7773", "8883", "9993", "KKK3"]  # nobody holds a 2 or a joker


def test_geming_abandons_the_deal_and_the_opposite_opens() -> None:
    """001「如果大花、小花、2均没有时，可声明“革命”，即弃牌不在参与此局的够级活动」;
    003「革命算自动认点即自己不开点,对头开点」"""
    s = start("tribute", GEMING)
    s.apply(Declare(2, "geming"))
    assert not s.in_play(2) and s.kaidian[5] and not s.kaidian[2]
    act(s, "0 555")
    assert 2 not in s.queue


def test_geming_needs_no_two_and_no_joker() -> None:
    s = start("match", ["5553", "6663", "7723", "8883", "9993", "KKK3"])
    with pytest.raises(Refusal, match="不能革命"):
        s.apply(Declare(2, "geming"))
    with pytest.raises(Refusal) as err:
        start("jinyou", GEMING).apply(Declare(2, "geming"))
    assert err.value.switch == "preplay.geming"


def test_two_revolutions_void_the_deal() -> None:
    """001「如同时出现2个(含2个)以上革命者，则该局作废」"""
    s = start("match", GEMING)
    s.apply(Declare(2, "geming"))
    s.apply(Declare(3, "geming"))
    assert s.void and s.over
    with pytest.raises(ValueError, match="作废"):
        from gouji.scoring import deal_result

        deal_result(s)


def test_the_revolutionaries_opposite_is_wutou_unless_it_chooses_yaotou() -> None:
    """001「如果“要头”，则自己前三“够级牌”算“够死级”，三次“够死级”之后算“无头”」"""
    hands = ["5553", "6663", "7773", "8883", "9993", "KKQQJJJJ3"]
    s = start("match", hands, leader=5)
    s.apply(Declare(2, "geming"))
    assert s.wutou(5)
    s = start("match", hands, leader=5)
    s.apply(Declare(2, "geming"))
    s.apply(Declare(5, "yaotou"))
    assert not s.wutou(5)
    act(s, "5 KK")  # 够死级: only burners may answer, no opposite
    assert s.trick is not None and s.trick.gouji and s.gousiji[5] == 2


def test_the_revolutionary_is_sanke_when_its_team_takes_the_top_two() -> None:
    """001「革命者通常视为“四科”（但如果自己联邦成为“头科”和“二科”，则算做三科，即“串三户”）」"""
    hands = ["53", "663", "7773", "883", "93", "KKK3"]
    s = start("tribute", hands)
    s.apply(Declare(2, "geming"))
    act(s, "0 5", "1 pass", "3 pass", "4 pass", "5 pass", "0 3")
    act(s, *(f"{i} pass" for i in s.queue))  # 接风 skips the revolutionary
    assert s.to_act == 1
    act(s, "1 6", "3 8", "4 9", "5 pass", "1 pass", "3 pass", "4 3")
    assert s.places[0] == 0 and s.places[4] == 1 and s.places[2] == 2
    assert s.luanchan


def test_the_revolutionary_is_sike_otherwise() -> None:
    hands = ["53", "663", "7773", "883", "93", "KKK3"]
    s = start("tribute", hands, leader=1)
    s.apply(Declare(2, "geming"))
    act(s, "1 6", "3 8", "4 9", "5 pass", "0 pass", "1 pass", "3 pass", "4 3")
    assert s.places[4] == 0 and s.places[2] is None
    act(s, *(f"{i} pass" for i in s.queue))  # 接风 to S5
    act(s, "5 KKK")
    assert s.trick is not None and not s.trick.gouji  # S5 is 无头: its opposite revolted
    act(s, *(f"{i} pass" for i in s.queue), "5 3")
    assert s.places[5] == 1 and s.places[2] == 3


def test_zaozhuang_dipai_is_open_to_all_and_no_burn() -> None:
    """004「底牌：抢出头科、二科的持牌人所发最后一次牌为底牌。如底牌是够级牌时，其它人都有顺牌权，不算烧牌」"""
    hands = ["KK", "AA9", "QQ9", "JJ9", "TT9", "889"]
    s = act(start("zaozhuang", hands), "0 KK")
    assert s.places[0] == 0 and s.trick is not None and not s.trick.gouji
    assert s.queue == [1, 2, 3, 4, 5]
    act(s, "1 AA")
    assert s.burn is None


def test_tribute_topping_the_gouji_dipai_is_a_gousiji() -> None:
    """003「对于头科、二科底牌是够级牌的，其对头如果上牌则可以取得一次够死级的機会，除非这时有人烧牌」
    (a 够级 底牌 needs play without 憋三). Read as the topping play itself standing as
    够死级: only a burn answers it, and its owner is 无头 afterwards."""
    hands = ["KK", "559", "669", "AAA9", "779", "889"]
    s = act(start("tribute", hands, **{"biesan__enabled": False}), "0 KK")  # 头科
    act(s, "2 pass", "4 pass", "1 pass", "5 pass", "3 AA")  # burners first, then S3
    assert s.trick is None and s.to_act == 3  # nobody may answer: the burners passed
    assert s.kaidian[3]  # the pure 够级 stood: 开点
    assert s.gousiji[3] == 0 and s.wutou(3)
    act(s, "3 A")
    assert s.trick is not None and not s.trick.gouji
    plain = act(start("tribute", hands, **{"biesan__enabled": False, "round__dipai": "none"}),
                "0 KK", "2 pass", "4 pass", "1 pass", "5 pass", "3 AA")
    assert not plain.kaidian[3]  # without the chance S3 is 无头: AA is no 够级


def test_observed_last_threes_after_a_topped_play_are_men() -> None:
    """001「最后走3之前的一手牌被人上牌，称为“被闷”」: with only counts known the engine sees it
    when the seat shows its last 3s, and counts it from the topping."""
    s = DealState.start(DealSetup(preset="jinyou", leader=0, counts=(2, 5, 5, 5, 5, 2)))
    act(s, "0 K", "1 A", "2 pass", "3 pass", "4 pass", "5 pass", "0 pass")
    act(s, "1 6", "2 pass", "3 pass", "4 pass", "5 8")
    act(s, *(f"{i} pass" for i in s.queue))
    act(s, "5 3")  # S5's 8 stood: out as 头科
    assert s.places[5] == 0
    act(s, *(f"{i} pass" for i in s.queue), "2 kou")  # 接风 to S0; S5's opposite clears
    assert s.to_act == 0
    act(s, "0 3")
    assert s.places[0] == 5 and ("men", 0, 1) in kinds(s)
    assert s.to_act == 1


def test_observed_last_threes_after_a_standing_play_go_out() -> None:
    s = DealState.start(DealSetup(preset="jinyou", leader=0, counts=(2, 5, 5, 5, 5, 5)))
    act(s, "0 K", *(f"{i} pass" for i in (1, 2, 3, 4, 5)), "0 3")
    assert s.places[0] == 0


def test_copy_is_independent_and_check_agrees_with_a_replay() -> None:
    from gouji.moves import legal_actions
    from gouji.selfplay import play_deal

    finished = play_deal("jinyou", 3, "random")
    state = DealState.replay(finished.setup, finished.log[:120])
    trial = state.copy()
    assert trial == state
    seat = trial.to_act
    assert seat is not None
    trial.apply(legal_actions(trial)[-1])
    assert trial != state and len(state.log) == 120
    assert state == DealState.replay(finished.setup, finished.log[:120])
    tries = [*legal_actions(state), Pass((seat + 1) % 6), PlayCards(seat, Play.parse("RRRR"))]
    for action in tries:
        try:
            DealState.replay(state.setup, [*state.log, action])
            replayed = None
        except Refusal as refusal:
            replayed = str(refusal)
        checked = state.check(action)
        assert (None if checked is None else str(checked)) == replayed
