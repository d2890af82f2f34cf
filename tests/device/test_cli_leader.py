"""``gouji-table leader``: the seat and reason, exit codes, JSON, seeded chance."""

from __future__ import annotations

import json

import pytest

from device.cli import COMMAND_MODULES, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["leader", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_registered() -> None:
    assert "device.cli_leader" in COMMAND_MODULES


def test_dorm_cut(capsys: pytest.CaptureFixture[str]) -> None:
    """000 二「…（自己算一）…J=11…」: S1 turns up a J; counting S1 as one, the 11th is S5."""
    code, out, _ = run(capsys, "--rules", "dorm", "--cut", "1:J")
    assert code == 0
    assert out.startswith("首发 S5 leads: 切牌") and "000 二" in out
    code, out, _ = run(capsys, "--rules", "dorm", "--cut", "S1:♠J", "--direction", "upstream")
    assert code == 0 and out.startswith("首发 S3 leads")


def test_dorm_joker_cut_again(capsys: pytest.CaptureFixture[str]) -> None:
    """000 二「大小王则重新抽取」: exit 1 until a card that is not a joker is cut."""
    code, out, _ = run(capsys, "--rules", "dorm", "--cut", "1:大王")
    assert code == 1 and "重新抽取" in out
    code, out, _ = run(capsys, "--rules", "dorm", "--cut", "1:R", "--cut", "1:A", "--json")
    assert code == 0 and json.loads(out)["seat"] == 1


def test_tribute_shows_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    """003「如果同样长度,则先亮者为第一个发牌者」"""
    code, out, _ = run(capsys, "--rules", "tribute", "--show", "4:4s4s", "--show", "2:红桃4 红桃4",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert data["seat"] == 4 and data["rule"] == "shown_fours" and data["by_chance"] is False
    assert data["seed"] is None and "先亮者" in data["reason"]


def test_jinyou_suit_order(capsys: pytest.CaptureFixture[str]) -> None:
    """004「红桃＞黑桃＞方片＞梅花」"""
    code, out, _ = run(capsys, "--rules", "jinyou", "--show", "0:5s 5s", "--show", "3:♥5 ♥5")
    assert code == 0 and out.startswith("首发 S3 leads: 上班")


def test_chance_is_seeded_and_the_seed_printed(capsys: pytest.CaptureFixture[str]) -> None:
    """004「发完牌后，系统随机确定一个玩家第一个出牌」"""
    code, out, _ = run(capsys, "--rules", "zaozhuang", "--seed", "11", "--json")
    first = json.loads(out)
    assert code == 0 and first["by_chance"] and first["seed"] == 11
    assert first["candidates"] == [0, 1, 2, 3, 4, 5]
    _, again, _ = run(capsys, "--rules", "zaozhuang", "--seed", "11", "--json")
    assert json.loads(again) == first
    code, out, _ = run(capsys, "--rules", "tribute")
    assert code == 0 and "(seed " in out and "大家都不亮" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--rules", "tribute", "--show", "2:4h 4x"], ["--show '2:4h 4x'", "'4x'", "position 4"]),
        (["--rules", "tribute", "--show", "2:4h 7h"], ["'7h'", "position 4", "只算4"]),
        (["--rules", "jinyou", "--show", "9:5h5h"], ["seat must be 0-5"]),
        (["--rules", "jinyou", "--show", "2:5h5h", "--show", "2:5s5s"], ["shows twice"]),
        (["--rules", "dorm"], ["cut card is needed"]),
        (["--rules", "dorm", "--cut", "0:KK"], ["one card"]),
        (["--rules", "dorm", "--cut", "0:X"], ["'X'", "position 1"]),
        (["--rules", "zaozhuang", "--show", "0:5h5h"], ["shown cards do not decide"]),
        (["--rules", "tribute", "--cut", "0:K"], ["no card is cut"]),
        (["--rules", "nope"], ["unknown preset 'nope'"]),
        (["--rules", "tribute", "--set", "deck.first_leader=suits"], ["deck.first_leader"]),
    ],
)
def test_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert err.startswith("错误 error:") and len(err.strip().splitlines()) == 1
    for word in words:
        assert word in err, (word, err)
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 2 and json.loads(out)["seat"] is None


def test_a_club_switch_applies(capsys: pytest.CaptureFixture[str]) -> None:
    """003「如果不是"憋三"打法,则以3玳替上面的4」: with 憋三 off, 3s are shown."""
    code, out, _ = run(capsys, "--rules", "tribute", "--set", "biesan.enabled=false",
                       "--show", "1:3d3d")
    assert code == 0 and out.startswith("首发 S1 leads: 亮三")
