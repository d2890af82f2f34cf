"""首发: who leads the first deal (第一个发牌者), from what the players show.

The engine itself knows no suits; the leader of a deal is given to it from
outside.  This module finds that seat the way each preset's text does
(``deck.first_leader``; ``deck.later_leader`` for later deals):

- ``cut_card`` (000, dorm): one player turns up a card and counts its rank
  round the table from their own seat, which counts as one; jokers are cut again.
- ``rotate`` (001, match): openers rotate counter-clockwise; 001 does not say
  how the first is found, so the first deal's leader is drawn at random.
- ``shown_fours`` (003, tribute): the seat showing most 4s of one suit (two at
  least) leads; 3s instead when 憋三 is off; a tie goes to the first to show;
  nobody showing: random.
- ``same_suit_fives`` (004, jinyou 上班): most 5s of one suit (two at least);
  a tie on count goes by suit 红桃 > 黑桃 > 方片 > 梅花; still tied, or nobody
  with two: random.
- ``random`` (004, 枣庄): random.

Shown cards need their suit, written in this *suited notation*: a rank
(``3``-``9`` ``T``/``10`` ``J`` ``Q`` ``K`` ``A`` ``2``) with one suit, either a
letter after it (``h`` 红桃 ♥, ``s`` 黑桃 ♠, ``d`` 方片 ♦, ``c`` 梅花 ♣; any
case), a symbol before or after it (``♥5``, ``5♥``; ``♡♤♢♧`` too), or the
Chinese suit before it (``红桃5``, ``黑桃5``, ``方片5``/``方块5``,
``梅花5``/``草花5``, ``红心5``).  Spaces and commas are optional:
``5h5h5s``, ``5h 5h 5s``, ``♥5 ♥5 ♠5`` and ``红桃5，红桃5，黑桃5`` are the same
cards.  A cut card may leave its suit out (``K``, ``Kh``), and may be a joker
(``B``/``小王``, ``R``/``大王``).  Seats are ``0``-``5`` (``S0``-``S5`` too),
numbered in play order, so counting toward 下家 is counter-clockwise.

Random choices come from a :class:`random.Random` the caller seeds, so every
decision can be replayed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from gouji.actions import SEATS
from gouji.cards import RANK_TOKENS, SEPARATORS, CardParseError, Rank
from gouji.rules import Rules

Direction = Literal["downstream", "upstream"]
"""Which way a cut card is counted (000「按任意方向数」): toward 下家 (play order,
counter-clockwise) or toward 上家."""


class Suit(Enum):
    """花色: a card's suit, named by its letter."""

    HEARTS = "h"
    SPADES = "s"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """♥ ♠ ♦ ♣."""
        return _SUIT_SYMBOLS[self]

    @property
    def chinese(self) -> str:
        """红桃 黑桃 方片 梅花 (004's names)."""
        return _SUIT_CHINESE[self]


_SUIT_SYMBOLS: dict[Suit, str] = {
    Suit.HEARTS: "♥", Suit.SPADES: "♠", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣",
}
_SUIT_CHINESE: dict[Suit, str] = {
    Suit.HEARTS: "红桃", Suit.SPADES: "黑桃", Suit.DIAMONDS: "方片", Suit.CLUBS: "梅花",
}

SUIT_ORDER_004: tuple[Suit, ...] = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)
"""004「红桃＞黑桃＞方片＞梅花」, highest first: how 上班 breaks a tie on count."""


@dataclass(frozen=True)
class SuitedCard:
    """A card with its suit (``None`` only for jokers, or a cut card written without one)."""

    rank: Rank
    suit: Suit | None = None

    def __str__(self) -> str:
        return self.rank.symbol + (self.suit.value if self.suit else "")

    @property
    def chinese(self) -> str:
        """The card as a Chinese player names it: ``红桃5``, ``大王``."""
        return (self.suit.chinese if self.suit else "") + self.rank.chinese


# ---------------------------------------------------------------- notation

_PREFIX_SUITS: tuple[tuple[str, Suit], ...] = (
    ("红桃", Suit.HEARTS), ("红心", Suit.HEARTS), ("黑桃", Suit.SPADES),
    ("方片", Suit.DIAMONDS), ("方块", Suit.DIAMONDS),
    ("梅花", Suit.CLUBS), ("草花", Suit.CLUBS),
    ("♥", Suit.HEARTS), ("♡", Suit.HEARTS), ("♠", Suit.SPADES), ("♤", Suit.SPADES),
    ("♦", Suit.DIAMONDS), ("♢", Suit.DIAMONDS), ("♣", Suit.CLUBS), ("♧", Suit.CLUBS),
)
_SUFFIX_SUITS: tuple[tuple[str, Suit], ...] = (
    *((token, suit) for token, suit in _PREFIX_SUITS if len(token) == 1),
    ("H", Suit.HEARTS), ("S", Suit.SPADES), ("D", Suit.DIAMONDS), ("C", Suit.CLUBS),
)
NOTATION_HINT = (
    "suited cards: rank + suit, e.g. 5h ♥5 红桃5; suits h=红桃♥ s=黑桃♠ d=方片♦ c=梅花♣"
)


class SuitedCardError(CardParseError):
    """Suited notation holding something that is not a card, or a card without its suit.

    As for :class:`gouji.cards.CardParseError`, ``token`` is the offending text and
    ``position`` its 1-based character position in ``text``.
    """

    def __init__(
        self, text: str, token: str, position: int, problem: str = "无法识别的牌 unknown card"
    ) -> None:
        self.text = text
        self.token = token
        self.position = position
        self.problem = problem
        ValueError.__init__(
            self, f"{problem} {token!r} at position {position} in {text!r} ({NOTATION_HINT})"
        )


def _match_suit(
    upper: str, index: int, table: tuple[tuple[str, Suit], ...]
) -> tuple[str, Suit] | None:
    for token, suit in table:
        if upper.startswith(token, index):
            return token, suit
    return None


def _match_rank(upper: str, index: int) -> tuple[str, Rank] | None:
    for token, rank in RANK_TOKENS:
        if upper.startswith(token, index):
            return token, rank
    return None


def _starts_token(upper: str, index: int) -> bool:
    return any(upper.startswith(t, index) for t, _ in (*RANK_TOKENS, *_PREFIX_SUITS))


def _token_end(text: str, upper: str, start: int) -> int:
    """Where a bad token starting at ``start`` ends: at a separator or a known token."""
    j = start + 1
    while j < len(text) and text[j] not in SEPARATORS and not _starts_token(upper, j):
        j += 1
    return j


def _scan(text: str, *, suit_required: bool) -> Iterator[tuple[SuitedCard, str, int]]:
    """Each card of ``text`` with the token it was read from and its 1-based position."""
    upper = text.upper()
    i = 0
    while i < len(text):
        if text[i] in SEPARATORS:
            i += 1
            continue
        start = i
        prefix = _match_suit(upper, i, _PREFIX_SUITS)
        suit: Suit | None = None
        if prefix is not None:
            i += len(prefix[0])
            suit = prefix[1]
        rank_match = _match_rank(upper, i)
        if rank_match is None:
            end = _token_end(text, upper, i)
            raise SuitedCardError(text, text[start:end], start + 1)
        i += len(rank_match[0])
        rank = rank_match[1]
        if suit is None and not rank.is_joker:
            suffix = _match_suit(upper, i, _SUFFIX_SUITS)
            if suffix is not None:
                i += len(suffix[0])
                suit = suffix[1]
        token = text[start:i]
        if rank.is_joker and suit is not None:
            raise SuitedCardError(text, token, start + 1, "大小王没有花色 a joker has no suit")
        if rank.is_joker and suit_required:
            raise SuitedCardError(
                text, token, start + 1, "大小王不算 a joker is not shown for the leader"
            )
        if suit is None and suit_required:
            if i < len(text) and text[i] not in SEPARATORS and not _starts_token(upper, i):
                raise SuitedCardError(text, text[start:_token_end(text, upper, i)], start + 1)
            raise SuitedCardError(text, token, start + 1, "缺少花色 no suit on card")
        yield SuitedCard(rank, suit), token, start + 1


def parse_suited(text: str, *, suit_required: bool = True) -> tuple[SuitedCard, ...]:
    """Parse suited notation (see the module docstring), in the order written.

    >>> [str(c) for c in parse_suited("♥5 5h 红桃5 5S")]
    ['5h', '5h', '5h', '5s']

    With ``suit_required`` (the default) every card needs a suit and jokers are
    refused; without it a suit may be left out and jokers are cards.  Raises
    :class:`SuitedCardError` naming the first bad token and its position.
    """
    return tuple(card for card, _, _ in _scan(text, suit_required=suit_required))


def format_suited(cards: Sequence[SuitedCard], *, chinese: bool = False) -> str:
    """Write cards in the order given, ``5h 5h 5s`` (or ``红桃5 红桃5 黑桃5``)."""
    return " ".join(c.chinese if chinese else str(c) for c in cards)


# ---------------------------------------------------------------- what the table shows

class LeaderError(ValueError):
    """Input that cannot decide a leader: a bad seat, a card that does not count, a
    cut where the preset has none, too many cards of a suit …"""


class CutAgain(Exception):
    """Every cut card was a joker: 000「大小王则重新抽取」, someone must cut again."""


@dataclass(frozen=True)
class Show:
    """亮牌: the cards one seat shows (for ``shown_fours`` / ``same_suit_fives``)."""

    seat: int
    cards: tuple[SuitedCard, ...]


@dataclass(frozen=True)
class Cut:
    """切牌: the card one seat turned up (for ``cut_card``)."""

    seat: int
    card: SuitedCard


def parse_seat(text: str) -> int:
    """A seat ``0``-``5`` (``S0``-``S5`` as the screen writes it); :class:`LeaderError` else."""
    raw = text.strip()
    digits = raw[1:] if raw[:1] in ("S", "s") else raw
    if not digits.isdigit() or not 0 <= int(digits) < SEATS:
        raise LeaderError(f"座位 seat must be 0-5 (or S0-S5), not {text!r}")
    return int(digits)


def _split_seat(arg: str, what: str) -> tuple[int, str]:
    seat, sep, cards = arg.partition(":")
    if not sep:
        raise LeaderError(f"{what} {arg!r}: expected SEAT:CARDS, e.g. 2:5h5h5s")
    if not cards.strip():
        raise LeaderError(f"{what} {arg!r}: no cards after the seat")
    return parse_seat(seat), cards


def parse_show(arg: str, rank: Rank | None = None) -> Show:
    """``SEAT:CARDS`` (``2:5h 5h 5s``) as a :class:`Show`.

    With ``rank`` (the rank that counts, see :func:`counting_rank`) a card of another
    rank is a :class:`SuitedCardError` at its position.
    """
    seat, text = _split_seat(arg, "亮牌 show")
    cards: list[SuitedCard] = []
    for card, token, position in _scan(text, suit_required=True):
        if rank is not None and card.rank != rank:
            raise SuitedCardError(
                text, token, position, f"只算{rank.chinese} only {rank.chinese}s count, not"
            )
        cards.append(card)
    return Show(seat, tuple(cards))


def parse_cut(arg: str) -> Cut:
    """``SEAT:CARD`` (``0:K``, ``0:Kh``, ``0:大王``) as a :class:`Cut`: exactly one card."""
    seat, text = _split_seat(arg, "切牌 cut")
    cards = list(_scan(text, suit_required=False))
    if len(cards) != 1:
        raise LeaderError(f"切牌 cut {arg!r}: one card is turned up, not {len(cards)}")
    return Cut(seat, cards[0][0])


# ---------------------------------------------------------------- the decision

Q_CUT = ("000 二「按照点数从自己开始按任意方向数（自己算一）牌的点数个人（此时A=1 2=2 J=11 Q =12 "
         "K=13 大小王则重新抽取）被点到的人在第一局里先摸先出」")
Q_LAST_DALUO = "000 四「下一局游戏拉客先摸牌出牌」"
Q_ROTATE = "001 注一「首开牌人确定后，以后即按反时针方向依次循环开牌」"
Q_FOURS = "003「亮出同花色4(2个以上)多的人为第一个发牌者」"
Q_FOURS_TIE = "003「如果同样长度,则先亮者为第一个发牌者」"
Q_THREES = "003「如果不是\"憋三\"打法,则以3玳替上面的4」"
Q_NOBODY_SHOWS = "003「如果大家都不亮,则随机产生一个首发牌者」"
Q_FIVES = "004「上班：每局发完手牌后，同花色5（2个以上）多的人为第一个发牌者」"
Q_FIVES_SUIT = "004「同色5的数量一样，则按照花色区别优先顺序，红桃＞黑桃＞方片＞梅花」"
Q_FIVES_RANDOM = "004「如果数量和花色都相同，则随机产生一个首发牌者」"
Q_RANDOM = "004「发完牌后，系统随机确定一个玩家第一个出牌」"

CUT_VALUES: dict[Rank, int] = {
    **{r: int(r) for r in Rank if Rank.THREE <= r <= Rank.KING},
    Rank.ACE: 1,
    Rank.TWO: 2,
}
"""How many seats a cut card counts: 000「A=1 2=2 J=11 Q =12 K=13」, the others their number."""

MIN_SAME_SUIT = 2
"""003「同花色4(2个以上)」, 004「同花色5（2个以上）」: fewer than two never lead."""


@dataclass(frozen=True)
class Lead:
    """Who leads (发牌, the first play of the deal) and why."""

    seat: int
    rule: str
    """The method used: the value of ``deck.first_leader`` (or ``deck.later_leader``)."""
    reason: str
    """One line, Chinese term first, ending with the seed line it rests on."""
    by_chance: bool = False
    """Chance decided (the rule says random, a tie the rule leaves to chance, or nobody
    qualified)."""
    candidates: tuple[int, ...] = ()
    """The seats chance chose among (empty when chance played no part)."""


def counting_rank(rules: Rules, *, later: bool = False) -> Rank | None:
    """The rank whose same-suit cards are shown under ``rules``, or None when none are.

    ``shown_fours``: 4s in 憋三, 3s otherwise (003「以3玳替上面的4」); ``same_suit_fives``: 5s.
    """
    method = rules.deck.later_leader if later else rules.deck.first_leader
    if method == "shown_fours":
        return Rank.FOUR if rules.biesan.enabled else Rank.THREE
    if method == "same_suit_fives":
        return Rank.FIVE
    return None


_HOW: dict[str, tuple[str, str]] = {
    "cut_card": ("切牌：翻一张牌，按点数从切牌人数起（自己算一）",
                 "Cut a card: count its value round from the cutter, who counts as one"),
    "rotate": ("首开牌人抽签，以后逆时针轮流开牌",
               "The first opener by lot; later deals rotate counter-clockwise"),
    "shown_fours": ("亮同花色{rank}（2张以上）最多的先出，一样多先亮者先出，都不亮则随机",
                    "Most {rank}s of one suit shown (2+) leads; a tie: the first to show; "
                    "none: at random"),
    "same_suit_fives": ("上班：同花色5（2张以上）最多的先出，一样多按红桃＞黑桃＞方片＞梅花",
                        "Most 5s of one suit (2+) leads; a tie by suit ♥ > ♠ > ♦ > ♣"),
    "random": ("随机确定首先出牌的一家", "At random"),
    "last_daluo": ("上局拉客先出", "The last deal's 大拉 leads"),
}


def how_found(rules: Rules, *, later: bool = False) -> tuple[str, str]:
    """How the preset finds who leads, one line in Chinese and in English (setup screen)."""
    method = rules.deck.later_leader if later else rules.deck.first_leader
    zh, en = _HOW[method]
    rank = counting_rank(rules, later=later)
    shown = "" if rank is None else rank.symbol
    return zh.format(rank=shown), en.format(rank=shown)


def seat_name(seat: int) -> str:
    """``S3``: a seat as the screen writes it."""
    return f"S{seat}"


def first_leader(
    rules: Rules,
    *,
    shows: Sequence[Show] = (),
    cuts: Sequence[Cut] = (),
    rng: random.Random | None = None,
    direction: Direction = "downstream",
    later: bool = False,
) -> Lead:
    """Who leads a deal under ``rules`` (the first deal; a later one with ``later``).

    ``shows``: what each seat showed, in the order they showed it (``shown_fours``,
    ``same_suit_fives``).  ``cuts``: the card(s) turned up, in order; all but the last
    must be jokers, which are cut again (``cut_card``).  ``rng``: used when the rule
    leaves it to chance; required then.  ``direction``: which way a cut card counts.

    Raises :class:`LeaderError` on input the rule cannot use, and :class:`CutAgain`
    when every cut card was a joker.  Later deals of ``last_daluo`` (000) and
    ``rotate`` (001) follow from the last deal: see :meth:`gouji.match.Match.next_leader`.
    """
    method = rules.deck.later_leader if later else rules.deck.first_leader
    switch = f"deck.{'later' if later else 'first'}_leader = {method}"
    rank = counting_rank(rules, later=later)
    if method == "last_daluo":
        raise LeaderError(f"拉客先出 the last deal's 大拉 leads: {Q_LAST_DALUO}; "
                          "it follows from the last deal (Match.next_leader)")
    if method == "rotate" and later:
        raise LeaderError(f"轮流开牌 the leader rotates: {Q_ROTATE}; it follows from the "
                          "last deal (Match.next_leader)")
    if shows and rank is None:
        raise LeaderError(f"规则 {switch}: shown cards do not decide the leader; give none")
    if cuts and method != "cut_card":
        raise LeaderError(f"规则 {switch}: no card is cut for the leader; give none")
    if method == "cut_card":
        return _by_cut(cuts, direction)
    if method == "rotate":
        seat = _draw(rng, tuple(range(SEATS)), method)
        return Lead(seat, method, f"首开牌人 first opener at random: {seat_name(seat)} — "
                    f"{Q_ROTATE}; how the first is found is not stated",
                    True, tuple(range(SEATS)))
    if method == "random":
        seat = _draw(rng, tuple(range(SEATS)), method)
        return Lead(seat, method, f"上班 at random: {seat_name(seat)} — {Q_RANDOM}",
                    True, tuple(range(SEATS)))
    assert rank is not None
    return _by_shows(rules, method, rank, shows, rng)


def _draw(rng: random.Random | None, seats: tuple[int, ...], method: str) -> int:
    if rng is None:
        raise LeaderError(f"规则 {method}: chance decides here; a seeded random.Random is needed")
    return rng.choice(seats)


def _by_cut(cuts: Sequence[Cut], direction: Direction) -> Lead:
    if not cuts:
        raise LeaderError("切牌 cut_card: a cut card is needed (SEAT:CARD, e.g. 0:K) — " + Q_CUT)
    jokers: list[str] = []
    for index, cut in enumerate(cuts):
        if not 0 <= cut.seat < SEATS:
            raise LeaderError(f"座位 seat must be 0-5, not {cut.seat}")
        if cut.card.rank.is_joker:
            jokers.append(f"{seat_name(cut.seat)} {cut.card.rank.chinese}")
            continue
        if index != len(cuts) - 1:
            raise LeaderError(f"切牌 {seat_name(cut.seat)} cut {cut.card}: that card decides; "
                              "no further cut is made")
        value = CUT_VALUES[cut.card.rank]
        step = 1 if direction == "downstream" else -1
        seat = (cut.seat + step * (value - 1)) % SEATS
        way = "toward 下家 downstream" if step == 1 else "toward 上家 upstream"
        again = f" ({', '.join(jokers)}: cut again)" if jokers else ""
        reason = (f"切牌 cut card: {seat_name(cut.seat)} turned up {cut.card.chinese} = {value}"
                  f"{again}, counted {way} from {seat_name(cut.seat)} as one, reaches "
                  f"{seat_name(seat)} — {Q_CUT}")
        return Lead(seat, "cut_card", reason)
    raise CutAgain(f"重新抽取 cut again: {', '.join(jokers)} — 000 二「大小王则重新抽取」")


def _suit_cap(rules: Rules, rank: Rank) -> int:
    """The most cards of one suit of ``rank`` the pack holds: one per deck at most."""
    return min(rules.deck.decks, rules.deck.population[rank])


def _by_shows(
    rules: Rules, method: str, rank: Rank, shows: Sequence[Show], rng: random.Random | None
) -> Lead:
    seen: set[int] = set()
    in_pack: Counter[Suit] = Counter()
    best: dict[int, tuple[int, Suit]] = {}
    for show in shows:
        who = seat_name(show.seat)
        if not 0 <= show.seat < SEATS:
            raise LeaderError(f"座位 seat must be 0-5, not {show.seat}")
        if show.seat in seen:
            raise LeaderError(f"亮牌 {who} shows twice; give each seat's cards once")
        seen.add(show.seat)
        if not show.cards:
            raise LeaderError(f"亮牌 {who} shows no cards")
        for card in show.cards:
            if card.rank != rank or card.suit is None:
                raise LeaderError(f"亮牌 {who} shows {card}: only {rank.chinese}s with their suit "
                                  "count")
        suits = Counter(card.suit for card in show.cards if card.suit is not None)
        in_pack.update(suits)
        group = max(suits.items(), key=lambda kv: (kv[1], _suit_key(method, kv[0])))
        best[show.seat] = (group[1], group[0])
    cap = _suit_cap(rules, rank)
    for suit, count in in_pack.items():
        if count > cap:
            raise LeaderError(f"牌数不符 {count} × {suit.chinese}{rank.chinese} shown; the pack "
                              f"holds {cap} ({rules.deck.decks} decks)")
    total = sum(in_pack.values())
    if total > rules.deck.population[rank]:
        raise LeaderError(f"牌数不符 {total} {rank.chinese}s shown; the pack holds "
                          f"{rules.deck.population[rank]}")
    name = "亮四" if rank == Rank.FOUR else ("亮三" if rank == Rank.THREE else "上班")
    qualified = {seat: g for seat, g in best.items() if g[0] >= MIN_SAME_SUIT}
    quote_most = Q_FIVES if method == "same_suit_fives" else Q_FOURS
    if rank == Rank.THREE:
        quote_most += "; " + Q_THREES
    if not qualified:
        every = tuple(range(SEATS))
        seat = _draw(rng, every, method)
        of_a_suit = f"{MIN_SAME_SUIT}+ {rank.chinese}s of one suit"
        nobody = f"nobody shows ({of_a_suit})" if not shows else f"nobody shows {of_a_suit}"
        head = "无人亮" if method == "shown_fours" else name
        quote = Q_NOBODY_SHOWS if method == "shown_fours" else (
            f"{Q_FIVES_RANDOM}, read as also covering nobody with two")
        return Lead(seat, method, f"{head} {nobody}: at random {seat_name(seat)} — {quote}",
                    True, every)
    most = max(count for count, _ in qualified.values())
    top = [s.seat for s in shows if s.seat in qualified and qualified[s.seat][0] == most]

    def shown(seat: int) -> str:
        count, suit = qualified[seat]
        return f"{seat_name(seat)} {suit.chinese}{rank.chinese}×{count}"

    if len(top) == 1:
        return Lead(top[0], method, f"{name} most same-suit {rank.chinese}s: {shown(top[0])} — "
                    f"{quote_most}")
    tied = ", ".join(shown(s) for s in top)
    if method == "shown_fours":
        return Lead(top[0], method, f"{name} tie ({tied}): {seat_name(top[0])} showed first — "
                    f"{Q_FOURS_TIE}")
    high = min(SUIT_ORDER_004.index(qualified[s][1]) for s in top)
    by_suit = tuple(sorted(s for s in top if SUIT_ORDER_004.index(qualified[s][1]) == high))
    if len(by_suit) == 1:
        return Lead(by_suit[0], method, f"{name} tie on count ({tied}): {shown(by_suit[0])} by "
                    f"suit — {Q_FIVES_SUIT}")
    seat = _draw(rng, by_suit, method)
    return Lead(seat, method, f"{name} tie on count and suit ({tied}): at random "
                f"{seat_name(seat)} — {Q_FIVES_RANDOM}", True, by_suit)


def _suit_key(method: str, suit: Suit) -> int:
    """Within one seat's cards, which equal-sized group is its best (004's suit order)."""
    if method == "same_suit_fives":
        return -SUIT_ORDER_004.index(suit)
    return 0
