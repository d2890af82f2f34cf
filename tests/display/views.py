"""Extra hand-built views for edge cases the samples do not cover."""

from __future__ import annotations

from dataclasses import replace

from display import samples
from display.view import (
    BurnView,
    Candidate,
    EndView,
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
    TrickView,
    TurnKind,
    TurnView,
    UnsureView,
)

SEATS = samples.SEATS


def long_names() -> PlayView:
    """Long names, a 20-card trick, a burn of four steps, hidden counts, a long refusal."""
    names = (
        "欧阳长长长长长长名字",
        "A very long English player name",
        "司马",
        "诸葛孔明先生",
        "X",
        "李",
    )
    seats = tuple(
        SeatView(SeatInfo(i, name, i % 2), 40 + i, count_public=False, stuck=i == 3)
        for i, name in enumerate(names)
    )
    return PlayView(
        preset="dorm 点烧闷拉 with a long club name",
        deal_no=12,
        seats=seats,
        turn=TurnView(TurnKind.BURN, acting=0, answerers=(3,), burners=(), may_yield=True),
        trick=TrickView(0, "TTTTTTTTTTTTTTTT22BR", gouji=True),
        burn=BurnView(0, 5, ("JJJJJ", "QQQ2B", "KK2R", "AAB")),
        refusal=RefusalView(
            Msg(
                "烧牌失败：第二手没有挂王，按本规则烧牌的每一手（最后一手除外）都必须带王，"
                "所以这一手不能算烧牌，也不能压过对家的够级牌",
                "Burn failed: the second play carries no joker. Under this preset every burn "
                "play except the last must hold a joker, so this play neither burns nor tops "
                "the opposite's gouji play",
            ),
            seat=0,
            cards="QQQ22",
            rule="burn_needs_joker",
        ),
    )


def empty_table() -> PlayView:
    """Start of a deal: nobody has played yet and seat 2 leads."""
    seats = tuple(SeatView(s, 36) for s in SEATS)
    return PlayView("match", 1, seats, TurnView(TurnKind.LEAD, acting=2))


def deal_over() -> PlayView:
    """The last play is down; everyone's place is known."""
    places = (Place.TOU, Place.SAN, Place.ER, Place.ER_LUO, Place.SI, Place.DA_LUO)
    seats = tuple(SeatView(s, 0, place=p, opened=True) for s, p in zip(SEATS, places, strict=True))
    return PlayView("match", 5, seats, TurnView(TurnKind.DEAL_OVER), four_way=True)


def burn_started() -> PlayView:
    """A burn declared but no step played yet; several seats may answer at once."""
    view = samples.play_burn()
    return replace(
        view,
        burn=BurnView(1, 2),
        turn=TurnView(TurnKind.ANSWER, acting=None, answerers=(4, 0)),
        refusal=None,
    )


def sweep_end() -> EndView:
    """串三户: team 0 takes 头科, 二科, 三科 — doubled, and no tribute."""
    places = (Place.TOU, Place.SI, Place.ER, Place.ER_LUO, Place.SAN, Place.DA_LUO)
    pts = {Place.TOU: 4, Place.ER: 2, Place.SAN: 0, Place.SI: 0, Place.ER_LUO: -2, Place.DA_LUO: -4}
    scores = tuple(ScoreLine(i, p, pts[p]) for i, p in enumerate(places))
    return EndView(
        preset="match",
        seats=SEATS,
        scores=scores,
        teams=(TeamScore(0, 6, 2, sweep=True, total=12), TeamScore(1, -6, 1, total=-6)),
        tribute=(),
        match=MatchTotals(7, 7, (30, -30)),
    )


def many_candidates() -> UnsureView:
    """Seven readings of a big play, with a camera frame path that does not exist and
    what made the camera doubt it."""
    cards = ("JJJJJ2", "JJJJJJ", "JJJJ22", "QQQQQ2", "JJJJJ", "JJJJJB", "TTTTT2")
    return UnsureView(
        SEATS[4],
        tuple(Candidate(c, 0.5 / (i + 1)) for i, c in enumerate(cards)),
        frame="/nonexistent/frame.png",
        why="识别不确定 unsure — 扇中有牌未认出 a card in the fan not read",
    )


def empty_replay() -> ReplayView:
    """A replay with nothing recorded yet."""
    return ReplayView(SEATS, ())


def replay_at(index: int, frame: str | None = None) -> ReplayView:
    """The sample replay with event ``index`` selected."""
    return replace(samples.replay(frame), current=index)
