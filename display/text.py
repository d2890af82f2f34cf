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


def seat_label(index: int) -> str:
    """A seat's number as records, CLI and engine messages write it: ``S0`` … ``S5``."""
    return f"S{index}"


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
    TURN_KOU = Msg("{name} 扣牌：收起死牌再出牌", "{name} to clear the dead trick (扣牌)")
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

    # declarations
    DECLARE = Msg("声明", "Declare")
    DECLARE_SEAT = Msg("声明：哪一家？", "Declare: which seat?")
    DECLARE_WHAT = Msg("{name} 声明什么？", "What does {name} declare?")
    DECLARE_CONFIRM = Msg("确认：{name} 声明 {what}", "Confirm: {name} declares {what}")
    DECLARE_SEAT_HINT = Msg(
        "只列出现在可以声明的座位", "Only seats that may declare something now are offered"
    )
    DECLARE_NOTHING = Msg("现在没有可以声明的", "Nothing can be declared now")
    DECLARE_NOTHING_SEAT = Msg("{name} 现在没有可以声明的", "{name} has nothing to declare now")
    DECLARE_UNDO_HINT = Msg(
        "记入记录；撤销可以收回", "It goes into the record; 撤销 undo takes it back"
    )
    BACK = Msg("上一步", "Back")
    CANCEL = Msg("取消", "Cancel")

    # setup
    SETUP_TITLE = Msg("开局设置", "Setup")
    CHANGED = Msg("改动的开关", "Changed switches")
    NO_CHANGES = Msg("无改动（按预设）", "None (preset as is)")
    FIRST_LEADER = Msg("首发", "Who leads first")
    SWITCH_VALUE = Msg("{value}（预设 {default}）", "{value} (preset {default})")
    SEATS = Msg("座位", "Seats")
    CAMERA = Msg("摄像头", "Camera")
    MAT = Msg("桌垫校准", "Mat calibration")
    TEACH = Msg("教牌", "Deck teaching")
    TEACHING_NOW = Msg("正在教：", "Now teaching:")
    START = Msg("开始", "Start")
    CALIBRATE = Msg("校准", "Calibrate")
    TEACH_BUTTON = Msg("教牌", "Teach deck")
    PICK_LEADER = Msg("点选先出牌的一家", "Touch the seat that leads the first deal")
    LEADER = Msg("先出", "Leads")

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

DECLARATION_NAMES: Mapping[str, Msg] = {
    "men": Msg("闷", "闷 stuck"),
    "no_gouji": Msg("无够级", "无够级 no gouji cards"),
    "xuandian": Msg("宣点", "宣点 declare the point"),
    "hedian": Msg("和点", "和点 agree both open"),
    "geming": Msg("革命", "革命 revolution"),
    "yaotou": Msg("要头", "要头 keep the head"),
    "rendian": Msg("认点", "认点 concede the point"),
    "chongdian": Msg("冲点", "冲点 rush the point"),
    "youtou": Msg("有头", "有头 keep 够级 rights"),
}
"""Each engine declaration (``gouji.actions.DECLARATIONS`` keys), Chinese term first."""

DECLARATION_HINTS: Mapping[str, Msg] = {
    "men": Msg("只剩3，上一手被人压了", "Only 3s left and the seat's last play was topped"),
    "no_gouji": Msg(
        "手里没有任何够级牌：自动开点", "Holds no gouji cards at all: opens automatically"
    ),
    "xuandian": Msg("开牌前声明对家开不了点", "Before play: says its opposite will not open"),
    "hedian": Msg(
        "开牌前同意和点；对门两家都和点就都算开点",
        "Before play: when both opposites agree, both count as opened",
    ),
    "geming": Msg(
        "开牌前，没有2也没有王的一家放弃本局",
        "Before play: a seat with no 2 and no joker gives up the deal",
    ),
    "yaotou": Msg(
        "革命者的对家要三次够死级；不声明就是无头",
        "The revolutionary's opposite takes three 够死级; without it the seat is 无头 headless",
    ),
    "rendian": Msg("开牌前不买4：认点，下局进点贡", "Before play: no 4 bought, concedes the point"),
    "chongdian": Msg(
        "没有大于A的牌、有三套纯够级：三套依次问对门",
        "Nothing above A, three pure gouji sets: each is put to the opposite",
    ),
    "youtou": Msg(
        "冲点者的对门保留够级；不声明就是无头",
        "The challenger's opposite keeps its gouji rights; without it the seat is 无头 headless",
    ),
}
"""What each declaration means, one line."""

DECLARATION_CHIPS: Mapping[str, Msg] = {
    "no_gouji": Msg("无够级", "No gouji"),
    "xuandian": Msg("宣点", "Point called"),
    "hedian": Msg("和点", "Both open"),
    "geming": Msg("革命", "Revolt"),
    "yaotou": Msg("要头", "Head kept"),
    "rendian": Msg("认点", "Conceded"),
    "chongdian": Msg("冲点", "Rushed"),
    "youtou": Msg("有头", "Head kept"),
}
"""The chip a seat panel shows for a declaration made (闷 has its own chip)."""

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
    for table in (PLACE_NAMES, TRIBUTE_NAMES, STATUS_NAMES, DECLARATION_NAMES,
                  DECLARATION_HINTS, DECLARATION_CHIPS):
        yield from table.values()
