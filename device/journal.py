"""The on-disk journal (日志): every accepted event, durable before it is shown.

One SQLite database, ``journal.sqlite3`` in the state directory, in WAL mode.
It holds deals and an append-only list of events.  An event is one of the
engine's record lines, kept as an opaque string, with the deal it belongs to,
a journal-wide sequence number, a timestamp and optionally a reference to a
camera-frame evidence file.  Events are never changed or deleted (triggers
in the database refuse it): undo is a correction event appended with
``corrects=`` naming the event it takes back, and finishing a deal only
stamps its finish time, once.

Durability: the connection runs ``synchronous=FULL``.  In WAL mode ``NORMAL``
already survives a crash of this process, but after a power cut it may lose
the last commits — and a power cut (a kicked plug under a card table) is the
case that matters here.  ``FULL`` fsyncs the WAL at every commit, so when
:meth:`Journal.append` returns the event is on the card.  The cost is one
fsync per event, at a few events a minute.

On open, a file that is not our journal — not SQLite, damaged, another
program's database (``application_id``), or an unknown schema version — is
renamed aside with a timestamp (never overwritten) and a fresh journal is
started; :attr:`Journal.moved_aside` tells the caller to report it.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

FILENAME = "journal.sqlite3"
EVIDENCE_DIR = "evidence"
APPLICATION_ID = 0x474A5442  # "GJTB"
SCHEMA_VERSION = 1

_SCHEMA = (
    """CREATE TABLE deals (
        deal_id     TEXT PRIMARY KEY,
        started_at  REAL NOT NULL,
        finished_at REAL
    )""",
    """CREATE TABLE events (
        seq      INTEGER PRIMARY KEY,
        deal_id  TEXT NOT NULL REFERENCES deals(deal_id),
        ts       REAL NOT NULL,
        line     TEXT NOT NULL,
        blob_ref TEXT,
        corrects INTEGER REFERENCES events(seq)
    )""",
    "CREATE INDEX events_by_deal ON events(deal_id, seq)",
    "CREATE UNIQUE INDEX one_correction_each ON events(corrects) WHERE corrects IS NOT NULL",
    "CREATE UNIQUE INDEX one_open_deal ON deals((finished_at IS NULL)) WHERE finished_at IS NULL",
    # The record is append-only, also against a slip in our own code.
    """CREATE TRIGGER events_never_change BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END""",
    """CREATE TRIGGER events_never_go BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END""",
    """CREATE TRIGGER deals_finish_once BEFORE UPDATE ON deals
       WHEN OLD.finished_at IS NOT NULL OR NEW.deal_id IS NOT OLD.deal_id
            OR NEW.started_at IS NOT OLD.started_at
       BEGIN SELECT RAISE(ABORT, 'a deal is only ever finished, once'); END""",
    """CREATE TRIGGER deals_never_go BEFORE DELETE ON deals
       BEGIN SELECT RAISE(ABORT, 'journal deals are never deleted'); END""",
)

_DEAL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


class JournalError(Exception):
    """A request the journal refuses (bad input, wrong deal state) or a journal it cannot use."""


@dataclass(frozen=True)
class Event:
    """One journalled event: a record line of a deal."""

    seq: int
    deal_id: str
    ts: float
    line: str
    blob_ref: str | None = None
    corrects: int | None = None


@dataclass(frozen=True)
class MovedAside:
    """A file found where the journal should be, renamed so that nothing is lost."""

    reason: str
    paths: tuple[Path, ...]


class Journal:
    """The journal in one state directory; open it with :meth:`open`."""

    def __init__(self, conn: sqlite3.Connection, state_dir: Path,
                 clock: Callable[[], float], moved_aside: MovedAside | None) -> None:
        self._conn = conn
        self.state_dir = state_dir
        self._clock = clock
        self.moved_aside = moved_aside

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, state_dir: str | os.PathLike[str], *, clock: Callable[[], float] = time.time,
             recover: bool = True) -> Journal:
        """Open (or create) the journal in ``state_dir``.

        A file that is not a usable journal is moved aside and a fresh one
        started when ``recover`` is true; otherwise :class:`JournalError` is
        raised and the file is left alone (for read-only tools such as export).
        """
        directory = Path(state_dir)
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise JournalError(f"cannot create state directory {directory}: {exc}") from None
        path = directory / FILENAME
        moved = None
        problem = _check_file(path)
        if problem is not None:
            if not recover:
                raise JournalError(f"{path}: {problem}")
            try:
                moved = MovedAside(problem, _move_aside(path, clock()))
            except OSError as exc:
                raise JournalError(f"{path}: {problem}; cannot move it aside: {exc}") from None
        journal = cls(_connect(path), directory, clock, moved)
        with journal._write() as conn:  # schema and marks in one transaction: all or nothing
            if _user_version(conn) == 0:
                for statement in _SCHEMA:
                    conn.execute(statement)
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return journal

    def close(self) -> None:
        """Close the database (everything appended is already durable)."""
        self._conn.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ deals

    def open_deal(self) -> str | None:
        """The id of the deal started and not yet finished, if any."""
        row = self._conn.execute("SELECT deal_id FROM deals WHERE finished_at IS NULL").fetchone()
        return None if row is None else str(row[0])

    def resume(self) -> list[Event]:
        """The unfinished deal's events in order, to replay after a restart ([] if none)."""
        deal = self.open_deal()
        return [] if deal is None else self.events(deal)

    def start_deal(self, deal_id: str) -> None:
        """Start a new deal; refused while another is unfinished or if the id was used."""
        if not isinstance(deal_id, str) or not _DEAL_ID.fullmatch(deal_id):
            raise JournalError(f"deal id {deal_id!r}: expected 1-64 letters, digits, '.', '_' "
                               "or '-', starting with a letter or digit")
        with self._write() as conn:
            current = self.open_deal()
            if current is not None:
                raise JournalError(f"deal {current} is not finished; finish it before "
                                   f"starting {deal_id}")
            if conn.execute("SELECT 1 FROM deals WHERE deal_id = ?", (deal_id,)).fetchone():
                raise JournalError(f"deal id {deal_id} was already used")
            conn.execute("INSERT INTO deals (deal_id, started_at) VALUES (?, ?)",
                         (deal_id, self._clock()))

    def finish_deal(self, deal_id: str) -> None:
        """Mark the unfinished deal ``deal_id`` complete (it becomes exportable)."""
        with self._write() as conn:
            self._require_open(deal_id)
            conn.execute("UPDATE deals SET finished_at = ? WHERE deal_id = ?",
                         (self._clock(), deal_id))

    def finished_deals(self) -> list[str]:
        """Ids of completed deals, in the order they were started."""
        rows = self._conn.execute("SELECT deal_id FROM deals WHERE finished_at IS NOT NULL "
                                  "ORDER BY started_at, rowid")
        return [str(r[0]) for r in rows]

    # ------------------------------------------------------------------ events

    def append(self, deal_id: str, line: str, *, blob_ref: str | None = None,
               corrects: int | None = None) -> Event:
        """Append one record line to the unfinished deal; durable when this returns.

        ``corrects`` names the ``seq`` of an earlier event of the same deal that
        this event takes back (undo, 撤销); each event can be corrected once.
        """
        if not isinstance(line, str) or not line or "\n" in line or "\r" in line:
            raise JournalError(f"record line {line!r}: expected one non-empty line of text")
        if blob_ref is not None and (not isinstance(blob_ref, str) or not blob_ref.strip()):
            raise JournalError(f"blob reference {blob_ref!r}: expected a non-empty string")
        with self._write() as conn:
            self._require_open(deal_id)
            if corrects is not None:
                self._check_correctable(deal_id, corrects)
            ts = self._clock()
            cursor = conn.execute(
                "INSERT INTO events (deal_id, ts, line, blob_ref, corrects) VALUES (?, ?, ?, ?, ?)",
                (deal_id, ts, line, blob_ref, corrects))
            seq = cursor.lastrowid
        assert seq is not None
        return Event(seq, deal_id, ts, line, blob_ref, corrects)

    def events(self, deal_id: str) -> list[Event]:
        """All events of ``deal_id`` in order."""
        rows = self._conn.execute(
            "SELECT seq, deal_id, ts, line, blob_ref, corrects FROM events "
            "WHERE deal_id = ? ORDER BY seq", (deal_id,))
        return [Event(*row) for row in rows]

    def save_evidence(self, data: bytes, suffix: str = ".jpg") -> str:
        """Store a camera frame durably; returns the ``blob_ref`` to append with its event.

        Files are named by content hash under ``evidence/``, so saving the same
        frame twice is harmless.
        """
        if not re.fullmatch(r"\.[A-Za-z0-9]{1,8}", suffix):
            raise JournalError(f"evidence suffix {suffix!r}: expected e.g. '.jpg'")
        ref = f"{EVIDENCE_DIR}/{hashlib.sha256(data).hexdigest()}{suffix}"
        target = self.state_dir / ref
        if not target.exists():
            target.parent.mkdir(exist_ok=True)
            _write_durably(target, data)
        return ref

    # ------------------------------------------------------------------ export

    def export(self, out_dir: str | os.PathLike[str]) -> list[Path]:
        """Write each completed deal to ``OUT/<deal id>.txt``, its record lines in order,
        leaving out events that were undone and the corrections that undid them."""
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for deal in self.finished_deals():
            events = self.events(deal)
            # An undone event and the correction that undid it are not part of the record.
            undone = {e.corrects for e in events if e.corrects is not None}
            kept = [e for e in events if e.corrects is None and e.seq not in undone]
            text = "".join(event.line + "\n" for event in kept)
            target = out / f"{deal}.txt"
            _write_durably(target, text.encode("utf-8"))
            written.append(target)
        return written

    # ------------------------------------------------------------------ helpers

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One immediate transaction, committed (and so fsynced) on leaving."""
        conn = self._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _require_open(self, deal_id: str) -> None:
        row = self._conn.execute("SELECT finished_at FROM deals WHERE deal_id = ?",
                                 (deal_id,)).fetchone()
        if row is None:
            raise JournalError(f"deal {deal_id!r} was never started")
        if row[0] is not None:
            raise JournalError(f"deal {deal_id} is finished; its record is closed")

    def _check_correctable(self, deal_id: str, seq: int) -> None:
        row = self._conn.execute("SELECT deal_id FROM events WHERE seq = ?", (seq,)).fetchone()
        if row is None or row[0] != deal_id:
            raise JournalError(f"cannot correct event {seq}: no such event in deal {deal_id}")
        if self._conn.execute("SELECT 1 FROM events WHERE corrects = ?", (seq,)).fetchone():
            raise JournalError(f"event {seq} was already corrected")


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a commit is never deferred.
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _check_file(path: Path) -> str | None:
    """Why the file at ``path`` is not a usable journal, or ``None`` if it is (or is absent)."""
    if not path.exists() or (path.stat().st_size == 0 and not _sidecars(path)):
        return None
    if not os.access(path, os.R_OK | os.W_OK):
        raise JournalError(f"{path}: permission denied (the journal belongs to another user?)")
    try:
        # Read-write, as a read-only open cannot replay the WAL a crash leaves behind;
        # nothing here writes to the file.
        conn = sqlite3.connect(path)
        try:
            app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
            version = _user_version(conn)
            tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if app_id != APPLICATION_ID:
                if app_id == 0 and version == 0 and tables == 0:
                    return None  # an empty database: ours to initialise
                return f"not a gouji-table journal (application_id {app_id:#x})"
            if version != SCHEMA_VERSION:
                return f"journal schema version {version}, this program reads {SCHEMA_VERSION}"
            check = [r[0] for r in conn.execute("PRAGMA quick_check")]
            if check != ["ok"]:
                return "damaged journal: " + "; ".join(check[:3])
        finally:
            conn.close()
    except sqlite3.OperationalError as exc:
        # cannot open, locked, I/O error: a problem of access, not of the file; leave it be
        raise JournalError(f"{path}: cannot read the journal: {exc}") from None
    except sqlite3.DatabaseError as exc:  # not a database, malformed
        return f"unreadable journal: {exc}"
    return None


def _sidecars(path: Path) -> list[Path]:
    return [p for p in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"))
            if p.exists()]


def _move_aside(path: Path, now: float) -> tuple[Path, ...]:
    """Rename the file and its WAL/SHM companions to ``*.bad-<UTC time>``, never overwriting."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now))
    suffix = f".bad-{stamp}"
    n = 1
    while any(p.with_name(p.name + suffix).exists() for p in [path, *_sidecars(path)]):
        n += 1
        suffix = f".bad-{stamp}-{n}"
    moved = []
    for p in [path, *_sidecars(path)]:
        target = p.with_name(p.name + suffix)
        p.rename(target)
        moved.append(target)
    _fsync_dir(path.parent)
    return tuple(moved)


def _write_durably(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` atomically: temp file, fsync, rename, fsync directory."""
    tmp = target.with_name(f".{target.name}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, target)
    _fsync_dir(target.parent)


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
