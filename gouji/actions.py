"""What a seat can do during a deal (出牌, 过牌, 让牌, 闷), and why an action is refused.

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
class Declare:
    """A declaration the record keeps where hand contents are not known (observed mode).

    ``men``: the seat holds only 3s and its last play was topped, so it is 闷.
    """

    seat: int
    what: Literal["men"]

    def __str__(self) -> str:
        return f"S{self.seat} declare {self.what}"


Action = PlayCards | Pass | Rang | Declare


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
