"""Before play (打牌之前): 买三买四 — every seat of a 憋三 deal must hold a 3, and may buy a 4.

A seat with no 3 (or 4) buys one from a seat holding two or more, paying as the
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
    """``buyer`` got a ``rank`` (3 or 4) from ``seller`` for ``paid`` (None: free, a gift)."""

    buyer: int
    seller: int
    paid: Rank | None
    rank: Rank = Rank.THREE


def buy_threes(
    hands: Sequence[Sequence[Rank]], rules: Rules, *, fours: bool = True
) -> tuple[tuple[tuple[Rank, ...], ...], tuple[Purchase, ...]]:
    """The hands after 买三 and 买四, and the purchases made.

    Every seat without a 3 buys one (004: 买三, then 买四); a seat without a 4 buys one
    too when ``fours`` (buying a 4 is each seat's choice: without one it cannot open).
    """
    held = [Counter(h) for h in hands]
    purchases: list[Purchase] = []
    if not (rules.biesan.enabled and rules.preplay.buy_three_four):
        return tuple(tuple(sorted(h.elements())) for h in held), ()
    for rank in (Rank.THREE, Rank.FOUR) if fours else (Rank.THREE,):
        for buyer in range(SEATS):
            purchase = _buy(held, buyer, rank, rules)
            if purchase is not None:
                purchases.append(purchase)
    return tuple(tuple(sorted(h.elements())) for h in held), tuple(purchases)


def _buy(held: list[Counter[Rank]], buyer: int, rank: Rank, rules: Rules) -> Purchase | None:
    """``buyer`` gets one ``rank`` from the first seat that can spare one, if it has none."""
    if held[buyer][rank]:
        return None
    seller = next((s for s in _seller_order(buyer, rules) if held[s][rank] >= 2), None)
    if seller is None:
        return None  # nobody can spare one: the seat plays without it
    gift = _gift(buyer, seller, rules)
    paid = None if gift else _payment(held[buyer], rules)
    unpaid = paid is None and not gift
    if unpaid and rank is Rank.THREE and rules.preplay.unpaid_three == "revolution":
        return None  # 003: nothing to pay with — the seat revolts instead (自动革命)
    held[seller][rank] -= 1
    held[buyer][rank] += 1
    if paid is not None:
        held[buyer][paid] -= 1
        held[seller][paid] += 1
    return Purchase(buyer, seller, paid, rank)


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
