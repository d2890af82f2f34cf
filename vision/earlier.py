"""Cards that were already there (旧牌): a seat's earlier play lying under its new one.

Within a round a seat may play again onto the cards it played before.  The
zone watcher then hands over the frame as it was before the new cards came
(:attr:`vision.watch.ZoneEvent.before`), warped to the same view; ink that was
there already, looking the same in the same place, belongs to an earlier card.
An index or a stray mark that looked the same before is not part of the new
set (a new glyph laid where an older pip was does not look the same), and the
new set's fan cannot tell where its paper ends where older paper lies.  Looks
are compared by normalised correlation, so a change of light between the two
frames does not matter.

The new cards' own paper (:meth:`EarlierCards.only_new`) is told from the older
cards' by what changed: felt that became paper, and paper whose brightness against
the paper around it changed (a new card's art, its edge, an older index it hides).
On it the reader counts the new fan's edges, looks for a fan of jokers (一手王) or a
lone joker where no index was read, and measures whether more paper lies there than
the cards read would cover.  Plain white laid on plain white changes nothing, so
where that bites deep into what changed, the new paper is taken as its hull.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from vision.components import components_with_stats
from vision.indices import IndexMark, InkMap, PaperInk, StrayInk, ink_map, paper_kernel
from vision.types import BGRImage, Mask

OLD_LIKE = 0.8  # a mark correlating this well with the view before was there before
JITTER_PX = 2  # a mark moved by this much (camera shake, a nudged card) is the same mark
CHANGED = 0.15  # paper whose brightness, as a share of the paper level, changed this much
MASK_PX_PER_MM = 1.0  # the new paper's outline is found at this scale
JOIN_MM = 14.0  # changes this near each other belong to the same new cards
LEAST_CHANGE_MM2 = 30.0  # joined changes smaller than this are no card's (a fleck, a nudge)
BITE_MM = 25.0  # notches of unchanged white this narrow in the new paper are filled in
SOLID = 0.85  # new paper filling less of its hull than this has bites of unchanged white


@dataclass(frozen=True)
class EarlierCards:
    """The view as it was before the new cards were laid: its looks and its paper."""

    darkest: Mask  # its darkest channel (vision.indices.darkest_channel)
    paper: Mask  # 0/1
    shade: npt.NDArray[np.float32]  # its darkest channel as a share of the paper level

    @classmethod
    def seen_in(cls, before: BGRImage, view_shape: tuple[int, int]) -> EarlierCards:
        """The earlier cards in ``before`` (the same crop of the earlier frame as the view
        being read; ``view_shape`` the whole view's, as for the finder's own paper)."""
        inks = ink_map(before, paper_kernel(view_shape))
        return cls(inks.darkest, inks.paper, _shade(inks))

    def _old(self, darkest: Mask, center: tuple[float, float], radius: float) -> bool:
        """Whether the view now (``darkest``, its darkest channel) looks within ``radius`` of
        ``center`` as it did before, give or take :data:`JITTER_PX`."""
        h, w = darkest.shape
        x, y, r = round(center[0]), round(center[1]), max(2, round(radius))
        x0, x1, y0, y1 = max(0, x - r), min(w, x + r + 1), max(0, y - r), min(h, y + r + 1)
        now = darkest[y0:y1, x0:x1]
        if now.size == 0 or float(now.std()) < 1.0:
            return False  # nothing there to compare
        j = JITTER_PX
        then = self.darkest[max(0, y0 - j):min(h, y1 + j), max(0, x0 - j):min(w, x1 + j)]
        like = cv2.matchTemplate(then, now, cv2.TM_CCOEFF_NORMED)
        return float(np.nan_to_num(like).max()) >= OLD_LIKE

    def new_marks(self, marks: list[IndexMark], darkest: Mask) -> list[IndexMark]:
        """The indices that were not there before."""
        return [m for m in marks if not self._old(darkest, m.center, 0.6 * m.height)]

    def new_strays(self, strays: list[StrayInk], darkest: Mask) -> list[StrayInk]:
        """The stray marks that were not there before."""
        return [s for s in strays if not self._old(darkest, s.center, 0.6 * s.size)]

    def new_paper(self, now: InkMap, px_per_mm: float) -> Mask:
        """The paper of the new cards in the view whose ink and paper are ``now`` (0/1): the
        changes (:data:`CHANGED`, give or take :data:`JITTER_PX`) on paper now, joined
        (:data:`JOIN_MM`; all that changed since the view before, less flecks, is the new
        set's), their holes and narrow notches filled (:data:`BITE_MM`) — or their convex
        hull, where unchanged paper bites deep into them (:data:`SOLID`)."""
        shade = _shade(now)
        jitter = np.ones((2 * JITTER_PX + 1, 2 * JITTER_PX + 1), np.uint8)
        changed = ((shade < cv2.erode(self.shade, jitter) - CHANGED)
                   | (shade > cv2.dilate(self.shade, jitter) + CHANGED)
                   | (self.paper == 0)) & (now.paper > 0)
        # joined and filled in a coarse view (wide closings are dear at full scale)
        h, w = changed.shape
        k = MASK_PX_PER_MM / px_per_mm
        size = (max(1, round(w * k)), max(1, round(h * k)))
        small = (cv2.resize(changed.astype(np.float32), size, interpolation=cv2.INTER_AREA)
                 > 0).astype(np.uint8)
        new = _new_outline(small, MASK_PX_PER_MM)
        new = cv2.resize(new, (w, h), interpolation=cv2.INTER_NEAREST)
        out: Mask = new & now.paper
        return out

    def only_new(self, seen: PaperInk, px_per_mm: float) -> PaperInk:
        """``seen`` (the finder's ink and paper of the view now) with only the new cards'
        paper (:meth:`new_paper`) and the ink on it; its regions keep their labels."""
        paper = self.new_paper(seen.inks, px_per_mm)
        return PaperInk(replace(seen.inks, paper=paper, ink=seen.inks.ink & paper),
                        seen.blobs * paper, seen.big, mat_seen=seen.mat_seen)

    def still_showing(self, fresh: PaperInk) -> Mask:
        """The older cards' paper that still shows: not under the new cards' paper
        (``fresh``, :meth:`only_new`).  Older paper now under a new card is that card's: a
        new fan's end may be judged there (:func:`vision.fan.unread_cards`; anglo `662R`
        laid over `33`, the 大王 on top over the 3s, read a sure `662` while all older
        paper hid the end)."""
        showing: Mask = self.paper & (1 - fresh.inks.paper)
        return showing


def _new_outline(changed: Mask, px_per_mm: float) -> Mask:
    """The new cards' outline (0/1) from the ``changed`` pixels of a view at ``px_per_mm``:
    see :meth:`EarlierCards.new_paper`."""
    side = int(JOIN_MM * px_per_mm) | 1
    joined = cv2.morphologyEx(changed, cv2.MORPH_CLOSE,
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
    n, labels, stats, _ = components_with_stats(joined)
    least = LEAST_CHANGE_MM2 * px_per_mm ** 2
    changes = np.isin(labels, [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= least])
    new = np.zeros_like(changed)
    if not changes.any():
        return new
    outline = cv2.findContours(changes.astype(np.uint8), cv2.RETR_EXTERNAL,
                               cv2.CHAIN_APPROX_SIMPLE)[0]
    cv2.drawContours(new, outline, -1, 1, cv2.FILLED)
    hull = np.zeros_like(new)
    cv2.fillConvexPoly(hull, cv2.convexHull(np.concatenate(outline)), 1)
    if int(new.sum()) < SOLID * int(hull.sum()):
        return hull  # white laid on white changed nothing, and bit into the outline
    side = int(BITE_MM * px_per_mm) | 1
    closed: Mask = cv2.morphologyEx(new, cv2.MORPH_CLOSE,
                                    cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
    return closed


def _shade(inks: InkMap) -> npt.NDArray[np.float32]:
    """The darkest channel as a share of the paper level around it (a change of light
    scales both)."""
    level = np.maximum(inks.level, 40).astype(np.float32)
    shade: npt.NDArray[np.float32] = np.divide(inks.darkest.astype(np.float32), level)
    return shade
