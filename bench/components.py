"""Connected-component labelling benchmark (not a test): OpenCV's default algorithm against
the one :mod:`vision.components` uses, on the ink of the zone views the recogniser reads.

    .venv/bin/python bench/components.py [--scenes N]

Prints the median and mean milliseconds per labelling over the bench's scenes (the
project's drawn decks only, so it needs no ``../shared``), on one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.components import components_with_stats
from vision.faces import DrawnFaces
from vision.indices import ink_map
from vision.recognize import paper_roi, zone_view
from vision.synth import SceneGenerator
from vision.types import Mask


def view_inks(scenes: int) -> list[Mask]:
    """The ink of each set's zone view cut to its paper (:func:`paper_roi`), the region
    :meth:`Recognizer.read_zone` reads (which warps only that region)."""
    inks = []
    for style in (0, 1, 2):
        gen = SceneGenerator(DrawnFaces(style), size=(1280, 720))
        for seed in range(1000, 1000 + scenes):
            scene = gen.render(seed)
            for seat in scene.sets:
                zone = scene.layout.zones[seat]
                roi = paper_roi(scene.image, scene.homography, zone)
                if roi is not None:
                    x0, y0, x1, y1 = roi
                    view = zone_view(scene.image, scene.homography, zone)[y0:y1, x0:x1]
                    inks.append(ink_map(view).ink)
    return inks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenes", type=int, default=10, help="scenes per deck")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    inks = view_inks(args.scenes)

    def opencv_default(mask: Mask) -> object:
        return cv2.connectedComponentsWithStats(mask, connectivity=8)

    for name, label in (("OpenCV default", opencv_default),
                        ("vision.components", components_with_stats)):
        times = []
        for ink in inks:
            t = time.process_time()
            label(ink)
            times.append(time.process_time() - t)
        print(f"{name:>18}: median {statistics.median(times) * 1000:.2f} ms, "
              f"mean {statistics.mean(times) * 1000:.2f} ms over {len(inks)} views")


if __name__ == "__main__":
    main()
