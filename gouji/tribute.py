"""进贡 and 还贡 at the start of a deal: the tribute the last deal left owing, handed over.

A giver hands over its highest cards, openly; cards it gained by 买三 are never
given ("吃了不吐").  In 000 only 2s and jokers count as tribute, and what cannot be
paid that way is waived.  扛贡 exempts a seat (or its whole team) holding enough
jokers or 2s.  Where the preset returns tribute (还贡), the receiver hands back as
many cards, its lowest here (the receiver's choice at a real table).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gouji.actions import SEATS
from gouji.cards import Rank
from gouji.rules import Rules
from gouji.scoring import TributeDue
from gouji.setup import team


@dataclass(frozen=True)
class Handover:
    """``cards`` went from ``giver`` to ``receiver``: tribute (``kind``) or its return (还贡)."""

    giver: int
    receiver: int
    cards: tuple[Rank, ...]
    kind: str
    """"dian", "shao", "men", "luo", "quan", or "return"."""


def exempt_seats(hands: Sequence[Counter[Rank]], rules: Rules) -> set[int]:
    """扛贡: seats excused from giving tribute this deal.

    000「四小扛自己，四大扛全场」; 004 adds 8 twos, 3 big jokers, or no 2 and no joker.
    """
    kind = rules.preplay.kang_gong
    exempt: set[int] = set()
    if kind == "none":
        return exempt
    for seat, hand in enumerate(hands):
        small, big, twos = hand[Rank.SMALL_JOKER], hand[Rank.BIG_JOKER], hand[Rank.TWO]
        if big >= 4:
            exempt |= {s for s in range(SEATS) if team(s) == team(seat)}
        personal = small >= 4
        if kind == "four_jokers_and_more":
            personal = personal or twos >= 8 or big >= 3 or small + big + twos == 0
        if personal:
            exempt.add(seat)
    return exempt


def hand_over(
    hands: Sequence[Sequence[Rank]],
    dues: Sequence[TributeDue],
    rules: Rules,
    gained: Sequence[Sequence[Rank]] = (),
) -> tuple[tuple[tuple[Rank, ...], ...], tuple[Handover, ...]]:
    """The hands after the tribute ``dues`` (and any 还贡) are handed over, and what moved.

    ``gained[seat]`` are cards the seat got by 买三 this deal, which it may not give.
    """
    held = [Counter(h) for h in hands]
    keep = [Counter(g) for g in gained] or [Counter() for _ in range(SEATS)]
    exempt = exempt_seats(held, rules)
    moves: list[Handover] = []
    for due in dues:
        if due.giver in exempt or due.waivable:
            continue
        cards = _highest(held[due.giver], keep[due.giver], due.count, rules)
        if not cards:
            continue
        held[due.giver].subtract(cards)
        held[due.receiver].update(cards)
        moves.append(Handover(due.giver, due.receiver, cards, due.kind))
    if rules.tribute.returns != "none":
        for move in list(moves):
            back = _lowest(held[move.receiver], len(move.cards), move, rules)
            held[move.receiver].subtract(back)
            held[move.giver].update(back)
            moves.append(Handover(move.receiver, move.giver, back, "return"))
    return tuple(tuple(sorted(h.elements())) for h in held), tuple(moves)


def _highest(
    hand: Counter[Rank], keep: Counter[Rank], count: int, rules: Rules
) -> tuple[Rank, ...]:
    """The ``count`` highest cards the seat may give (000: 2s and jokers only)."""
    givable = hand - keep
    floor = Rank.TWO if rules.tribute.twos_and_jokers_only else Rank.THREE
    cards = sorted((r for r in givable.elements() if r >= floor), reverse=True)
    return tuple(cards[:count])


def _lowest(hand: Counter[Rank], count: int, move: Handover, rules: Rules) -> tuple[Rank, ...]:
    """What the receiver returns: its lowest cards (keeping its 3s where they must go last),
    none above the tribute's rank if capped."""
    cards = sorted(hand.elements())
    if rules.biesan.enabled:
        cards = [r for r in cards if r is not Rank.THREE] + [r for r in cards if r is Rank.THREE]
    if rules.tribute.returns == "same_count_capped":
        cap = min(move.cards)
        cards = [r for r in cards if r <= cap]
    return tuple(cards[:count])
