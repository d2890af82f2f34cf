"""Config: defaults, overrides, every problem named by file/section/key, dump round trip."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from device import cli_config
from device import config as cfg


@pytest.fixture(autouse=True)
def no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cfg.ENV_VAR, raising=False)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(cfg.ConfigError) as info:
        cfg.load(path)
    return info.value.problems


def test_defaults_alone_when_no_override_file(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfg, "DEFAULT_PATH", tmp_path / "absent.toml")
    config = cfg.load()
    assert config.table.preset == "match"
    assert config.seats.names == ("甲一", "乙一", "甲二", "乙二", "甲三", "乙三")
    assert config.journal.state_dir == Path("/var/lib/gouji-table")
    assert config.gpio.led_pins == (17, 27, 22, 23, 24, 25)
    assert config.referee.pin is None


def test_override_changes_only_its_keys(tmp_path: Path) -> None:
    path = write(tmp_path, '[table]\npreset = "jinyou"\n[table.rules]\nburn = false\n'
                           '[gpio]\npass_pin = 26\nbuzzer_pin = false\n[referee]\npin = "2468"\n')
    config = cfg.load(path)
    assert config.table.preset == "jinyou"
    assert dict(config.table.rules) == {"burn": False}
    assert config.table.name == "够级桌"
    assert config.gpio.pass_pin == 26 and config.gpio.rang_pin == 6
    assert config.gpio.buzzer_pin is None
    assert config.referee.pin == "2468"


def test_example_error_message(tmp_path: Path) -> None:
    path = write(tmp_path, '[gpio]\npass_pin = "x"\n')
    assert problems(path) == [f'{path}: [gpio] pass_pin: expected an integer 0-27, got "x"']


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, "\n".join([
        "colour = 1",
        "[extra]",
        "[table]",
        'preset = "poker"',
        "rules = 3",
        "[seats]",
        'names = ["a", "b"]',
        "[camera]",
        'source = "file"',
        "resolution = [640]",
        "[display]",
        'language = "fr"',
        'fullscreen = "yes"',
        "[gpio]",
        "pass_pin = 40",
        "led_pins = [1, 2, 3]",
        "buzzer_pin = true",
        "wiring = 1",
        "[panels]",
        "baud = 0",
        "[referee]",
        'pin = "12ab"',
    ]) + "\n")
    got = [p.removeprefix(f"{path}: ") for p in problems(path)]
    assert got == [
        "[colour]: unknown top-level key",
        "[extra]: unknown section",
        '[table] preset: expected one of "dorm", "match", "tribute", "jinyou", "zaozhuang", '
        'got "poker"',
        "[table] rules: expected a table of switch overrides, got 3",
        '[seats] names: expected 6 different non-empty names, got ["a", "b"]',
        "[camera] device: expected a non-empty string, got 0",
        "[camera] resolution: expected [width, height] in pixels, 16-8192, got [640]",
        '[display] fullscreen: expected true or false, got "yes"',
        '[display] language: expected one of "zh", "en", got "fr"',
        "[gpio] pass_pin: expected an integer 0-27, got 40",
        "[gpio] led_pins: expected [] or a list of 6 integers 0-27, S0 first, got [1, 2, 3]",
        "[gpio] buzzer_pin: expected an integer 0-27 or false (not fitted), got true",
        "[gpio] wiring: unknown key",
        "[panels] baud: expected an integer 300-4000000, got 0",
        '[referee] pin: expected "" (no PIN) or a string of 4-8 digits, got "12ab"',
    ]


def test_duplicate_pins_are_named(tmp_path: Path) -> None:
    path = write(tmp_path, "[gpio]\nundo_pin = 17\nseat_pass_pins = [5, 7, 8, 9, 10, 11]\n")
    assert [p.removeprefix(f"{path}: ") for p in problems(path)] == [
        "[gpio] seat_pass_pins[0]: pin 5 is already used by pass_pin",
        "[gpio] led_pins[0]: pin 17 is already used by undo_pin",
    ]


def test_corrupt_toml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, '[table]\nname = "ok"\npreset = match\n')
    [message] = problems(path)
    assert message.startswith(f"{path}: not valid TOML: ")
    assert "line 3" in message


def test_unreadable_files(tmp_path: Path) -> None:
    assert problems(tmp_path / "missing.toml") == [f"{tmp_path / 'missing.toml'}: no such file"]
    assert "is a directory" in problems(tmp_path)[0]
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(b'[table]\nname = "caf\xe9"\n')
    assert "not UTF-8" in problems(bad)[0]


def test_path_resolution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert cfg.override_path() == (cfg.DEFAULT_PATH, False)
    monkeypatch.setenv(cfg.ENV_VAR, str(tmp_path / "env.toml"))
    assert cfg.override_path() == (tmp_path / "env.toml", True)
    assert cfg.override_path(tmp_path / "flag.toml") == (tmp_path / "flag.toml", True)
    write(tmp_path, '[table]\nname = "from env"\n').rename(tmp_path / "env.toml")
    assert cfg.load().table.name == "from env"


def test_dump_round_trips(tmp_path: Path) -> None:
    path = write(tmp_path, '[table]\nname = "A \\"quoted\\" 桌"\n[table.rules]\n'
                           '"odd key" = 1\nnested = {a = [1, 2]}\n[camera]\nsource = "usb"\n'
                           'device = "/dev/video2"\n[gpio]\nbuzzer_pin = false\n'
                           '[referee]\npin = "1234"\n')
    config = cfg.load(path)
    again = cfg.validate(cfg.parse_toml(cfg.dump(config), "dump"), "dump")
    assert again == config


def run_cli(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    cli_config.register(parser.add_subparsers())
    args = parser.parse_args(["config", *argv])
    code: int = args.handler(args)
    return code


def test_cli_check_and_dump(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, '[display]\nlanguage = "en"\n')
    assert run_cli("--check", "--config", str(good)) == 0
    assert "config OK" in capsys.readouterr().out
    assert run_cli("--dump", "--config", str(good)) == 0
    assert cfg.parse_toml(capsys.readouterr().out, "out")["display"]["language"] == "en"
    good.write_text("[gpio]\npass_pin = -1\n")
    assert run_cli("--check", "--config", str(good)) == 2
    err = capsys.readouterr().err
    assert "配置错误 config error:" in err and "[gpio] pass_pin" in err
    assert "Traceback" not in err


DOC = Path(__file__).resolve().parents[2] / "docs" / "config.md"


def test_documented_example_is_valid(tmp_path: Path) -> None:
    text = DOC.read_text("utf-8")
    example = text.split("## Example")[1].split("```toml\n")[1].split("```")[0]
    config = cfg.load(write(tmp_path, example))
    assert config.camera.device == "/dev/video0" and config.panels.enabled


def test_every_default_key_is_documented() -> None:
    text = DOC.read_text("utf-8")
    defaults = cfg.packaged_defaults()
    for section, keys in defaults.items():
        assert f"### `[{section}]`" in text, section
        for key in keys:
            if key != "rules":
                assert f"| `{key}` |" in text, f"[{section}] {key}"


toml_scalars = (st.booleans() | st.integers(-5, 100) | st.text(max_size=8)
                | st.floats(allow_nan=False, allow_infinity=False))
toml_values = st.recursive(toml_scalars, lambda inner: st.lists(inner, max_size=7)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=12)
sections = st.sampled_from(["table", "seats", "camera", "display", "gpio", "panels",
                            "journal", "referee", "extra"])
keys = st.sampled_from(["name", "preset", "rules", "names", "source", "device", "resolution",
                        "size", "fullscreen", "language", "pass_pin", "led_pins",
                        "buzzer_pin", "bounce_ms", "port", "baud", "state_dir", "pin", "odd"])


@given(st.dictionaries(sections, st.dictionaries(keys, toml_values, max_size=4) | toml_values,
                       max_size=4))
def test_any_document_gives_a_config_or_named_problems(override: dict[str, object]) -> None:
    merged = cfg._merge(cfg.packaged_defaults(), override)
    try:
        config = cfg.validate(merged, "fuzz.toml")
    except cfg.ConfigError as exc:
        assert exc.problems and all(p.startswith("fuzz.toml: [") for p in exc.problems)
    else:
        assert cfg.validate(cfg.parse_toml(cfg.dump(config), "dump"), "dump") == config


def test_commands_are_registered() -> None:
    from device.cli import COMMAND_MODULES

    ours = {"device.cli_config", "device.cli_export", "device.cli_panel", "device.cli_hwtest"}
    assert ours <= set(COMMAND_MODULES)
