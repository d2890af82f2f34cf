"""``gouji-table judge / classify / rules``: exit codes, one-line reasons, JSON (issue 2)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from device.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("preset", "previous", "answer", "code"),
    [
        ("match", "KKK", "AAA", 0),
        ("match", "AAA", "KKK", 1),
        ("match", "KKK", "AAAA", 1),
        ("dorm", "KKKBB", "AAARR", 0),
        ("dorm", "R5", "RR", 1),
        ("jinyou", "R", "RRR", 1),
        ("jinyou", "R2999", "RRTTTT", 0),
        ("match", "22888", "99999", 2),  # 2s may not be attached in match
        ("match", "KKQ", "AAA", 2),
        ("match", "KK", "A X", 2),
        ("match", "", "AA", 2),
    ],
)
def test_judge_exit_codes(
    capsys: pytest.CaptureFixture[str], preset: str, previous: str, answer: str, code: int
) -> None:
    got, out, err = run(capsys, "judge", "--rules", preset, previous, answer)
    assert got == code
    text = out if code < 2 else err
    assert len(text.strip().splitlines()) == 1 and text.strip()


def test_judge_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "judge", "--rules", "match", "BB888", "RRB99", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["beats"] is True and data["reason"]
    code, out, _ = run(capsys, "judge", "--rules", "match", "BB888", "BBB99", "--json")
    assert code == 1 and json.loads(out)["beats"] is False


def test_judge_names_the_bad_token(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "judge", "--rules", "dorm", "KKK", "AAX", "--json")
    assert code == 2
    data = json.loads(out)
    assert data["beats"] is False and "'X'" in data["reason"] and "position 3" in data["reason"]


def test_judge_with_a_changed_switch(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "judge", "--rules", "match", "R", "222")[0] == 0
    argv = ["judge", "--rules", "match", "--set", "compare.three_twos_beat_joker=false", "R", "222"]
    assert run(capsys, *argv)[0] == 1
    code, _, err = run(capsys, "judge", "--rules", "match", "--set", "compare.bogus=1", "R", "2")
    assert code == 2 and "compare.bogus" in err


@pytest.mark.parametrize(
    ("hand", "legal", "gouji", "pure", "cards"),
    [
        ("TTTTT", True, True, True, "TTTTT"),
        ("10 10 10 10 2", True, True, False, "TTTT2"),
        ("JJJ", True, False, False, "JJJ"),
        ("K K K 2 2 小王 小王", True, True, False, "KKK22BB"),
    ],
)
def test_classify_json(
    capsys: pytest.CaptureFixture[str], hand: str, legal: bool, gouji: bool, pure: bool, cards: str
) -> None:
    code, out, _ = run(capsys, "classify", "--rules", "jinyou", hand, "--json")
    assert code == 0
    data = json.loads(out)
    got = (data["legal"], data["gouji"], data["pure"], data["cards"])
    assert got == (legal, gouji, pure, cards)
    assert data["reason"]


def test_classify_an_illegal_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "classify", "--rules", "match", "22333", "--json")
    assert code == 2
    data = json.loads(out)
    assert data["legal"] is False and data["cards"] == "33322" and "贴" in data["reason"]


def test_unknown_preset_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "classify", "--rules", "beijing", "KK")
    assert code == 2 and "beijing" in err and "jinyou" in err and "Traceback" not in err


def test_rules_lists_presets_and_one_preset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    for name in ("dorm", "match", "tribute", "jinyou", "zaozhuang"):
        assert name in out
    code, out, _ = run(capsys, "rules", "zaozhuang")
    assert code == 0 and "[burn]" in out and "免烧贡" in out and "324 cards" in out
    code, out, _ = run(capsys, "rules", "dorm", "--json")
    switches = json.loads(out)["switches"]
    assert switches["compare.big_joker_unbeatable"]["value"] is True
    assert "凡是牌里带有大王" in switches["compare.big_joker_unbeatable"]["source"]
    assert run(capsys, "rules", "nope")[0] == 2


def test_the_console_script_runs_without_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "judge", "--rules", "dorm", "555", "666"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0 and "管得住" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "device.cli", "judge", "--rules", "dorm", "555"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
