"""The switches of a rule set (规则开关), grouped by the part of the game they govern.

A :class:`Rules` value names every point where the source texts differ (see
``docs/rules.md`` and ``../shared/spec/RULES.md``).  It is frozen data: the
engine asks it, never the preset's name.  The presets themselves, with the seed
line behind every switch, live in :mod:`gouji.presets`.

Switches are addressed as ``section.name`` (``compare.three_twos_beat_joker``),
which is also how a club's config overrides them.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import sys
import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from gouji.cards import ALL_RANKS, Rank

Seat6 = tuple[int, int, int, int, int, int]
TributeKind = Literal["dian", "shao", "men", "luo"]


@dataclass(frozen=True)
class DeckRules:
    """牌与发牌: the pack, the deal and who leads first."""

    decks: int
    """Full 54-card decks shuffled together (4, or 6 in 枣庄)."""
    threes: int
    """3s left in the pack (dorm removes ten: 6 remain)."""
    fours: int
    """4s left in the pack."""
    deal: Literal["in_turn", "equal"]
    """``in_turn``: drawn in turn until gone (uneven counts); ``equal``: the same count each."""
    first_leader: Literal["cut_card", "rotate", "shown_fours", "same_suit_fives", "random"]
    """How the first deal's leader is found."""
    later_leader: Literal["last_daluo", "rotate", "shown_fours", "same_suit_fives", "random"]
    """How later deals' leaders are found."""
    redeal_without_high: bool
    """On the first deal a seat with no 2 and no joker may ask for a new shuffle."""

    @functools.cached_property
    def population(self) -> Mapping[Rank, int]:
        """How many cards of each rank the pack holds."""
        counts = {rank: 4 * self.decks for rank in ALL_RANKS}
        counts[Rank.SMALL_JOKER] = counts[Rank.BIG_JOKER] = self.decks
        counts[Rank.THREE] = self.threes
        counts[Rank.FOUR] = self.fours
        return types.MappingProxyType(counts)

    @property
    def size(self) -> int:
        """Cards in the pack."""
        return sum(self.population.values())


@dataclass(frozen=True)
class PlayRules:
    """一手牌: what may go into one play."""

    attached_twos: Literal["wild", "forbidden", "flower"]
    """A 2 played with another rank: ``wild`` (贴钱) counts as that rank, adding count, not
    height; ``forbidden``; ``flower``: stays a 2, carried like a joker (read from 001's
    「用3个2带3个7」)."""
    big_as_small_with_wild_two: bool
    """003: in 大花+小花+2+同点 the big joker counts as a small one."""
    threes_fours_carry: bool
    """3s and 4s may carry 2s or jokers (001 注二 forbids it)."""
    threes_fours_whole: bool
    """3s and 4s may not be split across plays (001 注二)."""


@dataclass(frozen=True)
class CompareRules:
    """谁大过谁: how an answer tops a play that holds jokers."""

    jokers: Literal["per_card", "jokers_apart"]
    """``per_card``: same count, every answer card tops one play card (jokers may stand in
    for carried cards). ``jokers_apart``: jokers are beaten by big jokers counted apart,
    carried cards by the same count of a higher rank, so the answer may be larger."""
    big_joker_unbeatable: bool
    """000: any play holding a big joker cannot be topped at all."""
    three_twos_beat_joker: bool
    """001: three 2s top one joker ("3个2可以大过大花")."""
    bigs_per_big_joker: int
    """``jokers_apart``: big jokers needed for each big joker of the play."""
    extra_jokers_in_answer: bool
    """``jokers_apart``: the answer may hold jokers beyond those it needs (big jokers for the
    play's jokers, any joker standing in for a carried card)."""


@dataclass(frozen=True)
class RoundRules:
    """轮次: answering, passing, 让牌, 扣牌, 接风, 四户乱缠."""

    replay_on_opposite_after_pass: bool
    """A seat that passed may still answer its opposite's plays this round."""
    rang_pai: bool
    """让牌 is allowed."""
    kou_pai: bool
    """扣牌: the opposite must clear the dead trick before the next lead."""
    jie_feng: bool
    """接风: a seat's last cards left unbeaten give the lead to its downstream seat."""
    luanchan_counts_failed_burner: bool
    """A failed burner's place counts toward the two places that start 四户乱缠."""
    luanchan_counts_revolution: bool
    """A revolution (革命) counts as a place toward 四户乱缠."""
    pass_two_rounds: bool
    """枣庄: to regain the lead, every other seat must pass twice round (让两圈)."""
    dipai: Literal["none", "open_to_all", "dead_gouji_chance"]
    """底牌 of 头科/二科 that is 够级: anyone may answer (004), or the opposite who tops it
    gains one 够死级 (003)."""
    chuan_ends_deal: bool
    """串三户 ends the deal at 三科; the others rank by fewest cards left."""


@dataclass(frozen=True)
class BurnRules:
    """烧牌: topping a 够级 play that is not one's opposite's, then going out."""

    after_pass: bool
    """A seat that passed this round may still burn."""
    fours_first: bool
    """A seat holding 4s must have played them before it may burn."""
    team_priority: bool
    """When several seats burn, the 够级 owner's team burns first."""
    jie_shao: Literal["opposite_any", "opposite_or_reburn", "first_play", "anyone_any"]
    """解烧: which topping stops a burn without failure."""
    failure: Literal["lake_below_men", "daluo_out"]
    """A failed burn (诈烧/烧失败): 拉客 ranked below 闷, or 大落 and out at once."""
    fan_shao: Literal["interfere", "reburn", "owner_replays", "none"]
    """反烧: what counts as a counter-burn."""
    reward: Literal["gong", "points", "none"]
    """烧贡 (a tribute card), points, or nothing."""


@dataclass(frozen=True)
class KaidianRules:
    """开点: how a seat opens its point, and 宣点/和点."""

    rule: Literal["pure_stands_then_four", "gouji_unanswered", "gouji_not_killed"]
    """``pure_stands_then_four``: a pure 够级 stands and its owner then leads a 4;
    ``gouji_unanswered``: a 够级 play nobody tops; ``gouji_not_killed``: a 够级 play the
    opposite does not top (burned counts as not killed)."""
    needs_pure: bool
    """Only pure 够级 (no 2, no joker) can open."""
    needs_four: bool
    """A seat without a 4 cannot open."""
    closes: Literal["never", "toupke", "luanchan"]
    """When opening stops: never, once 头科 is out, or at 四户乱缠."""
    required_for_toupke: bool
    """A seat that has not opened may not be 头科."""
    auto_without_gouji: bool
    """A seat holding no 够级 cards at all opens automatically."""
    xuandian: bool
    """宣点: before play a seat may declare its opposite will not open."""
    hedian: bool
    """和点: both opposites agree to count each other as opened."""


@dataclass(frozen=True)
class BiesanRules:
    """憋三: 3s must go last; 闷."""

    enabled: bool
    """Every seat's last play must be all 3s; a topped play before them is 闷."""
    men_reward: Literal["gong", "points", "none"]
    """闷贡, points, or nothing."""


@dataclass(frozen=True)
class PreplayRules:
    """Before play: 买三买四, 革命, 冲点, 扛贡."""

    buy_three_four: bool
    """买三买四: a seat with no 3 must get one; 4s may be bought."""
    pay_with: Literal["two_then_jokers", "two_only"]
    """What a buyer pays: a 2, else a joker (small first), else free; or a 2, else free."""
    unpaid_three: Literal["free", "revolution"]
    """A seat needing a 3 with nothing to pay: gets it free, or revolts (003 自动革命)."""
    sellers: Literal[
        "opposite_first_teammate_gift", "opposite_then_anyone", "opposite_their_team_own", "any"
    ]
    """Who sells first."""
    no_four_concedes_point: bool
    """Not buying a 4 concedes the point (认点, a 点贡 next deal)."""
    geming: bool
    """革命: a seat with no 2 and no joker may abandon the deal."""
    geming_sets: bool
    """The rebel first puts up to three 够级 sets to its opposite (001「革命者出3把够级牌」):
    all topped, it is 大落 and the point is its opposite's; else the point is its own, and
    it ends 大落 when the other team takes 头科."""
    chongdian: bool
    """冲点 (000 §十)."""
    kang_gong: Literal["none", "four_jokers", "four_jokers_and_more"]
    """扛贡: ``four_jokers``: 4 small = self, 4 big = whole team (000); ``four_jokers_and_more``
    adds 8 twos / 3 big / no 2 and no joker as personal exemption (004)."""


@dataclass(frozen=True)
class ScoreRules:
    """计分: place points and the rest."""

    places: Seat6
    """Points for 头科, 二科, 三科, 四科, 二落, 大落."""
    compare_teams: bool
    """Teams compare sums for win / lose / draw instead of keeping points (000)."""
    dian: int
    """Points per 点 (each 点贡 in 004)."""
    shao: int
    """Points per successful burn."""
    men: int
    """Points per 闷."""
    fan_shao: int
    """Points for a successful 反烧."""
    fan_fan_shao: int
    """Points for a successful 反反烧."""
    chuan_double: Literal["none", "winners", "places"]
    """串三户: winners' score doubles, or every seat's place points double, or nothing."""
    positive_only: bool
    """Only positive points are kept (004 match room)."""


@dataclass(frozen=True)
class TributeRules:
    """进贡 and 还贡 between deals."""

    enabled: bool
    """Cards change hands between deals (else points only)."""
    order: tuple[TributeKind, ...]
    """Order tribute is given in: 点, 烧, 闷, 落 kinds."""
    luo: tuple[int, int]
    """落贡: cards 大落 gives 头科, and 二落 gives 二科."""
    teammate_luo_exempt: bool
    """拉贡 between teammates may be waived (000)."""
    twos_and_jokers_only: bool
    """Only 2s and jokers are given as tribute; what cannot be paid so is waived (000)."""
    dian_table: Literal["dorm", "xuandian_003", "one_each", "levels"]
    """How many 点贡 cards, by the 000 rule, the 003 宣点 table, one each (004), or the
    枣庄 levels 1/2/3 with 毕业."""
    returns: Literal["none", "same_count", "same_count_capped"]
    """还贡: none, as many as received, or as many and none above the tribute's rank."""
    chuan: Literal["none", "hui_wu", "no_tribute_redeal", "quan_gong", "to_opposite"]
    """What 串三户 does to the next deal's tribute."""


@dataclass(frozen=True)
class BaopaiRules:
    """报牌: who may see how many cards a seat holds."""

    rule: Literal["forbidden", "off", "at_or_below"]
    """Nobody may tell or ask; not told by default; or shown once at or below ``threshold``."""
    threshold: int
    """For ``at_or_below``: the count at which a seat's cards are shown."""


@dataclass(frozen=True)
class MatchRules:
    """A match (a set of deals)."""

    deals: int
    """Deals in a set (0: open-ended)."""
    final_deals: int
    """Deals in a final."""
    tie_break: Literal["none", "last_daluo_team_loses"]
    """How a tie after the set is broken."""


@dataclass(frozen=True)
class Rules:
    """Every switch of a rule set, by section."""

    deck: DeckRules
    play: PlayRules
    compare: CompareRules
    round: RoundRules
    burn: BurnRules
    kaidian: KaidianRules
    biesan: BiesanRules
    preplay: PreplayRules
    score: ScoreRules
    tribute: TributeRules
    baopai: BaopaiRules
    match: MatchRules

    def switches(self) -> Iterator[tuple[str, Any]]:
        """Every switch as (``section.name``, value), in declaration order."""
        for section in dataclasses.fields(self):
            group = getattr(self, section.name)
            for field in dataclasses.fields(group):
                yield f"{section.name}.{field.name}", getattr(group, field.name)

    def get(self, path: str) -> Any:
        """The value of switch ``section.name``; KeyError naming it when unknown."""
        section, name = _split(path)
        return getattr(getattr(self, section), name)

    def changed(self, changes: Mapping[str, Any]) -> Rules:
        """A copy with switches changed; raises :class:`SwitchError` naming a bad one."""
        by_section: dict[str, dict[str, Any]] = {}
        for path, value in changes.items():
            section, name = _split(path)
            hint = _switch_types(type(getattr(self, section)))[name]
            by_section.setdefault(section, {})[name] = _coerce(path, hint, value)
        groups = {
            section: dataclasses.replace(getattr(self, section), **values)
            for section, values in by_section.items()
        }
        return dataclasses.replace(self, **groups)


class SwitchError(ValueError):
    """An unknown switch, or a value it cannot take."""


def switch_doc(path: str) -> str:
    """The meaning of switch ``section.name``: its docstring in this module."""
    _split(path)
    return _field_docs()[path]


@functools.cache
def _field_docs() -> dict[str, str]:
    """Attribute docstrings of the section classes, read from this module's source."""
    tree = ast.parse(inspect.getsource(sys.modules[__name__]))
    by_class: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        docs = by_class.setdefault(node.name, {})
        for stmt, after in zip(node.body, node.body[1:], strict=False):
            if (
                isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[stmt.target.id] = " ".join(after.value.value.split())
    return {
        f"{section}.{name}": doc
        for section, section_type in _SECTION_TYPES.items()
        for name, doc in by_class[section_type.__name__].items()
    }


def _split(path: str) -> tuple[str, str]:
    section, _, name = path.partition(".")
    section_type = _SECTION_TYPES.get(section)
    if section_type is None or name not in _switch_types(section_type):
        raise SwitchError(f"未知规则开关 unknown rule switch {path!r}")
    return section, name


def _switch_types(section_type: type) -> dict[str, Any]:
    return {
        k: v
        for k, v in typing.get_type_hints(section_type).items()
        if not k.startswith("_")
    }


def _coerce(path: str, hint: Any, value: Any) -> Any:
    """Check ``value`` against the switch's declared type; return it in that type."""
    origin = typing.get_origin(hint)
    if hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif origin is Literal:
        choices = typing.get_args(hint)
        if value in choices:
            return value
        raise SwitchError(f"规则开关 {path}: {value!r} is not one of {', '.join(choices)}")
    elif origin is tuple and isinstance(value, (list, tuple)):
        args = typing.get_args(hint)
        if args[-1] is not Ellipsis and len(value) != len(args):
            raise SwitchError(f"规则开关 {path}: needs {len(args)} values, got {len(value)}")
        return tuple(
            _coerce(f"{path}[{i}]", args[0] if args[-1] is Ellipsis else args[i], v)
            for i, v in enumerate(value)
        )
    raise SwitchError(f"规则开关 {path}: {value!r} is not a valid {_type_name(hint)}")


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint)


_SECTION_TYPES: dict[str, type] = {
    f.name: typing.get_type_hints(Rules)[f.name] for f in dataclasses.fields(Rules)
}
