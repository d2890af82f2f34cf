"""A match (一场): deals added up, who won, and who leads the next deal."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from gouji.actions import SEATS
from gouji.rules import Rules
from gouji.scoring import DealResult, TributeDue
from gouji.setup import downstream, team


@dataclass
class Match:
    """The deals of one match under ``rules``; ``final`` for a final's longer set (001: 7)."""

    rules: Rules
    final: bool = False
    results: list[DealResult] = field(default_factory=list)
    dian_streaks: dict[int, tuple[int, int]] = field(default_factory=dict)
    """For each pair of opposites (keyed by the lower seat): the seat that has not opened
    while its opposite did, and for how many deals in a row (枣庄's 点贡 levels)."""

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
        k = result.kaidian
        for a in range(SEATS // 2):
            b = a + SEATS // 2
            if k[a] == k[b]:
                self.dian_streaks.pop(a, None)
                continue
            payer = b if k[a] else a
            previous = self.dian_streaks.get(a)
            run = previous[1] + 1 if previous is not None and previous[0] == payer else 1
            self.dian_streaks[a] = (payer, run)

    def owed_next(self) -> tuple[TributeDue, ...]:
        """The tribute the next deal owes: the last deal's, with 枣庄's 点贡 levels.

        004【2级点贡】「连续两局都是，一家开，对家没开…进两张」【3级点贡】「连续三局…进三张」
        """
        if not self.results:
            return ()
        owed = self.results[-1].tribute
        if self.rules.tribute.dian_table != "levels":
            return owed
        level = {payer: min(run, 3) for payer, run in self.dian_streaks.values()}
        return tuple(
            dataclasses.replace(d, count=level[d.giver])
            if d.kind == "dian" and d.giver in level else d
            for d in owed
        )

    def graduates(self) -> tuple[int, ...]:
        """Seats that paid the 3-card 点贡 and open automatically next deal (点贡毕业, 004)."""
        if self.rules.tribute.dian_table != "levels":
            return ()
        return tuple(sorted(payer for payer, run in self.dian_streaks.values() if run >= 3))

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
