"""A synthetic camera over a table replaying a record (合成牌桌): for a PC and for tests.

:class:`RecordScenes` is a frame source: it shows the empty mat, then each play
of a deal record laid in its seat's zone and taken away again, every scene held
for ``hold`` frames so that the zone watcher sees it settle.  The camera pose
and the light are fixed (one seed, no random perspective, glare or shadow), as
they are over a real table; scenes are rendered when first needed.
"""

from __future__ import annotations

from pathlib import Path

from gouji.actions import PlayCards
from gouji.cards import Rank
from gouji.record import read_deals
from vision.faces import DrawnFaces
from vision.sources import SourceError
from vision.synth import Effects, SceneGenerator
from vision.types import BGRImage

EFFECTS = Effects(perspective=False, lighting=False, glare=False, shadow=False, blur=True,
                  noise=False, jpeg=True, hand=False)
"""A still camera over an evenly lit mat: only blur and JPEG artefacts."""


class RecordScenes:
    """Frames of ``plays`` ((seat, cards) in order) laid one by one on the mat."""

    def __init__(self, plays: list[tuple[int, tuple[Rank, ...]]], *,
                 size: tuple[int, int] = (960, 540), hold: int = 8, seed: int = 7,
                 loop: bool = False) -> None:
        self.generator = SceneGenerator(DrawnFaces(0), size=size)
        self.scenes: list[dict[int, tuple[Rank, ...]]] = [{}]
        for seat, cards in plays:
            self.scenes += [{seat: cards}, {}]
        self.hold = hold
        self.seed = seed
        self.loop = loop
        self.name = f"synthetic:{len(plays)} plays"
        self._pos = -1
        self._cache: tuple[int, BGRImage] | None = None

    def open(self) -> None:
        """Start from the empty mat."""
        self._pos = 0

    def read(self) -> BGRImage:
        """The next frame; after the last scene the empty mat stays (or, looping, all again)."""
        if self._pos < 0:
            raise SourceError(f"{self.name} is not open")
        scene = self._pos // self.hold
        if scene >= len(self.scenes):
            scene = 0 if self.loop else len(self.scenes) - 1
            self._pos = scene * self.hold
        self._pos += 1
        if self._cache is None or self._cache[0] != scene:
            image = self.generator.render(self.seed, self.scenes[scene], EFFECTS).image
            self._cache = (scene, image)
        return self._cache[1].copy()

    def close(self) -> None:
        """Stop (the rendered scene is kept for a reopen)."""
        self._pos = -1


def record_plays(path: Path) -> list[tuple[int, tuple[Rank, ...]]]:
    """The plays of every deal in a record file, in order, as (seat, cards)."""
    text = path.read_bytes()
    return [(a.seat, a.play.cards) for deal in read_deals(text) for a in deal.actions
            if isinstance(a, PlayCards)]


def record_source(device: int | str, size: tuple[int, int]) -> RecordScenes:
    """The synthetic camera for ``[camera] device``: a record file's plays, or the empty mat."""
    if isinstance(device, str) and Path(device).is_file():
        return RecordScenes(record_plays(Path(device)), size=size)
    return RecordScenes([], size=size, loop=True)
