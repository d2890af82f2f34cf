"""Talk to systemd's service manager (READY=1, WATCHDOG=1, STATUS=…) without a dependency.

systemd passes ``$NOTIFY_SOCKET`` to a ``Type=notify`` service: a datagram
socket path, or an abstract one written with a leading ``@``.  Outside
systemd the variable is absent and every call is a harmless no-op, so the
main loop can notify unconditionally.  ``$WATCHDOG_USEC`` (with
``$WATCHDOG_PID``) says how often the watchdog must be fed; feed it from the
main loop itself, not from a helper thread, so that a hung loop is caught.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger(__name__)


class Notifier:
    """Sends ``sd_notify`` messages; built from the environment by default."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        self._address = "\0" + address[1:] if address.startswith("@") else address
        self._watchdog_usec = env.get("WATCHDOG_USEC", "")
        self._watchdog_pid = env.get("WATCHDOG_PID", "")

    @property
    def enabled(self) -> bool:
        """Whether a service manager is listening."""
        return bool(self._address)

    def notify(self, *assignments: str) -> bool:
        """Send ``KEY=value`` lines in one datagram; ``False`` if not under systemd or it failed."""
        if not self._address:
            return False
        message = "\n".join(assignments).encode("utf-8")
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.sendto(message, self._address)
        except OSError as exc:
            log.warning("sd_notify to %r failed: %s", self._address, exc)
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        """Startup is complete (``READY=1``), with an optional status line."""
        return self.notify("READY=1", *self._status(status))

    def watchdog(self) -> bool:
        """Feed the watchdog (``WATCHDOG=1``)."""
        return self.notify("WATCHDOG=1")

    def status(self, text: str) -> bool:
        """Set the one-line status shown by ``systemctl status``."""
        return self.notify(*self._status(text))

    def stopping(self) -> bool:
        """Shutdown has begun (``STOPPING=1``)."""
        return self.notify("STOPPING=1")

    def watchdog_interval(self) -> float | None:
        """Seconds between watchdog pings: half the configured timeout; ``None`` if unset."""
        if self._watchdog_pid and self._watchdog_pid != str(os.getpid()):
            return None  # the watchdog is meant for another process (e.g. our parent)
        try:
            usec = int(self._watchdog_usec)
        except ValueError:
            return None
        return usec / 2e6 if usec > 0 else None

    @staticmethod
    def _status(text: str | None) -> list[str]:
        return [] if text is None else ["STATUS=" + " ".join(text.splitlines())]
