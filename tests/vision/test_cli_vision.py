"""The mat and vision commands."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from device.cli import main
from gouji.cards import Rank
from vision.faces import DrawnFaces

from .helpers import card_photo


def test_mat_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mat", "--out", str(tmp_path / "mat"), "--paper", "A4", "--dpi", "30"]) == 0
    assert (tmp_path / "mat.png").is_file() and (tmp_path / "mat.pdf").is_file()


def test_recognize_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "card.png"
    cv2.imwrite(str(path), card_photo(DrawnFaces(0), Rank.QUEEN, 75))
    assert main(["vision", "recognize", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [c["rank"] for c in out["cards"]] == ["Q"]
    assert len(out["cards"][0]["box"]) == 4


@pytest.mark.parametrize("content", [None, b"not an image"])
def test_bad_input_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         content: bytes | None) -> None:
    path = tmp_path / "x.png"
    if content is not None:
        path.write_bytes(content)
    assert main(["vision", "recognize", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_teach_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "imgs"
    folder.mkdir()
    cv2.imwrite(str(folder / "K.png"), card_photo(DrawnFaces(1), Rank.KING, 10))
    cv2.imwrite(str(folder / "BJ.png"), card_photo(DrawnFaces(1), Rank.SMALL_JOKER, 100))
    store = tmp_path / "deck.npz"
    assert main(["vision", "teach", "--images", str(folder), "--store", str(store)]) == 0
    out = capsys.readouterr().out
    # the small joker's mark (a word JOKER) is read again in fans of the taught Ks — its
    # letters hold a K — so teaching warns and leaves it out (vision.teach_check)
    assert store.is_file() and "taught 1 rank (K)" in out
    assert "小王" in out and "ordinary cards" in out
    assert "faces of 2 cards kept" in out
    assert main(["vision", "teach", "--images", str(tmp_path / "nope"), "--store", str(store)]) == 2
    assert main(["vision", "recognize", str(folder / "K.png"), "--profile",
                 str(tmp_path / "missing.npz")]) == 2


def test_calibrate_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vision.synth import SceneGenerator

    scene = SceneGenerator(DrawnFaces(0)).render(2)
    path = tmp_path / "frame.png"
    cv2.imwrite(str(path), scene.image)
    assert main(["vision", "calibrate", str(path), "--out", str(tmp_path / "cal.json")]) == 0
    assert (tmp_path / "cal.json").is_file()
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), scene.image[:50, :50])
    assert main(["vision", "calibrate", str(blank)]) == 2


def test_calibrate_tells_the_light_and_the_focus(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from vision.synth import LIGHTS, Effects, SceneGenerator

    gen = SceneGenerator(DrawnFaces(0))
    path = tmp_path / "frame.png"
    cv2.imwrite(str(path), gen.render(2).image)
    assert main(["vision", "calibrate", str(path)]) == 0
    assert "light is white" in capsys.readouterr().out
    blurred_warm = gen.render(2, effects=Effects(light=LIGHTS["warm"], focus=1.5)).image
    cv2.imwrite(str(path), blurred_warm)
    assert main(["vision", "calibrate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "warm" in out and "focus the camera" in out and "coarse" not in out


def test_calibrate_tells_a_zone_seen_too_coarse(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """At 960×540 over an A2 mat the zones are seen at 1.2 px/mm (1.6 at 1280×720), where
    the reader reads a fifth fewer sets right: calibration says so, seat by seat."""
    from vision.calibrate import calibrate
    from vision.synth import SceneGenerator

    small = SceneGenerator(DrawnFaces(0), size=(960, 540)).render(2)
    assert [s for s, _ in calibrate(small.image, small.layout).coarse_seats()] == list(range(6))
    usual = SceneGenerator(DrawnFaces(0)).render(2)
    assert calibrate(usual.image, usual.layout).coarse_seats() == []
    path = tmp_path / "small.png"
    cv2.imwrite(str(path), small.image)
    assert main(["vision", "calibrate", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("seen too coarse") == 6 and "S3" in out
