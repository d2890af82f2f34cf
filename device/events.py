"""Player input as values (输入事件): what a button asks for, from which seat, when.

GPIO buttons and serial seat panels both produce :class:`ButtonEvent`, so the
main loop handles one kind of input whatever the wiring.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Action(enum.Enum):
    """What a button asks for; the value is the name used in config and protocol."""

    PASS = "pass"
    RANG = "rang"
    CONFIRM = "confirm"
    UNDO = "undo"

    @property
    def chinese(self) -> str:
        """The game's term: 过牌, 让牌, 确认, 撤销."""
        return _CHINESE[self]

    @property
    def label(self) -> str:
        """Chinese term first, English beside: ``过牌 pass``."""
        return f"{self.chinese} {self.value}"


_CHINESE = {Action.PASS: "过牌", Action.RANG: "让牌", Action.CONFIRM: "确认", Action.UNDO: "撤销"}


@dataclass(frozen=True)
class ButtonEvent:
    """A press: the action, the seat (0-5) when the button belongs to one, and when."""

    action: Action
    seat: int | None
    at: float
