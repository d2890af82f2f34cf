"""Views built from real self-play deals match the engine's state, and every screen draws them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import pygame
import pytest

from display.engine_view import (
    end_view,
    play_view,
    refusal_view,
    replay_view,
    split_rule,
)
from display.screens import EndScreen, PlayScreen, ReplayScreen, Screen
from display.view import DisplayOptions, Place, PlayView, TurnKind
from gouji.actions import Pass, PlayCards, Rang, Refusal
from gouji.deal import DealState
from gouji.moves import is_allowed
from gouji.plays import Play
from gouji.record import REFUSED, read_deal, write_deal
from gouji.scoring import deal_result
from gouji.selfplay import play_deal
from gouji.setup import opposite

NAMES = ("老王", "小李", "刘姐", "阿强", "张老师", "赵六")
SIZE = (1280, 720)
PRESETS = ("dorm", "match", "tribute", "jinyou", "zaozhuang")


@cache
def finished(preset: str, seed: int) -> DealState:
    """A whole heuristic self-play deal (cached: several tests step through it)."""
    return play_deal(preset, seed)


def steps(final: DealState) -> Iterator[DealState]:
    """The deal's state before each action, then the finished state (one state, mutated)."""
    state = DealState.start(final.setup)
    for action in final.log:
        yield state
        state.apply(action)
    yield state


def draws(screen: type[Screen[Any]], view: object, referee: bool = False) -> None:
    """Draw ``view`` at 1280×720 and check something was drawn."""
    surface = pygame.Surface(SIZE)
    screen(SIZE, DisplayOptions(referee=referee)).draw(surface, view)
    small = pygame.transform.scale(surface, (32, 18))
    assert len({small.get_at((x, y))[:3] for x in range(32) for y in range(18)}) > 4


def check_play_view(state: DealState, view: PlayView) -> None:
    """Every field of ``view`` as the engine has it."""
    for seat, sv in enumerate(view.seats):
        assert sv.seat.name == NAMES[seat] and sv.seat.team == seat % 2
        assert sv.cards_left == state.counts[seat]
        place = state.places[seat]
        assert sv.place == (None if place is None else Place(place + 1))
        assert sv.opened == state.kaidian[seat]
        assert sv.passed == (seat in state.passed)
        assert sv.headless == (state.in_play(seat) and state.wutou(seat))
        assert sv.stuck == any(e.kind == "men" and e.seat == seat for e in state.events)
    assert view.four_way == state.luanchan
    turn, trick = view.turn, state.trick
    if state.over:
        assert turn.kind is TurnKind.DEAL_OVER and turn.acting is None
    elif state.kou_seat is not None:
        assert turn.kind is TurnKind.KOU and turn.acting == state.kou_seat
    elif trick is None:
        assert turn.kind in (TurnKind.LEAD, TurnKind.BURN) and turn.acting == state.to_act
        assert view.trick is None and not turn.answerers
    else:
        assert view.trick is not None and view.trick.owner == trick.owner
        assert view.trick.cards == str(trick.play.play)
        assert view.trick.gouji == trick.gouji
        play = trick.play.play
        assert view.trick.pure == (trick.gouji and not play.has_two and not play.jokers)
        queue = list(dict.fromkeys(state.queue))
        assert sorted(turn.answerers + turn.burners) == sorted(queue)
        if turn.kind is TurnKind.GOUJI_ANSWER:
            opp = opposite(trick.owner)
            assert opp not in turn.burners
            assert turn.acting in (None, opp)
            assert all(s == opp or state.wutou(s) for s in turn.answerers)
        else:
            assert turn.kind is TurnKind.ANSWER and list(turn.answerers) == queue
            assert turn.acting == state.to_act
        acting = state.to_act
        assert acting is not None
        assert turn.may_yield == is_allowed(state, Rang(acting))
    if state.burn is None:
        assert view.burn is None
    else:
        assert view.burn is not None and view.burn.burner == state.burn.burner
        assert len(view.burn.steps) == state.burn.plays


@pytest.mark.parametrize("preset", PRESETS)
def test_play_views_follow_a_whole_deal(preset: str) -> None:
    final = finished(preset, 3)
    kinds = set()
    for i, state in enumerate(steps(final)):
        view = play_view(state, names=NAMES, deal_no=2)
        check_play_view(state, view)
        kinds.add(view.turn.kind)
        if i % 40 == 0 or state.over:
            draws(PlayScreen, view, referee=i % 80 == 0)
    assert {TurnKind.LEAD, TurnKind.ANSWER, TurnKind.DEAL_OVER} <= kinds
    assert (TurnKind.KOU in kinds) == final.rules.round.kou_pai


def test_dorm_hides_every_count_still_held() -> None:
    """点烧闷拉: 报牌 forbidden — no count is public (only the referee view shows them)."""
    for state in steps(finished("dorm", 3)):
        view = play_view(state, names=NAMES, deal_no=1)
        assert all(s.count_public == (s.cards_left == 0) for s in view.seats)


def test_zaozhuang_shows_counts_of_ten_or_fewer() -> None:
    """枣庄: 报牌 at or below 10 — the count is public exactly when it is ≤ 10."""
    shown = 0
    for state in steps(finished("zaozhuang", 3)):
        view = play_view(state, names=NAMES, deal_no=1)
        assert all(s.count_public == (s.cards_left <= 10) for s in view.seats)
        shown += sum(s.count_public and s.cards_left > 0 for s in view.seats)
    assert shown > 0


def test_the_gouji_answerer_is_the_opposite() -> None:
    seen = 0
    for state in steps(finished("jinyou", 3)):
        trick = state.trick
        view = play_view(state, names=NAMES, deal_no=1)
        if trick is None or not trick.gouji or trick.opposite_only or state.over:
            continue
        seen += 1
        assert view.turn.kind is TurnKind.GOUJI_ANSWER
        if opposite(trick.owner) in state.queue and not state.luanchan:
            assert opposite(trick.owner) in view.turn.answerers
        if state.to_act == opposite(trick.owner):
            assert view.turn.acting == opposite(trick.owner)
    assert seen > 0


def burning_deal() -> DealState:
    """The first dorm deal (by seed) in which a burn runs."""
    for seed in range(60):
        final = finished("dorm", seed)
        if any(e.kind in ("burn_success", "burn_failure", "jie_shao") for e in final.events):
            return final
    pytest.skip("no burn in the first 60 dorm deals")


def test_a_burn_in_progress_shows_the_burners_plays() -> None:
    final = burning_deal()
    burning = 0
    for state in steps(final):
        burn = state.burn
        if burn is None:
            continue
        view = play_view(state, names=NAMES, deal_no=1)
        assert view.burn is not None and view.burn.target == burn.target
        mine = [a for a in state.log if isinstance(a, PlayCards) and a.seat == burn.burner]
        assert view.burn.steps == tuple(str(a.play) for a in mine[-burn.plays :])
        if state.trick is None and state.to_act == burn.burner:
            assert view.turn.kind is TurnKind.BURN
        if burning == 0:
            draws(PlayScreen, view)
        burning += 1
    assert burning > 0


def test_a_stuck_seat_is_marked() -> None:
    final = finished("dorm", 1)
    men = {e.seat for e in final.events if e.kind == "men"}
    if not men:
        pytest.skip("this deal has no 闷 any more")
    view = play_view(final, names=NAMES, deal_no=1)
    assert {s.seat.index for s in view.seats if s.stuck} == men


@pytest.mark.parametrize("preset", PRESETS)
def test_end_view_matches_the_result(preset: str) -> None:
    final = finished(preset, 3)
    result = deal_result(final)
    view = end_view(final, result, names=NAMES, deal_no=1)
    for line in view.scores:
        score = result.scores[line.seat]
        assert line.place == Place(result.places[line.seat] + 1)
        assert line.total == score.total
    assert tuple(t.total for t in view.teams) == result.team_points
    assert [t.multiplier for t in view.teams] == list(result.multiplier)
    assert [(r.giver, r.receiver, r.count, r.kind.value) for r in view.tribute] == [
        (t.giver, t.receiver, t.count, t.kind) for t in result.tribute
    ]
    assert view.match.team_totals == result.team_points
    draws(EndScreen, view)


def test_a_refusal_names_the_rule_in_both_languages() -> None:
    state = DealState.start(finished("match", 3).setup)
    leader = state.to_act
    assert leader is not None
    wrong = PlayCards((leader + 1) % 6, Play.parse("3"))
    with pytest.raises(Refusal) as caught:
        state.apply(wrong)
    view = refusal_view(caught.value)
    assert view.seat == wrong.seat and view.cards == "3"
    assert view.reason.zh == "没轮到" and view.reason.en.startswith("not this seat's turn")
    draws(PlayScreen, play_view(state, names=NAMES, deal_no=1, refusal=caught.value))


@pytest.mark.parametrize(
    ("rule", "zh", "en"),
    [
        ("手里没有这些牌 S1 does not hold the K", "手里没有这些牌", "S1 does not hold the K"),
        ("憋三: 最后一手必须全是3 the last play must be all 3s", "憋三：最后一手必须全是3",
         "the last play must be all 3s"),
        ("贴钱不允许: “2”不可以贴 (001) — 2s may not be attached", "贴钱不允许：“2”不可以贴 (001)",
         "2s may not be attached"),
        ("管不住 does not top: 大王不够 needs 2 大王 (小王必须用大王打: one per 小王), the answer "
         "has 1 (004)", "管不住：大王不够",
         "does not top: needs 2 大王 (小王必须用大王打: one per 小王), the answer has 1 (004)"),
        ("no Chinese at all", "no Chinese at all", "no Chinese at all"),
    ],
)
def test_split_rule(rule: str, zh: str, en: str) -> None:
    msg = split_rule(rule)
    assert (msg.zh, msg.en) == (zh, en)


def test_replay_view_judges_each_recorded_event() -> None:
    final = finished("jinyou", 3)
    leader = final.setup.leader
    log = list(final.log[:6])
    events: list[Any] = [
        (PlayCards((leader + 1) % 6, Play.parse("3")), f"{REFUSED}: 没轮到"),
        (log[0], "camera read 33, corrected"),
        *log[1:],
    ]
    deal = read_deal(write_deal(replace(final.setup, names=NAMES), events))
    view = replay_view(deal, frames={0: "/nonexistent.png"})
    assert [e.accepted for e in view.events] == [False] + [True] * len(log)
    assert view.current == len(log)
    first, second = view.events[0], view.events[1]
    assert first.reason is not None and first.reason.zh == "没轮到"
    assert first.frame == "/nonexistent.png"
    assert second.reason is not None and "camera read 33" in second.reason.en
    assert view.events[2].text.en.startswith(NAMES[log[1].seat])
    passes = [i + 1 for i, a in enumerate(log) if isinstance(a, Pass)]
    assert all(view.events[i].text.zh.endswith(" 过") for i in passes)
    draws(ReplayScreen, view)
    draws(ReplayScreen, replay_view(deal, current=0))


def test_declarations_are_shown_on_the_seat_and_named_in_the_replay() -> None:
    from display.engine_view import action_text
    from display.screens.seat_panel import Role, seat_panel
    from display.text import DECLARATION_CHIPS, DECLARATION_HINTS, DECLARATION_NAMES
    from gouji.actions import DECLARATIONS, Declare
    from gouji.setup import DealSetup

    # every declaration the engine knows has a name and a hint; each but 闷 a chip
    assert set(DECLARATION_NAMES) == set(DECLARATION_HINTS) == set(DECLARATIONS)
    assert set(DECLARATION_CHIPS) == set(DECLARATIONS) - {"men"}
    assert all(DECLARATION_NAMES[w].zh == zh for w, zh in DECLARATIONS.items())
    state = DealState.start(DealSetup("tribute", 0, counts=(36,) * 6))
    state.apply(Declare(2, "xuandian"))
    view = play_view(state, names=NAMES, deal_no=1)
    assert view.seats[2].declared == ("xuandian",)
    assert all(not s.declared for i, s in enumerate(view.seats) if i != 2)
    plain = replace(view.seats[2], declared=())
    size = (300, 160)
    assert pygame.image.tobytes(seat_panel(view.seats[2], Role.TURN, "zh", False, size),
                                "RGBA") != pygame.image.tobytes(
        seat_panel(plain, Role.TURN, "zh", False, size), "RGBA")
    text = action_text(Declare(2, "geming"), NAMES)
    assert (text.zh, text.en) == ("刘姐 声明 革命", "刘姐 declares 革命 revolution")


@pytest.mark.parametrize("preset", PRESETS)
def test_replay_view_names_every_kind_of_event_of_a_whole_deal(preset: str) -> None:
    final = finished(preset, 3)
    deal = read_deal(write_deal(replace(final.setup, names=NAMES), final.log))
    view = replay_view(deal)
    assert len(view.events) == len(final.log) and all(e.accepted for e in view.events)
    for event, action in zip(view.events, final.log, strict=True):
        assert event.text.zh.startswith(NAMES[action.seat]) and event.text.en
    kous = [e for e, a in zip(view.events, final.log, strict=True) if "kou" in str(a)]
    assert bool(kous) == final.rules.round.kou_pai
    assert all(e.text.zh.endswith("扣牌") for e in kous)
