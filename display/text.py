"""Every user-facing string of the display, in Chinese and English (文字目录).

Screens never hold literal text: they take a :class:`~display.view.Msg` from
here and format it with :func:`tr`.  Keeping the catalogue in one place lets
a test render every string with the CJK font and fail on a missing glyph.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from display.view import Lang, Msg, Place, Status, TributeKind


def tr(msg: Msg, lang: Lang, **values: object) -> str:
    """``msg`` in ``lang`` with ``{placeholders}`` filled from ``values``."""
    return msg.pick(lang).format(**values)


def card_count(count: int, lang: Lang) -> str:
    """A number of cards as text: ``5 张``, ``5 cards``, ``1 card``."""
    return tr(T.CARD_COUNT_ONE if count == 1 else T.CARD_COUNT, lang, count=count)


class T:
    """The catalogue: one :class:`Msg` per string, grouped by screen."""

    # common
    LANG_TOGGLE = Msg("English", "中文")
    REFEREE = Msg("裁判视图", "Referee view")
    UNDO = Msg("撤销", "Undo")
    DEAL = Msg("第{n}局", "Deal {n}")
    PRESET = Msg("规则：{name}", "Rules: {name}")
    CARDS_UNIT = Msg("张", "cards")
    CARD_UNIT_ONE = Msg("张", "card")
    CARD_COUNT = Msg("{count} 张", "{count} cards")
    CARD_COUNT_ONE = Msg("{count} 张", "{count} card")
    COLON = Msg("：", ": ")
    TITLE_SEP = Msg("  ·  ", "  ·  ")
    ARROW = Msg("→", "→")

    # play
    TURN_LEAD = Msg("轮到 {name} 出牌", "{name} to lead")
    TURN_ANSWER = Msg("轮到 {name} 接牌", "{name} to answer")
    TURN_GOUJI = Msg("够级！只有对家 {name} 能接", "Gouji! Only the opposite, {name}, may answer")
    TURN_BURN = Msg("{name} 正在烧牌，接着出", "{name} is burning: play on")
    TURN_OVER = Msg("本局结束", "Deal over")
    TURN_ANYONE = Msg("等待出牌", "Waiting for a play")
    MAY_ANSWER = Msg("可接：{names}", "May answer: {names}")
    MAY_BURN = Msg("可烧：{names}", "May burn: {names}")
    MAY_YIELD = Msg("{name} 可让牌", "{name} may yield (让牌)")
    NAME_SEP = Msg("、", ", ")
    TAG_TURN = Msg("轮到", "TURN")
    TAG_ANSWER = Msg("可接", "ANSWER")
    TAG_BURN = Msg("可烧", "BURN")
    TRICK_OWNER = Msg("{name} 的牌", "{name}'s play")
    NO_TRICK = Msg("桌上无牌", "Table is clear")
    MARK_GOUJI = Msg("够级", "Gouji")
    MARK_PURE = Msg("纯够级", "Pure gouji")
    BURN_TITLE = Msg("烧牌：{burner} 烧 {target}", "Burn: {burner} burns {target}")
    BURN_STEP = Msg("第{n}手", "Play {n}")
    BURN_NONE_YET = Msg("已压住，等第一手", "Topped; waiting for the next play")
    FOUR_WAY = Msg("四户乱缠", "Four-way free play (四户乱缠)")
    CHIP_OPENED = Msg("已开点", "Opened")
    CHIP_NOT_OPENED = Msg("未开点", "Not opened")
    CHIP_HEADLESS = Msg("无头", "Headless")
    CHIP_PASSED = Msg("过", "Passed")
    CHIP_STUCK = Msg("闷", "Stuck")
    COUNT_SECRET = Msg("不报牌", "not told")
    REFUSED = Msg("不合规", "Refused")
    REFUSAL_PLAY = Msg("{name} 出 {cards}", "{name} played {cards}")
    RULE_SWITCH = Msg("开关：{rule}", "Switch: {rule}")

    # unsure reading
    CONFIRM_TITLE = Msg("看不清，请确认 {name} 出的牌", "Unsure reading: confirm {name}'s play")
    CONFIRM_HINT = Msg(
        "点一下正确的牌；都不对就重新识别", "Tap the right reading; if none is right, read again"
    )
    BEST = Msg("最可能", "Most likely")
    CONFIDENCE = Msg("把握 {p}%", "{p}% sure")
    RETAKE = Msg("都不对，重新识别", "None of these: read again")
    EDIT = Msg("手动输入", "Enter by hand")

    # correction by hand
    CORRECT_TITLE = Msg("手动输入 {name} 出的牌", "Enter {name}'s play by hand")
    CORRECT_HINT = Msg("点下面的牌添加，一次一张", "Tap a rank below to add one card")
    REMOVE = Msg("删一张", "Remove one")
    CONFIRM = Msg("确认", "Confirm")

    # end of deal
    END_TITLE = Msg("第{n}局结束", "Deal {n} over")
    PLACES = Msg("名次", "Places")
    COL_PLACE = Msg("名次分", "Place")
    COL_DIAN = Msg("点", "Point")
    COL_SHAO = Msg("烧", "Burn")
    COL_MEN = Msg("闷", "Stuck")
    COL_TOTAL = Msg("合计", "Total")
    TEAM_SUBTOTAL = Msg("小计 {sub}", "subtotal {sub}")
    TEAM_DOUBLED = Msg("串三户 ×{m}", "sweep ×{m}")
    TEAM_MULTIPLIER = Msg("×{m}", "×{m}")
    TRIBUTE = Msg("下局进贡", "Tribute next deal")
    NO_TRIBUTE = Msg("无进贡", "No tribute")
    MATCH = Msg("比赛总分（{n}/{m} 局）", "Match total (deal {n} of {m})")
    NEXT_DEAL = Msg("下一局", "Next deal")
    REPLAY = Msg("回放", "Replay")

    # setup
    SETUP_TITLE = Msg("开局设置", "Setup")
    CHANGED = Msg("改动的开关", "Changed switches")
    NO_CHANGES = Msg("无改动（按预设）", "None (preset as is)")
    SWITCH_VALUE = Msg("{value}（预设 {default}）", "{value} (preset {default})")
    SEATS = Msg("座位", "Seats")
    CAMERA = Msg("摄像头", "Camera")
    MAT = Msg("桌垫校准", "Mat calibration")
    TEACH = Msg("教牌", "Deck teaching")
    TEACHING_NOW = Msg("正在教：", "Now teaching:")
    START = Msg("开始", "Start")
    CALIBRATE = Msg("校准", "Calibrate")
    TEACH_BUTTON = Msg("教牌", "Teach deck")

    # replay
    REPLAY_TITLE = Msg("裁判回放", "Referee replay")
    STEP = Msg("第 {n} / {m} 步", "Step {n} of {m}")
    ACCEPTED = Msg("接受", "Accepted")
    REJECTED = Msg("拒绝", "Refused")
    REASON = Msg("原因：{reason}", "Reason: {reason}")
    NO_FRAME = Msg("无画面", "No camera frame")
    NO_EVENTS = Msg("没有记录", "No events")
    PREV = Msg("上一步", "Previous")
    NEXT = Msg("下一步", "Next")
    CLOSE = Msg("返回", "Back")


TEAM_NAMES: tuple[Msg, Msg] = (Msg("甲队", "Team A"), Msg("乙队", "Team B"))

PLACE_NAMES: Mapping[Place, Msg] = {
    Place.TOU: Msg("头科", "1st"),
    Place.ER: Msg("二科", "2nd"),
    Place.SAN: Msg("三科", "3rd"),
    Place.SI: Msg("四科", "4th"),
    Place.ER_LUO: Msg("二落", "5th"),
    Place.DA_LUO: Msg("大落", "Last"),
}

TRIBUTE_NAMES: Mapping[TributeKind, Msg] = {
    TributeKind.DIAN: Msg("点贡", "point"),
    TributeKind.SHAO: Msg("烧贡", "burn"),
    TributeKind.MEN: Msg("闷贡", "stuck"),
    TributeKind.LUO: Msg("落贡", "place"),
    TributeKind.QUAN: Msg("圈贡", "sweep"),
}

STATUS_NAMES: Mapping[Status, Msg] = {
    Status.OK: Msg("正常", "OK"),
    Status.PENDING: Msg("未完成", "Pending"),
    Status.FAILED: Msg("失败", "Failed"),
}

CARD_FACES: tuple[str, ...] = (
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
    "A",
    "2",
    "小",
    "大",
    "王",
    "?",
)
"""Every label a card tile or a count can show (jokers are drawn as 小/大 over 王)."""

NUMERALS = "0123456789+-%/"
"""Characters that numbers on screen (counts, points, percentages) are written with."""


def all_messages() -> Iterator[Msg]:
    """Every catalogued message, for the glyph-coverage test."""
    for value in vars(T).values():
        if isinstance(value, Msg):
            yield value
    yield from TEAM_NAMES
    for table in (PLACE_NAMES, TRIBUTE_NAMES, STATUS_NAMES):
        yield from table.values()
