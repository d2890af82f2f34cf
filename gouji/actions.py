"""What a seat can do during a deal (出牌, 过牌, 让牌, 扣牌, 声明), and why an action is refused.

Actions are frozen values: the deal's log is a list of them, and the state is
rebuilt by replaying the log (undo, resume after a power cut, the referee's
replay and the record file are one mechanism).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gouji.plays import Play

SEATS = 6


@dataclass(frozen=True, slots=True)
class PlayCards:
    """出牌 / 上牌: ``seat`` plays ``play`` (a lead, an answer, or a burn 烧牌)."""

    seat: int
    play: Play

    def __str__(self) -> str:
        return f"S{self.seat} play {self.play}"


@dataclass(frozen=True, slots=True)
class Pass:
    """过牌: ``seat`` does not answer (or declines to burn)."""

    seat: int

    def __str__(self) -> str:
        return f"S{self.seat} pass"


@dataclass(frozen=True, slots=True)
class Rang:
    """让牌: ``seat`` lets its two downstream seats answer its opposite's play first."""

    seat: int

    def __str__(self) -> str:
        return f"S{self.seat} rang"


@dataclass(frozen=True, slots=True)
class Kou:
    """扣牌: ``seat`` clears the dead trick before the next lead (004: the owner's opposite,
    「对头为法定扣牌人」)."""

    seat: int

    def __str__(self) -> str:
        return f"S{self.seat} kou"


Declaration = Literal[
    "men", "no_gouji", "xuandian", "hedian", "geming", "yaotou", "rendian", "chongdian", "youtou"
]
DECLARATIONS: dict[Declaration, str] = {
    "men": "闷",
    "no_gouji": "无够级",
    "xuandian": "宣点",
    "hedian": "和点",
    "geming": "革命",
    "yaotou": "要头",
    "rendian": "认点",
    "chongdian": "冲点",
    "youtou": "有头",
}
"""Each declaration with its Chinese name."""


@dataclass(frozen=True, slots=True)
class Declare:
    """A declaration the record keeps.

    ``men``: the seat holds only 3s and its last play was topped, so it is 闷 (observed
    mode; with hands known the engine sees it).  ``no_gouji``: the seat holds no 够级
    cards at all and opens automatically (001).  ``xuandian``: before play, the seat
    declares its opposite will not open (宣点).  ``hedian``: before play, the seat agrees
    to 和点; when both opposites do, both count as opened (000).  ``geming``: before
    play, a seat with no 2 and no joker abandons the deal (革命, 001/003).  ``yaotou``:
    the revolutionary's opposite chooses 要头 (three 够死级) instead of 无头.  ``rendian``:
    before play, a seat that did not buy a 4 concedes the point (认点, 金游).  ``chongdian``:
    before play, a seat with nothing above A and three pure 够级 sets challenges its
    opposite (冲点, 000 十).  ``youtou``: after a 冲点, the challenger's opposite keeps its
    够级 rights (有头) instead of playing 无头.
    """

    seat: int
    what: Declaration

    def __str__(self) -> str:
        return f"S{self.seat} declare {self.what}"


Action = PlayCards | Pass | Rang | Declare | Kou


class Refusal(ValueError):
    """An action the rules do not allow now.

    ``rule`` is the rule it breaks, Chinese term first (e.g. "烧牌失败: …"),
    ``switch`` the preset switch behind it when one is.
    """

    def __init__(self, action: Action, rule: str, switch: str | None = None) -> None:
        self.action = action
        self.rule = rule
        self.switch = switch
        suffix = f" [{switch}]" if switch else ""
        super().__init__(f"{action}: {rule}{suffix}")
