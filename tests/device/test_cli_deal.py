"""``gouji-table selfplay`` and ``referee``: records written, re-judged, refusals by line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.cli import main


def test_selfplay_prints_statistics_and_writes_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["selfplay", "--rules", "jinyou", "--deals", "2", "--seed", "5",
                 "--record", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "seed 5:" in out and "seed 6:" in out and "2 deals" in out and "开点" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["jinyou-5.gjr", "jinyou-6.gjr"]


def test_selfplay_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--rules", "zaozhuang", "--deals", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["deals"] == 1
    assert sorted(data["deals"][0]["places"].values()) == sorted(
        ["头科", "二科", "三科", "四科", "二落", "大落"]
    )


def test_referee_accepts_a_clean_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["selfplay", "--rules", "match", "--deals", "1", "--seed", "3", "--record", str(tmp_path)])
    capsys.readouterr()
    code = main(["referee", str(tmp_path / "match-3.gjr")])
    out = capsys.readouterr().out
    assert code == 0 and "头科" in out and "line" not in out


def test_referee_names_the_line_of_each_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["selfplay", "--rules", "dorm", "--deals", "1", "--seed", "4", "--record", str(tmp_path)])
    capsys.readouterr()
    path = tmp_path / "dorm-4.gjr"
    lines = path.read_text(encoding="utf-8").splitlines()
    first_event = next(i for i, line in enumerate(lines) if " play " in line)
    number, seat = lines[first_event].split()[:2]
    lines[first_event] = f"{number} {seat} play RRRRR"  # more 大王 than a 4-deck pack holds
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = main(["referee", str(path), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and not data["ok"]
    assert data["problems"][0]["line"] == first_event + 1
    assert "超出牌数" in data["problems"][0]["reason"]


def test_referee_of_an_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["referee", str(tmp_path / "missing.gjr")]) == 2
    bad = tmp_path / "bad.gjr"
    bad.write_bytes(b"\xff\xfe not a record")
    assert main(["referee", str(bad)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_the_readme_example_record(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / "disputed.gjr"
    assert main(["referee", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (
        "第15行 line 15: S2 play 999: 没轮到 not this seat's turn: S3 acts now"
    )
    assert out.splitlines()[0] in (Path(__file__).resolve().parents[2] / "README.md").read_text(
        encoding="utf-8"
    )


def test_selfplay_as_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    """001 六「初赛、复赛打5局」: a match adds the deals up and names the winner."""
    assert main(["selfplay", "--rules", "tribute", "--deals", "3", "--match", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert len(summary["match_totals"]) == 2 and summary["match_winner"] in (0, 1, None)
