"""After a deal (结算): places, points by preset, and the tribute (进贡) owed next deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from gouji.actions import SEATS
from gouji.deal import PLACE_NAMES, DealEvent, DealState
from gouji.rules import Rules
from gouji.setup import opposite, team

TributeKind = Literal["dian", "shao", "men", "luo", "quan"]
TRIBUTE_NAMES: dict[str, str] = {
    "dian": "点贡", "shao": "烧贡", "men": "闷贡", "luo": "落贡", "quan": "圈贡",
}


@dataclass(frozen=True)
class SeatScore:
    """One seat's points by source; ``total`` is its own, before team sums and doubling."""

    seat: int
    place: int
    places: int
    dian: int
    shao: int
    men: int
    fan_shao: int

    @property
    def total(self) -> int:
        """The seat's own points."""
        return self.places + self.dian + self.shao + self.men + self.fan_shao


@dataclass(frozen=True)
class TributeDue:
    """``giver`` owes ``receiver`` ``count`` of its highest cards next deal, for ``kind``."""

    giver: int
    receiver: int
    count: int
    kind: TributeKind
    waivable: bool = False
    """000: 拉贡 between teammates may be waived."""

    def __str__(self) -> str:
        note = " (同帮可免)" if self.waivable else ""
        return f"S{self.giver} → S{self.receiver} {self.count}张{TRIBUTE_NAMES[self.kind]}{note}"


@dataclass(frozen=True)
class DealResult:
    """Places, points and tribute of a finished deal."""

    places: tuple[int, ...]
    """Place of each seat: 0 = 头科 … 5 = 大落."""
    scores: tuple[SeatScore, ...]
    chuan: int | None
    """The team that took 头科, 二科 and 三科 (串三户), if one did."""
    multiplier: tuple[int, int]
    """Doubling applied to each team's sum (串三户)."""
    team_points: tuple[int, int]
    """Each team's points after doubling; every seat scores its team's sum."""
    tribute: tuple[TributeDue, ...]
    kaidian: tuple[bool, ...] = (False,) * SEATS
    """Which seats opened (开点) this deal."""

    @property
    def order(self) -> tuple[int, ...]:
        """Seats from 头科 to 大落."""
        return tuple(sorted(range(SEATS), key=lambda s: self.places[s]))

    def seat_points(self, seat: int) -> int:
        """What ``seat`` scores: its team's sum."""
        return self.team_points[team(seat)]

    def outcome(self, which: int) -> Literal["win", "lose", "draw"]:
        """Team ``which`` won, lost or drew (000 compares team sums)."""
        mine, theirs = self.team_points[which], self.team_points[1 - which]
        return "win" if mine > theirs else "lose" if mine < theirs else "draw"

    def summary(self) -> str:
        """One line per place, then the tribute: what a referee reads out."""
        lines = [
            f"{PLACE_NAMES[p]} S{s}  {self.scores[s].total:+d}"
            for p, s in enumerate(self.order)
        ]
        lines.append(f"联邦 team points: {self.team_points[0]:+d} / {self.team_points[1]:+d}"
                     + (f"  串三户 team {self.chuan}" if self.chuan is not None else ""))
        lines.extend(f"进贡 {t}" for t in self.tribute)
        return "\n".join(lines)


def deal_result(state: DealState) -> DealResult:
    """The result of a finished deal; raises ValueError while it is still being played."""
    if state.void:
        raise ValueError("本局作废 the deal is void: two seats revolted (001「该局作废」)")
    if not state.over:
        raise ValueError("本局未完 the deal is not over")
    rules = state.rules
    places = tuple(p for p in state.places if p is not None)
    events = state.events
    scores = tuple(_seat_score(seat, places, state, rules) for seat in range(SEATS))
    chuan = _chuan(places)
    multiplier = (1, 1)
    team_places = [sum(s.places for s in scores if team(s.seat) == t) for t in (0, 1)]
    team_other = [sum(s.total - s.places for s in scores if team(s.seat) == t) for t in (0, 1)]
    if chuan is not None and rules.score.chuan_double == "winners":
        multiplier = (2, 1) if chuan == 0 else (1, 2)
        team_points = tuple((team_places[t] + team_other[t]) * multiplier[t] for t in (0, 1))
    elif chuan is not None and rules.score.chuan_double == "places":
        multiplier = (2, 2)
        team_points = tuple(2 * team_places[t] + team_other[t] for t in (0, 1))
    else:
        team_points = tuple(team_places[t] + team_other[t] for t in (0, 1))
    return DealResult(
        places=places,
        scores=scores,
        chuan=chuan,
        multiplier=multiplier,
        team_points=(team_points[0], team_points[1]),
        tribute=tribute_owed(rules, places, state.kaidian, events, chuan, state.xuandian),
        kaidian=tuple(state.kaidian),
    )


def _seat_score(seat: int, places: Sequence[int], state: DealState, rules: Rules) -> SeatScore:
    s = rules.score
    opp = opposite(seat)
    dian = 0
    if state.kaidian[seat] != state.kaidian[opp]:
        dian = s.dian if state.kaidian[seat] else -s.dian
    shao = men = fan = 0
    for e in state.events:
        if e.kind == "burn_success":
            shao += s.shao * ((e.seat == seat) - (e.other == seat))
        elif e.kind == "men":
            men += s.men * ((e.other == seat) - (e.seat == seat))
        elif e.kind == "fan_shao":
            fan += s.fan_shao * ((e.seat == seat) - (e.other == seat))
    return SeatScore(seat, places[seat], s.places[places[seat]], dian, shao, men, fan)


def _chuan(places: Sequence[int]) -> int | None:
    """串三户: the team holding 头科, 二科 and 三科."""
    top = {team(seat) for seat in range(SEATS) if places[seat] < 3}
    return top.pop() if len(top) == 1 else None


def tribute_owed(
    rules: Rules,
    places: Sequence[int],
    kaidian: Sequence[bool],
    events: Sequence[DealEvent],
    chuan: int | None,
    xuandian: Sequence[bool] = (False,) * SEATS,
) -> tuple[TributeDue, ...]:
    """The tribute the next deal owes, in the preset's order (点 烧 闷 落 or 闷 烧 点 落)."""
    t = rules.tribute
    if not t.enabled or (chuan is not None and t.chuan == "no_tribute_redeal"):
        return ()
    by_place = {p: s for s, p in enumerate(places)}
    due: dict[str, list[TributeDue]] = {"dian": [], "shao": [], "men": [], "luo": []}
    for seat in range(3):
        due["dian"] += _dian_dues(seat, opposite(seat), kaidian, xuandian, t.dian_table)
    for e in events:
        if e.kind == "burn_success" and rules.burn.reward == "gong" and e.other is not None:
            due["shao"].append(TributeDue(e.other, e.seat, 1, "shao"))
        elif e.kind == "men" and rules.biesan.men_reward == "gong" and e.other is not None:
            due["men"].append(TributeDue(e.seat, e.other, 1, "men"))
    if chuan is not None and t.chuan == "to_opposite":
        due["luo"] = [
            TributeDue(s, opposite(s), 1, "luo") for s in range(SEATS) if places[s] >= 3
        ]
    elif chuan is not None and t.chuan == "quan_gong":
        due["luo"] = [
            TributeDue(by_place[5], by_place[0], 1, "quan"),
            TributeDue(by_place[4], by_place[1], 1, "quan"),
            TributeDue(by_place[3], by_place[2], 1, "quan"),
        ]
    else:
        for giver, receiver, count in ((5, 0, t.luo[0]), (4, 1, t.luo[1])):
            g, r = by_place[giver], by_place[receiver]
            waivable = t.teammate_luo_exempt and team(g) == team(r)
            due["luo"].append(TributeDue(g, r, count, "luo", waivable))
    return tuple(d for kind in t.order for d in due[kind])


def _dian_dues(
    a: int, b: int, kaidian: Sequence[bool], xuandian: Sequence[bool], table: str
) -> list[TributeDue]:
    """点贡 between the opposites ``a`` and ``b``."""
    if xuandian[a] != xuandian[b] and table in ("dorm", "xuandian_003"):
        caller, other = (a, b) if xuandian[a] else (b, a)
        return _dian_called(caller, other, kaidian, table)
    if xuandian[a] and xuandian[b] and table == "xuandian_003":
        return _dian_pairs(a, b, kaidian, sided=4, mutual=2, both_open=2)
    if table in ("one_each", "xuandian_003", "levels"):
        # 枣庄's 2- and 3-card levels count deals in a row; one deal gives level 1.
        return _dian_pairs(a, b, kaidian, sided=1, mutual=1, both_open=0)
    return _dian_pairs(a, b, kaidian, sided=1, mutual=0, both_open=0)


def _dian_pairs(
    a: int, b: int, kaidian: Sequence[bool], *, sided: int, mutual: int, both_open: int
) -> list[TributeDue]:
    """One opened: the other gives ``sided``; neither: each gives ``mutual``; both opened:
    each gives ``both_open``."""
    if kaidian[a] != kaidian[b]:
        giver, receiver = (b, a) if kaidian[a] else (a, b)
        return [TributeDue(giver, receiver, sided, "dian")]
    count = both_open if kaidian[a] else mutual
    return [TributeDue(a, b, count, "dian"), TributeDue(b, a, count, "dian")] if count else []


def _dian_called(caller: int, other: int, kaidian: Sequence[bool], table: str) -> list[TributeDue]:
    """点贡 when ``caller`` declared 宣点 against ``other``.

    000「被宣点的一方没开点，而宣点的一方开点了，则下一局游戏被宣点者进2张点贡给宣点者…若本局游戏
    被宣点的人开点了，则下一局游戏宣点者给被宣点者进2张点贡」; 003「自己宣点对家不宣点的情况:
    自己开点对家没开,对家进3张点贡; 两家都没有开点自己进1张点贡,对家进2张点贡; 两方都开点自己進2张
    点贡; 自己没开点对家开,自己进3点贡」
    """
    mine, theirs = kaidian[caller], kaidian[other]
    if table == "dorm":
        if theirs:
            return [TributeDue(caller, other, 2, "dian")]
        return [TributeDue(other, caller, 2, "dian")] if mine else []
    if mine and not theirs:
        return [TributeDue(other, caller, 3, "dian")]
    if theirs and not mine:
        return [TributeDue(caller, other, 3, "dian")]
    if mine and theirs:
        return [TributeDue(caller, other, 2, "dian")]
    return [TributeDue(caller, other, 1, "dian"), TributeDue(other, caller, 2, "dian")]
