"""The dealer of full-information deals (发牌): shuffle, deal, 买三买四, then the tribute owed.

At a real table the players do this by hand and the engine starts from counts;
in self-play, tests and the demo this module does it, in 000's order
(摸牌 → 扛贡 → 买3买4 → 进贡), and writes what happened into the setup's tags so
the record keeps it.  The seats it deals for always buy a 4 when they can.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from gouji.actions import SEATS, Declare
from gouji.cards import Rank, format_cards
from gouji.preplay import Purchase, buy_threes
from gouji.presets import get_preset
from gouji.rules import Rules
from gouji.scoring import TributeDue
from gouji.setup import DealSetup
from gouji.tribute import Handover, hand_over


def shuffled_pack(rules: Rules, rng: random.Random) -> list[Rank]:
    """Every card of the preset's pack, shuffled."""
    pack = [rank for rank, n in rules.deck.population.items() for _ in range(n)]
    rng.shuffle(pack)
    return pack


def deal_hands(rules: Rules, rng: random.Random, first: int = 0) -> tuple[tuple[Rank, ...], ...]:
    """Deal the whole pack in turn from ``first``: counts differ by one where the pack is uneven."""
    pack = shuffled_pack(rules, rng)
    hands: list[list[Rank]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(pack):
        hands[(first + i) % SEATS].append(card)
    return tuple(tuple(sorted(h)) for h in hands)


def random_setup(
    preset: str,
    seed: int,
    *,
    changes: Mapping[str, Any] | None = None,
    leader: int | None = None,
    owed: Sequence[TributeDue] = (),
    opened: tuple[int, ...] = (),
    last_order: tuple[int, ...] = (),
) -> DealSetup:
    """A full-information deal from a seeded shuffle, after 买三买四 and the tribute ``owed``;
    ``opened`` seats start opened (点贡毕业); ``last_order`` is the last deal's order."""
    rng = random.Random(seed)
    rules = get_preset(preset).rules
    if changes:
        rules = rules.changed(changes)
    first = rng.randrange(SEATS) if leader is None else leader
    hands, purchases = buy_threes(deal_hands(rules, rng, first), rules)
    hands, handovers = hand_over(hands, owed, rules, _gained(purchases))
    tags = {"Seed": str(seed)}
    if purchases:
        tags["Purchases"] = "; ".join(_purchase_text(p) for p in purchases)
    if handovers:
        tags["Tribute"] = "; ".join(_handover_text(h) for h in handovers)
    return DealSetup(preset=preset, leader=first, hands=hands, changes=dict(changes or {}),
                     tags=tags, opened=opened, last_order=last_order)


def _gained(purchases: Sequence[Purchase]) -> list[list[Rank]]:
    """Cards each seat got by 买三: the 3 bought, and the payment the seller received."""
    gained: list[list[Rank]] = [[] for _ in range(SEATS)]
    for p in purchases:
        gained[p.buyer].append(p.rank)
        if p.paid is not None:
            gained[p.seller].append(p.paid)
    return gained


def _purchase_text(p: Purchase) -> str:
    paid = p.paid.symbol if p.paid is not None else "free"
    return f"S{p.buyer}<S{p.seller} {p.rank.symbol} for {paid}"


def _handover_text(h: Handover) -> str:
    return f"S{h.giver}>S{h.receiver} {format_cards(h.cards)} {h.kind}"


def automatic_declarations(setup: DealSetup) -> list[Declare]:
    """Declarations the rules make for a seat before play (full information only).

    003「如果自己没有3,又没有钱、大花、小花则算做自动革命」: a seat left without a 3 that
    had nothing to buy one with revolts.
    """
    rules = setup.rules
    if setup.hands is None or not (rules.preplay.geming and rules.biesan.enabled):
        return []
    declared = []
    for seat, hand in enumerate(setup.hands):
        if Rank.THREE not in hand and not any(r >= Rank.TWO for r in hand):
            declared.append(Declare(seat, "geming"))
    return declared
