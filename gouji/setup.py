"""How a deal starts (开局): the rules, the seats, the leader, and the hands or counts.

Full information (self-play, tests): every hand is known.  Observed (a real
table): only how many cards each seat holds once play begins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gouji.actions import SEATS
from gouji.cards import Rank
from gouji.presets import get_preset
from gouji.rules import Rules


@dataclass(frozen=True)
class DealSetup:
    """Everything fixed before the first play of a deal.

    ``changes`` are the club's switch changes to ``preset`` (``section.name`` keys).
    Exactly one of ``hands`` (full information) and ``counts`` (observed) is given.
    """

    preset: str
    leader: int
    hands: tuple[tuple[Rank, ...], ...] | None = None
    counts: tuple[int, ...] | None = None
    changes: Mapping[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = tuple(f"S{i}" for i in range(SEATS))
    tags: Mapping[str, str] = field(default_factory=dict)
    """Free tag pairs kept by the record (Event, Date, Table, Deal …)."""
    opened: tuple[int, ...] = ()
    """Seats counted as opened (开点) from the start: 枣庄's 点贡毕业 after three deals."""
    last_order: tuple[int, ...] = ()
    """The last deal's seats from 头科 to 大落 (empty: none): it ranks two 冲点 alike."""

    def __post_init__(self) -> None:
        if (self.hands is None) == (self.counts is None):
            raise ValueError("开局 a deal needs either every hand or every count, not both")
        if not 0 <= self.leader < SEATS:
            raise ValueError(f"发牌人 leader must be a seat 0-5, not {self.leader}")
        if any(not 0 <= s < SEATS for s in self.opened):
            raise ValueError(f"开点 opened seats must be 0-5, not {list(self.opened)}")
        if self.last_order and sorted(self.last_order) != list(range(SEATS)):
            raise ValueError(f"上局名次 last order must list seats 0-5 once each, not "
                             f"{list(self.last_order)}")
        if len(self.names) != SEATS:
            raise ValueError(f"a deal has {SEATS} seats, not {len(self.names)} names")
        sizes = self.seat_counts
        if len(sizes) != SEATS or any(n < 0 for n in sizes):
            raise ValueError(f"six seat counts needed, got {list(sizes)}")

    @property
    def rules(self) -> Rules:
        """The preset's rules with the club's changes."""
        rules = get_preset(self.preset).rules
        return rules.changed(self.changes) if self.changes else rules

    @property
    def full_information(self) -> bool:
        """True when every hand is known."""
        return self.hands is not None

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """How many cards each seat holds at the start of play."""
        if self.hands is not None:
            return tuple(len(h) for h in self.hands)
        assert self.counts is not None
        return self.counts


def opposite(seat: int) -> int:
    """对家: the seat facing ``seat`` (an opponent)."""
    return (seat + 3) % SEATS


def team(seat: int) -> int:
    """联邦: 0 for seats 0, 2, 4 and 1 for seats 1, 3, 5."""
    return seat % 2


def downstream(seat: int, steps: int = 1) -> int:
    """下家: the seat ``steps`` places on in play order."""
    return (seat + steps) % SEATS


def in_play_order(start: int, seats: Sequence[int]) -> list[int]:
    """``seats`` sorted by play order starting after ``start``."""
    return sorted(seats, key=lambda s: (s - start - 1) % SEATS)
