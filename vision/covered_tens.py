"""A 10 of a fan of 10s whose index the next card covers but for its "1" (被压住的 10).

A fan's unread card is guessed from its corner (:func:`vision.fan.unread_cards`): like the
set's read indices, a suit pip under it, else a joker by the ink's colour.  A 10's index is
two digits wide, and in a tight fan the next card often covers its "0": the "1" left
showing matches no whole "10", and a red 10 was guessed a 大王 (a jumbo deck's `TTT` read
`TRR`).  The "1" alone is told here: one stroke, a glyph high and thin, standing along the
fan's "down" at the unread card's index, that the glyph model reads as the "1" of a 10
rather than as a J.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt

from gouji.cards import Rank
from vision.components import components_with_stats
from vision.fan import FanFrame, UnreadCard, fan_frame, main_natural
from vision.indices import (
    IndexFinder,
    IndexMark,
    PaperInk,
    component_points,
    in_any_index_box,
    set_glyph_height,
)

# The "1": its centre this far from the unread index's place across the fan (glyph heights,
# towards the rest of its card: a 10's "1" is its first digit, before the middle where the
# unread index is placed, jumbo 10s' at -0.25 to 0.11 as the fan's steps vary; anglo's joker
# word's J stood 0.36 past it, `TTTTTRR` read `TTTTTTR`), and along its cards, ...
ONE_ACROSS = (-0.8, 0.2)
ONE_ALONG = 0.5
ONE_LONG = (0.75, 1.3)  # ... its length along the cards' "down" (a whole glyph's) ...
ONE_THIN = 0.7  # ... its width across them at most (a jumbo "1" has serifs: 0.63) ...
# ... and its ink's least similarity to the "1" of a 10, and its least lead over a J's: the
# word JOKER down a joker's corner begins with a J (anglo's and neoclassical's read "1" at
# 0.86-0.91 and J at 0.85-0.93: `TTB` read `TTT`), a jumbo 10's "1" read 0.08-0.2 over one
ONE_SCORE = 0.8
ONE_OVER_J = 0.05


def tens_by_their_one(finder: IndexFinder, ink: PaperInk, marks: list[IndexMark],
                      in_fan: list[UnreadCard]) -> list[UnreadCard]:
    """``in_fan`` (the unread cards of a fan read as ``marks``) with each guessed joker
    whose corner shows a 10's "1" taken for a 10, when the set's main rank is 10."""
    if (not marks or main_natural(m.rank for m in marks) is not Rank.TEN
            or not any(u.rank.is_joker and not u.pip_seen for u in in_fan)):
        return in_fan
    frame = fan_frame(marks)
    height = set_glyph_height(marks)
    return [replace(u, rank=Rank.TEN)
            if u.rank.is_joker and not u.pip_seen
            and _shows_a_one(finder, ink, frame, np.array(u.center), height, marks)
            else u for u in in_fan]


def _shows_a_one(finder: IndexFinder, ink: PaperInk, frame: FanFrame,
                 centre: npt.NDArray[np.float64], height: float, marks: list[IndexMark]) -> bool:
    """Whether a lone ink stroke like a 10's "1" stands by the unread index placed at
    ``centre`` (see the module)."""
    down, across = frame.down, frame.across
    reach = int(np.ceil(1.5 * height))
    mask = ink.inks.ink
    x0, y0 = max(0, int(centre[0]) - reach), max(0, int(centre[1]) - reach)
    x1 = min(mask.shape[1], int(centre[0]) + reach + 1)
    y1 = min(mask.shape[0], int(centre[1]) + reach + 1)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return False
    n, labels, stats, _ = components_with_stats(np.ascontiguousarray(mask[y0:y1, x0:x1]))
    for i in range(1, n):
        x, y, w, h = stats[i, :4].tolist()
        if x == 0 or y == 0 or x + w == x1 - x0 or y + h == y1 - y0:
            continue  # cut by the box: a longer line (a card's edge), not a glyph
        pts = component_points(labels, stats, i) + np.array([x0, y0], np.float32)
        c = pts.mean(axis=0).astype(np.float64)
        v = c - centre
        if (not ONE_ACROSS[0] * height <= float(v @ across) <= ONE_ACROSS[1] * height
                or abs(float(v @ down)) > ONE_ALONG * height
                or in_any_index_box(c[None, :], marks)[0]):
            continue
        rel = pts - c
        along, side = rel @ down.astype(np.float32), rel @ across.astype(np.float32)
        long = float(along.max() - along.min()) + 1.0
        thin = float(side.max() - side.min()) + 1.0
        if ONE_LONG[0] * height <= long <= ONE_LONG[1] * height and thin <= ONE_THIN * height:
            one, jack = finder.one_and_jack(pts, down)
            if one >= ONE_SCORE and one - jack >= ONE_OVER_J:
                return True
    return False
