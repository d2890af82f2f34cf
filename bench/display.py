"""Display benchmark: how long a play-screen frame takes, and what an idle loop costs.

Run: ``.venv/bin/python bench/display.py [--size 1280x720] [--frames 300] [--seconds 3]``

Prints (headless, ``SDL_VIDEODRIVER=dummy`` unless set):

* cold first frame (fonts, text and panels rendered for the first time);
* median and 95th-percentile time of an unchanged frame (everything cached);
* median time of a frame where one seat's count changes every frame
  (that seat's panel is re-rendered: the usual frame during a deal);
* an idle loop at 30 Hz that redraws only on change: loop rate, frames
  drawn, and the CPU share it used;
* the uncapped idle loop rate (how cheap "nothing changed" is).

Target: an unchanged play frame at 1280×720 in ≤ 8 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from display import samples
from display.presenter import Presenter
from display.screens import PlayScreen
from display.view import PlayView

TARGET_MS = 8.0


def _size(text: str) -> tuple[int, int]:
    width, height = (int(v) for v in text.split("x"))
    return width, height


def _time_frames(screen: PlayScreen, surface: pygame.Surface, views: list[PlayView]) -> list[float]:
    times = []
    for view in views:
        start = time.perf_counter()
        screen.draw(surface, view)
        times.append((time.perf_counter() - start) * 1000)
    return times


def _with_count(view: PlayView, seat: int, count: int) -> PlayView:
    seats = list(view.seats)
    seats[seat] = replace(seats[seat], cards_left=count)
    return replace(view, seats=tuple(seats))


def _idle_loop(
    presenter: Presenter, screen: PlayScreen, view: PlayView, seconds: float, fps: int | None
) -> tuple[float, int, float]:
    """Run a main-loop-like idle loop; returns (loops per second, frames drawn, CPU share)."""
    clock = pygame.time.Clock()
    presenter.invalidate()
    loops = drawn = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        pygame.event.pump()
        if presenter.present(screen, view):
            pygame.display.flip()
            drawn += 1
        loops += 1
        if fps is not None:
            clock.tick(fps)
    elapsed = time.perf_counter() - wall
    return loops / elapsed, drawn, (time.process_time() - cpu) / elapsed


def main() -> int:
    """Print the figures; exit 1 when the median unchanged frame misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--size", type=_size, default=(1280, 720))
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(args.size)
    screen = PlayScreen(args.size)
    view = samples.play_burn()
    w, h = args.size
    print(f"play screen {w}x{h}, SDL video driver {pygame.display.get_driver()}")

    cold = _time_frames(screen, surface, [view])[0]
    print(f"  cold first frame           {cold:7.2f} ms")

    steady = _time_frames(screen, surface, [view] * args.frames)
    median = statistics.median(steady)
    p95 = statistics.quantiles(steady, n=20)[-1]
    print(
        f"  unchanged frame median     {median:7.2f} ms   p95 {p95:.2f} ms   target <= {TARGET_MS}"
    )

    changing = [_with_count(view, 4, 100 + i) for i in range(args.frames)]
    changed = statistics.median(_time_frames(screen, surface, changing))
    print(f"  one seat changed, median   {changed:7.2f} ms")

    presenter = Presenter(surface)
    rate, drawn, cpu = _idle_loop(presenter, screen, view, args.seconds, 30)
    print(f"  idle loop at 30 Hz         {rate:7.1f} loops/s, {drawn} frame drawn, CPU {cpu:.1%}")
    rate, drawn, cpu = _idle_loop(presenter, screen, view, min(args.seconds, 1.0), None)
    print(f"  idle loop uncapped         {rate:7.0f} loops/s, {drawn} frame drawn")
    return 0 if median <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
