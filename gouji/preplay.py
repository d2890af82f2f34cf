"""Before play (打牌之前): 买三 — every seat of a 憋三 deal must hold a 3.

A seat with no 3 buys one from a seat holding two or more, paying as the
preset says (a 2, else a joker, else nothing).  Cards gained this way are never
given as tribute ("吃了不吐"), so the transfers are returned for the record.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gouji.actions import SEATS
from gouji.cards import Rank
from gouji.rules import Rules
from gouji.setup import opposite, team


@dataclass(frozen=True)
class Purchase:
    """``buyer`` got a 3 from ``seller`` for ``paid`` (None: free, a gift)."""

    buyer: int
    seller: int
    paid: Rank | None


def buy_threes(
    hands: Sequence[Sequence[Rank]], rules: Rules
) -> tuple[tuple[tuple[Rank, ...], ...], tuple[Purchase, ...]]:
    """The hands after every seat without a 3 has bought one, and the purchases made."""
    held = [Counter(h) for h in hands]
    purchases: list[Purchase] = []
    if not (rules.biesan.enabled and rules.preplay.buy_three_four):
        return tuple(tuple(sorted(h.elements())) for h in held), ()
    for buyer in range(SEATS):
        if held[buyer][Rank.THREE]:
            continue
        seller = next((s for s in _seller_order(buyer, rules) if held[s][Rank.THREE] >= 2), None)
        if seller is None:
            continue  # nobody can spare a 3: the seat plays without one
        paid = None if _gift(buyer, seller, rules) else _payment(held[buyer], rules)
        held[seller][Rank.THREE] -= 1
        held[buyer][Rank.THREE] += 1
        if paid is not None:
            held[buyer][paid] -= 1
            held[seller][paid] += 1
        purchases.append(Purchase(buyer, seller, paid))
    return tuple(tuple(sorted(h.elements())) for h in held), tuple(purchases)


def _seller_order(buyer: int, rules: Rules) -> list[int]:
    opp = opposite(buyer)
    others = [(buyer + k) % SEATS for k in range(1, SEATS) if (buyer + k) % SEATS != opp]
    own = [s for s in others if team(s) == team(buyer)]
    theirs = [s for s in others if team(s) != team(buyer)]
    match rules.preplay.sellers:
        case "opposite_first_teammate_gift":
            return [opp, *own, *theirs]
        case "opposite_their_team_own":
            return [opp, *theirs, *own]
        case _:
            return [opp, *others]


def _gift(buyer: int, seller: int, rules: Rules) -> bool:
    """000: teammates may give a spare 3 for free."""
    return rules.preplay.sellers == "opposite_first_teammate_gift" and team(buyer) == team(seller)


def _payment(hand: Counter[Rank], rules: Rules) -> Rank | None:
    choices = [Rank.TWO]
    if rules.preplay.pay_with == "two_then_jokers":
        choices += [Rank.SMALL_JOKER, Rank.BIG_JOKER]
    return next((r for r in choices if hand[r]), None)
