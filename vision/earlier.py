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
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.indices import IndexMark, StrayInk, ink_map, paper_kernel
from vision.types import BGRImage, Mask

OLD_LIKE = 0.8  # a mark correlating this well with the view before was there before
JITTER_PX = 2  # a mark moved by this much (camera shake, a nudged card) is the same mark


@dataclass(frozen=True)
class EarlierCards:
    """The view as it was before the new cards were laid: its looks and its paper."""

    darkest: Mask  # its darkest channel (vision.indices.darkest_channel)
    paper: Mask  # 0/1

    @classmethod
    def seen_in(cls, before: BGRImage, view_shape: tuple[int, int]) -> EarlierCards:
        """The earlier cards in ``before`` (the same crop of the earlier frame as the view
        being read; ``view_shape`` the whole view's, as for the finder's own paper)."""
        inks = ink_map(before, paper_kernel(view_shape))
        return cls(inks.darkest, inks.paper)

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
