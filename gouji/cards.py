"""Cards and their notation (牌与记法).

Ranks are written ``3 4 5 6 7 8 9 T J Q K A 2`` (``10`` is accepted for ``T``),
``B`` is the small joker 小王 and ``R`` the big joker 大王; the Chinese
``小王`` / ``大王`` are accepted too.  Spaces and commas between cards are
optional: ``KKK22BB``, ``K K K 2 2 小王 小王`` and ``10,10,10,10,10`` all parse.

Suits never matter for who beats whom, so a card here is just its rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import IntEnum


class Rank(IntEnum):
    """A card's rank, ordered as the game orders them: 3 < 4 < … < A < 2 < 小王 < 大王."""

    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    TWO = 15
    SMALL_JOKER = 16
    BIG_JOKER = 17

    @property
    def symbol(self) -> str:
        """The one-character notation of this rank (``T`` for ten, ``B``/``R`` for jokers)."""
        return _SYMBOLS[self]

    @property
    def chinese(self) -> str:
        """The rank as a Chinese player names it (``10``, ``小王``, ``大王`` …)."""
        return _CHINESE.get(self, self.symbol)

    @property
    def is_joker(self) -> bool:
        """True for 小王 and 大王."""
        return self >= Rank.SMALL_JOKER

    @property
    def other_joker(self) -> Rank:
        """The other joker: 大王 for 小王 and 小王 for 大王.  Raises ValueError for a card
        that is no joker."""
        if not self.is_joker:
            raise ValueError(f"{self.symbol} is no joker")
        return Rank.BIG_JOKER if self is Rank.SMALL_JOKER else Rank.SMALL_JOKER

    @property
    def is_natural(self) -> bool:
        """True for 3 … A: the ranks a play can be "of" (not 2, not a joker)."""
        return self <= Rank.ACE


_SYMBOLS: dict[Rank, str] = {
    Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5", Rank.SIX: "6", Rank.SEVEN: "7",
    Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "T", Rank.JACK: "J", Rank.QUEEN: "Q",
    Rank.KING: "K", Rank.ACE: "A", Rank.TWO: "2", Rank.SMALL_JOKER: "B", Rank.BIG_JOKER: "R",
}
_CHINESE: dict[Rank, str] = {Rank.TEN: "10", Rank.SMALL_JOKER: "小王", Rank.BIG_JOKER: "大王"}

ALL_RANKS: tuple[Rank, ...] = tuple(Rank)
NATURAL_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r.is_natural)

# Longest tokens first, so that "10" wins over "1" and "小王" is read whole.
RANK_TOKENS: tuple[tuple[str, Rank], ...] = (
    ("小王", Rank.SMALL_JOKER),
    ("大王", Rank.BIG_JOKER),
    ("10", Rank.TEN),
    *((s.upper(), r) for r, s in _SYMBOLS.items()),
)
SEPARATORS = frozenset(" \t,，、")
"""What may stand between cards in notation (and is skipped)."""


class CardParseError(ValueError):
    """A card string holds something that is not a card.

    ``token`` is the offending text and ``position`` its 1-based character
    position in the string, so the message can point at it.
    """

    def __init__(self, text: str, token: str, position: int) -> None:
        self.text = text
        self.token = token
        self.position = position
        super().__init__(
            f"无法识别的牌 unknown card {token!r} at position {position} in {text!r} "
            "(ranks 3-9 T/10 J Q K A 2, B=小王, R=大王)"
        )


def parse_cards(text: str) -> tuple[Rank, ...]:
    """Parse card notation into ranks, in the order written.

    >>> parse_cards("KKK22BB") == parse_cards("K K K 2 2 小王 小王")
    True

    Raises :class:`CardParseError` naming the first bad token and its position.
    An empty string parses to an empty tuple; callers decide whether that is allowed.
    """
    cards: list[Rank] = []
    i = 0
    upper = text.upper()
    while i < len(text):
        if text[i] in SEPARATORS:
            i += 1
            continue
        for token, rank in RANK_TOKENS:
            if upper.startswith(token, i):
                cards.append(rank)
                i += len(token)
                break
        else:
            j = i + 1
            while j < len(text) and text[j] not in SEPARATORS and not _starts_token(upper, j):
                j += 1
            raise CardParseError(text, text[i:j], i + 1)
    return tuple(cards)


def _starts_token(upper: str, index: int) -> bool:
    return any(upper.startswith(token, index) for token, _ in RANK_TOKENS)


def format_cards(cards: Iterable[Rank], *, sep: str = "") -> str:
    """Write ranks in canonical notation, lowest first (``KKK22BB``).

    ``parse_cards(format_cards(x))`` gives the same cards as ``x`` (as a multiset).
    """
    return sep.join(r.symbol for r in sorted(cards))


def format_cards_chinese(cards: Iterable[Rank]) -> str:
    """Write ranks the way a Chinese scoreboard would: ``K K K 2 2 小王 小王``."""
    return " ".join(r.chinese for r in sorted(cards))


def count_ranks(cards: Iterable[Rank]) -> Counter[Rank]:
    """How many of each rank."""
    return Counter(cards)
