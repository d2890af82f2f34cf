"""sd_notify over a datagram socket the test binds itself."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.sdnotify import Notifier


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    path = str(tmp_path / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(path)
        sock.settimeout(2)
        yield sock, path


def test_messages_arrive_as_systemd_expects(listener: tuple[socket.socket, str]) -> None:
    sock, path = listener
    notifier = Notifier({"NOTIFY_SOCKET": path})
    assert notifier.enabled
    assert notifier.ready("等待开局 waiting\nfor a deal")
    assert sock.recv(4096) == "READY=1\nSTATUS=等待开局 waiting for a deal".encode()
    assert notifier.watchdog()
    assert sock.recv(4096) == b"WATCHDOG=1"
    assert notifier.status("deal 3")
    assert sock.recv(4096) == b"STATUS=deal 3"
    assert notifier.stopping()
    assert sock.recv(4096) == b"STOPPING=1"


def test_abstract_socket_address() -> None:
    name = f"gouji-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(2)
        assert Notifier({"NOTIFY_SOCKET": "@" + name}).watchdog()
        assert sock.recv(64) == b"WATCHDOG=1"


def test_outside_systemd_everything_is_a_no_op() -> None:
    notifier = Notifier({})
    assert not notifier.enabled
    assert not notifier.ready() and not notifier.watchdog()
    assert notifier.watchdog_interval() is None


def test_a_vanished_socket_is_reported_not_raised(tmp_path: Path) -> None:
    assert not Notifier({"NOTIFY_SOCKET": str(tmp_path / "gone.sock")}).ready()


def test_watchdog_interval_is_half_the_timeout() -> None:
    assert Notifier({"WATCHDOG_USEC": "30000000"}).watchdog_interval() == 15.0
    mine = {"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": str(os.getpid())}
    assert Notifier(mine).watchdog_interval() == 5.0
    assert Notifier({**mine, "WATCHDOG_PID": "1"}).watchdog_interval() is None
    assert Notifier({"WATCHDOG_USEC": "junk"}).watchdog_interval() is None
    assert Notifier({"WATCHDOG_USEC": "0"}).watchdog_interval() is None
