"""Legal actions of a full-information deal: every play a hand can make now (出牌生成).

Generation proposes the plays a hand can form (of the right size where the
preset's comparison needs one) and keeps those the state accepts, so the rules
live in one place: :meth:`gouji.deal.DealState.validate_play`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from gouji.actions import Action, Pass, PlayCards, Rang, Refusal
from gouji.cards import NATURAL_RANKS, Rank
from gouji.compare import comparator
from gouji.deal import DealState
from gouji.plays import Play
from gouji.rules import Rules


def formable_plays(
    hand: Counter[Rank], rules: Rules, size: int | None = None, above: int = 0
) -> Iterator[Play]:
    """Every play ``hand`` can form (legal or not under the preset), of ``size`` cards if
    given, and of a rank higher than ``above`` when it holds a rank at all."""
    twos, small, big = hand[Rank.TWO], hand[Rank.SMALL_JOKER], hand[Rank.BIG_JOKER]
    attach = twos if rules.play.attached_twos != "forbidden" else 0
    for rank in NATURAL_RANKS:
        held = hand[rank]
        if rank <= above:
            continue
        for n in range(1, held + 1):
            yield from _with_extras(Play(rank, n, 0, 0, 0), attach, small, big, size)
    if above < Rank.TWO:
        for n in range(1, twos + 1):
            yield from _with_extras(Play(Rank.TWO, n, 0, 0, 0), 0, small, big, size)
    yield from _with_extras(Play(None, 0, 0, 0, 0), 0, small, big, size)


def _with_extras(
    base: Play, twos: int, small: int, big: int, size: int | None
) -> Iterator[Play]:
    for t in range(twos + 1):
        for y in range(small + 1):
            for z in range(big + 1):
                total = base.natural + t + y + z
                if total == 0 or (size is not None and total != size):
                    continue
                yield Play(base.rank, base.natural, t, y, z)


def answer_size(state: DealState) -> int | None:
    """The only size an answer can have now, or None when sizes may differ."""
    trick = state.trick
    if trick is None:
        return None
    c = state.rules.compare
    play = trick.play.play
    if play.jokers and (c.jokers == "jokers_apart" or c.three_twos_beat_joker):
        return None
    return play.size


def legal_actions(state: DealState) -> list[Action]:
    """Every action the seat to act may take now (full information only)."""
    seat = state.to_act
    if seat is None:
        return []
    if state.hands is None:
        raise ValueError("legal plays need the hands: this deal is observed, not full information")
    actions: list[Action] = []
    if state.trick is not None:
        actions.append(Pass(seat))
        if is_allowed(state, Rang(seat)):
            actions.append(Rang(seat))
    actions.extend(
        PlayCards(seat, play)
        for play in candidate_plays(state)
        if is_allowed(state, PlayCards(seat, play))
    )
    return actions


def candidate_plays(state: DealState) -> list[Play]:
    """Plays the seat to act can form that top the play on the table (any play for a lead)."""
    seat = state.to_act
    assert seat is not None and state.hands is not None
    trick = state.trick
    hand = state.hands[seat]
    if trick is None:
        return list(formable_plays(hand, state.rules))
    cmp = comparator(state.rules)
    on_table = trick.play.play
    # An answer's carried rank must top the lowest card on the table, in both models.
    lowest = min(cmp.values(on_table))
    plays = formable_plays(hand, state.rules, answer_size(state), above=lowest)
    return [p for p in plays if cmp.judge(on_table, p).beats]


def is_allowed(state: DealState, action: Action) -> bool:
    """Whether ``action`` would be accepted now (without applying it)."""
    try:
        if isinstance(action, PlayCards):
            state.validate_play(action)
        elif isinstance(action, Rang):
            state.validate_rang(action)
        elif isinstance(action, Pass):
            return state.trick is not None and state.to_act == action.seat
        else:
            return False
    except Refusal:
        return False
    return True
