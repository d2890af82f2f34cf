"""From the engine to the screen (引擎视图): build the display's view values from a deal.

Pure functions: they read a :class:`~gouji.deal.DealState`, a
:class:`~gouji.scoring.DealResult`, a :class:`~gouji.actions.Refusal` or a
:class:`~gouji.record.RecordedDeal` and return the frozen values of
:mod:`display.view`.  Every rule question (may this count be shown, who may
answer, is this 够级) is answered here from the engine and the preset, so the
screens stay rule-free.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from display.text import DECLARATION_NAMES
from display.view import (
    SEAT_COUNT,
    BurnView,
    EndView,
    EventView,
    MatchTotals,
    Msg,
    Place,
    PlayView,
    RefusalView,
    ReplayView,
    ScoreLine,
    SeatInfo,
    SeatView,
    TeamScore,
    TributeKind,
    TributeRow,
    TrickView,
    TurnKind,
    TurnView,
)
from gouji.actions import Action, Declare, Kou, Pass, PlayCards, Rang, Refusal
from gouji.deal import DealState
from gouji.moves import is_allowed
from gouji.plays import is_pure_gouji
from gouji.presets import get_preset
from gouji.record import RecordedDeal
from gouji.scoring import DealResult
from gouji.setup import opposite, team

_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef“”「」]")
_LATIN = re.compile(r"[A-Za-z]")
_CITATION = ("(", "（", "—", "–", "-")


def seat_infos(names: Sequence[str]) -> tuple[SeatInfo, ...]:
    """The six :class:`SeatInfo` rows (team 0 for seats 0, 2, 4; 1 for seats 1, 3, 5)."""
    if len(names) != SEAT_COUNT:
        raise ValueError(f"{SEAT_COUNT} names needed, got {len(names)}")
    return tuple(SeatInfo(i, name, team(i)) for i, name in enumerate(names))


def preset_label(preset: str) -> str:
    """The preset as the header shows it: its name and the Chinese head of its title."""
    return f"{preset} {get_preset(preset).title.split()[0]}"


def place_of(place: int | None) -> Place | None:
    """The engine's place (0 = 头科 … 5 = 大落) as a display :class:`Place`."""
    return None if place is None else Place(place + 1)


# ---------------------------------------------------------------- play screen


def play_view(
    state: DealState,
    *,
    names: Sequence[str],
    deal_no: int,
    refusal: Refusal | None = None,
) -> PlayView:
    """What the play screen shows of ``state``; ``refusal`` is the last refused action, if any."""
    infos = seat_infos(names)
    stuck = {e.seat for e in state.events if e.kind == "men"}
    seats = tuple(
        SeatView(
            infos[s],
            state.counts[s],
            # 报牌 as the engine allows it; a seat that has gone out shows its 0 to everyone.
            count_public=state.shown_count(s) is not None or state.counts[s] == 0,
            place=place_of(state.places[s]),
            opened=state.kaidian[s],
            headless=state.in_play(s) and state.wutou(s),
            passed=s in state.passed,
            stuck=s in stuck,
            declared=tuple(
                a.what for a in state.log if isinstance(a, Declare) and a.seat == s
                and a.what != "men"
            ),
        )
        for s in range(SEAT_COUNT)
    )
    return PlayView(
        preset=preset_label(state.setup.preset),
        deal_no=deal_no,
        seats=seats,
        turn=turn_view(state),
        trick=trick_view(state),
        burn=burn_view(state),
        four_way=state.luanchan,
        refusal=None if refusal is None else refusal_view(refusal),
    )


def turn_view(state: DealState) -> TurnView:
    """Whose move it is: a lead, a burner playing on, an answer, or a 够级 answer.

    For a 够级 play the queue splits into the seats that would burn (any seat but
    the owner's opposite, unless 无头) and the answerers proper (the opposite, and
    无头 seats).  While burners may still act the table waits on several seats, so
    ``acting`` is only set once the opposite's turn has come.
    """
    seat = state.to_act
    if seat is None:
        return TurnView(TurnKind.DEAL_OVER)
    burn, trick = state.burn, state.trick
    if state.kou_seat is not None:
        return TurnView(TurnKind.KOU, acting=seat)
    if trick is None:
        kind = TurnKind.BURN if burn is not None and burn.burner == seat else TurnKind.LEAD
        return TurnView(kind, acting=seat)
    queue = tuple(dict.fromkeys(state.queue))  # 四户乱缠 may queue a seat twice
    may_yield = is_allowed(state, Rang(seat))
    if not trick.gouji or trick.opposite_only:
        return TurnView(TurnKind.ANSWER, acting=seat, answerers=queue, may_yield=may_yield)
    opp = opposite(trick.owner)
    burners = tuple(s for s in queue if s != opp and not state.wutou(s))
    answerers = tuple(s for s in queue if s not in burners)
    return TurnView(
        TurnKind.GOUJI_ANSWER,
        acting=seat if seat == opp else None,
        answerers=answerers,
        burners=burners,
        may_yield=may_yield,
    )


def trick_view(state: DealState) -> TrickView | None:
    """The play standing on the table with its 够级 / 纯够级 marks, or None."""
    trick = state.trick
    if trick is None:
        return None
    play = trick.play.play
    return TrickView(
        owner=trick.owner,
        cards=str(play),
        gouji=trick.gouji,
        pure=trick.gouji and is_pure_gouji(play, state.rules),
    )


def burn_view(state: DealState) -> BurnView | None:
    """The burn in progress with the burner's plays so far (its last ``plays`` plays), or None."""
    burn = state.burn
    if burn is None:
        return None
    mine = [a for a in state.log if isinstance(a, PlayCards) and a.seat == burn.burner]
    steps = tuple(str(a.play) for a in mine[-burn.plays :])
    return BurnView(burn.burner, burn.target, steps)


# ---------------------------------------------------------------- refusals


def split_rule(rule: str) -> Msg:
    """Split an engine rule string ("中文 English: 中文 English …") into its two languages.

    Each ``: ``-separated clause (outside brackets) is cut after its last Chinese
    word (and a source citation such as ``(001) —``) before the first English word;
    the Chinese heads join with "：", the English tails with ": ".  A side left
    empty falls back to the whole string.
    """
    zh: list[str] = []
    en: list[str] = []
    for clause in _clauses(rule):
        head, tail = _split_clause(clause)
        if head:
            zh.append(head)
        if tail:
            en.append(tail)
    return Msg("：".join(zh) or rule, ": ".join(en) or rule)


def _clauses(text: str) -> list[str]:
    """``text`` cut at ``: `` where no bracket is open."""
    clauses, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "(（「":
            depth += 1
        elif ch in ")）」":
            depth = max(0, depth - 1)
        elif ch == ":" and depth == 0 and text[i + 1 : i + 2] == " ":
            clauses.append(text[start:i])
            start = i + 2
    clauses.append(text[start:])
    return [c.strip() for c in clauses if c.strip()]


def _split_clause(clause: str) -> tuple[str, str]:
    """(Chinese head, English tail) of one clause."""
    words = clause.split(" ")
    first_latin = next(
        (i for i, w in enumerate(words) if _LATIN.search(w) and not _CJK.search(w)), len(words)
    )
    cut = max((i + 1 for i, w in enumerate(words[:first_latin]) if _CJK.search(w)), default=0)
    while cut < first_latin and words[cut].startswith(_CITATION):  # "(001) —" stays Chinese
        cut += 1
    return " ".join(words[:cut]).rstrip(" —–-"), " ".join(words[cut:]).strip()


def refusal_view(refusal: Refusal) -> RefusalView:
    """The refused action, the rule it breaks in both languages, and the preset switch."""
    action = refusal.action
    cards = str(action.play) if isinstance(action, PlayCards) else ""
    return RefusalView(split_rule(refusal.rule), action.seat, cards, refusal.switch or "")


# ---------------------------------------------------------------- end of deal


def end_view(
    state: DealState,
    result: DealResult,
    *,
    names: Sequence[str],
    deal_no: int,
    match: MatchTotals | None = None,
) -> EndView:
    """The end-of-deal screen: places, points by source, team sums, tribute, match totals.

    反烧 points are shown under 烧.  ``match`` defaults to this deal alone within
    the preset's set of deals.
    """
    scores = tuple(
        ScoreLine(s.seat, place_of(s.place), s.places, s.dian, s.shao + s.fan_shao, s.men)
        for s in result.scores
    )
    teams = tuple(
        TeamScore(
            t,
            subtotal=sum(line.total for line in scores if team(line.seat) == t),
            multiplier=result.multiplier[t],
            sweep=result.chuan is not None and result.multiplier[t] > 1,
            total=result.team_points[t],
        )
        for t in (0, 1)
    )
    tribute = tuple(
        TributeRow(d.giver, d.receiver, d.count, TributeKind(d.kind)) for d in result.tribute
    )
    if match is None:
        deals = max(state.rules.match.deals, deal_no)
        match = MatchTotals(deal_no, deals, result.team_points)
    return EndView(
        preset=preset_label(state.setup.preset),
        seats=seat_infos(names),
        scores=scores,
        teams=(teams[0], teams[1]),
        tribute=tribute,
        match=match,
    )


# ---------------------------------------------------------------- replay


def action_text(action: Action, names: Sequence[str]) -> Msg:
    """One action in words: ``老王 出 KKK2`` / ``老王 plays KKK2``."""
    name = names[action.seat]
    if isinstance(action, PlayCards):
        return Msg(f"{name} 出 {action.play}", f"{name} plays {action.play}")
    if isinstance(action, Pass):
        return Msg(f"{name} 过", f"{name} passes")
    if isinstance(action, Rang):
        return Msg(f"{name} 让牌", f"{name} yields (让牌)")
    if isinstance(action, Kou):
        return Msg(f"{name} 扣牌", f"{name} clears the dead trick (扣牌)")
    assert isinstance(action, Declare)
    what = DECLARATION_NAMES[action.what]
    return Msg(f"{name} 声明 {what.zh}", f"{name} declares {what.en}")


def replay_view(
    deal: RecordedDeal,
    *,
    current: int | None = None,
    frames: Mapping[int, str] | None = None,
) -> ReplayView:
    """The referee's replay of a record: each event judged again, in order.

    An event the engine refuses (or one recorded as refused) is shown refused with
    the rule; it does not enter the state.  An accepted event with a comment (a
    camera misread corrected, say) shows the comment as its reason.  ``frames`` maps
    event indices to camera images; ``current`` defaults to the last event.
    """
    names = deal.setup.names
    frames = frames or {}
    state = DealState.start(deal.setup)
    events = tuple(
        _judge_event(state, index, event.action, event.comment, event.refused, names, frames)
        for index, event in enumerate(deal.events)
    )
    last = max(len(events) - 1, 0)
    return ReplayView(seat_infos(names), events, last if current is None else current)


def _judge_event(
    state: DealState,
    index: int,
    action: Action,
    comment: str | None,
    refused: bool,
    names: Sequence[str],
    frames: Mapping[int, str],
) -> EventView:
    """Judge one recorded event against ``state`` (applying it when accepted)."""
    refusal = state.check(action) if refused else _apply(state, action)
    accepted = refusal is None and not refused
    if refusal is not None:
        reason: Msg | None = split_rule(refusal.rule)
    else:
        reason = None if comment is None else Msg(comment, comment)
    return EventView(
        index,
        action_text(action, names),
        accepted,
        seat=action.seat,
        reason=reason,
        frame=frames.get(index),
        rule=(refusal.switch or "") if refusal is not None else "",
    )


def _apply(state: DealState, action: Action) -> Refusal | None:
    try:
        state.apply(action)
    except Refusal as refusal:
        return refusal
    return None
