"""首发: who leads the first deal, per preset (issue 3 gap "first leader from suits").

Every worked example about the first leader in the seed texts (../shared/seeds/:
000 dorm, 001 match, 003 tribute, 004 jinyou / 枣庄) is a test here, its seed
line quoted in the docstring.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from gouji import leader as L
from gouji.cards import CardParseError, Rank
from gouji.leader import (
    Cut,
    CutAgain,
    LeaderError,
    Show,
    Suit,
    SuitedCard,
    SuitedCardError,
    first_leader,
    format_suited,
    parse_cut,
    parse_seat,
    parse_show,
    parse_suited,
)
from gouji.presets import PRESETS, get_preset, rules_for
from gouji.rules import Rules


def rules(name: str) -> Rules:
    return get_preset(name).rules


def shows(*args: str) -> list[Show]:
    return [parse_show(a) for a in args]


def cuts(*args: str) -> list[Cut]:
    return [parse_cut(a) for a in args]


# ---------------------------------------------------------------- notation


def test_the_notations_name_the_same_cards() -> None:
    """Letters after, symbols before or after, Chinese before; any case, separators optional."""
    expected = (SuitedCard(Rank.FIVE, Suit.HEARTS),) * 2 + (SuitedCard(Rank.FIVE, Suit.SPADES),)
    for text in ("5h5h5s", "5h 5h 5s", "5H,5H,5S", "♥5 ♥5 ♠5", "5♥5♥5♠", "♡5 5♡ ♤5",
                 "红桃5，红桃5，黑桃5", "红心5 红桃5 黑桃5"):
        assert parse_suited(text) == expected, text


@pytest.mark.parametrize(
    ("text", "suit"),
    [("方片4", Suit.DIAMONDS), ("方块4", Suit.DIAMONDS), ("梅花4", Suit.CLUBS),
     ("草花4", Suit.CLUBS), ("4d", Suit.DIAMONDS), ("♣4", Suit.CLUBS)],
)
def test_every_suit_name_of_the_seeds(text: str, suit: Suit) -> None:
    """004 names 方块 and 草花 as well as 方片 and 梅花:
    「保留6张3（黑桃 红桃3各两张，方块和草花各一张）」; 「红桃＞黑桃＞方片＞梅花」."""
    assert parse_suited(text) == (SuitedCard(Rank.FOUR, suit),)


def test_tens_and_courts() -> None:
    assert [str(c) for c in parse_suited("10h Th ♠J 红桃Q kc")] == ["Th", "Th", "Js", "Qh", "Kc"]


def test_format_round_trips() -> None:
    cards = parse_suited("♥5 ♠5 方片5 梅花5")
    assert format_suited(cards) == "5h 5s 5d 5c"
    assert format_suited(cards, chinese=True) == "红桃5 黑桃5 方片5 梅花5"
    assert parse_suited(format_suited(cards)) == cards
    assert parse_suited(format_suited(cards, chinese=True)) == cards


@pytest.mark.parametrize(
    ("text", "token", "position", "problem"),
    [
        ("5h 5x", "5x", 4, "无法识别"),
        ("5h 5 5s", "5", 4, "缺少花色"),
        ("5h5", "5", 3, "缺少花色"),
        ("5h 红桃X", "红桃X", 4, "无法识别"),
        ("5h ? 5s", "?", 4, "无法识别"),
        ("5h R", "R", 4, "大小王不算"),
        ("5h ♥大王", "♥大王", 4, "大小王没有花色"),
    ],
)
def test_a_bad_token_is_named_with_its_position(
    text: str, token: str, position: int, problem: str
) -> None:
    with pytest.raises(SuitedCardError) as err:
        parse_suited(text)
    assert (err.value.token, err.value.position) == (token, position)
    assert isinstance(err.value, CardParseError)  # caught wherever card errors are
    message = str(err.value)
    assert problem in message and repr(token) in message and f"position {position}" in message


def test_a_show_of_another_rank_is_named() -> None:
    with pytest.raises(SuitedCardError) as err:
        parse_show("2:4h 4h 7h", Rank.FOUR)
    assert (err.value.token, err.value.position) == ("7h", 7)
    assert "只算4" in str(err.value)


@pytest.mark.parametrize("text", ["6", "-1", "S6", "x", ""])
def test_a_bad_seat(text: str) -> None:
    with pytest.raises(LeaderError, match="seat must be 0-5"):
        parse_seat(text)


def test_seats_as_the_screen_writes_them() -> None:
    assert parse_show("S3:4h4h").seat == parse_show("3:4h4h").seat == 3


@pytest.mark.parametrize("arg", ["24h4h", "2:", "2:  "])
def test_a_show_needs_seat_and_cards(arg: str) -> None:
    with pytest.raises(LeaderError):
        parse_show(arg)


def test_a_cut_is_one_card_suit_optional() -> None:
    assert parse_cut("0:K").card.rank == parse_cut("0:Kh").card.rank == Rank.KING
    assert parse_cut("4:大王").card.rank == Rank.BIG_JOKER
    with pytest.raises(LeaderError, match="one card"):
        parse_cut("0:KK")


# ---------------------------------------------------------------- 000 dorm: the cut card


@pytest.mark.parametrize(
    ("card", "cutter", "seat"),
    [
        ("A", 2, 2),    # A=1: the cutter itself (自己算一)
        ("2", 2, 3),    # 2=2: the next seat
        ("3", 2, 4),
        ("6", 0, 5),
        ("7", 0, 0),    # seven seats round a table of six: back to the cutter
        ("T", 0, 3),
        ("10h", 0, 3),
        ("J", 0, 4),    # J=11
        ("Q", 0, 5),    # Q=12
        ("K", 0, 0),    # K=13
        ("K", 5, 5),
    ],
)
def test_dorm_cut_card_counts_seats(card: str, cutter: int, seat: int) -> None:
    """000 二「任意一人抽出一张牌明置于牌堆中按照点数从自己开始按任意方向数（自己算一）牌的点数个人
    （此时A=1 2=2 J=11 Q =12 K=13 大小王则重新抽取）被点到的人在第一局里先摸先出」"""
    lead = first_leader(rules("dorm"), cuts=cuts(f"{cutter}:{card}"))
    assert lead.seat == seat
    assert lead.rule == "cut_card" and not lead.by_chance
    assert lead.reason.startswith("切牌") and "000 二" in lead.reason


@pytest.mark.parametrize(("card", "seat"), [("A", 2), ("2", 1), ("3", 0), ("J", 4), ("K", 2)])
def test_dorm_counts_either_way(card: str, seat: int) -> None:
    """000 二「按任意方向数」: the cutter may count toward 上家 as well."""
    lead = first_leader(rules("dorm"), cuts=cuts(f"2:{card}"), direction="upstream")
    assert lead.seat == seat and "上家" in lead.reason


@pytest.mark.parametrize("joker", ["B", "R", "小王", "大王"])
def test_dorm_a_joker_is_cut_again(joker: str) -> None:
    """000 二「大小王则重新抽取」"""
    with pytest.raises(CutAgain, match="重新抽取"):
        first_leader(rules("dorm"), cuts=cuts(f"1:{joker}"))
    lead = first_leader(rules("dorm"), cuts=cuts(f"1:{joker}", "1:B", "4:5"))
    assert lead.seat == 2  # S4 counts five: S4 S5 S0 S1 S2
    assert "cut again" in lead.reason


def test_dorm_a_decided_cut_is_not_cut_again() -> None:
    with pytest.raises(LeaderError, match="no further cut"):
        first_leader(rules("dorm"), cuts=cuts("1:5", "1:7"))


def test_dorm_needs_a_cut_and_no_shows() -> None:
    with pytest.raises(LeaderError, match="cut card is needed"):
        first_leader(rules("dorm"))
    with pytest.raises(LeaderError, match="shown cards do not decide"):
        first_leader(rules("dorm"), shows=shows("1:5h5h"), cuts=cuts("0:K"))


def test_dorm_later_deals_follow_the_last_daluo() -> None:
    """000 二「（此规则只限第一局）」; 四「下一局游戏拉客先摸牌出牌」: the cut is for the first
    deal only; later deals come from the last deal (Match.next_leader)."""
    with pytest.raises(LeaderError, match="拉客先出"):
        first_leader(rules("dorm"), cuts=cuts("0:K"), later=True)


# ---------------------------------------------------------------- 001 match: rotation


def test_match_first_opener_is_left_to_chance() -> None:
    """001 注一
    「首开牌人确定后，以后即按反时针方向依次循环开牌，开牌确定的首取牌人即为该局的首发牌人」:
    how the first opener is found is not stated; it is drawn at random (seeded)."""
    leads = [first_leader(rules("match"), rng=random.Random(seed)) for seed in range(40)]
    assert {lead.seat for lead in leads} == set(range(6))
    assert all(lead.by_chance and lead.candidates == tuple(range(6)) for lead in leads)
    assert all("首开牌人" in lead.reason and "001 注一" in lead.reason for lead in leads)
    again = first_leader(rules("match"), rng=random.Random(7))
    assert again == first_leader(rules("match"), rng=random.Random(7))


def test_match_later_deals_rotate() -> None:
    """001 注一「以后即按反时针方向依次循环开牌」: Match.next_leader rotates it."""
    with pytest.raises(LeaderError, match="轮流开牌"):
        first_leader(rules("match"), rng=random.Random(0), later=True)


def test_match_takes_no_shown_or_cut_cards() -> None:
    with pytest.raises(LeaderError, match="shown cards"):
        first_leader(rules("match"), shows=shows("0:4h4h"), rng=random.Random(0))
    with pytest.raises(LeaderError, match="no card is cut"):
        first_leader(rules("match"), cuts=cuts("0:K"), rng=random.Random(0))


# ---------------------------------------------------------------- 003 tribute: shown 4s


def test_tribute_most_same_suit_fours_lead() -> None:
    """003「如果是"憋三"打法,亮出同花色4(2个以上)多的人为第一个发牌者」"""
    lead = first_leader(rules("tribute"), shows=shows("4:4s 4s", "1:4h 4h 4h", "2:4d 4d"))
    assert lead.seat == 1 and not lead.by_chance
    assert lead.reason.startswith("亮四") and "S1 红桃4×3" in lead.reason


def test_tribute_counts_one_suit_not_all_fours() -> None:
    """003「同花色4…多的人」: four 4s of two suits are two of one suit."""
    lead = first_leader(rules("tribute"), shows=shows("0:4h 4h 4s 4s", "3:4c 4c 4c"))
    assert lead.seat == 3


@pytest.mark.parametrize(
    ("order", "seat"),
    [(["4:4s 4s 4s", "1:4h 4h 4h"], 4), (["1:4h 4h 4h", "4:4s 4s 4s"], 1)],
)
def test_tribute_tie_goes_to_the_first_to_show(order: list[str], seat: int) -> None:
    """003「如果同样长度,则先亮者为第一个发牌者」: suits do not matter, only who showed first."""
    lead = first_leader(rules("tribute"), shows=shows(*order))
    assert lead.seat == seat and not lead.by_chance
    assert "先亮者" in lead.reason and "tie" in lead.reason


def test_tribute_a_longer_later_show_beats_an_earlier_one() -> None:
    lead = first_leader(rules("tribute"), shows=shows("0:4h4h", "5:4d4d4d", "2:4c4c4c"))
    assert lead.seat == 5


def test_tribute_nobody_shows_chance_decides() -> None:
    """003「如果大家都不亮,则随机产生一个首发牌者」"""
    leads = [first_leader(rules("tribute"), rng=random.Random(s)) for s in range(40)]
    assert {lead.seat for lead in leads} == set(range(6))
    assert all(lead.by_chance and lead.candidates == tuple(range(6)) for lead in leads)
    assert all(lead.reason.startswith("无人亮") and "大家都不亮" in lead.reason for lead in leads)


def test_tribute_one_four_of_a_suit_does_not_count() -> None:
    """003「同花色4(2个以上)」: a single 4, or 4s of different suits, is as good as not showing."""
    lead = first_leader(rules("tribute"), shows=shows("2:4h", "3:4h 4s 4d 4c"),
                        rng=random.Random(1))
    assert lead.by_chance and lead.candidates == tuple(range(6))


def test_tribute_without_biesan_counts_threes() -> None:
    """003「如果不是"憋三"打法,则以3玳替上面的4」"""
    r = rules_for("tribute", {"biesan.enabled": False})
    assert L.counting_rank(r) == Rank.THREE
    lead = first_leader(r, shows=shows("2:3c 3c", "5:3h 3h 3h"))
    assert lead.seat == 5 and lead.reason.startswith("亮三") and "以3玳替" in lead.reason
    with pytest.raises(LeaderError, match="only 3s"):
        first_leader(r, shows=shows("2:4c 4c"))
    assert L.counting_rank(rules("tribute")) == Rank.FOUR


def test_tribute_later_deals_the_same_way() -> None:
    """The preset reads 003 as finding every deal's leader the same way."""
    lead = first_leader(rules("tribute"), shows=shows("3:4d4d"), later=True)
    assert lead.seat == 3


def test_tribute_refuses_other_ranks_and_impossible_shows() -> None:
    with pytest.raises(LeaderError, match="only 4s"):
        first_leader(rules("tribute"), shows=shows("2:5h 5h"))
    with pytest.raises(LeaderError, match="shows twice"):
        first_leader(rules("tribute"), shows=shows("2:4h 4h", "2:4s 4s"))
    with pytest.raises(LeaderError, match="holds 4"):  # four decks: four 红桃4 at most
        first_leader(rules("tribute"), shows=shows("2:4h 4h 4h", "3:4h 4h"))
    with pytest.raises(LeaderError, match="seat must be 0-5"):
        first_leader(rules("tribute"), shows=[Show(6, parse_suited("4h4h"))])
    with pytest.raises(LeaderError, match="shows no cards"):
        first_leader(rules("tribute"), shows=[Show(1, ())])


def test_chance_needs_a_seeded_generator() -> None:
    with pytest.raises(LeaderError, match=r"random\.Random"):
        first_leader(rules("tribute"))


# ---------------------------------------------------------------- 004 jinyou: 上班


def test_jinyou_most_same_suit_fives_lead() -> None:
    """004「上班：每局发完手牌后，同花色5（2个以上）多的人为第一个发牌者」:
    count comes before suit."""
    lead = first_leader(rules("jinyou"), shows=shows("5:5h 5h", "2:5c 5c 5c"))
    assert lead.seat == 2 and not lead.by_chance
    assert lead.reason.startswith("上班") and "S2 梅花5×3" in lead.reason


@pytest.mark.parametrize(
    ("high", "low"),
    [("h", "s"), ("h", "d"), ("h", "c"), ("s", "d"), ("s", "c"), ("d", "c")],
)
def test_jinyou_tie_on_count_goes_by_suit(high: str, low: str) -> None:
    """004「同色5的数量一样，则按照花色区别优先顺序，红桃＞黑桃＞方片＞梅花」"""
    for order in ([f"1:5{low} 5{low}", f"4:5{high} 5{high}"],
                  [f"4:5{high} 5{high}", f"1:5{low} 5{low}"]):
        lead = first_leader(rules("jinyou"), shows=shows(*order))
        assert lead.seat == 4 and not lead.by_chance
        assert "红桃＞黑桃＞方片＞梅花" in lead.reason


def test_jinyou_a_seat_counts_its_best_suit() -> None:
    """A seat with two 黑桃5 and two 红桃5 counts as two 红桃5."""
    lead = first_leader(rules("jinyou"), shows=shows("0:5s 5s 5h 5h", "3:5s 5s 5d"))
    assert lead.seat == 0


def test_jinyou_tie_on_count_and_suit_is_chance() -> None:
    """004「如果数量和花色都相同，则随机产生一个首发牌者」: chance picks among the tied seats."""
    picks = set()
    for seed in range(30):
        lead = first_leader(rules("jinyou"), shows=shows("1:5h 5h", "4:5h 5h", "2:5s 5s"),
                            rng=random.Random(seed))
        assert lead.by_chance and lead.candidates == (1, 4)
        assert "随机" in lead.reason
        picks.add(lead.seat)
    assert picks == {1, 4}


def test_jinyou_nobody_with_two_is_chance() -> None:
    """004 is silent when nobody has two 5s of a suit; read as its random case
    「如果数量和花色都相同，则随机产生一个首发牌者」, among all six seats."""
    lead = first_leader(rules("jinyou"), shows=shows("0:5h 5s 5d 5c", "3:5h"),
                        rng=random.Random(3))
    assert lead.by_chance and lead.candidates == tuple(range(6))
    lead = first_leader(rules("jinyou"), rng=random.Random(3))
    assert lead.by_chance and lead.candidates == tuple(range(6))


def test_jinyou_show_order_does_not_matter() -> None:
    """004 is an online room: the system looks at every hand 「每局发完手牌后」;
    nobody shows first."""
    a = first_leader(rules("jinyou"), shows=shows("1:5s5s5s", "4:5h5h5h"))
    b = first_leader(rules("jinyou"), shows=shows("4:5h5h5h", "1:5s5s5s"))
    assert a.seat == b.seat == 4


# ---------------------------------------------------------------- 004 枣庄: random


def test_zaozhuang_is_random() -> None:
    """004「发完牌后，系统随机确定一个玩家第一个出牌」; 「1.上班：每局游戏发牌完牌后，
    系统随机确定一个玩家首先出牌，称为“上班”」"""
    leads = [first_leader(rules("zaozhuang"), rng=random.Random(s)) for s in range(40)]
    assert {lead.seat for lead in leads} == set(range(6))
    assert all(lead.by_chance and lead.reason.startswith("上班") for lead in leads)
    later = first_leader(rules("zaozhuang"), rng=random.Random(5), later=True)
    assert later == first_leader(rules("zaozhuang"), rng=random.Random(5))
    with pytest.raises(LeaderError, match="shown cards"):
        first_leader(rules("zaozhuang"), shows=shows("0:5h5h"), rng=random.Random(0))


# ---------------------------------------------------------------- every preset, every quote


@pytest.mark.parametrize(
    ("name", "method", "rank"),
    [("dorm", "cut_card", None), ("match", "rotate", None),
     ("tribute", "shown_fours", Rank.FOUR), ("jinyou", "same_suit_fives", Rank.FIVE),
     ("zaozhuang", "random", None)],
)
def test_each_preset_uses_its_rule(name: str, method: str, rank: Rank | None) -> None:
    r = PRESETS[name].rules
    assert r.deck.first_leader == method
    assert L.counting_rank(r) == rank


@pytest.mark.parametrize("quote", [q for q in dir(L) if q.startswith("Q_")])
def test_every_quote_is_in_its_seed(seeds_dir: Path, quote: str) -> None:
    """The seed lines cited in reasons are verbatim (ignoring line breaks and spaces)."""
    text = getattr(L, quote)
    number = text[:3]
    (seed,) = seeds_dir.glob(f"{number}_*.txt")
    body = re.sub(r"\s", "", seed.read_text(encoding="utf-8"))
    for cited in re.findall(r"「(.*?)」", text):
        assert re.sub(r"\s", "", cited) in body, (quote, cited)


@pytest.mark.parametrize("preset", ["dorm", "match", "tribute", "jinyou", "zaozhuang"])
def test_how_found_says_the_preset_rule_in_both_languages(preset: str) -> None:
    rules = get_preset(preset).rules
    zh, en = L.how_found(rules)
    assert zh and en and "{" not in zh + en
    expected = {"dorm": "切牌", "match": "轮流", "tribute": "同花色4", "jinyou": "上班",
                "zaozhuang": "随机"}[preset]
    assert expected in zh
    if preset == "tribute":  # 003「如果不是"憋三"打法,则以3玳替上面的4」
        assert "同花色3" in L.how_found(rules.changed({"biesan.enabled": False}))[0]
