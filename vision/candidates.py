"""The sets an unsure reading offers the players to confirm (候选), most likely first.

A reading's own alternatives (:func:`vision.recognize._candidates`) are widened by what
made it unsure — cards seen but not read (:func:`with_unread`), cards the fan holds
unread (:func:`with_fan`), one card more than read (:func:`with_one_more`), 2s that may
be 10s (:func:`with_tens`), a lone card that may be a joker (:func:`with_lone_joker`) —
and :func:`offered` keeps the first of those, then the sets one slip of the reader away
(:func:`near_misses`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gouji.cards import Rank
from vision.fan import UnreadCard, main_natural
from vision.indices import StrayInk

Candidates = list[tuple[tuple[Rank, ...], float]]  # sets and how likely, likeliest first


def with_tens(cands: Candidates, doubted: int, tens: int = 0) -> Candidates:
    """Candidates when ``doubted`` 2s may be 10s (:func:`vision.recognize._twos_like_tens`),
    ``tens`` of them likely so (:func:`vision.recognize._tens_read_as_twos`): the reading
    with those ``tens`` as 10s first, when any; then the reading; then with all the doubted
    2s as 10s, all but one (a wild 2 among 10s), one; then the other candidates."""
    best, conf = cands[0]
    out: dict[tuple[Rank, ...], float] = {}
    if tens:
        out[_as_tens(best, tens)] = conf
    out.setdefault(best, conf * (0.95 if tens else 1.0))
    many = min(doubted, best.count(Rank.TWO))
    for k in (k for k in (many, many - 1, 1) if k > 0):
        out.setdefault(_as_tens(best, k), conf * (0.9 if k > 1 else 0.85))
    for c, v in cands[1:]:
        out.setdefault(c, v * 0.8)
    return list(out.items())


def _as_tens(ranks: tuple[Rank, ...], k: int) -> tuple[Rank, ...]:
    """``ranks`` with ``k`` of its 2s (no more than it holds) as 10s."""
    k = min(k, ranks.count(Rank.TWO))
    rest = list(ranks)
    for _ in range(k):
        rest.remove(Rank.TWO)
    return tuple(sorted([*rest, *[Rank.TEN] * k]))


def with_unread(cands: Candidates, unread: list[list[StrayInk]], joker_red: float
                ) -> Candidates:
    """Candidates when cards were seen but not read: the reading as it stands, then plus a
    joker (大王 if the mark's ink is red) per unread corner, then plus a card of the main
    rank per unread corner (an index half hidden under the next card), then plus only the
    first joker, then the other candidates."""
    best, conf = cands[0]
    kinds = [Rank.BIG_JOKER if float(np.mean([s.redness for s in g])) > joker_red
             else Rank.SMALL_JOKER for g in unread]
    out: dict[tuple[Rank, ...], float] = {best: conf}
    out.setdefault(tuple(sorted((*best, *kinds))), conf * 0.9)
    main = main_natural(best)
    if main is not None:
        out.setdefault(tuple(sorted((*best, *[main] * len(unread)))), conf * 0.85)
    out.setdefault(tuple(sorted((*best, kinds[0]))), conf * 0.8)
    for c, v in cands[1:]:
        out.setdefault(c, v * 0.5)
    return sorted(out.items(), key=lambda kv: -kv[1])[:4]


def with_fan(cands: Candidates, unread: list[UnreadCard]) -> Candidates:
    """Candidates when the fan holds cards whose index was not read: the reading plus
    those cards as guessed (a joker, or the main rank when their corner looks like its
    read indices); then one of them guessed otherwise (:func:`_one_guess_off`); then
    without them, with all of them as jokers, all as the main rank; then the other
    candidates."""
    best, conf = cands[0]
    guessed = tuple(sorted((*best, *[u.rank for u in unread])))
    out: dict[tuple[Rank, ...], float] = {guessed: conf}
    main = main_natural(best)
    for k, c in enumerate(_one_guess_off(guessed, unread, main)):
        out.setdefault(c, conf * (0.9 - 0.01 * k))
    out.setdefault(best, conf * 0.7)
    out.setdefault(tuple(sorted((*best, *[u.joker for u in unread]))), conf * 0.6)
    if main is not None:
        out.setdefault(tuple(sorted((*best, *[main] * len(unread)))), conf * 0.5)
    for c, v in cands[1:]:
        out.setdefault(c, v * 0.4)
    return list(out.items())[:4]


def _one_guess_off(guessed: tuple[Rank, ...], unread: list[UnreadCard],
                   main: Rank | None) -> list[tuple[Rank, ...]]:
    """``guessed`` (a reading with the fan's ``unread`` cards as guessed) with one of those
    guesses wrong: no card there (the fan's steps merely uneven), then a card of the
    ``main`` rank for a guessed joker (its index too covered to match) or a joker for a
    guessed main-rank card, then the other joker; first of all, a 2 for a card guessed of
    the main rank by the suit pip under its corner (``UnreadCard.pip_seen``: a wild 2 whose
    glyph the next card hid looks no less like one).  (On the dev scenes' wrong readings with
    unread cards in the fan: a joker too many 31 times, a joker of the wrong kind 31, a
    joker that was the main rank 25; the other joker is also the first near miss,
    :func:`near_misses`.)"""
    slips: list[tuple[int, tuple[Rank, ...]]] = []
    for u in unread:
        rest = list(guessed)
        rest.remove(u.rank)
        slips.append((0, tuple(sorted(rest))))
        if u.rank.is_joker:
            other = u.rank.other_joker
            slips.append((2, tuple(sorted((*rest, other)))))
            if main is not None:
                slips.append((1, tuple(sorted((*rest, main)))))
        else:
            if u.pip_seen and u.rank is not Rank.TWO:  # a natural card by its pip: or a 2
                slips.append((-1, tuple(sorted((*rest, Rank.TWO)))))
            slips.append((1, tuple(sorted((*rest, u.joker)))))
    return [c for _, c in sorted(slips, key=lambda s: s[0])]


def with_lone_joker(cands: Candidates, word: Rank | None = None) -> Candidates:
    """Candidates when a lone card was read by one corner and its other corner showed no
    index (:data:`vision.recognize.Doubt.ONE_CORNER`): the reading, then 小王 and 大王 alone
    (a joker's picture read as an index), then the other candidates.  ``word``: the joker
    whose word JOKER the read index may begin (a J whose pip read poorly,
    :attr:`vision.indices.IndexMark.word_joker`), first: a lone J would show its other
    corner, and a J's pip reads well."""
    best, conf = cands[0]
    first: tuple[Rank, ...]
    then: list[tuple[Rank, ...]]
    if word is None:
        first, then = best, [(Rank.SMALL_JOKER,), (Rank.BIG_JOKER,)]
    else:
        first, then = (word,), [best, (word.other_joker,)]
    out = [(first, conf), *((c, conf * 0.9) for c in then)]
    shown = {c for c, _ in out}
    return out + [c for c in cands[1:] if c[0] not in shown]


def with_one_more(cands: Candidates, likeliest: Rank | None = None) -> Candidates:
    """Candidates when the fan's edges show a card more than was read: the reading, then
    with one more card of its main rank, 小王, 大王 or 2 (the card whose index lay hidden),
    ``likeliest`` of those first when given (大王 where red ink shows among black cards)."""
    best, conf = cands[0]
    main = main_natural(best)
    more = [r for r in (main, Rank.SMALL_JOKER, Rank.BIG_JOKER, Rank.TWO) if r is not None]
    if likeliest in more:
        more.remove(likeliest)
        more.insert(0, likeliest)
    out = [(best, conf), *((tuple(sorted((*best, r))), conf * (0.9 - 0.05 * k))
                           for k, r in enumerate(more))]
    shown = {c for c, _ in out}
    return out + [c for c in cands[1:] if c[0] not in shown]


# An unsure reading offers at most MAX_CANDIDATES sets: the first KEPT_CANDIDATES of those
# reasoned from what was seen, then the reading's near misses, then the other reasoned ones.
# (On the development scenes, the truth of a wrong unsure set was the reasoned 2nd or 3rd
# alternative in 14 of 15 cases where it was offered; one slip away from the reading in
# 26 more.)
MAX_CANDIDATES = 6
KEPT_CANDIDATES = 3
NEAR_MISS_STEP = 0.8  # each candidate after the kept ones: at most this × the one before


def near_misses(cards: tuple[Rank, ...]) -> list[tuple[Rank, ...]]:
    """Sets one slip of the reader away from ``cards``, the likeliest first: one more card
    of the main rank (an index hidden), one fewer 小王 (one guessed where a fan's steps were
    merely uneven), a joker of the other kind (小王 ↔ 大王), one fewer of the main rank (of
    two or more), a 小王 that is a 2 (a 2 whose index ran into a card's edge line), a card
    of the main rank that is a 大王 (its word's first letter read as the rank), one more
    joker (小王, then 大王), one fewer 大王.

    The order is one under which the truth of the dev scenes' wrong unsure sets (seeds
    2000–2179, four decks) was more often among the :func:`offered`: 1345 → 1353 of 1444
    sets, and on seeds 2180–2599 (never ordered on) 3180 → 3192 of 3496."""
    out: list[tuple[Rank, ...]] = []

    def offer(ranks: list[Rank]) -> None:
        key = tuple(sorted(ranks))
        if key and key != cards and key not in out:
            out.append(key)

    def replaced(old: Rank, new: Rank | None) -> list[Rank]:
        ranks = list(cards)
        ranks.remove(old)
        return ranks if new is None else [*ranks, new]

    main = main_natural(cards)
    if main is not None:
        offer([*cards, main])
    if Rank.SMALL_JOKER in cards:
        offer(replaced(Rank.SMALL_JOKER, None))
    jokers = (Rank.SMALL_JOKER, Rank.BIG_JOKER)
    for joker, other in zip(jokers, reversed(jokers), strict=True):
        if joker in cards:
            offer(replaced(joker, other))
    if main is not None and cards.count(main) > 1:
        offer(replaced(main, None))
    if Rank.SMALL_JOKER in cards:
        offer(replaced(Rank.SMALL_JOKER, Rank.TWO))
    if main is not None:
        offer(replaced(main, Rank.BIG_JOKER))
    offer([*cards, Rank.SMALL_JOKER])
    offer([*cards, Rank.BIG_JOKER])
    if Rank.BIG_JOKER in cards:
        offer(replaced(Rank.BIG_JOKER, None))
    return out


def offered(cands: Sequence[tuple[tuple[Rank, ...], float]]
            ) -> tuple[tuple[tuple[Rank, ...], float], ...]:
    """The candidates an unsure reading shows (:data:`MAX_CANDIDATES`): the first
    :data:`KEPT_CANDIDATES`, then the first's :func:`near_misses`, then the rest.  Past the
    kept ones a confidence only orders them: each is at most :data:`NEAR_MISS_STEP` × the
    one before.  A set offered twice is shown once, where it came first."""
    if not cands:
        return ()
    first: dict[tuple[Rank, ...], float] = {}
    for cards, value in cands:
        first.setdefault(cards, value)
    cands = list(first.items())
    out = cands[:KEPT_CANDIDATES]
    kept = {c for c, _ in out}
    rest = dict(cands[KEPT_CANDIDATES:])  # (a near miss among them keeps its confidence)
    later: list[tuple[tuple[Rank, ...], float | None]] = [
        (c, rest.pop(c, None)) for c in near_misses(cands[0][0]) if c not in kept]
    later += rest.items()
    for c, v in later[:MAX_CANDIDATES - len(out)]:
        cap = out[-1][1] * NEAR_MISS_STEP
        out.append((c, cap if v is None else min(v, cap)))
    return tuple(out)
