"""Hand-built, realistic views for every screen (示例).

Used by ``gouji-table screens`` (docs, checking a Pi's font setup), by the
benchmark and by the tests.  They are plausible moments of real deals, not
rule-checked positions.
"""

from __future__ import annotations

from display.view import (
    BurnView,
    Candidate,
    CorrectionView,
    DeclareView,
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
    SetupView,
    Status,
    SwitchChange,
    TeamScore,
    TributeKind,
    TributeRow,
    TrickView,
    TurnKind,
    TurnView,
    UnsureView,
)

NAMES = ("老王", "小李", "刘姐", "阿强", "张老师", "赵六")
SEATS: tuple[SeatInfo, ...] = tuple(SeatInfo(i, name, i % 2) for i, name in enumerate(NAMES))


def play_burn() -> PlayView:
    """Mid-deal (枣庄 rules: counts of 10 or fewer are told): 小李 burns 刘姐's 够级.

    阿强 went out first, so his opposite 老王 is 无头; 张老师, the burner's
    opposite, may stop the burn.  A moment ago 张老师's answer was refused.
    """
    seats = (
        SeatView(SEATS[0], 31, count_public=False, headless=True),
        SeatView(SEATS[1], 6, opened=True),
        SeatView(SEATS[2], 24, count_public=False, opened=True),
        SeatView(SEATS[3], 0, place=Place.TOU, opened=True),
        SeatView(SEATS[4], 9),
        SeatView(SEATS[5], 33, count_public=False, passed=True),
    )
    return PlayView(
        preset="zaozhuang 枣庄",
        deal_no=3,
        seats=seats,
        turn=TurnView(TurnKind.BURN, acting=1, answerers=(4, 0)),
        trick=TrickView(owner=1, cards="KKK22BB", gouji=True),
        burn=BurnView(burner=1, target=2, steps=("AAAAA", "KKK22BB")),
        refusal=RefusalView(
            reason=Msg(
                "压不住：Q 比 K 小，也没有王压两张小王",
                "Does not top it: Q is below K, and no jokers to beat the two small jokers",
            ),
            seat=4,
            cards="QQQQQQQ",
            rule="joker_beating",
        ),
    )


def play_gouji() -> PlayView:
    """A pure 够级 on the table (five 10s): only the opposite may answer; two seats may burn."""
    seats = tuple(
        SeatView(SEATS[i], count, count_public=False, opened=opened, passed=passed)
        for i, count, opened, passed in (
            (0, 28, True, False),
            (1, 30, False, True),
            (2, 25, False, False),
            (3, 33, False, False),
            (4, 22, True, False),
            (5, 35, False, False),
        )
    )
    return PlayView(
        preset="jinyou 金游",
        deal_no=1,
        seats=seats,
        turn=TurnView(TurnKind.GOUJI_ANSWER, acting=3, answerers=(3,), burners=(2, 4)),
        trick=TrickView(owner=0, cards="TTTTT", gouji=True, pure=True),
    )


def play_four_way() -> PlayView:
    """Late game: 头科 and 二科 are out, the other four play freely (四户乱缠)."""
    seats = (
        SeatView(SEATS[0], 4, opened=True),
        SeatView(SEATS[1], 7, opened=True, passed=True),
        SeatView(SEATS[2], 0, place=Place.TOU, opened=True),
        SeatView(SEATS[3], 2, opened=True),
        SeatView(SEATS[4], 11, count_public=False),
        SeatView(SEATS[5], 0, place=Place.ER, opened=True),
    )
    return PlayView(
        preset="tribute 进贡",
        deal_no=4,
        seats=seats,
        turn=TurnView(TurnKind.ANSWER, acting=4, answerers=(4, 0, 1)),
        trick=TrickView(owner=3, cards="99"),
        four_way=True,
    )


def unsure() -> UnsureView:
    """The camera could not tell a 2 from a K in 小李's play."""
    return UnsureView(
        seat=SEATS[1],
        candidates=(
            Candidate("KKKK2", 0.62),
            Candidate("KKKKK", 0.31),
            Candidate("KKK22", 0.07),
        ),
        why="识别不确定 unsure — 两种点数 two ranks read",
    )


def correction() -> CorrectionView:
    """小李 enters the play by hand after the camera failed: four Ks and a 2 so far."""
    return CorrectionView(seat=SEATS[1], cards="KKKK2")


def end_of_deal() -> EndView:
    """Deal 3 of 5 under the tribute preset: points by source and the tribute owed."""
    places = {
        0: Place.TOU,
        2: Place.ER,
        1: Place.SAN,
        4: Place.SI,
        3: Place.ER_LUO,
        5: Place.DA_LUO,
    }
    place_points = {
        Place.TOU: 4,
        Place.ER: 2,
        Place.SAN: 0,
        Place.SI: 0,
        Place.ER_LUO: -2,
        Place.DA_LUO: -4,
    }
    extra = {0: (2, 0, 1), 2: (0, 1, 0), 3: (0, -1, 0), 5: (-2, 0, -1)}
    scores = tuple(
        ScoreLine(seat, places[seat], place_points[places[seat]], *extra.get(seat, (0, 0, 0)))
        for seat in range(6)
    )
    team_sums = [sum(s.total for s in scores if s.seat % 2 == team) for team in (0, 1)]
    return EndView(
        preset="tribute 进贡",
        seats=SEATS,
        scores=scores,
        teams=(
            TeamScore(0, team_sums[0], 1, total=team_sums[0]),
            TeamScore(1, team_sums[1], 1, total=team_sums[1]),
        ),
        tribute=(
            TributeRow(5, 0, 1, TributeKind.MEN),
            TributeRow(3, 2, 1, TributeKind.SHAO),
            TributeRow(5, 0, 1, TributeKind.DIAN),
            TributeRow(5, 0, 2, TributeKind.LUO),
            TributeRow(3, 2, 1, TributeKind.LUO),
        ),
        match=MatchTotals(deal_no=3, deals_in_match=5, team_totals=(14, -14)),
    )


def setup() -> SetupView:
    """Before the first deal: 金游 rules with two switches changed, the mat not yet calibrated."""
    return SetupView(
        preset="jinyou 金游",
        changes=(
            SwitchChange("报牌 report_counts", "10张以下", "不报"),
            SwitchChange("过牌后烧牌 burn_after_pass", "可以", "不可以"),
        ),
        seats=SEATS,
        camera=Status.OK,
        mat=Status.PENDING,
        deck_taught=9,
        deck_total=15,
        teaching="Q",
    )


def setup_leader() -> SetupView:
    """The appliance before the first deal of a match: 刘姐 cut the card and leads."""
    return SetupView(
        preset="match 比赛",
        changes=(),
        seats=SEATS,
        camera=Status.OK,
        mat=Status.OK,
        deck_taught=0,
        deck_total=0,
        choose_leader=True,
        leader=2,
        tools=False,
        leader_rule=Msg("首开牌人抽签，以后逆时针轮流开牌",
                        "The first opener by lot; later deals rotate counter-clockwise"),
    )


def declare() -> DeclareView:
    """Before the first play (比赛 rules): 阿强 has no 2 and no joker and is about to revolt."""
    offers = tuple((seat, what) for seat in range(6) for what in ("no_gouji", "geming"))
    return DeclareView(SEATS, offers, seat=3, chosen="geming")


def replay(frame: str | None = None) -> ReplayView:
    """The referee steps back through deal 3 to a refused answer (``frame``: its camera image)."""
    plays = (
        (0, "老王 出 5555", "老王 plays 5555", True, None),
        (1, "小李 出 8888", "小李 plays 8888", True, None),
        (2, "刘姐 过", "刘姐 passes", True, None),
        (3, "阿强 出 JJJJ", "阿强 plays JJJJ", True, None),
        (
            4,
            "张老师 出 QQQQ2",
            "张老师 plays QQQQ2",
            False,
            Msg("只有对家能接够级牌", "Only the opposite may answer a gouji play"),
        ),
        (5, "阿强 出 3（最后一手）", "阿强 plays 3 (last cards)", True, None),
        (2, "刘姐 出 TTTTT 够级", "刘姐 plays TTTTT, gouji", True, None),
        (1, "小李 烧牌 AAAAA", "小李 burns with AAAAA", True, None),
        (1, "小李 出 KKK22BB", "小李 plays KKK22BB", True, None),
        (
            4,
            "张老师 出 QQQQQQQ",
            "张老师 plays QQQQQQQ",
            False,
            Msg("压不住：Q 比 K 小", "Does not top it: Q is below K"),
        ),
    )
    rules = {4: "gouji_answer", 9: "joker_beating"}
    events = tuple(
        EventView(i, Msg(zh, en), ok, seat, reason, frame if not ok else None, rules.get(i, ""))
        for i, (seat, zh, en, ok, reason) in enumerate(plays)
    )
    return ReplayView(seats=SEATS, events=events, current=len(events) - 1)
