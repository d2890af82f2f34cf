"""Legal actions of a full-information deal: every play a hand can make now (出牌生成).

Generation proposes the plays a hand can form (of the right size where the
preset's comparison needs one) and keeps those the state accepts, so the rules
live in one place: :meth:`gouji.deal.DealState.validate_play`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from gouji.actions import Action, Kou, Pass, PlayCards, Rang, Refusal
from gouji.cards import NATURAL_RANKS, Rank
from gouji.compare import comparator
from gouji.deal import DealState
from gouji.plays import Play
from gouji.rules import Rules

_Group = tuple[Rank | None, int, int]
"""(rank, how many the hand holds, how many 2s may be attached to it)."""


def _groups(
    hand: Counter[Rank], rules: Rules, above: int = 0, twos_anyway: bool = False
) -> tuple[list[_Group], int, int]:
    """The ranks a play can be of (above ``above``; 2s too while they count, or with
    ``twos_anyway``), and the hand's small and big jokers."""
    count = hand.get  # Counter's own lookup of a missing rank is a slow Python call
    twos, small, big = count(Rank.TWO, 0), count(Rank.SMALL_JOKER, 0), count(Rank.BIG_JOKER, 0)
    attach = twos if rules.play.attached_twos != "forbidden" else 0
    groups: list[_Group] = [
        (rank, held, attach)
        for rank in NATURAL_RANKS[max(0, above - _LOWEST + 1):]
        if (held := count(rank, 0))
    ]
    if twos and (above < Rank.TWO or twos_anyway):
        groups.append((Rank.TWO, twos, 0))
    return groups, small, big


_LOWEST = int(NATURAL_RANKS[0])


def formable_plays(
    hand: Counter[Rank],
    rules: Rules,
    size: int | None = None,
    above: int = 0,
    twos_anyway: bool = False,
) -> list[Play]:
    """Every play ``hand`` can form (legal or not under the preset), of ``size`` cards if
    given, and of a rank higher than ``above`` when it holds a rank at all (plays of 2s
    also when ``twos_anyway``)."""
    groups, small, big = _groups(hand, rules, above, twos_anyway)
    plays: list[Play] = []
    add = plays.append
    if size is None:
        for rank, held, most_twos in groups:
            for n in range(1, held + 1):
                for t in range(most_twos + 1):
                    for y in range(small + 1):
                        for z in range(big + 1):
                            add(Play(rank, n, t, y, z))
        for y in range(small + 1):
            for z in range(big + 1):
                if y + z:
                    add(Play(None, 0, 0, y, z))
        return plays
    if not size:
        return plays
    for rank, held, most_twos in [*groups, (None, 0, 0)]:
        for n in range(1 if held else 0, (held if held < size else size) + 1):
            rest = size - n
            for t in range((most_twos if most_twos < rest else rest) + 1):
                jokers = rest - t  # small + big: the big ones are what the small leave
                fewest = jokers - big if jokers > big else 0
                most = small if small < jokers else jokers
                for y in range(fewest, most + 1):
                    add(Play(rank, n, t, y, jokers - y))
    return plays


def sample_formable(hand: Counter[Rank], rules: Rules, rng: random.Random) -> Play:
    """One of ``formable_plays(hand, rules)``, each equally likely, without listing them."""
    groups, small, big = _groups(hand, rules)
    extras = (small + 1) * (big + 1)
    i = rng.randrange(sum(held * (t + 1) * extras for _, held, t in groups) + extras - 1)
    for rank, held, most_twos in groups:  # the order of formable_plays: n, t, y, then z
        per_count = (most_twos + 1) * extras
        if i < held * per_count:
            n, rest = divmod(i, per_count)
            t, rest = divmod(rest, extras)
            y, z = divmod(rest, big + 1)
            return Play(rank, n + 1, t, y, z)
        i -= held * per_count
    y, z = divmod(i + 1, big + 1)  # jokers alone; the empty play is skipped
    return Play(None, 0, 0, y, z)


def answer_sizes(state: DealState, hand: Counter[Rank]) -> list[int]:
    """The sizes an answer to the play on the table can have (per-card comparison).

    The same size, or — where three 2s top a joker (001) — two more cards for each
    joker so beaten, as far as the hand's 2s allow.
    """
    assert state.trick is not None
    play = state.trick.play.play
    sizes = [play.size]
    if state.rules.compare.three_twos_beat_joker:
        sizes += [play.size + 2 * k for k in range(1, min(play.jokers, hand[Rank.TWO] // 3) + 1)]
    return sizes


def legal_actions(state: DealState) -> list[Action]:
    """Every action the seat to act may take now (full information only)."""
    seat = state.to_act
    if seat is None:
        return []
    if state.hands is None:
        raise ValueError("legal plays need the hands: this deal is observed, not full information")
    only = forced_action(state)
    if only is not None:
        return [only]
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


def forced_action(state: DealState) -> Action | None:
    """The one action allowed now, when there is only one: 扣牌 of the dead trick."""
    kou = state.kou_seat
    return None if kou is None else Kou(kou)


def candidate_plays(state: DealState) -> list[Play]:
    """Plays the seat to act can form that top the play on the table (any play for a lead)."""
    seat = state.to_act
    assert seat is not None and state.hands is not None
    trick = state.trick
    hand = state.hands[seat]
    if trick is None:
        return formable_plays(hand, state.rules)
    cmp = comparator(state.rules)
    on_table = trick.play.play
    if cmp.jokers_apart and on_table.jokers:
        plays = _jokers_apart_answers(hand, state.rules, on_table)
    else:
        # An answer's carried rank must top the lowest card on the table — but three 2s
        # may take a joker, and then its 2s need not top anything (001).
        triples = cmp.three_twos and bool(on_table.jokers)
        values = cmp.values(on_table)
        if triples:
            values = tuple(v for v in values if v < Rank.SMALL_JOKER) or (0,)
        plays = (
            play
            for size in answer_sizes(state, hand)
            for play in formable_plays(
                hand, state.rules, size, above=values[-1], twos_anyway=triples
            )
        )
    return [p for p in plays if cmp.judge(on_table, p).beats]


def _jokers_apart_answers(hand: Counter[Rank], rules: Rules, on_table: Play) -> Iterator[Play]:
    """Answers to a joker play when jokers are judged apart (004): enough big jokers, and
    carried cards of a higher rank that, with spare jokers, match the play's carried count."""
    c = rules.compare
    need = c.bigs_per_big_joker * on_table.big + on_table.small
    wild = rules.play.attached_twos == "wild"
    carried = on_table.carried if wild else on_table.natural
    height = int(on_table.rank) if on_table.rank is not None else 0
    twos = hand[Rank.TWO] if wild else 0
    for z in range(need, hand[Rank.BIG_JOKER] + 1):
        for y in range(hand[Rank.SMALL_JOKER] + 1):
            spare = z - need + y
            low = max(0, carried - spare)
            counts = range(low, carried + 1) if c.extra_jokers_in_answer else (low,)
            for count in counts:
                if count == 0:
                    if z + y:
                        yield Play(None, 0, 0, y, z)
                    continue
                for rank in NATURAL_RANKS:
                    if rank <= height:
                        continue
                    for n in range(1, min(hand[rank], count) + 1):
                        if count - n <= twos:
                            yield Play(rank, n, count - n, y, z)
                if height < Rank.TWO and hand[Rank.TWO] >= count:
                    yield Play(Rank.TWO, count, 0, y, z)


def is_allowed(state: DealState, action: Action) -> bool:
    """Whether ``action`` would be accepted now (without applying it)."""
    try:
        if isinstance(action, PlayCards):
            state.validate_play(action)
        elif isinstance(action, Rang):
            state.validate_rang(action)
        elif isinstance(action, Pass):
            return state.trick is not None and state.to_act == action.seat
        elif isinstance(action, Kou):
            return state.kou_seat == action.seat
        else:
            return False
    except Refusal:
        return False
    return True
