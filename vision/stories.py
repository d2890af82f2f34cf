"""Synthetic stories as the camera pipeline sees them (for benchmarks and tests).

A seat's second play (接着出) lands on its first: the zone watcher must report the new
cards, and the reader read them over the older ones (:mod:`vision.earlier`).  A story
is the empty mat, a hand over it, the first set, a hand again, the second set on top;
each frame is shown long enough for the watcher to settle.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gouji.cards import Rank
from vision.calibrate import calibrate
from vision.look import MatLook
from vision.recognize import Recognizer, SetReading
from vision.synth import Effects, Scene, SceneGenerator, random_set
from vision.watch import ZoneChange, ZoneEvent, ZoneWatcher

STILL = Effects(glare=False, shadow=False)
MOVING = Effects(glare=False, shadow=False, hand=True)


@dataclass(frozen=True)
class SecondPlay:
    """A second play watched: the frame after it, and the watcher's event for it (``None``
    when the watcher did not report exactly the two sets laid)."""

    after: Scene
    seat: int
    event: ZoneEvent | None

    def read(self, recognizer: Recognizer, look: MatLook | None = None) -> SetReading:
        """The second set as the camera pipeline reads it: in the watcher's region of the
        new cards (else the seat's zone), over the frame before them."""
        assert self.event is not None, "the watcher did not report the second play"
        region = self.event.region_polygon()
        zone = self.after.layout.zones[self.seat] if region is None else region
        return recognizer.read_zone(self.after.image, self.after.homography, zone,
                                    before=self.event.before, look=look)


def story_sets(seed: int) -> tuple[int, tuple[Rank, ...], tuple[Rank, ...]]:
    """The seat and its first and second sets of the benchmark's story ``seed`` (in the
    order they are laid)."""
    rng = np.random.default_rng([seed, 7])
    return int(rng.integers(6)), random_set(rng), random_set(rng)


def watch_second_play(gen: SceneGenerator, seed: int, seat: int, first: tuple[Rank, ...],
                      second: tuple[Rank, ...]) -> SecondPlay:
    """``second`` laid over ``first`` at ``seat`` (scene ``seed``), the story's frames
    shown to a zone watcher calibrated on the empty mat."""
    one = {seat: first}
    empty, hand = gen.render(seed, {}, STILL).image, gen.render(seed, one, MOVING).image
    after = gen.render(seed, one, STILL, on_top={seat: second})
    watcher = ZoneWatcher(calibrate(empty, gen.layout))
    events = []
    for frame in ([empty] * 3 + [hand] * 2 + [gen.render(seed, one, STILL).image] * 6
                  + [hand] * 2 + [after.image] * 6):
        events += watcher.update(frame)
    added = [e for e in events if e.change is ZoneChange.ADDED and e.seat == seat]
    return SecondPlay(after, seat, added[1] if len(events) == 2 and len(added) == 2 else None)
