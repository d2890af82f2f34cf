"""Every comparison and 够级 example of the four seed texts, each citing its file.

Seed files live in ../shared/seeds/: 000 (dorm), 001 (match), 003 (tribute),
004 (jinyou first half, 枣庄 second half).  The quoted line is in each test's
docstring or parameter id.
"""

from __future__ import annotations

import itertools

import pytest

from gouji.compare import card_values, judge
from gouji.plays import Play, PlayError, is_gouji, is_pure_gouji, parse_play
from gouji.presets import get_preset
from gouji.rules import Rules


def rules(preset: str) -> Rules:
    return get_preset(preset).rules


def tops(preset: str | Rules, previous: str, answer: str) -> bool:
    r = rules(preset) if isinstance(preset, str) else preset
    return judge(parse_play(previous, r), parse_play(answer, r), r).beats


def gouji(preset: str, cards: str) -> bool:
    r = rules(preset)
    return is_gouji(parse_play(cards, r), r)


def pure(preset: str, cards: str) -> bool:
    r = rules(preset)
    return is_pure_gouji(parse_play(cards, r), r)


def same_value(preset: str, a: str, b: str) -> bool:
    r = rules(preset)
    return card_values(parse_play(a, r), r) == card_values(parse_play(b, r), r)


# ---------------------------------------------------------------- 000 (dorm)

def test_000_same_count_higher_rank() -> None:
    """000 四「上家3个5，你需要打出3个6或者3个8等等」"""
    assert tops("dorm", "555", "666")
    assert tops("dorm", "555", "888")
    assert not tops("dorm", "555", "55")
    assert not tops("dorm", "555", "6666")
    assert not tops("dorm", "555", "444")


@pytest.mark.parametrize("cards", ["TTTTT", "JJJJ", "QQQ", "KK", "AA", "2", "JJJJJJ", "KKK"])
def test_000_gouji_minimum_counts(cards: str) -> None:
    """000 四「多于5个10，4个J，3个Q，2个K，2个A，1个2的牌和带有大小王的牌被称为“够级牌”」"""
    assert gouji("dorm", cards)


@pytest.mark.parametrize("cards", ["TTTT", "JJJ", "QQ", "K", "A", "99999999", "555"])
def test_000_below_the_minimum_is_no_gouji(cards: str) -> None:
    """000 四: below the minimum counts a play is no 够级; 9 and below never."""
    assert not gouji("dorm", cards)


def test_000_opposite_answers_five_tens_with_five_jacks() -> None:
    """000 四「你的对门出了5个10…你需要出5个J或者5个Q之类的牌才能管住」"""
    assert tops("dorm", "TTTTT", "JJJJJ")
    assert tops("dorm", "TTTTT", "QQQQQ")
    assert gouji("dorm", "JJJJJ")


def test_000_any_joker_makes_gouji() -> None:
    """000 四「比如一个小王带一个5，尽管5不够级，但是小王够级」"""
    assert gouji("dorm", "B5")
    assert not pure("dorm", "B5")


def test_000_attached_twos_add_count_not_height() -> None:
    """000 四「3个K挂2个2=5个K」"""
    assert same_value("dorm", "KKK22", "KKKKK")
    assert not tops("dorm", "KKKKK", "KKK22")
    assert not tops("dorm", "KKK22", "KKKKK")
    assert tops("dorm", "KKK22", "AAAAA")


def test_000_small_jokers_need_big_jokers_one_for_one() -> None:
    """000 四「3个K挂2个小王等于具有2个小王大小的5个K，也就是需要至少3个比K大的牌和2张大王才能管住」"""
    assert tops("dorm", "KKKBB", "AAARR")
    assert tops("dorm", "KKKBB", "A22RR")  # wild 2s make three A
    assert not tops("dorm", "KKKBB", "AAABB")  # small jokers do not top small jokers
    assert not tops("dorm", "KKKBB", "AAAAR")  # one big joker is not enough
    assert not tops("dorm", "KKKBB", "KKKRR")  # the carried Ks must be topped too
    assert not tops("dorm", "KKKBB", "AAAARR")  # and the count must match


def test_000_a_big_joker_play_cannot_be_topped() -> None:
    """000 三「凡是牌里带有大王的牌直接所有人全部过牌」"""
    verdict = judge(Play.parse("R5"), Play.parse("RR"), rules("dorm"))
    assert not verdict.beats
    assert verdict.switch == "compare.big_joker_unbeatable"
    assert not tops("dorm", "R", "R")
    assert not tops("dorm", "R33", "RRR")


def test_000_pure_gouji_has_no_two_and_no_joker() -> None:
    """000 五「不含有2、王的够级牌称为“纯够级牌”」"""
    assert pure("dorm", "TTTTT")
    assert pure("dorm", "KK")
    assert not pure("dorm", "TTTT2")  # 够级 by its converted form, but holds a 2
    assert gouji("dorm", "TTTT2")
    assert not pure("dorm", "22")
    assert not pure("dorm", "BKK")


# ---------------------------------------------------------------- 001 (match)

@pytest.mark.parametrize("cards", ["3", "33", "55555", "8888888"])
def test_001_single_cards_and_one_hand(cards: str) -> None:
    """001 二「两张以上（含两张）点数相同的牌，如：33，55555，8888888」"""
    parse_play(cards, rules("match"))


def test_001_twos_may_not_be_attached() -> None:
    """001 二「“2”不可以贴」"""
    with pytest.raises(PlayError) as err:
        parse_play("22888", rules("match"))
    assert err.value.switch == "play.attached_twos"
    parse_play("222", rules("match"))


@pytest.mark.parametrize("cards", ["BB888", "RB5555", "R", "B", "RB"])
def test_001_jokers_carry_cards_of_one_rank(cards: str) -> None:
    """001 二「2张小花+3个八，算作2小花带3个八」「1大花+1小花+4个五」"""
    r = rules("match")
    assert is_gouji(parse_play(cards, r), r)


@pytest.mark.parametrize("cards", ["R", "B", "2", "AA", "KK", "QQQ", "JJJJ", "TTTTT", "QQQQ", "AAA"])
def test_001_lowest_gouji_and_above(cards: str) -> None:
    """001 二「1张大、小花及2，2张A，2张K，3张Q，4张J，5张10为最低级别…张数或点数高于、等于这些牌的牌，均视作够级牌」"""
    assert gouji("match", cards)


def test_001_order_of_single_cards() -> None:
    """001 三「大花>小花>2>A>K>Q>J>10>9>8>7>6>5>4>3」"""
    order = "34567" "89TJQKA2BR"
    for low, high in itertools.pairwise(order):
        assert tops("match", low, high), (low, high)
        assert not tops("match", high, low), (high, low)


def test_001_jokers_must_be_beaten_on_both_sides() -> None:
    """001 三「如2个小花+3个8…必须在两个方面都大过此牌，例如用2个大花带3个9大过（也可以用3个花带2个9大过）」"""
    assert tops("match", "BB888", "RR999")
    assert tops("match", "BB888", "RRB99")
    assert tops("match", "BB888", "RRR99")
    assert not tops("match", "BB888", "BBB99")  # small jokers cannot top small jokers
    assert not tops("match", "BB888", "RR888")
    assert not tops("match", "BB888", "RR9999")


def test_001_three_twos_top_a_big_joker() -> None:
    """001 三「此外，3个2可以大过大花」"""
    verdict = judge(Play.parse("R"), Play.parse("222"), rules("match"))
    assert verdict.beats and verdict.switch == "compare.three_twos_beat_joker"
    assert not tops("match", "R", "22")
    assert not tops("match", "222", "R")
    off = rules("match").changed({"compare.three_twos_beat_joker": False})
    assert not tops(off, "R", "222")


def test_001_three_twos_with_three_sevens_top_a_small_joker_with_three_sixes() -> None:
    """001 三「如，1个小花带3个6…例如用3个2带3个7大过」

    001 also says 「“2”不可以贴」, so the default match preset refuses 222777 as a
    play; the example holds under the switch value that carries 2s as 2s (flower).
    """
    with pytest.raises(PlayError):
        parse_play("222777", rules("match"))
    flower = rules("match").changed({"play.attached_twos": "flower"})
    assert tops(flower, "B666", "222777")
    assert not tops(flower, "B666", "22777")
    assert is_gouji(Play.parse("2777"), flower)


def test_001_threes_and_fours_never_carry() -> None:
    """001 注二「“3”、“4”牌不能拆开出，也不能挂花」"""
    for cards in ("B333", "R4", "BR44"):
        with pytest.raises(PlayError) as err:
            parse_play(cards, rules("match"))
        assert err.value.switch == "play.threes_fours_carry"
    parse_play("B555", rules("match"))


def test_001_twos_and_jokers_never_open() -> None:
    """001 五「以下牌型的够级牌不开点：任意张大花，小花，2或者挂花的牌」"""
    for cards in ("2", "22", "R", "BB", "BAA"):
        assert gouji("match", cards) and not pure("match", cards)
    assert pure("match", "AA")


# ---------------------------------------------------------------- 003 (tribute)

def test_003_twos_turn_into_the_rank_they_join() -> None:
    """003「2可以和其它的单张或┅手牌一起出2转换为对应点数的牌」"""
    assert same_value("tribute", "28", "88")
    assert same_value("tribute", "2222A", "AAAAA")


def test_003_big_joker_with_twos_carries_the_converted_rank() -> None:
    """003「大花+2+同点的其他牌算做大花带同点的牌(2要折算成同点的牌),如2个大花+3个2+4个9算做2个大花带7个9」"""
    assert same_value("tribute", "RR2229999", "RR9999999")


def test_003_big_joker_with_twos_alone_carries_twos() -> None:
    """003「大花+2算做大花带2,如2个大花+3个2算2个大花带3个二」"""
    r = rules("tribute")
    play = parse_play("RR222", r)
    assert card_values(play, r) == [17, 17, 15, 15, 15]


def test_003_big_with_small_and_two_counts_as_small() -> None:
    """003「大花+小花+2+同点的牌此时大花当做小花。如1大花+1小花+2个2+4个五当做2个小花带6个五」"""
    assert same_value("tribute", "RB225555", "BB555555")
    assert tops("tribute", "RB225555", "RR666666")
    assert not tops("tribute", "RB225555", "RB666666")
    # Without a 2 the big joker keeps its height.
    assert not same_value("tribute", "RB555555", "BB555555")


def test_003_converted_plays_qualify_as_gouji() -> None:
    """003「貼钱的牌转换点数后如果符合条件也算作够级牌」「当任何一手牌挂花时也算作够级牌」"""
    assert gouji("tribute", "JJJ2")
    assert gouji("tribute", "QQ2")
    assert gouji("tribute", "TTT22")
    assert not gouji("tribute", "JJ2")
    assert not gouji("tribute", "99922")
    assert gouji("tribute", "B3")


def test_003_twos_count_as_the_rank_and_compare_by_it() -> None:
    """003「如2个钱+3个八相当于5个八,和5个九比较大小5个九要大」"""
    assert tops("tribute", "22888", "99999")
    assert not tops("tribute", "99999", "22888")
    assert not tops("tribute", "22888", "88888")


def test_003_both_sides_example() -> None:
    """003「如2个小花+3个8,算作2个小花带3个8则如果要大过此牌,必须在两个方面都大过此牌例如用2個大花带3个9大过」"""
    assert tops("tribute", "BB888", "RR999")
    assert tops("tribute", "BB888", "RRB99")
    assert not tops("tribute", "BB888", "BB999")


# ---------------------------------------------------------------- 004 (jinyou, first half)

def test_004_jinyou_wild_twos() -> None:
    """004「贴钱 2可以和其它的单张或一手牌一起出，2转换为对应点数的牌。例如：22333算作33333；266算作666」"""
    assert same_value("jinyou", "22333", "33333")
    assert same_value("jinyou", "266", "666")


def test_004_jinyou_joker_forms() -> None:
    """004「2个大花+3个2+4个9，算做2个大花带7个9」「2个大花+3个2，算2个大花带3个二」
    「1大花+1小花+2个2+4个五，当做1个大花+1个小花+6个5」"""
    assert same_value("jinyou", "RR2229999", "RR9999999")
    r = rules("jinyou")
    assert card_values(parse_play("RR222", r), r) == [17, 17, 15, 15, 15]
    assert same_value("jinyou", "RB225555", "RB555555")  # the big joker stays big (vs 003)


@pytest.mark.parametrize("cards", ["RB", "B", "R", "2", "AA", "KK", "QQQ", "JJJJ", "TTTTT", "JJJ2"])
def test_004_jinyou_gouji(cards: str) -> None:
    """004「1张大、小花及2，2张A，2张K，3张Q，4张J，5张10为最低级别…贴钱的牌转换点数后如果符合条件，
    也算作够级牌」「单张大王+单张小王也是够级牌」"""
    assert gouji("jinyou", cards)


def test_004_jinyou_twos_compare_as_the_rank() -> None:
    """004「如2个钱+3个八，相当于5个八，要用5个9可大过」"""
    assert tops("jinyou", "22888", "99999")


def test_004_one_big_joker_needs_exactly_two() -> None:
    """004「1张大王必须要用2张大王大，不能用3个大王打」"""
    assert tops("jinyou", "R", "RR")
    assert not tops("jinyou", "R", "RRR")


def test_004_big_joker_with_carried_cards() -> None:
    """004「大王挂花比较：挂的牌的张数要一致：如大王+2+999，要用2个大王+4个10大过」
    「1个大王+5555，用2个大王+6666 打过」"""
    assert tops("jinyou", "R2999", "RRTTTT")
    assert tops("jinyou", "R2999", "RR2TTT")
    assert not tops("jinyou", "R2999", "RRTTT")
    assert not tops("jinyou", "R2999", "RR9999")
    assert not tops("jinyou", "R2999", "RTTTT")
    assert tops("jinyou", "R5555", "RR6666")


def test_004_small_joker_needs_a_big_one() -> None:
    """004「小王，必须要用大王打」「小王挂牌时，须由大王挂高于小王所挂牌点以上方能灭之，且大王不得少于小王的数量」
    「挂小王出的套牌，必须要挂大王的更大的套牌才可以压过」"""
    assert tops("jinyou", "B", "R")
    assert not tops("jinyou", "B", "B")
    assert not tops("jinyou", "B", "2")
    assert tops("jinyou", "BB5555", "RR6666")
    assert not tops("jinyou", "BB5555", "R6666")
    assert not tops("jinyou", "BB5555", "RR5555")
    assert not tops("jinyou", "B5555", "B6666")


def test_004_big_and_small_need_three_big() -> None:
    """004「大王+小王 要用三个大王去打」「两个小王 要用2个大王去打」"""
    assert tops("jinyou", "RB", "RRR")
    assert not tops("jinyou", "RB", "RR")
    assert not tops("jinyou", "RB", "RRB")
    assert tops("jinyou", "BB", "RR")


def test_004_small_joker_two_and_fives() -> None:
    """004「小王+2+5555，要用 1个大王+66666大过」"""
    assert tops("jinyou", "B25555", "R66666")
    assert not tops("jinyou", "B25555", "R6666")


def test_004_kaidian_plays_are_pure() -> None:
    """004「能开点的够级牌：2张A以上，2张K以上，3张Q以上，4张J以上，5张10以上，必须是纯的，带2的不算」"""
    for cards in ("AA", "KK", "QQQ", "JJJJ", "TTTTT", "AAAA"):
        assert pure("jinyou", cards)
    for cards in ("A2", "JJJ2", "TTTT2", "BAA"):
        assert gouji("jinyou", cards) and not pure("jinyou", cards)


def test_004_burn_example_sequence() -> None:
    """004「持牌人出AA，烧牌者出22…烧牌者出第二套牌“小花+2”，此时，对头打“大花+小花”」"""
    assert tops("jinyou", "AA", "22")
    assert tops("jinyou", "B2", "RB")


# ---------------------------------------------------------------- 004 (枣庄, second half)

def test_004_zaozhuang_wild_twos() -> None:
    """004「贴2：2和其他数字牌一起出，则2相应转换为数字牌。如22+777相当于5个7」"""
    assert same_value("zaozhuang", "22777", "77777")


def test_004_zaozhuang_jokers() -> None:
    """004「小王必须用大王打」「一个大王用2个大王打，两个大王用4个大王打」"""
    assert tops("zaozhuang", "B", "R")
    assert not tops("zaozhuang", "B", "B")
    assert tops("zaozhuang", "R", "RR")
    assert not tops("zaozhuang", "RR", "RRR")
    assert tops("zaozhuang", "RR", "RRRR")


def test_004_zaozhuang_four_jokers_and_three_eights() -> None:
    """004「如2个小王+3个7要大过此牌，必须在王和数字牌上都要大过才行，使用4个王+3个8可以大过」

    Read with 「小王必须用大王打」: the four jokers hold at least two big ones.
    """
    assert tops("zaozhuang", "BB777", "RRRR888")
    assert tops("zaozhuang", "BB777", "RRBB888")
    assert tops("zaozhuang", "BB777", "RR888")
    assert not tops("zaozhuang", "BB777", "RBBB888")
    assert not tops("zaozhuang", "BB777", "RRRR777")


@pytest.mark.parametrize("cards", ["TTTTT", "JJJJ", "QQQ", "KK", "AA", "2", "RT", "R5"])
def test_004_zaozhuang_gouji(cards: str) -> None:
    """004「级牌：5张以上10、4张以上J、3张以上Q、2张以上K、2张以上A、1张以上2以及所有含有大王或小王的牌…
    举例：五个10、四个J、大王+5+10」"""
    assert gouji("zaozhuang", cards)


def test_004_zaozhuang_mixed_ranks_are_not_one_play() -> None:
    """004 举例「大王+5+10」 lists 够级 kinds together; 5 and 10 in one play is not one hand
    (「同点数牌N张 + X个2 + Y个小王 + Z个大王」)."""
    with pytest.raises(PlayError):
        parse_play("R5T", rules("zaozhuang"))
