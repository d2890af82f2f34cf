"""The view model: exactly what a screen shows, as plain frozen values (视图).

The engine (or a test, or the sample data) builds these; the screens only
draw them.  Nothing here knows a rule: whether a count may be shown, who may
answer, whether a play is 够级 — all of it is decided upstream and arrives as
a field.  Seats are referred to by index 0..5 (counter-clockwise round the
table); a view that names seats carries their :class:`SeatInfo` rows.

Cards are written in the notation of :mod:`gouji.cards` (``"KKK22BB"``).
All values are hashable, so screens may cache what they draw from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Literal

Lang = Literal["zh", "en"]
"""Language of the screen: Chinese (the default) or English."""

SEAT_COUNT = 6


@dataclass(frozen=True)
class Msg:
    """A message in both languages; screens pick one by :class:`DisplayOptions.lang`."""

    zh: str
    en: str

    def pick(self, lang: Lang) -> str:
        """The text in ``lang``."""
        return self.zh if lang == "zh" else self.en


class Place(IntEnum):
    """A seat's finishing place in a deal, best first (名次)."""

    TOU = 1  # 头科
    ER = 2  # 二科
    SAN = 3  # 三科
    SI = 4  # 四科
    ER_LUO = 5  # 二落 (小拉)
    DA_LUO = 6  # 大落 (大拉 / 拉客)


class TurnKind(Enum):
    """What the table is waiting for."""

    LEAD = "lead"  # a seat leads a new round (发牌)
    ANSWER = "answer"  # the next seat may top the trick or pass
    GOUJI_ANSWER = "gouji_answer"  # a 够级 play: only the owner's opposite may answer
    BURN = "burn"  # a burn is running: the burner plays on
    KOU = "kou"  # 扣牌: the dead trick's owner's opposite clears it before the next lead
    DEAL_OVER = "deal_over"  # nobody: the deal has ended


class TributeKind(Enum):
    """Why a tribute (进贡) is owed next deal."""

    DIAN = "dian"  # 点贡: did not open
    SHAO = "shao"  # 烧贡: was burned
    MEN = "men"  # 闷贡: stuck with 3s
    LUO = "luo"  # 落贡: 大落 / 二落
    QUAN = "quan"  # 圈贡: the losing side of a sweep


class Status(Enum):
    """State of one setup step (camera, mat calibration)."""

    OK = "ok"
    PENDING = "pending"
    FAILED = "failed"


@dataclass(frozen=True)
class SeatInfo:
    """Who sits where: seat index 0..5, the name shown, and the team (0 or 1)."""

    index: int
    name: str
    team: int


def check_seat_order(indices: list[int], what: str) -> None:
    """Raise ValueError unless ``indices`` are 0..5 in order (a mapping slip, not a rule)."""
    if indices != list(range(SEAT_COUNT)):
        raise ValueError(f"{what} must list seats 0..{SEAT_COUNT - 1} in order, got {indices}")


@dataclass(frozen=True)
class DisplayOptions:
    """How to draw, rather than what: language, referee view, screen orientation.

    ``referee`` shows every seat's card count even where 报牌 forbids it.
    ``bottom_seat`` is the seat drawn nearest the bottom edge of the screen
    (the seat the screen faces); the others follow counter-clockwise.
    """

    lang: Lang = "zh"
    referee: bool = False
    bottom_seat: int = 0


# ---------------------------------------------------------------- play screen


@dataclass(frozen=True)
class SeatView:
    """One seat during play.

    ``count_public`` is whether the preset's 报牌 rule lets the table see the
    count now; when false the screen shows "?" unless in referee view.
    ``place`` is set once the seat is out.  ``stuck`` marks a seat that is 闷.
    ``declared`` lists the seat's declarations in force, as ``gouji.actions.DECLARATIONS``
    keys (宣点, 和点, 革命, 要头, 无够级; 闷 shows as ``stuck``).
    """

    seat: SeatInfo
    cards_left: int
    count_public: bool = True
    place: Place | None = None
    opened: bool = False  # 开点
    headless: bool = False  # 无头
    passed: bool = False  # 过牌 this round
    stuck: bool = False  # 闷
    declared: tuple[str, ...] = ()


@dataclass(frozen=True)
class TurnView:
    """Whose move it is.

    ``acting`` is the seat the table waits on (None when several may act, or
    none).  ``answerers`` lists every seat allowed to top the trick right now;
    for a 够级 play that is only the opposite.  ``burners`` are seats that may
    burn (烧牌) the standing 够级 play.  ``may_yield`` is set when ``acting``
    may 让牌 to its two downstream seats.
    """

    kind: TurnKind
    acting: int | None = None
    answerers: tuple[int, ...] = ()
    burners: tuple[int, ...] = ()
    may_yield: bool = False


@dataclass(frozen=True)
class TrickView:
    """The play standing on the table: its owner, its cards, its marks."""

    owner: int
    cards: str
    gouji: bool = False  # 够级
    pure: bool = False  # 纯够级 (no 2, no joker): the kind that can 开点


@dataclass(frozen=True)
class BurnView:
    """A burn (烧牌) in progress: ``burner`` is burning ``target``'s 够级 play.

    ``steps`` are the burner's plays so far, in order, as card notation.
    """

    burner: int
    target: int
    steps: tuple[str, ...] = ()


@dataclass(frozen=True)
class RefusalView:
    """The last refused play and why (every refusal explains itself).

    ``reason`` names the rule broken, Chinese first; ``rule`` is the preset
    switch behind it (may be empty).
    """

    reason: Msg
    seat: int | None = None
    cards: str = ""
    rule: str = ""


@dataclass(frozen=True)
class PlayView:
    """Everything the play screen shows mid-deal; ``seats[i]`` is seat ``i``."""

    preset: str
    deal_no: int
    seats: tuple[SeatView, ...]
    turn: TurnView
    trick: TrickView | None = None
    burn: BurnView | None = None
    four_way: bool = False  # 四户乱缠
    refusal: RefusalView | None = None

    def __post_init__(self) -> None:
        check_seat_order([s.seat.index for s in self.seats], "PlayView.seats")

    def seat_info(self, index: int) -> SeatInfo:
        """The :class:`SeatInfo` of seat ``index``."""
        return self.seats[index].seat


# ------------------------------------------------------------ unsure reading


@dataclass(frozen=True)
class Candidate:
    """One reading the camera thinks possible, with its confidence 0..1."""

    cards: str
    confidence: float


@dataclass(frozen=True)
class UnsureView:
    """A camera reading too unsure to enter the record: the seat confirms or corrects.

    ``candidates`` are best first.  ``frame`` is an optional path to the
    camera image of the play zone; ``why`` what made the reading doubtful.
    """

    seat: SeatInfo
    candidates: tuple[Candidate, ...]
    frame: str | None = None
    why: str = ""


@dataclass(frozen=True)
class CorrectionView:
    """Entering a play by hand: the seat and the cards entered so far (notation)."""

    seat: SeatInfo
    cards: str = ""


# -------------------------------------------------------------- end of deal


@dataclass(frozen=True)
class ScoreLine:
    """One seat's points this deal, by source (before doubling)."""

    seat: int
    place: Place | None
    place_points: int = 0
    dian: int = 0  # 点
    shao: int = 0  # 烧
    men: int = 0  # 闷

    @property
    def total(self) -> int:
        """Sum of the four sources."""
        return self.place_points + self.dian + self.shao + self.men


@dataclass(frozen=True)
class TeamScore:
    """A team's result this deal: the seats' sum, the doubling, the total."""

    team: int
    subtotal: int
    multiplier: int = 1
    sweep: bool = False  # 串三户: the reason for doubling
    total: int = 0


@dataclass(frozen=True)
class TributeRow:
    """A tribute owed next deal: ``giver`` gives ``count`` cards to ``receiver``."""

    giver: int
    receiver: int
    count: int
    kind: TributeKind


@dataclass(frozen=True)
class MatchTotals:
    """Running match score after this deal, per team (index = team)."""

    deal_no: int
    deals_in_match: int
    team_totals: tuple[int, int]


@dataclass(frozen=True)
class EndView:
    """The end-of-deal summary: places, points, tribute next deal, match totals.

    ``seats[i]`` is seat ``i``; ``scores`` may come in any order (shown best place first).
    """

    preset: str
    seats: tuple[SeatInfo, ...]
    scores: tuple[ScoreLine, ...]
    teams: tuple[TeamScore, TeamScore]
    tribute: tuple[TributeRow, ...]
    match: MatchTotals

    def __post_init__(self) -> None:
        check_seat_order([s.index for s in self.seats], "EndView.seats")

    def seat_info(self, index: int) -> SeatInfo:
        """The :class:`SeatInfo` of seat ``index``."""
        return self.seats[index]


# -------------------------------------------------------------------- setup


@dataclass(frozen=True)
class SwitchChange:
    """A preset switch the club changed: its name, its value now, the preset's value."""

    name: str
    value: str
    default: str


@dataclass(frozen=True)
class SetupView:
    """The setup screen: preset and changes, seats, camera and mat, deck teaching.

    With ``choose_leader`` the seats are touch areas: the referee touches the seat that
    leads the first deal (decided at the table: a cut card, the shown 4s or 5s, …);
    ``leader`` is the seat chosen so far, and 开始 Start is offered once there is one.
    ``tools`` offers the calibrate and deck-teaching buttons and the teaching progress
    (the appliance finds the mat by itself and teaches no deck, so it leaves them out).
    """

    preset: str
    changes: tuple[SwitchChange, ...]
    seats: tuple[SeatInfo, ...]
    camera: Status
    mat: Status
    deck_taught: int
    deck_total: int
    teaching: str | None = None  # the card being taught now, in notation
    note: Msg | None = None  # e.g. why calibration failed
    choose_leader: bool = False
    leader: int | None = None
    tools: bool = True
    leader_rule: Msg | None = None  # how the preset finds the first leader (首发)


# ------------------------------------------------------------ declarations


@dataclass(frozen=True)
class DeclareView:
    """The declaration menu (声明): a seat, then a declaration, then the confirmation.

    ``offers`` are the (seat, declaration) pairs the engine would accept now, the
    declaration as a ``gouji.actions.DECLARATIONS`` key; the screen offers nothing else.
    ``seat`` is the seat chosen (None: choose one), ``chosen`` the declaration chosen
    (set: the confirmation step).  ``seats[i]`` is seat ``i``.
    """

    seats: tuple[SeatInfo, ...]
    offers: tuple[tuple[int, str], ...]
    seat: int | None = None
    chosen: str | None = None

    def __post_init__(self) -> None:
        check_seat_order([s.index for s in self.seats], "DeclareView.seats")
        if self.chosen is not None and self.seat is None:
            raise ValueError("a declaration is chosen for a seat: seat is missing")

    def offered(self, seat: int) -> tuple[str, ...]:
        """The declarations offered to ``seat``, in the order given."""
        return tuple(what for s, what in self.offers if s == seat)


# ------------------------------------------------------------------- replay


@dataclass(frozen=True)
class EventView:
    """One event of the record as the referee replays it.

    ``reason`` explains a refusal (or a correction) and ``rule`` names the
    preset switch behind it; ``frame`` is an optional path to the camera
    image the event was judged from.
    """

    index: int
    text: Msg
    accepted: bool
    seat: int | None = None
    reason: Msg | None = None
    frame: str | None = None
    rule: str = ""


@dataclass(frozen=True)
class ReplayView:
    """The referee's replay: the whole event list and the one being looked at.

    ``seats[i]`` is seat ``i``; ``events[k].index`` is ``k``.
    """

    seats: tuple[SeatInfo, ...]
    events: tuple[EventView, ...]
    current: int = 0

    def __post_init__(self) -> None:
        check_seat_order([s.index for s in self.seats], "ReplayView.seats")
        if self.events and not 0 <= self.current < len(self.events):
            raise ValueError(f"current event {self.current} outside 0..{len(self.events) - 1}")

    def seat_info(self, index: int) -> SeatInfo:
        """The :class:`SeatInfo` of seat ``index``."""
        return self.seats[index]
