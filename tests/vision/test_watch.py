"""Zone watching: settle, added, cleared, and no false alarms."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from gouji.cards import parse_cards
from vision.calibrate import calibrate
from vision.faces import DrawnFaces, FaceSource, FolderFaces
from vision.synth import Effects, SceneGenerator
from vision.watch import ZoneChange, ZoneEvent, ZoneWatcher

QUIET = Effects(perspective=True, lighting=False, glare=False, shadow=False, blur=True,
                noise=True, jpeg=False)
HAND = Effects(perspective=True, lighting=False, glare=False, shadow=False, blur=True,
               noise=True, jpeg=False, hand=True)
SEED = 7  # one camera pose for the whole story


@pytest.fixture(scope="module")
def story() -> dict[str, np.ndarray]:
    gen = SceneGenerator(DrawnFaces(0))
    return {
        "empty": gen.render(SEED, {}, QUIET).image,
        "hand": gen.render(SEED, {2: parse_cards("KK")}, HAND).image,
        "played": gen.render(SEED, {2: parse_cards("KK")}, QUIET).image,
    }


def _run(watcher: ZoneWatcher, frames: list[np.ndarray]) -> list[tuple[int, object]]:
    out = []
    for i, f in enumerate(frames):
        out += [(i, e) for e in watcher.update(f)]
    return out


def test_cards_added_then_cleared(story: dict[str, np.ndarray]) -> None:
    watcher = ZoneWatcher(calibrate(story["empty"], SceneGenerator(DrawnFaces(0)).layout))
    frames = [story["empty"]] * 3 + [story["hand"]] * 3 + [story["played"]] * 6
    events = _run(watcher, frames)
    assert len(events) == 1
    i, ev = events[0]
    assert i >= 6 + watcher.settle_frames - 1  # only once the hand has gone and all is still
    assert ev.seat == 2 and ev.change is ZoneChange.ADDED
    x0, _, x1, _ = ev.region_mm
    zone = watcher.cal.layout.zones[2]
    assert zone[:, 0].min() - 5 <= x0 < x1 <= zone[:, 0].max() + 5
    assert ev.region_polygon() is not None
    later = _run(watcher, [story["hand"]] * 2 + [story["empty"]] * 6)
    assert [(e.seat, e.change) for _, e in later] == [(2, ZoneChange.CLEARED)]


def test_lighting_drift_and_shadow_are_not_changes(story: dict[str, np.ndarray]) -> None:
    watcher = ZoneWatcher(calibrate(story["empty"], SceneGenerator(DrawnFaces(0)).layout))
    frames = [story["played"]] * 3
    for k in range(1, 8):  # the room darkens, then a shadow falls across
        frames += [(story["played"] * (1 - 0.05 * k)).astype(np.uint8)] * 5
    shaded = story["played"].astype(np.float32)
    shaded[:, 300:800] *= 0.6
    frames += [shaded.astype(np.uint8)] * 6
    assert _run(watcher, frames) == []


def test_idle_frames_are_cheap(story: dict[str, np.ndarray]) -> None:
    watcher = ZoneWatcher(calibrate(story["empty"], SceneGenerator(DrawnFaces(0)).layout))
    watcher.update(story["empty"])
    start = time.perf_counter()
    for _ in range(20):
        watcher.update(story["empty"])
    assert (time.perf_counter() - start) / 20 < 0.05  # generous: the bench measures the real figure


def test_periodic_recheck_warns_when_the_camera_moved(story: dict[str, np.ndarray]) -> None:
    gen = SceneGenerator(DrawnFaces(0))
    watcher = ZoneWatcher(calibrate(story["empty"], gen.layout), recheck_every=3)
    for _ in range(4):
        watcher.update(story["empty"])
    assert watcher.last_check is not None and watcher.last_check.moved is False
    moved = gen.render(SEED + 1, {}, QUIET).image  # another camera pose
    for _ in range(3 + watcher.settle_frames + 3):
        watcher.update(moved)
    assert watcher.last_check is not None and watcher.last_check.moved is True


def _frames(seed: int, first: str, second: str, faces: FaceSource | None = None,
            seat: int = 2) -> dict[str, np.ndarray]:
    gen = SceneGenerator(faces or DrawnFaces(0))
    one, two = {seat: parse_cards(first)}, {seat: parse_cards(second)}
    return {"empty": gen.render(seed, {}, QUIET).image,
            "hand": gen.render(seed, one, HAND).image,
            "first": gen.render(seed, one, QUIET).image,
            "second": gen.render(seed, one, QUIET, on_top=two).image}


def _second_play(f: dict[str, np.ndarray]) -> tuple[ZoneWatcher, list[ZoneEvent]]:
    watcher = ZoneWatcher(calibrate(f["empty"], SceneGenerator(DrawnFaces(0)).layout))
    frames = ([f["empty"]] * 3 + [f["hand"]] * 2 + [f["first"]] * 6 + [f["hand"]] * 2
              + [f["second"]] * 6)
    return watcher, [e for _, e in _run(watcher, frames)]


def _zone_seen(watcher: ZoneWatcher, frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Paper and skin-coloured pixels of zone 2 as the watcher sees them."""
    paper, skin = watcher._paper_and_skin(watcher._view(frame))
    return paper & watcher._zones[2], skin & watcher._zones[2]


def test_a_second_play_laid_over_the_first_is_added_with_the_frame_before() -> None:
    f = _frames(16, "99999999", "K")  # one card, laid on the nines
    watcher, events = _second_play(f)
    area = np.count_nonzero(watcher._zones[2])
    new_paper = _zone_seen(watcher, f["second"])[0] & ~_zone_seen(watcher, f["first"])[0]
    assert np.count_nonzero(new_paper) < watcher.change_fraction * area  # little new paper
    assert [(e.seat, e.change) for e in events] == [(2, ZoneChange.ADDED)] * 2
    assert events[0].before is None  # the zone was empty: all its cards are new
    assert events[1].before is not None and np.array_equal(events[1].before, f["first"])
    assert events[1].region_mm is not None  # all the zone's paper: the nines and the king
    x0, y0, x1, y1 = events[1].region_mm
    zone = watcher.cal.layout.zones[2]
    assert x1 - x0 > 63 and y1 - y0 > 63
    assert zone[:, 0].min() - 5 <= x0 and x1 <= zone[:, 0].max() + 5


def test_red_pips_are_not_a_resting_hand() -> None:
    f = _frames(7, "99999999", "K")
    watcher, events = _second_play(f)
    skin = _zone_seen(watcher, f["second"])[1]
    assert np.count_nonzero(skin) > 0.05 * np.count_nonzero(watcher._zones[2])
    assert [(e.seat, e.change) for e in events] == [(2, ZoneChange.ADDED)] * 2


def test_a_hand_resting_on_the_zone_defers_it_until_it_goes() -> None:
    f = _frames(10, "KK", "Q")  # seed 10: the hand rests over zone 2
    watcher = ZoneWatcher(calibrate(f["empty"], SceneGenerator(DrawnFaces(0)).layout))
    events = _run(watcher, [f["empty"]] * 3 + [f["hand"]] * 8)
    assert events == []  # still, but a hand lies over the new cards
    later = _run(watcher, [f["first"]] * 6)
    assert [(e.seat, e.change) for _, e in later] == [(2, ZoneChange.ADDED)]


def test_court_art_over_older_cards_is_no_card_taken_away(shared_data: Path) -> None:
    """Two paris jacks laid over four cards: their coloured art reaches the felt through
    the cards' outlines, so it is not paper and does reach the zone's rim, but it has not
    the felt's colour, so it is new cards, not cards taken away."""
    f = _frames(1002, "9B9R", "JJ", FolderFaces(shared_data / "card-faces" / "paris"), seat=3)
    watcher = ZoneWatcher(calibrate(f["empty"], SceneGenerator(DrawnFaces(0)).layout))
    frames = ([f["empty"]] * 3 + [f["hand"]] * 2 + [f["first"]] * 6 + [f["hand"]] * 2
              + [f["second"]] * 6)
    events = [e for _, e in _run(watcher, frames)]
    assert [(e.seat, e.change) for e in events] == [(3, ZoneChange.ADDED)] * 2


def test_a_watcher_started_over_cards_learns_the_empty_zone_when_they_are_cleared() -> None:
    """Started with cards on the mat (after a power cut mid-round), the watcher takes them
    for the zone's empty state; once they are cleared it knows better, and a later play
    laid over another is again known to lie over older cards."""
    f = _frames(16, "99999999", "K")
    watcher = ZoneWatcher(calibrate(f["empty"], SceneGenerator(DrawnFaces(0)).layout))
    frames = ([f["first"]] * 3 + [f["hand"]] * 2 + [f["empty"]] * 6 + [f["hand"]] * 2
              + [f["first"]] * 6 + [f["hand"]] * 2 + [f["second"]] * 6)
    events = [e for _, e in _run(watcher, frames)]
    assert [(e.seat, e.change) for e in events] == [
        (2, ZoneChange.CLEARED), (2, ZoneChange.ADDED), (2, ZoneChange.ADDED)]
    assert events[1].before is None and events[2].before is not None
