"""One play (一手牌) and its classification: legal under a preset, 够级, pure 够级.

A play is ``N cards of one rank + X twos + Y small jokers + Z big jokers``
(004: "由“同点数牌N张 + X个2 + Y个小王 + Z个大王”组成").  Twos and jokers may
also be played on their own (``22``, ``R``, ``RB``).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from gouji.cards import Rank, format_cards, parse_cards
from gouji.rules import Rules

# 够级牌的最低门槛 (all four texts agree): 5×10, 4×J, 3×Q, 2×K, 2×A, 1×2;
# a higher count of the same rank also qualifies; any joker qualifies.
GOUJI_MINIMUM: dict[Rank, int] = {
    Rank.TEN: 5,
    Rank.JACK: 4,
    Rank.QUEEN: 3,
    Rank.KING: 2,
    Rank.ACE: 2,
    Rank.TWO: 1,
}


class PlayError(ValueError):
    """A set of cards that is not one legal play (under a preset, when ``switch`` is set).

    ``reason`` is the explanation, Chinese term first; ``switch`` names the preset
    switch behind the refusal, or is None when no preset allows it.
    """

    def __init__(self, reason: str, switch: str | None = None) -> None:
        self.reason = reason
        self.switch = switch
        super().__init__(reason if switch is None else f"{reason} [{switch}]")


class Play(NamedTuple):
    """一手牌: the cards of one play, by kind.

    ``rank`` is the rank the play is "of": a natural rank 3…A when it holds
    one, else ``Rank.TWO`` when it holds 2s, else None (jokers only).
    ``natural`` counts the cards of ``rank``; ``twos`` counts 2s played *with*
    a natural rank (贴钱, attached twos); ``small`` / ``big`` count 小王 / 大王.
    """

    rank: Rank | None
    natural: int
    twos: int
    small: int
    big: int

    @classmethod
    def of(cls, cards: Iterable[Rank]) -> Play:
        """Sort cards into a play; raises :class:`PlayError` for none or mixed ranks."""
        counts = Counter(cards)
        if not counts:
            raise PlayError("空牌 empty play: no cards")
        naturals = sorted(r for r in counts if r.is_natural)
        if len(naturals) > 1:
            names = "、".join(r.chinese for r in naturals)
            raise PlayError(f"一手牌只能有一种点数 one play holds one rank, not {names}")
        small, big = counts[Rank.SMALL_JOKER], counts[Rank.BIG_JOKER]
        if naturals:
            rank = naturals[0]
            return cls(rank, counts[rank], counts[Rank.TWO], small, big)
        if counts[Rank.TWO]:
            return cls(Rank.TWO, counts[Rank.TWO], 0, small, big)
        return cls(None, 0, 0, small, big)

    @classmethod
    def parse(cls, text: str) -> Play:
        """Parse notation (``KKK22BB``) into a play; parse errors and mixed ranks raise."""
        return cls.of(parse_cards(text))

    @property
    def cards(self) -> tuple[Rank, ...]:
        """Every card of the play, lowest first."""
        carried = (self.rank,) * self.natural if self.rank is not None else ()
        return (
            carried
            + (Rank.TWO,) * self.twos
            + (Rank.SMALL_JOKER,) * self.small
            + (Rank.BIG_JOKER,) * self.big
        )

    @property
    def size(self) -> int:
        """How many cards are played."""
        return self.natural + self.twos + self.small + self.big

    @property
    def carried(self) -> int:
        """How many cards count as ``rank`` once attached 2s are converted (贴钱)."""
        return self.natural + self.twos

    @property
    def jokers(self) -> int:
        """小王 plus 大王."""
        return self.small + self.big

    @property
    def has_two(self) -> bool:
        """True when any 2 is in the play, attached or on its own."""
        return self.twos > 0 or self.rank is Rank.TWO

    def by_rank(self) -> tuple[tuple[Rank, int], ...]:
        """(rank, count) of each kind of card in the play, 2s attached or not together."""
        return _by_rank(self)

    def __str__(self) -> str:
        return format_cards(self.cards)


@functools.lru_cache(maxsize=8192)
def _by_rank(play: Play) -> tuple[tuple[Rank, int], ...]:
    """Play.by_rank, kept per play: legality and holdings ask it of every play judged."""
    twos = play.twos + (play.natural if play.rank is Rank.TWO else 0)
    pairs = [(Rank.TWO, twos), (Rank.SMALL_JOKER, play.small), (Rank.BIG_JOKER, play.big)]
    if play.rank is not None and play.rank is not Rank.TWO:
        pairs.append((play.rank, play.natural))
    return tuple((r, n) for r, n in pairs if n)


def check_legal(play: Play, rules: Rules) -> None:
    """Raise :class:`PlayError` when ``play`` is not one legal play under ``rules``."""
    if play.twos and rules.play.attached_twos == "forbidden":
        raise PlayError(
            "贴钱不允许: “2”不可以贴 (001) — 2s may not be attached to another rank",
            "play.attached_twos",
        )
    if (
        play.rank in (Rank.THREE, Rank.FOUR)
        and (play.twos or play.jokers)
        and not rules.play.threes_fours_carry
    ):
        raise PlayError(
            f"“3”“4”不能挂花 (001 注二) — {play.rank.chinese}s may not carry 2s or jokers",
            "play.threes_fours_carry",
        )
    population = rules.deck.population
    for rank, n in play.by_rank():
        if n > population[rank]:
            raise PlayError(
                f"超出牌数 more {rank.chinese} than exist: {n} played, "
                f"{population[rank]} in the {rules.deck.decks}-deck pack",
                "deck.population",
            )


def parse_play(text: str, rules: Rules) -> Play:
    """Parse and check one play under ``rules``; raises CardParseError or PlayError."""
    play = Play.parse(text)
    check_legal(play, rules)
    return play


def is_gouji(play: Play, rules: Rules) -> bool:
    """够级牌: any joker, or at least the minimum count of 10/J/Q/K/A/2.

    Wild 2s count as the rank they join (003/004: "貼钱的牌转换点数后如果符合条件也算作够级牌",
    so ``JJJ2`` is four J); a 2 carried as a flower is a 2, and one 2 is 够级.
    Nine and below never qualify on their own.
    """
    if play.jokers or (play.twos and rules.play.attached_twos == "flower"):
        return True
    if play.rank is None:
        return False
    minimum = GOUJI_MINIMUM.get(play.rank)
    return minimum is not None and play.carried >= minimum


def is_pure_gouji(play: Play, rules: Rules) -> bool:
    """纯够级: 够级 with no 2 and no joker — the plays that can 开点 (000 五; 004)."""
    return not play.has_two and not play.jokers and is_gouji(play, rules)
