"""Match totals, the tie-break and the next leader (issue 3)."""

from __future__ import annotations

from gouji.match import Match
from gouji.presets import get_preset
from gouji.scoring import DealResult


def result(places: tuple[int, ...], points: tuple[int, int]) -> DealResult:
    return DealResult(places=places, scores=(), chuan=None, multiplier=(1, 1),
                      team_points=points, tribute=())


def test_match_of_five_deals_adds_team_points() -> None:
    """001 六「初赛、复赛打5局，决赛打7局」"""
    m = Match(get_preset("match").rules)
    for _ in range(5):
        assert not m.over
        m.add(result((0, 1, 2, 3, 4, 5), (4, -4)))
    assert m.over and m.totals == (20, -20) and m.winner() == 0
    assert Match(get_preset("match").rules, final=True).length == 7


def test_a_tie_goes_against_the_last_daluo_team() -> None:
    """001 六「若5局或7局过后积分相同，则最后一局有大落者的联邦为负方」"""
    m = Match(get_preset("match").rules)
    m.add(result((0, 1, 2, 3, 4, 5), (4, -4)))
    m.add(result((1, 0, 2, 3, 5, 4), (-4, 4)))  # seat 4 (team 0) is 大落
    assert m.totals == (0, 0)
    assert m.winner() == 1


def test_dorm_counts_deals_won_and_the_daluo_leads_next() -> None:
    """000 四「哪个队分数高哪个队赢」「下一局游戏拉客先摸牌出牌」"""
    m = Match(get_preset("dorm").rules)
    m.add(result((5, 0, 1, 2, 3, 4), (1, -1)))
    assert not m.over and m.wins == (1, 0) and m.winner() == 0
    assert m.next_leader(3) == 0


def test_match_opener_rotates() -> None:
    """001 注一「以后即按反时针方向依次循环开牌」"""
    assert Match(get_preset("match").rules).next_leader(5) == 0
    assert Match(get_preset("zaozhuang").rules).next_leader(2) is None


def one_sided(payer: int) -> DealResult:
    """A deal where ``payer`` did not open and its opposite did."""
    from gouji.scoring import TributeDue

    kaidian = tuple(s != payer for s in range(6))
    return DealResult(places=(0, 1, 2, 3, 4, 5), scores=(), chuan=None, multiplier=(1, 1),
                      team_points=(0, 0), kaidian=kaidian,
                      tribute=(TributeDue(payer, (payer + 3) % 6, 1, "dian"),))


def test_zaozhuang_dian_gong_levels_and_graduation() -> None:
    """004【2级点贡】「连续两局都是，一家开，对家没开。没开的玩家向开点的对家进两张最大的牌」
    【3级点贡】「也叫点贡毕业…下一局，进三张点贡的人自动开点」"""
    m = Match(get_preset("zaozhuang").rules)
    m.add(one_sided(4))
    assert [d.count for d in m.owed_next()] == [1] and m.graduates() == ()
    m.add(one_sided(4))
    assert [d.count for d in m.owed_next()] == [2]
    m.add(one_sided(4))
    assert [d.count for d in m.owed_next()] == [3] and m.graduates() == (4,)
    m.add(one_sided(2))  # another pair: S4's run is over
    assert m.graduates() == () and [d.count for d in m.owed_next()] == [1]


def test_a_graduate_starts_the_next_deal_opened() -> None:
    from gouji.deal import DealState
    from gouji.dealer import random_setup

    state = DealState.start(random_setup("zaozhuang", 3, opened=(4,)))
    assert state.kaidian[4] and not state.kaidian[1]
