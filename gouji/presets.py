"""The five named presets (规则预设), each switch with the seed line it rests on.

Every switch of :class:`gouji.rules.Rules` is given here for every preset as
``value, source`` or ``value, source, reading`` — the reading being the choice
made where the text is silent, ambiguous or contradicts itself.  Seed files are
named by their number: 000 (dorm), 001 (match), 003 (tribute), 004 (jinyou in
its first half, 枣庄 in its second).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gouji.rules import Rules, SwitchError

Entry = tuple[Any, str] | tuple[Any, str, str]


@dataclass(frozen=True)
class Preset:
    """A named rule set: its switches, and where each comes from."""

    name: str
    title: str
    """Chinese title and one-line English description."""
    seed: str
    """The seed file(s) it follows."""
    rules: Rules
    sources: Mapping[str, str]
    """Switch path → the seed line it rests on (quoted)."""
    readings: Mapping[str, str]
    """Switch path → the reading chosen where the text is ambiguous."""


class UnknownPresetError(KeyError):
    """A preset name that is not one of :data:`PRESETS`."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)

    def __str__(self) -> str:
        return f"未知规则预设 unknown preset {self.name!r}; choose one of: {', '.join(PRESETS)}"


def get_preset(name: str) -> Preset:
    """The preset called ``name``; raises :class:`UnknownPresetError` naming the choices."""
    try:
        return PRESETS[name]
    except KeyError:
        raise UnknownPresetError(name) from None


def rules_for(name: str, changes: Mapping[str, Any] | None = None) -> Rules:
    """The rules of preset ``name`` with a club's ``changes`` applied (``section.name`` keys)."""
    rules = get_preset(name).rules
    return rules.changed(changes) if changes else rules


def _build(name: str, title: str, seed: str, entries: Mapping[str, Entry]) -> Preset:
    sections: dict[str, dict[str, Any]] = {}
    sources: dict[str, str] = {}
    readings: dict[str, str] = {}
    for path, entry in entries.items():
        section, _, switch = path.partition(".")
        sections.setdefault(section, {})[switch] = entry[0]
        sources[path] = entry[1]
        if len(entry) == 3:
            readings[path] = entry[2]
    hints = typing.get_type_hints(Rules)
    try:
        groups = {f.name: hints[f.name](**sections.pop(f.name)) for f in dataclasses.fields(Rules)}
    except (KeyError, TypeError) as exc:  # a preset table missing or misspelling a switch
        raise SwitchError(f"preset {name}: {exc}") from exc
    if sections:
        raise SwitchError(f"preset {name}: unknown sections {sorted(sections)}")
    return Preset(
        name, title, seed, Rules(**groups),
        types.MappingProxyType(sources), types.MappingProxyType(readings),
    )


NOT_STATED = "not stated"

DORM = _build("dorm", "点烧闷拉（宿舍） Shandong dorm rules", "000", {
    "deck.decks": (4, "000 一「四副扑克，去掉10个3,10个4共196张牌」"),
    "deck.threes": (6, "000 八「本套牌中只有6个3,6个4」"),
    "deck.fours": (6, "000 八「本套牌中只有6个3,6个4」"),
    "deck.deal": ("in_turn", "000 二「依次摸牌将牌摸完」", "196 cards drawn in turn: 33/33/33/33/32/32."),
    "deck.first_leader": ("cut_card", "000 二「抽出一张牌明置于牌堆中按照点数从自己开始按任意方向数」"),
    "deck.later_leader": ("last_daluo", "000 四「下一局游戏拉客先摸牌出牌」"),
    "deck.redeal_without_high": (False, f"000: {NOT_STATED}"),
    "play.attached_twos": ("wild", "000 四「如果一套牌挂了2则增加了牌的数量但并不增加它的大小」"),
    "play.big_as_small_with_wild_two": (False, f"000: {NOT_STATED}"),
    "play.threes_fours_carry": (True, f"000: {NOT_STATED}; only 3s must go last"),
    "play.threes_fours_whole": (False, f"000: {NOT_STATED}"),
    "compare.jokers": ("per_card", "000 四「3个K挂2个小王…需要至少3个比K大的牌和2张大王才能管住」",
                       "Each card of the answer tops one card of the play; same count."),
    "compare.big_joker_unbeatable": (True, "000 三「凡是牌里带有大王的牌直接所有人全部过牌」"),
    "compare.three_twos_beat_joker": (False, f"000: {NOT_STATED}"),
    "compare.bigs_per_big_joker": (1, "000 三: a big joker cannot be topped (unused with per_card)"),
    "compare.extra_jokers_in_answer": (False, "unused with per_card: counts are equal"),
    "round.replay_on_opposite_after_pass": (False, "000 四「过牌之后再不能要」",
                                             "000 states no exception for the opposite's plays."),
    "round.rang_pai": (True, "000 四「当对门的牌自己的上手2家都不要时可以选择“让牌”」"),
    "round.kou_pai": (False, f"000: {NOT_STATED}"),
    "round.jie_feng": (True, "000 四「由走的人下家直接出牌，被称为“接风（靠风）”」"),
    "round.luanchan_counts_failed_burner": (False, "000 四「走（出完牌）2个人后不存在够级」",
                                            "A failed burner (拉客) has not 走; only seats that go out count."),
    "round.luanchan_counts_revolution": (False, "000 has no 革命"),
    "round.pass_two_rounds": (False, f"000: {NOT_STATED}"),
    "round.dipai": ("none", f"000: {NOT_STATED}"),
    "round.chuan_ends_deal": (False, f"000: {NOT_STATED}"),
    "burn.after_pass": (False, "000 六「过牌之后则不能烧牌」"),
    "burn.fours_first": (False, f"000: {NOT_STATED}"),
    "burn.team_priority": (False, f"000: {NOT_STATED}", "No burner priority: the first to declare burns."),
    "burn.jie_shao": ("opposite_any", "000 六「烧牌时，烧牌者的对门可以要，要下来则称为“解烧”」"),
    "burn.failure": ("lake_below_men", "000 六「诈烧者直接被判定为拉客」; 七「诈烧判定的拉客严重于被闷」"),
    "burn.fan_shao": ("interfere", "000 六「若干扰则称为“反烧”，即终止烧牌人的烧牌行为改为自己烧牌」"),
    "burn.reward": ("gong", "000 九「被烧者进一张烧贡给烧人者」"),
    "kaidian.rule": ("pure_stands_then_four", "000 五「当纯够级牌“站住”（管不了）时，下一张打出4则为开点」"),
    "kaidian.needs_pure": (True, "000 五「不含有2、王的够级牌称为“纯够级牌”」"),
    "kaidian.needs_four": (True, "000 五「下一张打出4则为开点」"),
    "kaidian.closes": ("never", f"000: {NOT_STATED}"),
    "kaidian.required_for_toupke": (False, f"000: {NOT_STATED}"),
    "kaidian.auto_without_gouji": (False, f"000: {NOT_STATED}"),
    "kaidian.xuandian": (True, "000 五「宣点即出牌前宣称本局游戏对门不开点」"),
    "kaidian.hedian": (True, "000 五「若对门2人都选择和点则视为本局游戏互相开点」"),
    "biesan.enabled": (True, "000 四「3必须最后出」"),
    "biesan.men_reward": ("gong", "000 九「被闷者需要进给闷他的人一张闷贡」"),
    "preplay.buy_three_four": (True, "000 八「3每个人必须有一张，4可以选择不买」"),
    "preplay.pay_with": ("two_then_jokers", "000 八「如果没有2则用王买，如果2,王都没有…直接白送」",
                         "「用王买」 names no joker: the small one is paid first."),
    "preplay.sellers": ("opposite_first_teammate_gift", "000 八「如果对门缺3,4则必须先卖给对门」"),
    "preplay.unpaid_three": ("free", "000 八「如果2,王都没有，则多余3,4的人直接白送」"),
    "preplay.no_four_concedes_point": (False, "000 八「4可以选择不买」"),
    "preplay.geming": (False, "000 has no 革命"),
    "preplay.geming_sets": (False, "000 has no 革命"),
    "preplay.chongdian": (True, "000 十 冲点"),
    "preplay.kang_gong": ("four_jokers", "000 九「四小扛自己，四大扛全场」"),
    "score.places": ((2, 1, 0, 0, -1, -2), "000 四「头客可记作+2分，2客记作+1分，三客四客记作0分，小拉记作-1分，大拉记作-2分」"),
    "score.compare_teams": (True, "000 四「哪个队分数高哪个队赢，相等则平」"),
    "score.dian": (0, "000: 点 is paid in 点贡 cards, not points"),
    "score.shao": (0, "000: 烧 is paid in 烧贡 cards, not points"),
    "score.men": (0, "000: 闷 is paid in 闷贡 cards, not points"),
    "score.fan_shao": (0, f"000: {NOT_STATED}"),
    "score.fan_fan_shao": (0, f"000: {NOT_STATED}"),
    "score.chuan_double": ("none", "000 四: 串三户 named only; its effect is 会五 next deal"),
    "score.positive_only": (False, f"000: {NOT_STATED}"),
    "tribute.enabled": (True, "000 九 进贡"),
    "tribute.order": (("dian", "shao", "men", "luo"), "000 九「进贡按照“点”、“烧”、“闷”、“拉”的顺序进贡」"),
    "tribute.luo": ((2, 1), "000 九「大拉进给头客2张拉贡，二拉进给二客1张拉贡」"),
    "tribute.teammate_luo_exempt": (True, "000 九「拉贡如果是同帮的话可以免贡」"),
    "tribute.twos_and_jokers_only": (True, "000 九「2以下的牌不参与买三买四也不参与进贡，如果没有2以及以上的牌则剩余的贡不需要进」"),
    "tribute.dian_table": ("dorm", "000 九 点贡: one card; 宣点 cases two"),
    "tribute.returns": ("none", "000 九: no 还贡 beyond the 大王 exchange of 点贡"),
    "tribute.chuan": ("hui_wu", "000 四「会五」"),
    "baopai.rule": ("forbidden", "000 四「不能上报或者询问任何人的手牌数」"),
    "baopai.threshold": (0, "000: nothing is ever told"),
    "match.deals": (0, f"000: {NOT_STATED} (dorm play is open-ended)"),
    "match.final_deals": (0, f"000: {NOT_STATED}"),
    "match.tie_break": ("none", "000 四「相等则平」"),
})

_MATCH_COMMON: dict[str, Entry] = {
    "deck.decks": (4, "001 一「四幅牌，共216张牌」"),
    "deck.threes": (16, "001 一: 216 cards, nothing removed"),
    "deck.fours": (16, "001 一: 216 cards, nothing removed"),
    "deck.deal": ("equal", "001 一「发牌后每人36张牌」"),
    "compare.jokers": ("per_card", "001 三「必须在两个方面都大过此牌，例如用2个大花带3个9大过（也可以用3个花带2个9大过）」"),
    "compare.big_joker_unbeatable": (False, "001 三「3个2可以大过大花」"),
    "compare.three_twos_beat_joker": (True, "001 三「此外，3个2可以大过大花」; 「用3个2带3个7大过」 a 小花带3个6",
                                      "Three 2s top one joker, big or small (both examples of 001)."),
    "compare.bigs_per_big_joker": (1, "unused with per_card"),
    "compare.extra_jokers_in_answer": (False, "001 三「同样张数的牌才允许比较大小」"),
    "round.replay_on_opposite_after_pass": (True, "001 五「如果“过牌”后，如果不是对头的牌，是不允许再“上牌”的」"),
    "round.rang_pai": (True, "001 五 让牌"),
    "round.kou_pai": (False, f"001: {NOT_STATED}"),
    "round.jie_feng": (True, "001 五「上家的底牌无人灭时，称“接风”」"),
    "round.luanchan_counts_failed_burner": (False, "001 五「头科、二科产生后」"),
    "round.luanchan_counts_revolution": (True, "001 五「如果有人革命，接着打牌中产生了“头科”，则剩下四人为“四户乱缠”」"),
    "round.pass_two_rounds": (False, f"001: {NOT_STATED}"),
    "round.chuan_ends_deal": (False, f"001: {NOT_STATED}"),
    "burn.after_pass": (False, "001 五「即“过牌不烧，烧牌优先”」"),
    "burn.fours_first": (False, f"001: {NOT_STATED}"),
    "burn.team_priority": (True, "001 五「发够级牌者的联邦可先于其他人烧牌，若烧牌者均为一方，则按发牌顺序进行」"),
    "burn.jie_shao": ("opposite_or_reburn", "001 五「如果中间对头压牌或其他人烧此烧牌者，则算“解烧”」"),
    "burn.failure": ("daluo_out", "001 五「算“大落”。这种情况烧牌失败的玩家本局不能再出牌」"),
    "burn.fan_shao": ("reburn", "001 五「其他人烧此烧牌者」",
                      "001 names no 反烧; another seat burning the burner is the nearest."),
    "kaidian.rule": ("gouji_unanswered", "001 五「如果一方打出的够级牌，无人接牌，使得自己获得出牌权，则该玩家开点」"),
    "kaidian.needs_pure": (True, "001 五「以下牌型的够级牌不开点：任意张大花，小花，2或者挂花的牌」"),
    "kaidian.hedian": (False, f"001: {NOT_STATED}"),
    "biesan.enabled": (True, "001「“憋3打法”」; 「最后一手牌必须全是3」"),
    "preplay.buy_three_four": (True, "001 五 买三买四"),
    "preplay.no_four_concedes_point": (False, "001 五「没4不可开点」"),
    "preplay.geming": (True, "001 五「如果大花、小花、2均没有时，可声明“革命”」"),
    "preplay.chongdian": (False, "001 has no 冲点"),
    "score.places": ((4, 2, 0, 0, -2, -4), "001 四「头科：＋4分 二科：＋2分 三科：0分 四科：0分 二落：－2分 大落：－4分」"),
    "score.compare_teams": (False, "001 六「每个队伍实际得分等于本队三个玩家得分之和」"),
    "score.dian": (2, "001 四「游戏中没有“开点”的人－2分，同时对家+2分」"),
    "score.shao": (1, "001 四「被烧者－1分，烧人者加+1分」"),
    "score.men": (1, "001 四「被闷者－1分，闷人者加+1分」"),
    "score.fan_shao": (0, f"001: {NOT_STATED}"),
    "score.fan_fan_shao": (0, f"001: {NOT_STATED}"),
    "score.positive_only": (False, "001 六: negative scores are kept"),
    "tribute.luo": ((2, 1), "003「“大落”向“头科”进2张“落贡”, “二落”向“二科”进1张“落贡”」"),
    "tribute.teammate_luo_exempt": (False, f"001/003: {NOT_STATED}"),
    "tribute.twos_and_jokers_only": (False, "003「进贡时要进手里最大的牌」"),
    "baopai.rule": ("off", f"001/003: {NOT_STATED}; off by default", "Counts are not shown unless a club turns it on."),
    "baopai.threshold": (10, "unused while off"),
}

MATCH = _build("match", "比赛 憋三打法 competition rules, points only", "001", {
    **_MATCH_COMMON,
    "deck.first_leader": ("rotate", "001 注一「以后即按反时针方向依次循环开牌」",
                          "The first opener of a set is drawn at random, then it rotates."),
    "deck.later_leader": ("rotate", "001 注一「首开牌人确定后，以后即按反时针方向依次循环开牌」"),
    "deck.redeal_without_high": (True, "001 一「手里的小2、大鬼和小鬼数量之和为0，可以提出重新洗牌和抓牌」"),
    "play.attached_twos": ("forbidden", "001 二「“2”不可以贴」",
                           "001 三's example 「用3个2带3个7大过」 carries 2s as 2s: that reading is "
                           "the value flower; the stated rule wins by default."),
    "play.big_as_small_with_wild_two": (False, "001: 2s cannot be attached"),
    "play.threes_fours_carry": (False, "001 注二「“3”、“4”牌不能拆开出，也不能挂花」"),
    "play.threes_fours_whole": (True, "001 注二「“3”、“4”牌不能拆开出」"),
    "round.dipai": ("none", f"001: {NOT_STATED}"),
    "kaidian.needs_four": (True, "001 五「没4不可开点」"),
    "kaidian.closes": ("toupke", "001 五「若一局中已经产生“头科”，则不能再开点！」"),
    "kaidian.required_for_toupke": (True, "001 五「如果某人未开点，则该人不能走头科！」"),
    "kaidian.auto_without_gouji": (True, "001 五「若一局中某人手中没有任意够级牌，则可以判定该人自动开点」"),
    "kaidian.xuandian": (False, "001 has no 宣点"),
    "biesan.men_reward": ("points", "001 四「被闷者－1分，闷人者加+1分」"),
    "burn.reward": ("points", "001 四「“烧牌”成功后，被烧者－1分，烧人者加+1分」"),
    "preplay.pay_with": ("two_only", "001 五「先要用一张2向对家“买3”，若没2的话，可以直接拿」"),
    "preplay.sellers": ("opposite_then_anyone", "001 五「如果对头无3或只有一张3，则转向其他玩家，可以是自己联邦，也可以是对方联邦」"),
    "preplay.unpaid_three": ("free", "001 五「先要用一张2向对家“买3”，若没2的话，可以直接拿」"),
    "preplay.geming_sets": (True, "001 五「革命者出3把够级牌，对头可以选择打住，也可以选择不打住」",
                            "The sets end at the first one that stands, as 000's 冲点 does: the "
                            "outcome is then decided. 「通常视为四科」 holds when the rebel's "
                            "team takes 头科; 「若对方联邦的队友是头科，则发起革命的人变为大落」."),
    "preplay.kang_gong": ("none", "001 has no tribute"),
    "score.chuan_double": ("winners", "001 六「如果串三户，则获胜方当局得分翻一倍，落败方照旧计分」"),
    "tribute.enabled": (False, "001: points only"),
    "tribute.order": ((), "001: no tribute"),
    "tribute.dian_table": ("one_each", "unused: no tribute"),
    "tribute.returns": ("none", "001: no tribute"),
    "tribute.chuan": ("none", "001: no tribute"),
    "match.deals": (5, "001 六「初赛、复赛打5局，决赛打7局」"),
    "match.final_deals": (7, "001 六「决赛打7局」"),
    "match.tie_break": ("last_daluo_team_loses", "001 六「若5局或7局过后积分相同，则最后一局有大落者的联邦为负方」"),
})

TRIBUTE = _build("tribute", "进贡打法 tribute rules, 宣点, 5-deal sets", "003", {
    **_MATCH_COMMON,
    "deck.first_leader": ("shown_fours", "003「亮出同花色4(2个以上)多的人为第一个发牌者如果同样长度,则先亮者为第一个发牌者」"),
    "deck.later_leader": ("shown_fours", "003「如果大家都不亮,则随机产生一个首发牌者」",
                          "Each deal's leader is found the same way."),
    "deck.redeal_without_high": (False, f"003: {NOT_STATED}"),
    "play.attached_twos": ("wild", "003「2可以和其它的单张或┅手牌一起出2转换为对应点数的牌」"),
    "play.big_as_small_with_wild_two": (True, "003「大花+小花+2+同点的牌此时大花当做小花」"),
    "play.threes_fours_carry": (True, f"003: {NOT_STATED}; 001's 注二 is not repeated",
                                "003 describes 贴钱 and 挂花 with no exception for 3s and 4s."),
    "play.threes_fours_whole": (False, f"003: {NOT_STATED}"),
    "compare.three_twos_beat_joker": (True, "001 三「3个2可以大过大花」 (RULES.md groups 003 with 001)",
                                      "003 does not repeat the line; it is taken from its family text 001."),
    "round.dipai": ("dead_gouji_chance", "003「对于头科、二科底牌是够级牌的，其对头如果上牌则可以取得一次够死级的機会」"),
    "kaidian.needs_four": (False, f"003: {NOT_STATED}"),
    "kaidian.closes": ("never", f"003: {NOT_STATED}"),
    "kaidian.required_for_toupke": (False, f"003: {NOT_STATED}"),
    "kaidian.auto_without_gouji": (False, f"003: {NOT_STATED}"),
    "kaidian.xuandian": (True, "003「游戏开始后用户可选择是否宣点」"),
    "biesan.men_reward": ("gong", "003「在进贡时要进1张“闷贡”」"),
    "burn.reward": ("gong", "003「燒牌成功者可以获得一个“烧贡”」"),
    "preplay.pay_with": ("two_then_jokers", "003「则要用一張2或王向对家“买3”」"),
    "preplay.sellers": ("opposite_their_team_own", "003「则向对头的联邦买3 如果买不到3,则向自己的联邦要3」"),
    "preplay.unpaid_three": ("revolution", "003「如果自己没有3,又没有钱、大花、小花则算做自动革命」"),
    "preplay.geming_sets": (False, "003「革命算自动认点即自己不开点,对头开点」: no sets are played"),
    "preplay.kang_gong": ("none", f"003: {NOT_STATED}"),
    "score.chuan_double": ("winners", "003「“串三户”分数翻一倍,同时不再“进贡”直接新的一局开始」"),
    "tribute.enabled": (True, "003「进贡玩法需要连续的打5局」"),
    "tribute.order": (("men", "shao", "dian", "luo"), "003「进贡和还贡的类型和顺序:闷贡>烧贡>点贡>落贡」"),
    "tribute.dian_table": ("xuandian_003", "003「自己开点对家没开对家进4张点贡」… 宣点 table"),
    "tribute.returns": ("same_count", "003「进贡和还贡的类型和顺序」",
                        "003 names 还贡 but not its count: as many as received."),
    "tribute.chuan": ("no_tribute_redeal", "003「同时不再“进贡”直接新的一局开始」"),
    "match.deals": (5, "003「进贡玩法需要连续的打5局」"),
    "match.final_deals": (5, "003「连续的打5局」"),
    "match.tie_break": ("none", f"003: {NOT_STATED}"),
})

_FOUR_HALF_COMMON: dict[str, Entry] = {
    "deck.deal": ("equal", "004「没人33张」 / 「每人发54张牌」"),
    "deck.redeal_without_high": (False, f"004: {NOT_STATED}"),
    "play.attached_twos": ("wild", "004「贴钱 2可以和其它的单张或一手牌一起出，2转换为对应点数的牌」"),
    "play.big_as_small_with_wild_two": (False, "004「1大花+1小花+2个2+4个五，当做1个大花+1个小花+6个5」"),
    "play.threes_fours_carry": (True, "004「例如：22333算作33333」"),
    "play.threes_fours_whole": (False, f"004: {NOT_STATED}"),
    "compare.jokers": ("jokers_apart", "004「大王挂花比较：挂的牌的张数要一致：如大王+2+999，要用2个大王+4个10大过」"),
    "compare.big_joker_unbeatable": (False, "004「1张大王必须要用2张大王大」"),
    "compare.three_twos_beat_joker": (False, f"004: {NOT_STATED}"),
    "round.replay_on_opposite_after_pass": (True, "004「“过牌”后，除对家和无头外，是不允许再“上牌”的」"),
    "round.rang_pai": (True, "004 让牌「够级与非够级牌只要符合条件，都可以让牌」"),
    "round.kou_pai": (True, "004「扣牌：重新发牌前，对死牌必须做“扣牌”处理，对头为法定扣牌人」"),
    "round.jie_feng": (True, "004「上家最后一套牌（无论是否够级牌），如果没人打，则下家自动接风」"),
    "round.luanchan_counts_revolution": (False, "004「不革命」"),
    "burn.team_priority": (True, "004「如果联邦和非联邦都选择烧牌，则联邦烧牌优先」"),
    "burn.failure": ("daluo_out", "004「烧牌失误者判为大落，大落玩家本局不能再出牌」"),
    "kaidian.needs_four": (False, f"004: {NOT_STATED} beyond leading a 4"),
    "kaidian.closes": ("luanchan", "004「在四户乱缠之前」 / 「持牌人在头科、二科产生前」"),
    "kaidian.required_for_toupke": (False, f"004: {NOT_STATED}"),
    "kaidian.auto_without_gouji": (False, f"004: {NOT_STATED}"),
    "kaidian.xuandian": (False, "004「不宣点」"),
    "kaidian.hedian": (False, "004「不宣点」"),
    "preplay.geming": (False, "004「不革命」"),
    "preplay.geming_sets": (False, "004「不革命」"),
    "preplay.chongdian": (False, "004 has no 冲点"),
    "score.compare_teams": (False, "004「三个玩家的名次分+贡的分=本方玩家每个人最终得分」"),
    "score.positive_only": (False, "004 非比赛房间 keeps negative points",
                            "The preset is the ordinary (非比赛) room; a club may switch on the match room."),
    "tribute.luo": ((2, 1), "004「大落向头科进2张落贡 二落向二科进1张落贡」"),
    "tribute.teammate_luo_exempt": (False, f"004: {NOT_STATED}"),
    "tribute.twos_and_jokers_only": (False, "004「进贡由系统自动选择最大手牌进贡」"),
    "match.final_deals": (0, f"004: {NOT_STATED}"),
    "match.tie_break": ("none", f"004: {NOT_STATED}"),
}

JINYOU = _build("jinyou", "金游世界 四副牌 online rules, 憋三", "004 (first half)", {
    **_FOUR_HALF_COMMON,
    "deck.decks": (4, "004「四幅牌，4幅牌：总计198张」"),
    "deck.threes": (6, "004「保留6张3（黑桃 红桃3各两张，方块和草花各一张）」"),
    "deck.fours": (8, "004「8张4.（每个花色各两张）」"),
    "deck.first_leader": ("same_suit_fives", "004「上班：每局发完手牌后，同花色5（2个以上）多的人为第一个发牌者…红桃＞黑桃＞方片＞梅花」",
                          "004 is silent when no seat holds two 5s of a suit: its random case "
                          "(「如果数量和花色都相同，则随机产生一个首发牌者」) is taken, among all six seats."),
    "deck.later_leader": ("same_suit_fives", "004「每局发完手牌后」"),
    "compare.bigs_per_big_joker": (2, "004「1张大王必须要用2张大王大」"),
    "compare.extra_jokers_in_answer": (False, "004「1张大王必须要用2张大王大，不能用3个大王打」",
                                       "Every example of 004 is exact (大王+小王 → 三个大王, 两个小王 → "
                                       "2个大王); 「大王不得少于小王的数量」 is read as this lower bound."),
    "round.luanchan_counts_failed_burner": (False, "004「其对头仍做为有头继续进行至二科产生之前」",
                                            "The failed burner is 大落 but does not bring 四户乱缠 nearer."),
    "round.pass_two_rounds": (False, f"004 (first half): {NOT_STATED}"),
    "round.dipai": ("none", f"004 (first half): {NOT_STATED}"),
    "round.chuan_ends_deal": (False, f"004 (first half): {NOT_STATED}"),
    "burn.after_pass": (False, "004「过牌后，别人上了够级牌，也不能烧牌」",
                        "004 also says 「无论是是否已选择过牌」 in a tip; the stated rule wins, "
                        "the tip's reading is the switch's other value."),
    "burn.fours_first": (True, "004「在四户乱缠之前，如果手上有四，则需要把四打出之后，才能烧牌」"),
    "burn.jie_shao": ("first_play", "004「只有打掉烧牌者出的第一套牌“22”才算解烧」"),
    "burn.fan_shao": ("owner_replays", "004「A出够级牌，B烧牌，B出了第一套够级牌后，A再出够级牌，成为反烧」"),
    "burn.reward": ("gong", "004「被烧的人需要向成功烧牌的人进一张烧贡」"),
    "kaidian.rule": ("pure_stands_then_four", "004「开点：在四户乱缠之前，活了一首够级牌，下论重新发牌时必须出四，才能开点」"),
    "kaidian.needs_pure": (True, "004「必须是纯的，带2的不算」"),
    "biesan.enabled": (True, "004「憋三玩法」"),
    "biesan.men_reward": ("gong", "004「在进贡时要进1张“闷贡”」"),
    "preplay.buy_three_four": (True, "004「每局游戏发完牌后，先进入买三阶段，买三完后，在到买四阶段」"),
    "preplay.pay_with": ("two_then_jokers", "004「优先用2，没2用小王，没小王，用大王买，都没有，免费从别人那里获得一张3」"),
    "preplay.sellers": ("any", "004「由系统自动买」"),
    "preplay.unpaid_three": ("free", "004「都没有，免费从别人那里获得一张3」"),
    "preplay.no_four_concedes_point": (True, "004「如果不买四，视为主动认点，下一局需要向对方进一张点贡」"),
    "preplay.kang_gong": ("four_jokers_and_more", "004「8个2 OR 4个小王 OR 3个大王，OR大小王2都没…个人抗贡」"),
    "score.places": ((6, 3, 0, 0, -3, -6), "004「二落：-3分 大落：-6分」",
                     "头科/二科 are not stated; taken as the mirror of 大落/二落 (+6/+3), as 001 does."),
    "score.dian": (2, "004「点贡只针对互为对家的两个人。每个点贡2分」"),
    "score.shao": (2, "004「一个烧贡记2分」"),
    "score.men": (2, "004「点、烧、闷贡 每个2分」"),
    "score.fan_shao": (4, "004「反烧成：4分」"),
    "score.fan_fan_shao": (8, "004「反反烧：8分」"),
    "score.chuan_double": ("places", "004「圈三户，名次分*2」"),
    "tribute.enabled": (True, "004 非比赛的房间「进贡，不还贡」"),
    "tribute.order": (("dian", "shao", "men", "luo"), "004「优先进点贡，其次烧贡，再次闷贡，落贡」"),
    "tribute.dian_table": ("one_each", "004「双方都没开点，互进一张，都开点，不进点贡，你开，对家没开，没开点的人向开点的人进一张点贡」"),
    "tribute.returns": ("none", "004「进贡，不还贡」"),
    "tribute.chuan": ("quan_gong", "004「被圈的一方，向另一方每人进贡一张圈贡」"),
    "baopai.rule": ("off", "004「本游戏没有报牌规则」",
                    "A later line 「按规定报牌」 is taken as the switch's other value."),
    "baopai.threshold": (10, "unused while off"),
    "match.deals": (5, "004「至少打满5局」"),
})

ZAOZHUANG = _build("zaozhuang", "枣庄六副 6-deck rules, no 憋三", "004 (second half)", {
    **_FOUR_HALF_COMMON,
    "deck.decks": (6, "004「副牌，6人游戏，每人发54张牌」"),
    "deck.threes": (24, "004: 6 full decks, 324 cards"),
    "deck.fours": (24, "004: 6 full decks, 324 cards"),
    "deck.first_leader": ("random", "004「发完牌后，系统随机确定一个玩家第一个出牌」"),
    "deck.later_leader": ("random", "004「上班：每局游戏发牌完牌后，系统随机确定一个玩家首先出牌」"),
    "compare.bigs_per_big_joker": (2, "004「一个大王用2个大王打，两个大王用4个大王打」"),
    "compare.extra_jokers_in_answer": (True, "004「2个小王+3个7要大过此牌…使用4个王+3个8可以大过」",
                                       "「小王必须用大王打」 is kept (each small needs one big); the "
                                       "example's 「4个王」 holds at least two big jokers, the rest spare."),
    "round.luanchan_counts_failed_burner": (True, "004「前两个名次产生后（包含烧牌失败的大落 二落）」"),
    "round.pass_two_rounds": (True, "004「出非够级牌的玩家，如本轮要重新获得发牌权，则其他人需要让两圈」"),
    "round.dipai": ("open_to_all", "004「如底牌是够级牌时，其它人都有顺牌权，不算烧牌」"),
    "round.chuan_ends_deal": (True, "004「串三户，当三科产生时，本局游戏自动结束…剩余张数少的名次靠前」"),
    "burn.after_pass": (True, "004「除对家和无头外，其它人可以选择烧牌，无论是是否已选择过牌」"),
    "burn.fours_first": (False, "004 (second half): no 憋三, no 买四"),
    "burn.jie_shao": ("anyone_any", "004「解烧：烧牌后任何一套牌被任何人打上，则为解烧」"),
    "burn.fan_shao": ("none", f"004 (second half): {NOT_STATED}"),
    "burn.reward": ("none", "004「免烧贡」"),
    "kaidian.rule": ("gouji_not_killed", "004「只要有一手够级牌没有被对头灭掉（包括被烧牌）视为开点」"),
    "kaidian.needs_pure": (False, "004「只要有一手够级牌」"),
    "biesan.enabled": (False, "004「不憋三」"),
    "biesan.men_reward": ("none", "004: no 憋三"),
    "preplay.buy_three_four": (False, "004: no 憋三, nothing to buy"),
    "preplay.pay_with": ("two_then_jokers", "unused: nothing to buy"),
    "preplay.sellers": ("any", "unused: nothing to buy"),
    "preplay.unpaid_three": ("free", "unused: nothing to buy"),
    "preplay.no_four_concedes_point": (False, "unused: nothing to buy"),
    "preplay.kang_gong": ("none", "004「无抗贡」"),
    "score.places": ((4, 2, 0, 0, -2, -4), "004「二落：-2分 大落：-4分」",
                     "头科/二科 are not stated; taken as the mirror of 大落/二落 (+4/+2), as 001 does."),
    "score.dian": (6, "004「一方开，一方没开，开的人+6分，没开的分-6分」"),
    "score.shao": (0, "004「免烧贡」"),
    "score.men": (0, "004: no 憋三"),
    "score.fan_shao": (0, f"004 (second half): {NOT_STATED}"),
    "score.fan_fan_shao": (0, f"004 (second half): {NOT_STATED}"),
    "score.chuan_double": ("places", "004「如果是串三户，名次分翻倍」"),
    "tribute.enabled": (True, "004 非海选比赛房间「有进贡和还贡规则；只进点贡和落贡」"),
    "tribute.order": (("dian", "luo"), "004「如果一个用户既进点贡，又要进落贡，则先进点贡，在进落贡」"),
    "tribute.dian_table": ("levels", "004【1级点贡】【2级点贡】【3级点贡】「也叫点贡毕业」"),
    "tribute.returns": ("same_count", "004「还贡的牌，不限大小」",
                        "An earlier copy says 「不能超过进贡的点数」: that is same_count_capped."),
    "tribute.chuan": ("to_opposite", "004「串三户情况下：输分的三家各自向自己的对家进一张落贡」"),
    "baopai.rule": ("at_or_below", "004「报牌：持牌人手中的剩余牌≤10张时，系统自动显示剩余张数」"),
    "baopai.threshold": (10, "004「剩余牌≤10张时」"),
    "match.deals": (4, "004「至少打满4局」"),
})

PRESETS: Mapping[str, Preset] = types.MappingProxyType(
    {p.name: p for p in (DORM, MATCH, TRIBUTE, JINYOU, ZAOZHUANG)}
)
