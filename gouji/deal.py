"""The play of one deal as a state machine (一局牌): leads, answers, 够级, 烧牌, 闷, places.

The state is a cache of its log: :meth:`DealState.replay` rebuilds it from a
setup and a list of actions, and :meth:`DealState.undo` is a replay without the
last action.  Every refused action raises :class:`~gouji.actions.Refusal`
naming the rule (Chinese first) and the preset switch, and leaves the state as
it was.

Answering is sequential: after each play the seats entitled to answer are
queued in the order the rules ask them, and ``to_act`` is the head of that
queue.  For a 够级 play the queue holds the seats that may burn (the owner's
team first where the preset says so) and then the opposite; a burn is simply a
play that tops a 够级 play by a seat that is not its owner's opposite.  At a
real table the device fills in the passes of seats that let a later seat act.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from gouji.actions import (
    DECLARATIONS,
    SEATS,
    Action,
    Declare,
    Kou,
    Pass,
    PlayCards,
    Rang,
    Refusal,
)
from gouji.cards import Rank
from gouji.compare import comparator
from gouji.plays import GOUJI_MINIMUM, Play, PlayError, check_legal, is_gouji, is_pure_gouji
from gouji.rules import Rules
from gouji.setup import DealSetup, downstream, opposite, team

PLACE_NAMES = ("头科", "二科", "三科", "四科", "二落", "大落")


@dataclass(frozen=True)
class Trick:
    """The play on the table and who may answer it."""

    owner: int
    play: PlayCards
    gouji: bool
    """Answered only by the owner's opposite, burns and 无头 seats (够级打牌)."""
    opposite_only: bool = False
    """After 让牌: a play topping the yielder's opposite is answered by its own opposite only."""


@dataclass(slots=True)
class Burn:
    """烧牌 in progress: ``burner`` topped ``target``'s 够级 and must go out."""

    burner: int
    target: int
    burned: Trick
    plays: int = 1


@dataclass(frozen=True)
class DealEvent:
    """Something the score or the screen needs: 走科, 烧, 闷, 开点, 解烧, 反烧, 没3."""

    kind: Literal[
        "out", "burn_success", "burn_failure", "jie_shao", "fan_shao", "men", "no_three",
        "kaidian",
    ]
    seat: int
    other: int | None = None
    """The burned seat, the seat that topped the 闷 seat, or the seat that stopped a burn."""
    place: int | None = None


@dataclass(slots=True)
class DealState:
    """A deal being played; build it with ``DealState.start(setup)``."""

    setup: DealSetup
    rules: Rules
    counts: list[int]
    hands: list[Counter[Rank]] | None
    leader: int | None
    trick: Trick | None = None
    queue: list[int] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    rang_by: int | None = None
    """The seat that yielded (让牌) on the play on the table."""
    burn: Burn | None = None
    fan_shao: tuple[int, int] | None = None
    """反烧 played (by the burned seat, against its burner), waiting to stand."""
    finished: list[int] = field(default_factory=list)
    """Seats that went out by playing all their cards, in order (头科 first)."""
    fallen: list[tuple[int, int]] = field(default_factory=list)
    """(severity, seat) of seats out by 闷 or a failed burn, in order; they fill places from
    大落 up."""
    kaidian: list[bool] = field(default_factory=lambda: [False] * SEATS)
    xuandian: list[bool] = field(default_factory=lambda: [False] * SEATS)
    """宣点: the seat declared its opposite would not open."""
    hedian: list[bool] = field(default_factory=lambda: [False] * SEATS)
    """和点: the seat agreed to count both opposites as opened."""
    geming: int | None = None
    """革命: the seat that abandoned the deal (001/003)."""
    void: bool = False
    """作废: a second 革命 voids the deal."""
    gousiji: list[int] = field(default_factory=lambda: [0] * SEATS)
    """够死级 a seat still has though its opposite is gone: three after choosing 要头 against
    a revolution (001), one for topping the 够级 底牌 of 头科/二科 (003)."""
    four_pending: list[bool] = field(default_factory=lambda: [False] * SEATS)
    rendian: list[bool] = field(default_factory=lambda: [False] * SEATS)
    """认点: the seat did not buy a 4 and conceded the point (金游)."""
    closed: list[bool] = field(default_factory=lambda: [False] * SEATS)
    """The seat may no longer open: it conceded (认点) or lost the point to a 革命's sets."""
    chongdian: list[int] = field(default_factory=list)
    """冲点: the challengers, in the order they declared (000 十)."""
    chong_sets: int = 0
    """Sets the challenger now playing has put to its opposite."""
    chong_result: dict[int, bool] = field(default_factory=dict)
    """Finished 冲点 (or the sets of a 革命, 001): seat → whether one of its sets stood."""
    youtou: list[bool] = field(default_factory=lambda: [False] * SEATS)
    """有头: a challenger's opposite kept its 够级 rights (000 十)."""
    play_begun: bool = False
    """A play outside the 冲点 has been made."""
    kou_by: int | None = None
    """扣牌 owed: the dead trick's owner's opposite clears it before the next lead (004)."""
    topped: dict[int, int] = field(default_factory=dict)
    """Seats whose latest play has been topped, and by whom (for 闷 in observed mode)."""
    played: Counter[Rank] = field(default_factory=Counter)
    events: list[DealEvent] = field(default_factory=list)
    log: list[Action] = field(default_factory=list)
    places: list[int | None] = field(default_factory=lambda: [None] * SEATS)
    _validated: tuple[int, PlayCards, bool] | None = field(default=None, repr=False,
                                                           compare=False)

    # ------------------------------------------------------------------ building

    @classmethod
    def start(cls, setup: DealSetup) -> DealState:
        """The state before the first lead."""
        hands = [Counter(h) for h in setup.hands] if setup.hands is not None else None
        state = cls(
            setup=setup, rules=setup.rules, counts=list(setup.seat_counts), hands=hands,
            leader=setup.leader,
        )
        state._auto_kaidian()
        for seat in setup.opened:  # 点贡毕业 (004): opened before the first play
            state._open(seat)
        state._after_change()
        return state

    @classmethod
    def replay(cls, setup: DealSetup, log: Iterable[Action]) -> DealState:
        """The state after applying ``log`` to ``setup``; raises Refusal at the first bad action."""
        state = cls.start(setup)
        for action in log:
            state.apply(action)
        return state

    def undo(self) -> DealState:
        """The state without the last action (a new state; this one is unchanged)."""
        if not self.log:
            raise IndexError("撤销 nothing to undo")
        return DealState.replay(self.setup, self.log[:-1])

    # ------------------------------------------------------------------ views

    @property
    def over(self) -> bool:
        """True once every place is decided, or the deal is void."""
        return self.void or None not in self.places

    def in_play(self, seat: int) -> bool:
        """The seat still holds cards and plays."""
        return self.places[seat] is None and seat != self.geming

    @property
    def luanchan(self) -> bool:
        """四户乱缠: 头科 and 二科 are out (a failed burner counts where the preset says)."""
        decided = len(self.finished)
        if self.rules.round.luanchan_counts_failed_burner:
            decided += sum(1 for e in self.events if e.kind == "burn_failure")
        if self.geming is not None and self.rules.round.luanchan_counts_revolution:
            decided += 1
        return decided >= 2

    def wutou(self, seat: int) -> bool:
        """无头: the seat's opposite has gone out (走科), revolted or rushed the point (冲点),
        and the seat has no 够死级 left and did not choose 有头 — before 四户乱缠."""
        opp = opposite(seat)
        gone = opp in self.finished or opp == self.geming or opp in self.chong_result
        return gone and not self.gousiji[seat] and not self.youtou[seat] and not self.luanchan

    @property
    def challenger(self) -> int | None:
        """The seat whose 冲点 sets are being put to its opposite now, if any."""
        if self.void or (not self.chongdian and self.geming is None):
            return None
        rebel = [self.geming] if self.geming is not None and self.rules.preplay.geming_sets else []
        return next((s for s in [*self.chongdian, *rebel] if s not in self.chong_result), None)

    def shown_count(self, seat: int, *, referee: bool = False) -> int | None:
        """报牌: the seat's count as the table may see it (None: hidden); the referee sees all.

        000 forbids telling counts, 001/003/004 (金游) have no 报牌, and 枣庄 shows a seat's
        count once it holds ``baopai.threshold`` cards or fewer.
        """
        count = self.counts[seat]
        baopai = self.rules.baopai
        if referee or (baopai.rule == "at_or_below" and count <= baopai.threshold):
            return count
        return None

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (to lead, or to answer), or None when the deal is over."""
        if self.over:
            return None
        if self.trick is None:
            kou = self.kou_seat
            if kou is not None:
                return kou
            challenger = self.challenger
            return self.leader if challenger is None else challenger
        return self.queue[0] if self.queue else None

    @property
    def kou_seat(self) -> int | None:
        """The seat that must clear the dead trick (扣牌) before the next lead, if one must:
        the owner's opposite, or the next leader when that seat is out."""
        if self.kou_by is None or self.trick is not None or self.over:
            return None
        return self.kou_by if self.in_play(self.kou_by) else self.leader

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action) -> None:
        """Apply one action; raises :class:`Refusal` (state unchanged) when not allowed now."""
        if self.over:
            raise Refusal(action, "本局已结束 the deal is over")
        if isinstance(action, Declare):
            self._declare(action)
        elif isinstance(action, Kou):
            self._kou(action)
        else:
            kou = self.kou_seat
            if kou is not None and isinstance(action, PlayCards):
                raise Refusal(action, f"对头未扣牌前，不能重新发牌 S{kou} must clear the dead "
                              "trick (扣牌) before the next lead (004)", "round.kou_pai")
            if action.seat != self.to_act:
                raise Refusal(action, f"没轮到 not this seat's turn: S{self.to_act} acts now")
            if isinstance(action, PlayCards):
                self._play(action)
            elif isinstance(action, Pass):
                self._pass(action)
            else:
                self._rang(action)
        self.log.append(action)

    def copy(self) -> DealState:
        """An independent copy, cheaper than a replay: what is applied to it leaves this
        state as it is.  The setup, the rules and the logged actions are immutable, so
        they are shared."""
        shared: dict[int, object] = {id(self.setup): self.setup, id(self.rules): self.rules}
        shared.update((id(action), action) for action in self.log)
        return copy.deepcopy(self, shared)

    def check(self, action: Action) -> Refusal | None:
        """The refusal ``action`` would get now, or None when it is allowed."""
        try:
            self.copy().apply(action)
        except Refusal as refusal:
            return refusal
        return None

    # -- play

    def _play(self, action: PlayCards) -> None:
        burning = self.validate_play(action)
        if self.challenger is not None:
            self._chong_play(action)
            return
        self.play_begun = True
        seat, play = action.seat, action.play
        trick = self.trick
        self._take(seat, play.cards)
        topped_by = self.topped.pop(seat, None)
        if self.counts[seat] == 0 and topped_by is not None and self._late_men(play):
            # 001「最后走3之前的一手牌被人上牌，称为被闷」: with only counts known, the seat's
            # last 3s show that its play before them was topped — it was 闷 then, not out now.
            self._men(seat, by=topped_by)
            self._after_change()
            return
        if self.counts[seat] == 0:
            self._go_out(seat)
        if trick is None:
            self._lead(action)
        else:
            self._answer(action, trick, burning)
        self._after_change()

    def _late_men(self, play: Play) -> bool:
        """Observed 憋三: a last play of 3s alone, after the seat's previous play was topped."""
        return (
            self.hands is None
            and self.rules.biesan.enabled
            and play.rank is Rank.THREE
            and not play.twos
            and not play.jokers
        )

    def validate_play(self, action: PlayCards) -> bool:
        """Raise :class:`Refusal` unless ``action`` may be played now; True when it is a burn."""
        # A bot asks before it plays; the answer holds until the log changes.
        if self._validated is not None and self._validated[:2] == (len(self.log), action):
            return self._validated[2]
        burning = self._validate_play(action)
        self._validated = (len(self.log), action, burning)
        return burning

    def _validate_play(self, action: PlayCards) -> bool:
        seat, play = action.seat, action.play
        rules = self.rules
        try:
            check_legal(play, rules)
        except PlayError as exc:
            raise Refusal(action, exc.reason, exc.switch) from None
        self._check_holds(action)
        if self.challenger is not None and self.trick is None and not is_pure_gouji(play, rules):
            raise Refusal(action, "冲点须出纯够级牌 each 冲点 set is a pure 够级 play (000 十)",
                          "preplay.chongdian")
        left = self.counts[seat] - play.size
        self._check_whole(action)
        self._check_biesan(action, left)
        trick = self.trick
        burning = False
        if trick is not None:
            verdict = comparator(rules).judge(trick.play.play, play)
            if not verdict.beats:
                raise Refusal(action, f"管不住 does not top: {verdict.reason}", verdict.switch)
            burning = self._is_burn(seat, trick)
            if burning and rules.burn.fours_first and self._holds(seat, Rank.FOUR):
                raise Refusal(action, "烧牌前须先出四 a seat holding 4s must play them before "
                              "it may burn (004)", "burn.fours_first")
        return burning

    def _check_holds(self, action: PlayCards) -> None:
        seat, play = action.seat, action.play
        if play.size > self.counts[seat]:
            raise Refusal(action, f"手牌不够 S{seat} holds only {self.counts[seat]} cards")
        if self.rendian[seat] and Rank.FOUR in play.cards:
            raise Refusal(action, f"认点 S{seat} conceded the point: it holds no 4",
                          "preplay.no_four_concedes_point")
        if self.hands is not None:
            missing = _missing(self.hands[seat], play)
            if missing:
                names = "、".join(r.chinese for r in missing)
                raise Refusal(action, f"手里没有这些牌 S{seat} does not hold the {names}")
            return
        population = self.rules.deck.population
        for rank, n in play.by_rank():
            if self.played[rank] + n > population[rank]:
                raise Refusal(
                    action,
                    f"超出牌数 more {rank.chinese} than the pack holds "
                    f"({self.played[rank]} already played) — a misread?",
                    "deck.population",
                )

    def _check_whole(self, action: PlayCards) -> None:
        """001 注二: 3s and 4s are never split across plays."""
        seat, play = action.seat, action.play
        if (
            self.rules.play.threes_fours_whole
            and self.hands is not None
            and play.rank in (Rank.THREE, Rank.FOUR)
            and play.natural < self.hands[seat][play.rank]
        ):
            raise Refusal(action, f"“3”“4”不能拆开出 all {play.rank.chinese}s go in one play "
                          "(001 注二)", "play.threes_fours_whole")

    def _check_biesan(self, action: PlayCards, left: int) -> None:
        if not self.rules.biesan.enabled:
            return
        seat, play = action.seat, action.play
        all_threes = play.rank is Rank.THREE and not play.twos and not play.jokers
        if left == 0 and not all_threes:
            raise Refusal(action, "憋三: 最后一手必须全是3 the last play must be all 3s",
                          "biesan.enabled")
        if play.rank is Rank.THREE and self.hands is not None:
            rest = self.hands[seat] - Counter(play.cards)
            if any(r is not Rank.THREE for r in rest.elements()):
                raise Refusal(action, "憋三: 3必须最后出 3s are played last", "biesan.enabled")

    def _holds(self, seat: int, rank: Rank) -> bool:
        return self.hands is not None and self.hands[seat][rank] > 0

    def _take(self, seat: int, cards: Sequence[Rank]) -> None:
        self.counts[seat] -= len(cards)
        self.played.update(cards)
        if self.hands is not None:
            hand = self.hands[seat]
            for card in cards:
                if hand[card] > 1:
                    hand[card] -= 1
                else:
                    del hand[card]  # no zero counts: a hand lists only what it holds

    def _is_burn(self, seat: int, trick: Trick) -> bool:
        return (
            trick.gouji
            and not trick.opposite_only
            and seat != opposite(trick.owner)
            and not self.wutou(seat)
        )

    def _lead(self, action: PlayCards) -> None:
        seat, play = action.seat, action.play
        if self.four_pending[seat]:
            self.four_pending[seat] = False
            if play.rank is Rank.FOUR and not self._kaidian_closed():
                self._open(seat)
        burn = self.burn
        if burn is not None and burn.burner == seat:
            burn.plays += 1
            if not play.jokers and self.counts[seat] > 0:
                self._burn_fails(burn)
                return
        self._set_trick(seat, action)

    def _answer(self, action: PlayCards, trick: Trick, burning: bool) -> None:
        seat = action.seat
        owner = trick.owner
        rules = self.rules
        burn = self.burn
        if burn is not None and owner == burn.burner:
            self._burn_topped(burn, seat)
        if burning:
            if rules.kaidian.rule == "gouji_not_killed" and not self.luanchan:
                self._open(owner)
            if self.in_play(seat):
                self.burn = Burn(burner=seat, target=owner, burned=trick)
            else:  # burned out in one play
                self.events.append(DealEvent("burn_success", seat, owner))
        self.topped[owner] = seat
        if (
            self.rules.round.dipai == "dead_gouji_chance"
            and seat == opposite(owner)
            and trick.gouji
            and owner in self.finished[:2]
            and self.counts[owner] == 0
        ):
            # 003「对于头科、二科底牌是够级牌的，其对头如果上牌则可以取得一次够死级的機会」
            self.gousiji[seat] += 1
        if self.hands is not None and self.in_play(owner) and self._only_threes(owner):
            self._men(owner, by=seat)
        rang_by = self.rang_by
        followers = () if rang_by is None else (downstream(rang_by), downstream(rang_by, 2))
        opposite_only = seat in followers
        self._set_trick(seat, action, opposite_only=opposite_only)

    def _burn_topped(self, burn: Burn, seat: int) -> None:
        """A burn play was topped: 解烧, a late topping that does not stop it, or 反烧."""
        rules = self.rules
        if rules.burn.jie_shao == "first_play" and burn.plays > 1:
            self.events.append(DealEvent("burn_success", burn.burner, burn.target))
            self.burn = None
            return
        if seat == burn.target and rules.burn.fan_shao == "owner_replays":
            # 004「如果B放弃，则A反烧成功」: it counts once this play stands.
            self.fan_shao = (seat, burn.burner)
        else:
            self.events.append(DealEvent("jie_shao", burn.burner, seat))
        self.burn = None

    def _burn_fails(self, burn: Burn) -> None:
        """诈烧 / 烧失败: the burner falls out; the burned 够级 is back on the table."""
        lake = self.rules.burn.failure == "lake_below_men"
        self._fall(burn.burner, _LAKE_SEVERITY if lake else _FAILED_BURN_SEVERITY)
        self.events.append(DealEvent("burn_failure", burn.burner, burn.target,
                                     self.places[burn.burner]))
        self.burn = None
        self.trick = burn.burned
        self.passed.clear()
        self.queue = self._answer_queue(burn.burned)

    def _set_trick(self, seat: int, action: PlayCards, *, opposite_only: bool = False) -> None:
        play = action.play
        gouji = (
            is_gouji(play, self.rules)
            and not self.luanchan
            and not self.wutou(seat)
            and not self._open_dipai(seat)
        )
        self.trick = Trick(seat, action, gouji, opposite_only)
        if gouji and self.gousiji[seat]:
            self.gousiji[seat] -= 1
        self.rang_by = None
        self.queue = self._answer_queue(self.trick)

    def _open_dipai(self, seat: int) -> bool:
        """底牌 (004): the last cards of 头科/二科 may be answered by anyone."""
        return (
            self.rules.round.dipai == "open_to_all"
            and self.counts[seat] == 0
            and seat in self.finished[:2]
        )

    # -- queues

    def _answer_queue(self, trick: Trick) -> list[int]:
        owner = trick.owner
        others = [downstream(owner, k) for k in range(1, SEATS)]
        live = [s for s in others if self.in_play(s)]
        if self.luanchan:
            rounds = 2 if self.rules.round.pass_two_rounds else 1
            return live * rounds
        wutou = [s for s in live if self.wutou(s)]
        if trick.opposite_only:
            return [s for s in live if s == opposite(owner) or s in wutou]
        if not trick.gouji:
            return [s for s in live if s not in self.passed or s in wutou or (
                s == opposite(owner) and self.rules.round.replay_on_opposite_after_pass)]
        burn = self.burn
        if burn is not None and burn.burner == owner:
            return self._burn_answer_queue(burn, live, wutou)
        burners = self._burners(owner, live)
        tail = [s for s in live if s == opposite(owner) or s in wutou]
        return burners + [s for s in tail if s not in burners]

    def _burners(self, owner: int, live: list[int]) -> list[int]:
        after_pass = self.rules.burn.after_pass
        eligible = [
            s for s in live
            if s != opposite(owner) and not self.wutou(s) and (after_pass or s not in self.passed)
        ]
        if self.rules.burn.team_priority:
            eligible.sort(key=lambda s: team(s) != team(owner))  # stable: play order kept
        return eligible

    def _burn_answer_queue(self, burn: Burn, live: list[int], wutou: list[int]) -> list[int]:
        """Who may top a burn play, by the preset's 解烧 and 反烧 rules."""
        rules = self.rules
        b = burn.burner
        opp = opposite(b)
        kind = rules.burn.jie_shao
        if kind == "anyone_any":
            return live
        if kind == "first_play" and burn.plays > 1:
            return [s for s in live if s == opp or s in wutou]
        reburners: list[int] = []
        if kind in ("opposite_or_reburn", "first_play") or rules.burn.fan_shao == "interfere":
            reburners = self._burners(b, live)
        if rules.burn.fan_shao == "owner_replays" and burn.plays == 1 and burn.target in live:
            reburners = [burn.target, *[s for s in reburners if s != burn.target]]
        tail = [s for s in live if (s == opp or s in wutou) and s not in reburners]
        return reburners + tail

    # -- pass and 让牌

    def _pass(self, action: Pass) -> None:
        if self.challenger is not None:
            # The opposite lets the set stand; a challenger passing has no set left to put.
            self._chong_end(stood=self.trick is not None)
            self._after_change()
            return
        if self.trick is None:
            raise Refusal(action, "发牌不能过 the seat with the lead must play")
        seat = self.queue.pop(0)
        self.passed.add(seat)
        if self.queue:
            return  # nobody went out and the round goes on: nothing else to settle
        self._end_round()
        self._after_change()

    def _kou(self, action: Kou) -> None:
        kou = self.kou_seat
        if kou is None:
            raise Refusal(action, "无死牌 there is no dead trick to clear (扣牌)", "round.kou_pai")
        if action.seat != kou:
            raise Refusal(action, f"对头为法定扣牌人 S{kou} clears the dead trick, not "
                          f"S{action.seat}", "round.kou_pai")
        self.kou_by = None

    def _rang(self, action: Rang) -> None:
        followers = self.validate_rang(action)
        self.rang_by = action.seat
        rest = self.queue[1:]
        self.queue = followers + [action.seat] + [s for s in rest if s not in followers]

    def validate_rang(self, action: Rang) -> list[int]:
        """Raise :class:`Refusal` unless ``action`` (让牌) is allowed now; the seats yielded to."""
        seat = action.seat
        trick = self.trick
        if not self.rules.round.rang_pai:
            raise Refusal(action, "不允许让牌 this preset has no 让牌", "round.rang_pai")
        if trick is None or trick.owner != opposite(seat):
            raise Refusal(action, "让牌只对对家的牌 a seat may only yield on its opposite's play")
        if self.luanchan:
            raise Refusal(action, "四户乱缠不让牌 no 让牌 in 四户乱缠")
        if self.rang_by == seat:
            raise Refusal(action, "已经让过 this seat has already yielded on this play")
        followers = [s for s in (downstream(seat), downstream(seat, 2)) if s in self.queue[1:]]
        if not followers:
            raise Refusal(action, "下家不能上牌 neither downstream seat may answer this play")
        return followers

    # -- round end, places

    def _end_round(self) -> None:
        trick = self.trick
        assert trick is not None
        owner = trick.owner
        self._kaidian_at_round_end(trick)
        if self.fan_shao is not None and self.fan_shao[0] == owner:
            self.events.append(DealEvent("fan_shao", owner, self.fan_shao[1]))
        self.fan_shao = None
        self.trick = None
        self.passed.clear()
        self.rang_by = None
        self.queue = []
        if self.in_play(owner):
            self.leader = owner
        else:
            self.leader = self._next_in_play(owner)  # 接风
            if self.burn is not None and self.burn.burner == owner:
                self.burn = None
        if self.rules.round.kou_pai:
            self.kou_by = opposite(owner)

    def _next_in_play(self, seat: int) -> int | None:
        for k in range(1, SEATS):
            s = downstream(seat, k)
            if self.in_play(s):
                return s
        return None

    def _go_out(self, seat: int) -> None:
        taken = set(self.places)
        place = next(p for p in range(SEATS) if p not in taken)
        if place == 0 and self.rules.kaidian.required_for_toupke and not self.kaidian[seat]:
            # 001「如果某人未开点，则该人不能走头科」: it goes out as 二科, 头科 waits for the next.
            place = next(p for p in range(1, SEATS) if p not in taken)
        self.finished.append(seat)
        self.places[seat] = place
        self._place_revolutionary()
        self.events.append(DealEvent("out", seat, place=place))
        burn = self.burn
        if burn is not None and burn.burner == seat:
            self.events.append(DealEvent("burn_success", seat, burn.target))
            self.burn = None

    def _place_revolutionary(self) -> None:
        """革命者通常视为四科, 三科 when its team takes 头科 and 二科 (001/003)."""
        rebel = self.geming
        if rebel is None or self.places[rebel] is not None:
            return
        holder = {p: s for s, p in enumerate(self.places) if p is not None}
        if 0 not in holder:
            return
        if self.rules.preplay.geming_sets and team(holder[0]) != team(rebel):
            # 001「若对方联邦的队友是头科，则发起革命的人变为大落」
            self._fall(rebel, _REBEL_SEVERITY)
            return
        if 1 not in holder:
            return
        teammates = team(holder[0]) == team(holder[1]) == team(rebel)
        wanted = 2 if teammates else 3
        free = [p for p in range(SEATS) if p not in self.places]
        self.places[rebel] = wanted if wanted in free else min(free, key=lambda p: abs(p - wanted))

    def _fall(self, seat: int, severity: int) -> None:
        """闷 or a failed burn: the seat takes the worst place still free."""
        self.fallen.append((severity, seat))
        self._assign_fallen_places()
        self.queue = [s for s in self.queue if s != seat]

    def _assign_fallen_places(self) -> None:
        fallen = {seat for _, seat in self.fallen}
        held = {p for s, p in enumerate(self.places) if p is not None and s not in fallen}
        bottom = [p for p in reversed(range(SEATS)) if p not in held]
        order = sorted(range(len(self.fallen)), key=lambda i: (-self.fallen[i][0], i))
        for place, i in zip(bottom, order, strict=False):
            self.places[self.fallen[i][1]] = place

    def _men(self, seat: int, by: int) -> None:
        self._fall(seat, _MEN_SEVERITY)
        self.events.append(DealEvent("men", seat, by, self.places[seat]))

    def _only_threes(self, seat: int) -> bool:
        if not self.rules.biesan.enabled or self.hands is None:
            return False
        hand = self.hands[seat]
        return bool(hand) and all(r is Rank.THREE for r in hand.elements())

    def _declare(self, action: Declare) -> None:
        if action.what == "chongdian":
            self._declare_chongdian(action)
        elif action.what == "youtou":
            self._declare_youtou(action)
        elif action.what == "rendian":
            self._declare_rendian(action)
        elif action.what == "men":
            self._declare_men(action)
        elif action.what == "no_gouji":
            self._declare_no_gouji(action)
        elif action.what == "geming":
            self._declare_geming(action)
        elif action.what == "yaotou":
            self._declare_yaotou(action)
        else:
            self._declare_before_play(action)

    def _before_play(self, action: Declare) -> None:
        if any(isinstance(a, PlayCards | Pass | Rang) for a in self.log):
            raise Refusal(action, f"{DECLARATIONS[action.what]} is declared before the first play")

    def _declare_geming(self, action: Declare) -> None:
        """革命: a seat with no 2 and no joker abandons the deal; a second one voids it."""
        seat = action.seat
        if not self.rules.preplay.geming:
            raise Refusal(action, "不革命 this preset has no 革命", "preplay.geming")
        self._before_play(action)
        if self.hands is not None:
            hand = self.hands[seat]
            if holds_above_ace(hand):
                raise Refusal(action, "不能革命 only a seat with no 2 and no joker may revolt "
                              "(001「如果大花、小花、2均没有时，可声明革命」)")
        if self.geming == seat:
            raise Refusal(action, "已经革命 this seat has already revolted")
        if self.geming is not None:
            self.void = True  # 001「如同时出现2个(含2个)以上革命者，则该局作废」
            return
        self.geming = seat
        self.queue = [s for s in self.queue if s != seat]
        if not self.rules.preplay.geming_sets:  # else the rebel's sets decide the point (001)
            self.kaidian[seat] = False  # 003「革命算自动认点即自己不开点,对头开点」
            self._open(opposite(seat))
        self._after_change()

    def _declare_yaotou(self, action: Declare) -> None:
        """要头: the revolutionary's opposite takes three 够死级 before it is 无头."""
        seat = action.seat
        if self.geming is None or seat != opposite(self.geming):
            raise Refusal(action, "要头 is chosen by the opposite of the seat that revolted")
        self._before_play(action)
        self.gousiji[seat] = 3

    def _declare_rendian(self, action: Declare) -> None:
        """认点 (金游「如果不买四，视为主动认点，下一局需要向对方进一张点贡」)."""
        seat = action.seat
        if not self.rules.preplay.no_four_concedes_point:
            raise Refusal(action, "无认点 in this preset not buying a 4 concedes nothing",
                          "preplay.no_four_concedes_point")
        self._before_play(action)
        if self._holds(seat, Rank.FOUR):
            raise Refusal(action, f"不能认点 S{seat} holds a 4: only a seat without one concedes")
        if self.rendian[seat]:
            raise Refusal(action, "已经认点 this seat has already conceded")
        self.rendian[seat] = True
        self.closed[seat] = True
        self._open(opposite(seat))  # the point is its opposite's: a 点贡 is owed

    def _declare_chongdian(self, action: Declare) -> None:
        """冲点 (000 十): nothing above A and three pure 够级 sets; a third challenger
        voids the deal (「若3人或3人以上冲点则重新洗牌摸牌，贡数不变」)."""
        seat = action.seat
        if not self.rules.preplay.chongdian:
            raise Refusal(action, "不冲点 this preset has no 冲点", "preplay.chongdian")
        self._before_play(action)
        if seat in self.chongdian:
            raise Refusal(action, "已经冲点 this seat has already declared 冲点")
        if self.hands is not None and chongdian_sets(self.hands[seat]) < 3:
            raise Refusal(action, "不能冲点 冲点 needs no card above A and at least three pure "
                          "够级 sets (000「手中没有大于A的牌，并且有至少3套纯够级牌」)")
        self.chongdian.append(seat)
        if len(self.chongdian) >= 3:
            self.void = True

    def _declare_youtou(self, action: Declare) -> None:
        """有头: the challenger's opposite keeps its 够级 (000「若选择有头…他也可以烧牌」)."""
        seat = action.seat
        if opposite(seat) not in self.chong_result:
            raise Refusal(action, "有头 is chosen by the opposite of a seat whose 冲点 is over",
                          "preplay.chongdian")
        if self.play_begun:
            raise Refusal(action, "有头 is chosen when the 冲点 ends, before play goes on")
        if self.youtou[seat]:
            raise Refusal(action, "已经有头 already chosen")
        self.youtou[seat] = True

    def _chong_play(self, action: PlayCards) -> None:
        """A 冲点 set, or the opposite topping it (「每打一套够级牌则询问冲点者对门是否要」)."""
        seat = action.seat
        self._take(seat, action.play.cards)
        if self.trick is None:
            self.chong_sets += 1
            self.trick = Trick(seat, action, gouji=True)
            self.queue = [opposite(seat)]
        else:
            self.trick, self.queue = None, []
            if self.chong_sets == 3:
                self._chong_end(stood=False)
        self._after_change()

    def _chong_end(self, *, stood: bool) -> None:
        """成功: the challenger opens; 失败: its opposite opens and throws away a 4. Both are
        四客 (两人冲点: the one that stood, else the better last place, is 四客, the other 小拉)."""
        seat = self.challenger
        assert seat is not None
        opp = opposite(seat)
        self.chong_result[seat] = stood
        self.trick, self.queue, self.chong_sets = None, [], 0
        if seat == self.geming:
            self._geming_sets_end(seat, stood=stood)
            return
        if stood:
            self._open(seat)
        else:
            self._open(opp)
            if self.hands is None or self._holds(opp, Rank.FOUR):
                self._take(opp, (Rank.FOUR,))  # 「对门被视为开点并且扔掉4继续游戏」
        if self.challenger is not None:
            return
        ranked = sorted(self.chongdian, key=lambda s: (not self.chong_result[s],
                                                       self._last_place(s)))
        for place, challenger in zip((3, 4), ranked, strict=False):
            self.places[challenger] = place

    def _geming_sets_end(self, rebel: int, *, stood: bool) -> None:
        """001「若将3把全部打住了，即宣布革命失败，发起革命的人为大落，且在下局需要进一个点贡;
        若对头选择不打住或者没有将3把够级牌全部打住了，则发起革命的人在下局获得对头的一个点贡」."""
        winner, loser = (rebel, opposite(rebel)) if stood else (opposite(rebel), rebel)
        self._open(winner)
        self.closed[loser] = True
        if not stood:
            self._fall(rebel, _REBEL_SEVERITY)

    def _last_place(self, seat: int) -> int:
        """The seat's place in the last deal (else its turn among the challengers)."""
        order = self.setup.last_order
        return order.index(seat) if order else self.chongdian.index(seat)

    def _declare_men(self, action: Declare) -> None:
        seat = action.seat
        if not self.rules.biesan.enabled:
            raise Refusal(action, "不憋三 this preset has no 闷", "biesan.enabled")
        if self.hands is not None:
            raise Refusal(action, "全明牌局由手牌判定闷 with every hand known, 闷 is found "
                          "from the hand")
        if not self.in_play(seat) or seat not in self.topped:
            raise Refusal(action, "闷 needs the seat's last play to have been topped")
        self._men(seat, by=self.topped.pop(seat))
        if self.leader == seat:
            self.leader = self._next_in_play(seat)
        self._after_change()

    def _declare_no_gouji(self, action: Declare) -> None:
        """001「若一局中某人手中没有任意够级牌，则可以判定该人自动开点」 (observed mode)."""
        seat = action.seat
        if not self.rules.kaidian.auto_without_gouji:
            raise Refusal(action, "无自动开点 this preset has no automatic 开点",
                          "kaidian.auto_without_gouji")
        if self.hands is not None:
            raise Refusal(action, "全明牌局由手牌判定 with every hand known, the engine sees it")
        if any(isinstance(a, PlayCards) and a.seat == seat for a in self.log):
            raise Refusal(action, "无够级 is declared before the seat's first play")
        self._open(seat)

    def _declare_before_play(self, action: Declare) -> None:
        """宣点 and 和点 (000 五): made after the deal, before the first play."""
        seat, what = action.seat, action.what
        switch = f"kaidian.{what}"
        if not self.rules.get(switch):
            raise Refusal(action, f"不{DECLARATIONS[what]} this preset has no {what}", switch)
        self._before_play(action)
        flags = self.xuandian if what == "xuandian" else self.hedian
        if flags[seat]:
            raise Refusal(action, f"已经{DECLARATIONS[what]} already declared")
        flags[seat] = True
        if what == "hedian" and self.hedian[opposite(seat)]:
            # 000「若对门2人都选择和点则视为本局游戏互相开点」
            self._open(seat)
            self._open(opposite(seat))

    def _after_change(self) -> None:
        """Settle the state: end a finished round, pass the lead on, close the deal."""
        while True:
            challenger = self.challenger
            if challenger is not None:
                if self.trick is None and self._no_set_left(challenger):
                    self._chong_end(stood=False)
                    continue
                return
            live = [s for s in range(SEATS) if self.in_play(s)]
            top = {team(s) for s in self.finished[:3]}
            if self.rules.round.chuan_ends_deal and len(self.finished) >= 3 and len(top) == 1:
                self._rank_by_cards_left(live)
                return
            if len(live) <= 1:
                for seat in live:
                    self.places[seat] = next(p for p in range(SEATS) if p not in self.places)
                self._place_revolutionary()
                rebel = self.geming
                if rebel is not None and self.places[rebel] is None:
                    self.places[rebel] = next(p for p in range(SEATS) if p not in self.places)
                self.queue, self.trick, self.leader = [], None, None
                return
            if self.trick is not None and not self.queue:
                self._end_round()
            elif self.trick is None and self.leader is not None and not self.in_play(self.leader):
                self.leader = self._next_in_play(self.leader)
            elif self.trick is None and self.leader is not None and self._cannot_lead(self.leader):
                stuck = self.leader
                self._fall(stuck, _MEN_SEVERITY)
                self.events.append(DealEvent("no_three", stuck, place=self.places[stuck]))
                self.leader = self._next_in_play(stuck)
            else:
                return

    def _no_set_left(self, seat: int) -> bool:
        """With the hand known: the challenger has no pure 够级 set left to put."""
        return self.hands is not None and not chongdian_sets(self.hands[seat])

    def _cannot_lead(self, seat: int) -> bool:
        """憋三 with the hand known: no 3 left and every lead would be the last, not-3 play.

        001「没3视为大落」: such a seat can never go out, so it falls at once.
        """
        if not self.rules.biesan.enabled or self.hands is None:
            return False
        hand = self.hands[seat]
        if hand[Rank.THREE]:
            return False
        if self.counts[seat] == 1:
            return True
        whole = self.rules.play.threes_fours_whole
        return whole and set(hand) == {Rank.FOUR}

    def _rank_by_cards_left(self, live: list[int]) -> None:
        free = [p for p in range(SEATS) if p not in set(self.places)]
        for place, seat in zip(free, sorted(live, key=lambda s: self.counts[s]), strict=True):
            self.places[seat] = place
        self.queue, self.trick, self.leader = [], None, None

    # -- 开点

    def _kaidian_closed(self) -> bool:
        closes = self.rules.kaidian.closes
        return (closes == "toupke" and bool(self.finished)) or (
            closes == "luanchan" and self.luanchan
        )

    def _open(self, seat: int) -> None:
        if not self.kaidian[seat] and not self.closed[seat]:
            self.kaidian[seat] = True
            self.events.append(DealEvent("kaidian", seat))

    def _kaidian_at_round_end(self, trick: Trick) -> None:
        k = self.rules.kaidian
        owner, play = trick.owner, trick.play.play
        if self._kaidian_closed() or not self.in_play(owner) or self.luanchan:
            return
        if not trick.gouji:  # 000「没头…他不存在够级」: a 无头 seat's plays open nothing
            return
        pure = is_pure_gouji(play, self.rules)
        if k.needs_pure and not pure:
            return
        if k.rule == "pure_stands_then_four":
            self.four_pending[owner] = True
        elif (
            k.rule == "gouji_not_killed"
            or not k.needs_four
            or self.hands is None
            or self._holds(owner, Rank.FOUR)
        ):
            self._open(owner)

    def _auto_kaidian(self) -> None:
        """001: a seat holding no 够级 cards at all opens automatically."""
        if not self.rules.kaidian.auto_without_gouji or self.hands is None:
            return
        for seat, hand in enumerate(self.hands):
            if holds_above_ace(hand):
                continue
            if all(hand[r] < n for r, n in GOUJI_MINIMUM.items()):
                self._open(seat)


# Severity orders the fallen from the bottom: 000 puts a failed burn (拉客) below every 闷;
# elsewhere a failed burn is 大落 like the first 闷, so the earlier of the two is lower.
_MEN_SEVERITY = 1
_FAILED_BURN_SEVERITY = 1
_LAKE_SEVERITY = 2
_REBEL_SEVERITY = 3
"""001: a rebel whose 革命 failed is 大落, below every other fallen seat."""


def chongdian_sets(hand: Counter[Rank]) -> int:
    """How many pure 够级 sets ``hand`` holds for 冲点 — none when it holds a 2 or a joker."""
    if holds_above_ace(hand):
        return 0
    return sum(hand[rank] // n for rank, n in GOUJI_MINIMUM.items() if rank < Rank.TWO)


def holds_above_ace(hand: Counter[Rank]) -> bool:
    """The hand holds a 2 or a joker (革命 and 冲点 need it not to)."""
    return bool(hand[Rank.TWO] or hand[Rank.SMALL_JOKER] or hand[Rank.BIG_JOKER])


def _missing(hand: Counter[Rank], play: Play) -> list[Rank]:
    """The ranks ``play`` needs more of than ``hand`` holds."""
    return [r for r, n in play.by_rank() if hand[r] < n]
