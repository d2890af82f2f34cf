"""The appliance's configuration (配置): packaged defaults plus one override file.

``load()`` reads ``device/defaults.toml``, lays the override file over it key by
key, and validates the result into frozen dataclasses.  Every problem is named
with its file, section and key::

    config.toml: [gpio] pass_pin: expected an integer 0-27, got "x"

and all problems are reported together in one :class:`ConfigError`.  The
override file is ``/etc/gouji-table/config.toml`` unless ``--config PATH`` or
``$GOUJI_TABLE_CONFIG`` names another; the default file may be absent, a named
one may not.  ``dump()`` writes the effective configuration back as TOML.
"""

from __future__ import annotations

import datetime
import os
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields, is_dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

DEFAULT_PATH = Path("/etc/gouji-table/config.toml")
ENV_VAR = "GOUJI_TABLE_CONFIG"

PRESETS = ("dorm", "match", "tribute", "jinyou", "zaozhuang")
CAMERA_SOURCES = ("picamera2", "usb", "file", "folder", "synthetic")
LANGUAGES = ("zh", "en")
SEATS = 6
MAX_BCM_PIN = 27
ASK = "ask"
"""``[table] first_leader`` when the referee picks the first leader on the screen."""

T = TypeVar("T")


class ConfigError(Exception):
    """The configuration cannot be used; ``problems`` lists every reason, one line each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class TableConfig:
    """``[table]``: the table's name, its rules preset, raw switch overrides, and the seat
    that leads the first deal (``None``: the referee picks it on the setup screen)."""

    name: str
    preset: str
    rules: Mapping[str, Any]  # validated later by the rules engine against the preset
    first_leader: int | None = None


@dataclass(frozen=True)
class SeatsConfig:
    """``[seats]``: the six seat names, S0 first."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class CameraConfig:
    """``[camera]``: where frames come from."""

    source: str
    device: int | str
    resolution: tuple[int, int]


@dataclass(frozen=True)
class DisplayConfig:
    """``[display]``: the screen."""

    size: tuple[int, int]
    fullscreen: bool
    language: str
    referee_view: bool


@dataclass(frozen=True)
class GpioConfig:
    """``[gpio]``: BCM pin numbers of the buttons, turn LEDs and buzzer."""

    enabled: bool
    pass_pin: int
    rang_pin: int
    confirm_pin: int
    undo_pin: int
    seat_pass_pins: tuple[int, ...]
    led_pins: tuple[int, ...]
    buzzer_pin: int | None
    bounce_ms: int


@dataclass(frozen=True)
class PanelsConfig:
    """``[panels]``: the serial link to the seat panels."""

    enabled: bool
    port: str
    baud: int


@dataclass(frozen=True)
class JournalConfig:
    """``[journal]``: where the journal and camera evidence live."""

    state_dir: Path


@dataclass(frozen=True)
class RefereeConfig:
    """``[referee]``: the referee's PIN code, ``None`` when none is set."""

    pin: str | None


@dataclass(frozen=True)
class Config:
    """The whole effective configuration."""

    table: TableConfig
    seats: SeatsConfig
    camera: CameraConfig
    display: DisplayConfig
    gpio: GpioConfig
    panels: PanelsConfig
    journal: JournalConfig
    referee: RefereeConfig


# --------------------------------------------------------------------------- locating


def override_path(explicit: str | os.PathLike[str] | None = None) -> tuple[Path, bool]:
    """The override file to read and whether it must exist (named by flag or env var)."""
    if explicit is not None:
        return Path(explicit), True
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env), True
    return DEFAULT_PATH, False


def load(explicit: str | os.PathLike[str] | None = None) -> Config:
    """Defaults overlaid with the override file, validated; raises :class:`ConfigError`."""
    path, required = override_path(explicit)
    defaults = packaged_defaults()
    if not required and not path.exists():
        return validate(defaults, "defaults.toml")
    override = parse_toml(_read_text(path), str(path))
    return validate(_merge(defaults, override), str(path))


def packaged_defaults() -> dict[str, Any]:
    """The parsed ``device/defaults.toml``."""
    text = resources.files("device").joinpath("defaults.toml").read_text("utf-8")
    return parse_toml(text, "defaults.toml")


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise ConfigError([f"{path}: no such file"]) from None
    except IsADirectoryError:
        raise ConfigError([f"{path}: is a directory, expected a TOML file"]) from None
    except PermissionError:
        raise ConfigError([f"{path}: permission denied"]) from None
    except OSError as exc:
        raise ConfigError([f"{path}: cannot read: {exc.strerror or exc}"]) from None
    except UnicodeDecodeError as exc:
        raise ConfigError([f"{path}: not UTF-8 text (bad byte at offset {exc.start})"]) from None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes a :class:`ConfigError` naming line and column."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([f"{source}: not valid TOML: {exc}"]) from None


def _merge(base: dict[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``top`` laid over it; tables merge key by key, other values replace."""
    merged = dict(base)
    for key, value in top.items():
        below = merged.get(key)
        if isinstance(below, dict) and isinstance(value, dict):
            merged[key] = _merge(below, value)
        else:
            merged[key] = value
    return merged


# --------------------------------------------------------------------------- validating


class _Section:
    """Reads typed keys from one TOML table, recording a problem per bad key."""

    def __init__(self, source: str, name: str, data: object, problems: list[str]) -> None:
        self._source = source
        self._name = name
        self._problems = problems
        self._seen: set[str] = set()
        if isinstance(data, dict):
            self._data: dict[str, Any] = data
        else:
            self._data = {}
            problems.append(f"{source}: [{name}]: expected a table, got {toml_value(data)}")

    def problem(self, key: str, message: str) -> None:
        """Record a problem with ``key`` of this section."""
        self._problems.append(f"{self._source}: [{self._name}] {key}: {message}")

    def get(self, key: str, check: Callable[[Any], T | None], expected: str, fallback: T) -> T:
        """The value of ``key`` if ``check`` accepts it, else ``fallback`` and a problem."""
        self._seen.add(key)
        if key not in self._data:
            self.problem(key, f"missing, expected {expected}")
            return fallback
        value = self._data[key]
        checked = check(value)
        if checked is None:
            self.problem(key, f"expected {expected}, got {toml_value(value)}")
            return fallback
        return checked

    def choice(self, key: str, choices: tuple[str, ...]) -> str:
        """One of the strings ``choices``."""
        expected = "one of " + ", ".join(f'"{c}"' for c in choices)
        return self.get(key, lambda v: v if v in choices else None, expected, choices[0])

    def boolean(self, key: str) -> bool:
        """A boolean ``true``/``false``."""
        return self.get(key, lambda v: v if isinstance(v, bool) else None, "true or false", False)

    def integer(self, key: str, low: int, high: int) -> int:
        """An integer in ``low..high``."""
        return self.get(key, lambda v: v if _is_int(v) and low <= v <= high else None,
                        f"an integer {low}-{high}", low)

    def int_list(self, key: str, lengths: tuple[int, ...], low: int, high: int,
                 what: str) -> tuple[int, ...]:
        """A list of integers in ``low..high`` whose length is one of ``lengths``."""
        def check(v: Any) -> tuple[int, ...] | None:
            ok = (isinstance(v, list) and len(v) in lengths
                  and all(_is_int(x) and low <= x <= high for x in v))
            return tuple(v) if ok else None
        return self.get(key, check, what, (low,) * lengths[0])

    def raw(self, key: str) -> object:
        """The value as written, unchecked (``None`` when absent)."""
        self._seen.add(key)
        return self._data.get(key)

    def finish(self) -> list[str]:
        """This section's problems, with every key that no reader asked for as unknown."""
        for key in self._data:
            if key not in self._seen:
                self.problem(key, "unknown key")
        return self._problems


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_PIN_RANGE = f"an integer 0-{MAX_BCM_PIN}"


def validate(data: Mapping[str, Any], source: str) -> Config:
    """Turn a parsed TOML document into a :class:`Config`; raises :class:`ConfigError`."""
    problems: list[str] = []
    sections = [f.name for f in fields(Config)]
    for key, value in data.items():
        if key not in sections:
            kind = "section" if isinstance(value, dict) else "top-level key"
            problems.append(f"{source}: [{key}]: unknown {kind}")
    readers = {name: _Section(source, name, data.get(name, {}), []) for name in sections}
    config = Config(
        table=_table(readers["table"]),
        seats=_seats(readers["seats"]),
        camera=_camera(readers["camera"]),
        display=_display(readers["display"]),
        gpio=_gpio(readers["gpio"]),
        panels=_panels(readers["panels"]),
        journal=JournalConfig(state_dir=Path(_nonempty(readers["journal"], "state_dir"))),
        referee=_referee(readers["referee"]),
    )
    for reader in readers.values():
        problems += reader.finish()
    if problems:
        raise ConfigError(problems)
    return config


def _nonempty(sec: _Section, key: str) -> str:
    return sec.get(key, lambda v: v if isinstance(v, str) and v.strip() else None,
                   "a non-empty string", "")


def _table(sec: _Section) -> TableConfig:
    name = _nonempty(sec, "name")
    preset = sec.choice("preset", PRESETS)
    rules = sec.raw("rules")
    if rules is None:
        rules = {}
    if not isinstance(rules, dict):
        sec.problem("rules", f"expected a table of switch overrides, got {toml_value(rules)}")
        rules = {}
    leader = sec.get("first_leader",
                     lambda v: v if v == ASK or (_is_int(v) and 0 <= v < SEATS) else None,
                     f'"{ASK}" (touch the seat on the setup screen) or a seat 0-{SEATS - 1}', ASK)
    return TableConfig(name=name, preset=preset, rules=MappingProxyType(dict(rules)),
                       first_leader=None if leader == ASK else int(leader))


def _seats(sec: _Section) -> SeatsConfig:
    def check(v: Any) -> tuple[str, ...] | None:
        ok = (isinstance(v, list) and len(v) == SEATS
              and all(isinstance(n, str) and n.strip() for n in v) and len(set(v)) == SEATS)
        return tuple(v) if ok else None
    names = sec.get("names", check, f"{SEATS} different non-empty names",
                    tuple(f"S{i}" for i in range(SEATS)))
    return SeatsConfig(names=names)


def _camera(sec: _Section) -> CameraConfig:
    source = sec.choice("source", CAMERA_SOURCES)
    if source in ("file", "folder"):
        device: int | str = _nonempty(sec, "device")
    else:
        device = sec.get("device", lambda v: v if (_is_int(v) and v >= 0) or
                         (isinstance(v, str) and v.strip()) else None,
                         "a camera index (0, 1, …) or a device path", 0)
    size = sec.int_list("resolution", (2,), 16, 8192, "[width, height] in pixels, 16-8192")
    return CameraConfig(source=source, device=device, resolution=(size[0], size[1]))


def _display(sec: _Section) -> DisplayConfig:
    size = sec.int_list("size", (2,), 16, 8192, "[width, height] in pixels, 16-8192")
    return DisplayConfig(size=(size[0], size[1]), fullscreen=sec.boolean("fullscreen"),
                         language=sec.choice("language", LANGUAGES),
                         referee_view=sec.boolean("referee_view"))


def _gpio(sec: _Section) -> GpioConfig:
    def six_or_none(key: str) -> tuple[int, ...]:
        return sec.int_list(key, (0, SEATS), 0, MAX_BCM_PIN,
                            f"[] or a list of {SEATS} integers 0-{MAX_BCM_PIN}, S0 first")

    def optional_pin(key: str) -> int | None:
        pin = sec.get(key, lambda v: v if v is False or (_is_int(v) and 0 <= v <= MAX_BCM_PIN)
                      else None, f"{_PIN_RANGE} or false (not fitted)", False)
        return None if pin is False else pin

    config = GpioConfig(
        enabled=sec.boolean("enabled"),
        pass_pin=sec.integer("pass_pin", 0, MAX_BCM_PIN),
        rang_pin=sec.integer("rang_pin", 0, MAX_BCM_PIN),
        confirm_pin=sec.integer("confirm_pin", 0, MAX_BCM_PIN),
        undo_pin=sec.integer("undo_pin", 0, MAX_BCM_PIN),
        seat_pass_pins=six_or_none("seat_pass_pins"),
        led_pins=six_or_none("led_pins"),
        buzzer_pin=optional_pin("buzzer_pin"),
        bounce_ms=sec.integer("bounce_ms", 0, 1000),
    )
    first_use: dict[int, str] = {}
    for key, pin in _pin_uses(config):
        if pin in first_use:
            sec.problem(key, f"pin {pin} is already used by {first_use[pin]}")
        first_use.setdefault(pin, key)
    return config


def _pin_uses(gpio: GpioConfig) -> Iterator[tuple[str, int]]:
    """Every (key, pin) pair of the GPIO config, list entries as ``key[i]``."""
    for key in ("pass_pin", "rang_pin", "confirm_pin", "undo_pin", "buzzer_pin"):
        pin = getattr(gpio, key)
        if pin is not None:
            yield key, pin
    for key in ("seat_pass_pins", "led_pins"):
        for i, pin in enumerate(getattr(gpio, key)):
            yield f"{key}[{i}]", pin


def _panels(sec: _Section) -> PanelsConfig:
    return PanelsConfig(enabled=sec.boolean("enabled"), port=_nonempty(sec, "port"),
                        baud=sec.integer("baud", 300, 4_000_000))


_PIN_CODE = re.compile(r"[0-9]{4,8}")


def _referee(sec: _Section) -> RefereeConfig:
    pin = sec.get("pin", lambda v: v if isinstance(v, str) and
                  (v == "" or _PIN_CODE.fullmatch(v)) else None,
                  '"" (no PIN) or a string of 4-8 digits', "")
    return RefereeConfig(pin=pin or None)


# --------------------------------------------------------------------------- dumping


def toml_value(value: object) -> str:
    """``value`` written as a TOML value (strings double-quoted, lists in brackets)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, str | Path):
        text = str(value)
        escaped = text.replace("\\", "\\\\").replace('"', '\\"')
        escaped = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\u{ord(m.group()):04x}", escaped)
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    return f"<{type(value).__name__}>"


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else toml_value(key)


def dump(config: Config) -> str:
    """The configuration as a TOML document that :func:`validate` reads back unchanged."""
    out: list[str] = []
    for section in fields(config):
        part = getattr(config, section.name)
        assert is_dataclass(part)
        out.append(f"[{section.name}]")
        tables: list[tuple[str, Mapping[str, Any]]] = []
        for item in fields(part):
            value = getattr(part, item.name)
            if isinstance(value, Mapping):
                tables.append((item.name, value))
            elif value is None:
                out.append(f"{item.name} = {toml_value(_NONE_AS[item.name])}")
            else:
                out.append(f"{item.name} = {toml_value(value)}")
        for name, table in tables:
            out.append(f"\n[{section.name}.{name}]")
            out.extend(f"{_key(k)} = {toml_value(v)}" for k, v in table.items())
        out.append("")
    return "\n".join(out)


# How an absent optional value is written in TOML.
_NONE_AS: dict[str, object] = {"buzzer_pin": False, "pin": "", "first_leader": ASK}
