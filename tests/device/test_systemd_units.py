"""The systemd unit, sysusers/tmpfiles snippets, udev rules and install script."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SYSTEMD = ROOT / "systemd"
UNIT = SYSTEMD / "gouji-table.service"
INSTALLED_BINARY = "/opt/gouji-table/venv/bin/gouji-table"


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed here; the unit files were not machine-checked")
    return path


def unit_settings() -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in UNIT.read_text("utf-8").splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            settings.setdefault(key, []).append(value)
    return settings


def test_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = need("systemd-analyze")
    # verify insists that ExecStart's binary exists. It is installed only by install-pi.sh,
    # so the copy runs the same entry point (device.cli) through this venv's interpreter.
    text = UNIT.read_text("utf-8")
    assert f"ExecStart={INSTALLED_BINARY} run" in text
    copy = tmp_path / UNIT.name
    copy.write_text(text.replace(f"ExecStart={INSTALLED_BINARY}",
                                 f"ExecStart={sys.executable} -m device.cli"), "utf-8")
    result = subprocess.run([analyze, "verify", str(copy)], capture_output=True, text=True,
                            timeout=60)
    # verify exits 0 even on "Failed to parse …, ignoring" lines; any line naming the unit fails.
    ours = [line for line in (result.stdout + result.stderr).splitlines() if UNIT.name in line]
    assert result.returncode == 0 and not ours, result.stdout + result.stderr


def test_unit_security_exposure_is_low(tmp_path: Path) -> None:
    analyze = need("systemd-analyze")
    copy = tmp_path / UNIT.name
    shutil.copy(UNIT, copy)
    result = subprocess.run([analyze, "security", "--offline=yes", str(copy)],
                            capture_output=True, text=True, timeout=60)
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert match, result.stdout + result.stderr
    assert float(match.group(1)) <= 2.0, result.stdout


def test_unit_has_the_appliance_settings() -> None:
    s = unit_settings()
    assert s["Type"] == ["notify"] and s["Restart"] == ["on-failure"]
    assert int(s["WatchdogSec"][0]) >= 10
    assert s["User"] == ["gouji-table"]
    assert s["StateDirectory"] == ["gouji-table"] and s["ConfigurationDirectory"] == ["gouji-table"]
    for key, value in [("ProtectSystem", "strict"), ("ProtectHome", "yes"), ("PrivateTmp", "yes"),
                       ("NoNewPrivileges", "yes"), ("DevicePolicy", "closed")]:
        assert s[key] == [value], key
    assert "SDL_VIDEODRIVER=kmsdrm" in s["Environment"]
    allowed = {entry.split()[0] for entry in s["DeviceAllow"]}
    for group in ["char-video4linux", "char-media", "char-dma_heap", "char-gpiochip", "char-drm",
                  "char-fb", "char-input", "char-ttyUSB", "char-ttyACM", "char-ttyAMA"]:
        assert group in allowed, group


def test_install_script_matches_the_unit() -> None:
    bash = need("bash")
    script = SYSTEMD / "install-pi.sh"
    subprocess.run([bash, "-n", str(script)], check=True)
    text = script.read_text("utf-8")
    assert 'PREFIX=/opt/gouji-table' in text and 'VENV="$PREFIX/venv"' in text
    assert "--system-site-packages" in text and "python3-picamera2" in text
    assert "systemctl enable" in text


def test_sysusers_creates_the_user_in_its_groups(tmp_path: Path) -> None:
    sysusers = need("systemd-sysusers")
    (tmp_path / "etc").mkdir()
    subprocess.run([sysusers, f"--root={tmp_path}", str(SYSTEMD / "sysusers.d/gouji-table.conf")],
                   check=True, capture_output=True, timeout=60)
    passwd = (tmp_path / "etc/passwd").read_text()
    assert re.search(r"^gouji-table:x:\d+:\d+:.*:/var/lib/gouji-table:", passwd, re.M)
    groups = {line.split(":")[0]: line.split(":")[3]
              for line in (tmp_path / "etc/group").read_text().splitlines()}
    for group in ["video", "gpio", "dialout", "render", "input"]:
        assert "gouji-table" in groups[group].split(","), group

    tmpfiles = need("systemd-tmpfiles")
    subprocess.run([tmpfiles, f"--root={tmp_path}", "--create",
                    str(SYSTEMD / "tmpfiles.d/gouji-table.conf")],
                   check=True, capture_output=True, timeout=60)
    state = tmp_path / "var/lib/gouji-table"
    assert (state / "evidence").is_dir() and oct(state.stat().st_mode & 0o777) == "0o750"


RULE_PART = re.compile(r'^[A-Z]+(\{[A-Za-z_]+\})?(==|!=|\+=|=|:=)"[^"]*"$')


def test_udev_rules_are_well_formed() -> None:
    rules = (SYSTEMD / "udev/99-gouji-table.rules").read_text("utf-8").splitlines()
    rule_lines = [r for r in rules if r.strip() and not r.startswith("#")]
    assert rule_lines
    for rule in rule_lines:
        for part in rule.split(", "):
            assert RULE_PART.match(part), f"{rule!r}: {part!r}"
    assert any('SYMLINK+="gouji-panels"' in r for r in rule_lines)
