"""Who beats whom (大过): whether an answer tops the play before it, under a preset.

Two models cover the five presets (switch ``compare.jokers``):

``per_card`` (dorm, match, tribute)
    Same count; pair the cards of both plays from the highest down, and every
    answer card must top its partner.  Jokers therefore stand in for carried
    cards ("也可以用3个花带2个9大过", 001) and a small joker falls only to a big
    one.  With ``compare.three_twos_beat_joker`` three 2s may take the place of
    one card that tops a joker ("3个2可以大过大花", 001).

``jokers_apart`` (jinyou, 枣庄)
    A play without jokers is compared as above.  Against a play with jokers
    the two sides are judged apart: the play's jokers by big jokers — one per
    small joker, ``compare.bigs_per_big_joker`` per big joker — and its
    carried cards by the same count of a higher rank ("挂的牌的张数要一致",
    004), where a spare joker of the answer may stand in for a carried card.
    With ``compare.extra_jokers_in_answer`` the answer may hold more jokers
    than that, so it may be larger than the play.
"""

from __future__ import annotations

import operator
from typing import NamedTuple

from gouji.cards import Rank
from gouji.plays import Play
from gouji.rules import Rules

_TWO = int(Rank.TWO)
_SMALL = int(Rank.SMALL_JOKER)
_BIG = int(Rank.BIG_JOKER)

# Why an answer does or does not top a play; formatted only when read.
_REASONS: dict[str, str] = {
    "tops": "大过 tops: {answer} over {previous}",
    "tops_both_sides": "两个方面都大过 tops on both sides: {answer} over {previous}",
    "three_twos": "三个2大过一张王 three 2s top a joker ({k}×), the rest top the rest (001)",
    "big_joker_unbeatable": "带大王的牌无人能管 a play holding 大王 cannot be topped "
    "(000「凡是牌里带有大王的牌直接所有人全部过牌」)",
    "count_differs": "张数不同 card count differs: the answer has {a}, the play {p} "
    "(同样张数的牌才允许比较大小)",
    "not_higher": "点数不够大 not higher: {a_rank} does not top {p_rank}",
    "both_sides": "两个方面都要大过 both sides must be topped: {a_rank} does not top {p_rank}",
    "too_few_bigs": "大王不够 needs {need} 大王 (小王必须用大王打: one per 小王, {per} per 大王), "
    "the answer has {have} (004)",
    "carried_not_higher": "挂的牌不够大 carried cards not higher: {a_rank} does not top "
    "{p_rank} (004)",
    "carried_count": "挂的牌的张数要一致 carried cards must match in count: the answer carries "
    "{a} (+{spare} spare 王), the play {p} (004)",
    "extra_jokers": "王多了 {extra} joker(s) too many: the answer must match exactly "
    "(004「1张大王必须要用2张大王大，不能用3个大王打」)",
}


class Verdict(NamedTuple):
    """The judgement of one answer: does it top the play, and why.

    ``code`` names the reason (a key of the reason table), ``switch`` the preset
    switch that decided it when one did; ``reason`` is the sentence, Chinese first.
    """

    beats: bool
    code: str
    args: tuple[tuple[str, object], ...] = ()
    switch: str | None = None

    @property
    def reason(self) -> str:
        """The explanation, Chinese term first."""
        fields = {
            k: Rank(v).chinese if k.endswith("_rank") and isinstance(v, int) else v
            for k, v in self.args
        }
        return _REASONS[self.code].format(**fields)


class Comparator:
    """The comparison of one rule set, with its switches read once."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.wild_twos = rules.play.attached_twos == "wild"
        self.demote_big = rules.play.big_as_small_with_wild_two and self.wild_twos
        c = rules.compare
        self.big_unbeatable = c.big_joker_unbeatable
        self.jokers_apart = c.jokers == "jokers_apart"
        self.three_twos = c.three_twos_beat_joker
        self.bigs_per_big = c.bigs_per_big_joker
        self.extra_jokers = c.extra_jokers_in_answer
        self._values: dict[Play, tuple[int, ...]] = {}
        self._verdicts: dict[tuple[Play, Play], Verdict] = {}

    def values(self, play: Play) -> tuple[int, ...]:
        """The height of every card of ``play``, highest first.

        Wild 2s take the height of the rank they join; under 003's switch the
        big joker of 大花+小花+2+同点 counts as a small one.  Kept per play: self-play
        asks for the same few plays over and over.
        """
        found = self._values.get(play)
        if found is not None:
            return found
        height = 0 if play.rank is None else int(play.rank)
        big = _SMALL if self.demote_big and play.twos and play.small else _BIG
        twos = height if self.wild_twos else _TWO
        found = (
            (big,) * play.big + (_SMALL,) * play.small + (twos,) * play.twos
            + (height,) * play.natural
        )
        if len(self._values) >= _KEPT:
            self._values.clear()
        self._values[play] = found
        return found

    def judge(self, previous: Play, answer: Play) -> Verdict:
        """Whether ``answer`` tops ``previous``; both must be legal plays.

        Verdicts are kept per pair of plays (they are immutable): move generation and
        validation ask about the same pairs again and again.
        """
        found = self._verdicts.get((previous, answer))
        if found is None:
            found = self._judge(previous, answer)
            if len(self._verdicts) >= _KEPT:
                self._verdicts.clear()
            self._verdicts[previous, answer] = found
        return found

    def _judge(self, previous: Play, answer: Play) -> Verdict:
        if self.big_unbeatable and previous.big:
            return Verdict(False, "big_joker_unbeatable", switch="compare.big_joker_unbeatable")
        if self.jokers_apart and (previous.small or previous.big):
            return self._jokers_apart(previous, answer)
        return self._per_card(previous, answer)

    def _per_card(self, previous: Play, answer: Play) -> Verdict:
        prev_jokers = previous.small + previous.big
        n_prev, n_ans = previous.size, answer.size
        prev = ans = None
        if n_ans == n_prev:
            prev, ans = self.values(previous), self.values(answer)
            if all(map(operator.gt, ans, prev)):
                code = "tops_both_sides" if prev_jokers or answer.small or answer.big else "tops"
                return Verdict(True, code, _plays(previous, answer))
        if self.three_twos and prev_jokers and self._natural_twos(answer) >= 3:
            verdict = self._three_twos(self.values(previous), self.values(answer), prev_jokers)
            if verdict is not None:
                return verdict
        if prev is None or ans is None:
            return Verdict(False, "count_differs", (("a", n_ans), ("p", n_prev)))
        a, p = next((a, p) for a, p in zip(ans, prev, strict=True) if a <= p)
        names = (("a_rank", a), ("p_rank", p))
        if prev_jokers or answer.small or answer.big:
            return Verdict(False, "both_sides", names, "compare.jokers")
        return Verdict(False, "not_higher", names)

    def _natural_twos(self, play: Play) -> int:
        """2s that count as 2s (not wild) in ``play``."""
        return (play.natural if play.rank is Rank.TWO else 0) + (0 if self.wild_twos else play.twos)

    @staticmethod
    def _three_twos(
        prev: tuple[int, ...], ans: tuple[int, ...], jokers: int
    ) -> Verdict | None:
        for k in range(1, min(jokers, ans.count(_TWO) // 3) + 1):
            rest = list(ans)
            for _ in range(3 * k):
                rest.remove(_TWO)
            # Three 2s top any joker, so they are best spent on the highest cards.
            if len(rest) == len(prev) - k and all(map(operator.gt, rest, prev[k:])):
                return Verdict(True, "three_twos", (("k", k),), "compare.three_twos_beat_joker")
        return None

    def _jokers_apart(self, previous: Play, answer: Play) -> Verdict:
        need = self.bigs_per_big * previous.big + previous.small
        if answer.big < need:
            return Verdict(
                False, "too_few_bigs",
                (("need", need), ("per", self.bigs_per_big), ("have", answer.big)),
                "compare.bigs_per_big_joker",
            )
        prev_count, prev_height = self._carried(previous)
        ans_count, ans_height = self._carried(answer)
        if ans_count and ans_height <= prev_height:
            names = (("a_rank", ans_height), ("p_rank", prev_height))
            return Verdict(False, "carried_not_higher", names, "compare.jokers")
        # Jokers beyond the big ones needed may stand in for carried cards, one for one.
        spare = answer.big - need + answer.small
        short = prev_count - ans_count
        if short < 0 or short > spare:
            args = (("a", ans_count), ("spare", spare), ("p", prev_count))
            return Verdict(False, "carried_count", args, "compare.jokers")
        if spare > short and not self.extra_jokers:
            return Verdict(
                False, "extra_jokers", (("extra", spare - short),), "compare.extra_jokers_in_answer"
            )
        return Verdict(True, "tops_both_sides", _plays(previous, answer))

    def _carried(self, play: Play) -> tuple[int, int]:
        """(count, height) of the non-joker cards, wild 2s converted; height 0 when none."""
        if play.rank is None:
            return 0, 0
        if self.wild_twos:
            return play.natural + play.twos, int(play.rank)
        return play.natural, int(play.rank)


_KEPT = 8192
"""How many plays' heights, and pairs' verdicts, a comparator keeps (a bound, not a need)."""

_COMPARATORS: dict[int, Comparator] = {}


def comparator(rules: Rules) -> Comparator:
    """The comparator of ``rules``, made once per rule set."""
    found = _COMPARATORS.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_COMPARATORS) >= 64:  # rule sets are few; never let a stream of them pile up
            _COMPARATORS.clear()
        found = _COMPARATORS[id(rules)] = Comparator(rules)
    return found


def judge(previous: Play, answer: Play, rules: Rules) -> Verdict:
    """Whether ``answer`` tops ``previous`` under ``rules``; both must be legal plays."""
    return comparator(rules).judge(previous, answer)


def card_values(play: Play, rules: Rules) -> list[int]:
    """The height of every card of ``play`` under ``rules``, highest first."""
    return list(comparator(rules).values(play))


def _plays(previous: Play, answer: Play) -> tuple[tuple[str, object], ...]:
    return (("previous", previous), ("answer", answer))

