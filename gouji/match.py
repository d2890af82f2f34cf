"""A match (一场): deals added up, who won, and who leads the next deal."""

from __future__ import annotations

from dataclasses import dataclass, field

from gouji.actions import SEATS
from gouji.rules import Rules
from gouji.scoring import DealResult
from gouji.setup import downstream, team


@dataclass
class Match:
    """The deals of one match under ``rules``; ``final`` for a final's longer set (001: 7)."""

    rules: Rules
    final: bool = False
    results: list[DealResult] = field(default_factory=list)

    @property
    def length(self) -> int:
        """Deals in this set (0: open-ended)."""
        m = self.rules.match
        return m.final_deals if self.final and m.final_deals else m.deals

    @property
    def over(self) -> bool:
        """Every deal of the set is played (never, for an open-ended set)."""
        return bool(self.length) and len(self.results) >= self.length

    def add(self, result: DealResult) -> None:
        """Count one finished deal."""
        self.results.append(result)

    @property
    def totals(self) -> tuple[int, int]:
        """Each team's points over the deals so far."""
        return (
            sum(r.team_points[0] for r in self.results),
            sum(r.team_points[1] for r in self.results),
        )

    @property
    def wins(self) -> tuple[int, int]:
        """Deals each team won (000 compares teams deal by deal)."""
        return (
            sum(r.outcome(0) == "win" for r in self.results),
            sum(r.outcome(1) == "win" for r in self.results),
        )

    def winner(self) -> int | None:
        """The winning team, or None for a draw; 001 breaks a tie against the last 大落's team."""
        a, b = self.wins if self.rules.score.compare_teams else self.totals
        if a != b:
            return 0 if a > b else 1
        if self.rules.match.tie_break == "last_daluo_team_loses" and self.results:
            last = self.results[-1]
            daluo = last.order[SEATS - 1]
            return 1 - team(daluo)
        return None

    def next_leader(self, leader: int) -> int | None:
        """Who leads the next deal, when the preset fixes it (None: found at the table).

        000: the last deal's 大拉 leads; 001: the opener rotates counter-clockwise.
        """
        later = self.rules.deck.later_leader
        if later == "last_daluo" and self.results:
            return self.results[-1].order[SEATS - 1]
        if later == "rotate":
            return downstream(leader)
        return None
