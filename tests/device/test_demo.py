"""``gouji-table demo``: a short headless deal through the camera seam, engine and screen."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess
import sys
from pathlib import Path

import pytest

from device.cli import main
from device.cli_demo import windowed
from device.demo import DemoOptions, PlayReader, run_demo
from gouji.cards import Rank
from gouji.record import read_deal
from vision.recognize import SetReading
from vision.types import BGRImage

PROJECT = Path(__file__).resolve().parents[2]


def test_the_demo_runs_headless_through_the_real_recogniser(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["demo", "--headless", "--rules", "zaozhuang", "--seed", "2", "--out",
                 str(tmp_path), "--frames-every", "4", "--max-plays", "8"])
    out = capsys.readouterr().out
    assert code == 0
    assert "camera: 8 plays read" in out and "recognition: median" in out
    assert "deal not finished" in out
    assert {"play-0008.png", "replay.png", "deal.gjr", "summary.txt"} <= {
        p.name for p in tmp_path.iterdir()
    }
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(pngs) >= 3 and all(p.stat().st_size > 10_000 for p in pngs)
    assert (tmp_path / "summary.txt").read_text(encoding="utf-8").strip() in out
    assert main(["referee", str(tmp_path / "deal.gjr")]) == 0
    assert "未完 not finished" in capsys.readouterr().out


def always(reading: SetReading) -> PlayReader:
    """A camera seam that ignores the frame and returns ``reading``."""

    def read_play(frame: BGRImage, seat: int) -> SetReading:
        assert frame.shape == (540, 960, 3) and 0 <= seat < 6
        return reading

    return read_play


FIVE_BIG_JOKERS = SetReading((Rank.BIG_JOKER,) * 5, 0.97, False)
UNSURE = SetReading((Rank.THREE, Rank.FIVE), 0.2, True,
                    (((Rank.THREE, Rank.THREE), 0.2), ((Rank.FIVE, Rank.FIVE), 0.1)))


def test_misreads_are_counted_shown_and_kept_in_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A reader forced wrong: every play is a misread, drawn, printed and commented."""
    result = run_demo(DemoOptions(preset="jinyou", seed=3, out=tmp_path, max_plays=5),
                      reader=always(FIVE_BIG_JOKERS))
    printed = capsys.readouterr().out
    assert result.tally.right == 0 and len(result.tally.misread) == 5
    assert printed.count("识别有误 misread") == 5
    assert "0 right, 5 misread, 0 unsure" in result.summary
    assert len(list(tmp_path.glob("misread-*.png"))) == 5
    assert len(list((tmp_path / "frames").glob("*.jpg"))) == 5
    deal = read_deal(result.record.read_text(encoding="utf-8"))
    comments = [e.comment for e in deal.events if e.comment]
    assert len(comments) == 5
    assert all(c.startswith("识别有误 camera misread RRRRR") for c in comments)
    assert not any(e.refused for e in deal.events)  # the true plays were entered
    assert main(["referee", str(result.record)]) == 0


def test_unsure_readings_go_to_the_confirmation_screen(tmp_path: Path) -> None:
    result = run_demo(DemoOptions(seed=4, out=tmp_path, max_plays=3, frames_every=1),
                      reader=always(UNSURE))
    assert len(result.tally.unsure) == 3 and not result.tally.misread
    assert len(list(tmp_path.glob("unsure-*.png"))) == 3
    assert not list(tmp_path.glob("play-000[12].png"))  # the unsure screen replaced them
    assert "0 right, 0 misread, 3 unsure" in result.summary


def test_a_window_is_opened_only_with_a_display() -> None:
    assert windowed(False, {"DISPLAY": ":0"})
    assert windowed(False, {"WAYLAND_DISPLAY": "wayland-0"})
    assert not windowed(True, {"DISPLAY": ":0"})
    assert not windowed(False, {})


def test_the_windowed_demo_draws_every_step(tmp_path: Path) -> None:
    """In its own process (a display would change how the other tests' surfaces are made)."""
    script = (
        "from pathlib import Path\n"
        "from device.demo import DemoOptions, PlayReader, run_demo\n"
        f"r = run_demo(DemoOptions(out=Path({str(tmp_path)!r}), max_plays=4, windowed=True,"
        " pace=0, hold=0))\n"
        "print(r.tally.reads)\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", script], cwd=PROJECT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("4")
    assert (tmp_path / "replay.png").is_file()


def test_a_lone_card_by_the_seat_label_is_read_alone() -> None:
    """The demo's camera, a J alone near its zone's edge by the seat's label: the paper
    level joins the label to the card, yet on the card's index line its paper is one card,
    so no card is looked for beyond it (vision.fan.room_for_more; it read "JB" when the
    whole paper counted)."""
    from device.demo import Camera, recogniser_reader
    from gouji.actions import PlayCards
    from gouji.cards import parse_cards
    from gouji.plays import Play

    camera = Camera(1)
    frame = camera.shoot(PlayCards(3, Play.of(parse_cards("J"))), 131)
    reading = recogniser_reader(camera)(frame, 3)
    assert reading.notation == "J" and not reading.unsure


def test_a_court_cards_large_rank_in_its_art_is_no_second_card() -> None:
    """The demo's camera (play 74 of seed 1), a lone J of the drawn deck, whose art carries
    a large J (46 px against its indices' 32): read `JJB`, the art a second J and the fan
    inferring a joker between them.  A whole card lies on top, so a large rank inside it
    is its art (vision.recognize._off_whole_cards); that art J lies askew to the lone card,
    and is now dropped as such before (vision.recognize._along_lone_card): the J is read
    sure, where it was unsure as an index read askew."""
    from device.demo import Camera, recogniser_reader
    from gouji.actions import PlayCards
    from gouji.cards import parse_cards
    from gouji.plays import Play

    camera = Camera(1)
    frame = camera.shoot(PlayCards(5, Play.of(parse_cards("J"))), 74)
    reading = recogniser_reader(camera)(frame, 5)
    assert reading.notation == "J" and not reading.doubts
