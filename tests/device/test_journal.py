"""The journal: append/replay, undo as correction, refusals, bad files moved aside, export."""

from __future__ import annotations

import argparse
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from device import cli_export
from device import journal as journal_module
from device.journal import APPLICATION_ID, FILENAME, Journal, JournalError


class Clock:
    """A clock that ticks one second per reading."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal.open(tmp_path, clock=Clock()) as j:
        yield j


def test_resume_replays_the_unfinished_deal_in_order(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        j.start_deal("d1")
        j.append("d1", "deal d1 started")
        j.append("d1", "seat 1 plays 333", blob_ref="evidence/x.jpg")
        j.finish_deal("d1")
        j.start_deal("d2")
        first = j.append("d2", "deal d2 started")
        second = j.append("d2", "seat 2 过牌")
    with Journal.open(tmp_path) as j:
        assert j.moved_aside is None
        assert j.open_deal() == "d2"
        assert j.resume() == [first, second]
        assert [e.line for e in j.events("d1")] == ["deal d1 started", "seat 1 plays 333"]
        assert j.events("d1")[1].blob_ref == "evidence/x.jpg"


def test_no_unfinished_deal_resumes_nothing(journal: Journal) -> None:
    assert journal.resume() == []
    journal.start_deal("d1")
    journal.append("d1", "x")
    journal.finish_deal("d1")
    assert journal.resume() == []


def test_database_is_ours_in_wal_mode_with_full_sync(journal: Journal, tmp_path: Path) -> None:
    conn = journal._conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert (tmp_path / FILENAME).exists()


def test_undo_is_an_appended_correction(journal: Journal) -> None:
    journal.start_deal("d1")
    play = journal.append("d1", "seat 1 plays KK")
    undo = journal.append("d1", "undo: seat 1 plays KK", corrects=play.seq)
    assert undo.seq > play.seq and undo.corrects == play.seq
    assert journal.events("d1") == [play, undo]  # nothing deleted
    with pytest.raises(JournalError, match="already corrected"):
        journal.append("d1", "undo again", corrects=play.seq)
    with pytest.raises(JournalError, match="no such event"):
        journal.append("d1", "undo nothing", corrects=999)


def test_cannot_correct_another_deals_event(journal: Journal) -> None:
    journal.start_deal("d1")
    old = journal.append("d1", "a")
    journal.finish_deal("d1")
    journal.start_deal("d2")
    with pytest.raises(JournalError, match="no such event in deal d2"):
        journal.append("d2", "undo", corrects=old.seq)


@pytest.mark.parametrize("line", ["", "two\nlines", "cr\r", None, 5])
def test_bad_lines_are_refused_and_nothing_recorded_is_lost(journal: Journal, line: object) -> None:
    journal.start_deal("d1")
    kept = journal.append("d1", "kept")
    with pytest.raises(JournalError, match="record line"):
        journal.append("d1", line)  # type: ignore[arg-type]
    assert journal.events("d1") == [kept]


@pytest.mark.parametrize("deal_id", ["", "../etc", "a/b", "-x", "x" * 65, 3])
def test_bad_deal_ids_are_refused(journal: Journal, deal_id: object) -> None:
    with pytest.raises(JournalError, match="deal id"):
        journal.start_deal(deal_id)  # type: ignore[arg-type]


def test_deal_lifecycle_refusals(journal: Journal) -> None:
    with pytest.raises(JournalError, match="never started"):
        journal.append("nope", "x")
    journal.start_deal("d1")
    with pytest.raises(JournalError, match="d1 is not finished"):
        journal.start_deal("d2")
    journal.finish_deal("d1")
    with pytest.raises(JournalError, match="finished"):
        journal.append("d1", "late")
    with pytest.raises(JournalError, match="already used"):
        journal.start_deal("d1")
    with pytest.raises(JournalError, match="finished"):
        journal.finish_deal("d1")


def _bad_files(tmp_path: Path) -> list[Path]:
    return sorted(p for p in tmp_path.iterdir() if ".bad-" in p.name)


def test_garbage_file_is_moved_aside_not_overwritten(tmp_path: Path) -> None:
    garbage = b"this is not sqlite " * 100
    (tmp_path / FILENAME).write_bytes(garbage)
    with Journal.open(tmp_path) as j:
        assert j.moved_aside is not None
        assert "unreadable" in j.moved_aside.reason
        j.start_deal("d1")  # a fresh, working journal
    [moved] = _bad_files(tmp_path)
    assert moved.read_bytes() == garbage
    assert moved.name.startswith(FILENAME + ".bad-")


def test_foreign_database_is_moved_aside(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / FILENAME)
    conn.execute("CREATE TABLE photos (name TEXT)")
    conn.execute("INSERT INTO photos VALUES ('holiday')")
    conn.commit()
    conn.close()
    with Journal.open(tmp_path) as j:
        assert j.moved_aside is not None
        assert "not a gouji-table journal" in j.moved_aside.reason
    [moved] = _bad_files(tmp_path)
    rows = sqlite3.connect(moved).execute("SELECT name FROM photos").fetchall()
    assert rows == [("holiday",)]


def test_unknown_schema_version_is_moved_aside(tmp_path: Path) -> None:
    with Journal.open(tmp_path) as j:
        j.start_deal("d1")
    conn = sqlite3.connect(tmp_path / FILENAME)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with Journal.open(tmp_path) as j:
        assert j.moved_aside is not None and "version 99" in j.moved_aside.reason
        assert j.open_deal() is None


def test_truncated_journal_is_moved_aside_twice_without_clobbering(tmp_path: Path) -> None:
    clock = Clock()
    with Journal.open(tmp_path, clock=clock) as j:
        j.start_deal("d1")
        for i in range(300):
            j.append("d1", f"event {i} " + "x" * 200)
        j._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = (tmp_path / FILENAME).read_bytes()
    for _ in range(2):
        (tmp_path / FILENAME).write_bytes(data[: len(data) // 2])
        clock.now -= 2  # the same second: the second move must pick another name
        with Journal.open(tmp_path, clock=clock) as j:
            assert j.moved_aside is not None
    assert len(_bad_files(tmp_path)) == 2


def test_read_only_use_refuses_instead_of_moving(tmp_path: Path) -> None:
    (tmp_path / FILENAME).write_bytes(b"garbage" * 200)
    with pytest.raises(JournalError, match="unreadable"):
        Journal.open(tmp_path, recover=False)
    assert _bad_files(tmp_path) == []


def test_evidence_is_stored_by_content(journal: Journal, tmp_path: Path) -> None:
    ref = journal.save_evidence(b"\xff\xd8jpeg")
    assert journal.save_evidence(b"\xff\xd8jpeg") == ref
    assert (tmp_path / ref).read_bytes() == b"\xff\xd8jpeg"
    with pytest.raises(JournalError, match="suffix"):
        journal.save_evidence(b"x", suffix="/../../etc")


def _finished_and_open(journal: Journal) -> None:
    journal.start_deal("d1")
    journal.append("d1", "deal 1")
    journal.append("d1", "seat 3 让牌")
    journal.finish_deal("d1")
    journal.start_deal("d2")
    journal.append("d2", "deal 2")


def test_export_writes_completed_deals_only(journal: Journal, tmp_path: Path) -> None:
    _finished_and_open(journal)
    [path] = journal.export(tmp_path / "out")
    assert path.name == "d1.txt"
    assert path.read_text("utf-8") == "deal 1\nseat 3 让牌\n"


def test_export_leaves_out_undone_events(journal: Journal, tmp_path: Path) -> None:
    journal.start_deal("d1")
    journal.append("d1", "1. S0 play 555")
    wrong = journal.append("d1", "2. S1 play 666")
    journal.append("d1", "undo 2. S1 play 666", corrects=wrong.seq)
    journal.append("d1", "2. S1 play 777")
    journal.finish_deal("d1")
    [path] = journal.export(tmp_path / "out")
    assert path.read_text("utf-8") == "1. S0 play 555\n2. S1 play 777\n"


def test_export_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state"
    with Journal.open(state) as j:
        _finished_and_open(j)
    conf = tmp_path / "c.toml"
    conf.write_text(f'[journal]\nstate_dir = "{state}"\n')
    args = argparse.Namespace(config=str(conf), out=str(tmp_path / "out"))
    assert cli_export.run(args) == 0
    assert (tmp_path / "out" / "d1.txt").read_text("utf-8") == "deal 1\nseat 3 让牌\n"
    assert not (tmp_path / "out" / "d2.txt").exists()

    conf.write_text(f'[journal]\nstate_dir = "{tmp_path / "empty"}"\n')
    assert cli_export.run(args) == 1
    assert "no journal" in capsys.readouterr().err


def test_an_unreadable_journal_is_reported_and_left_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Journal.open(tmp_path) as j:
        j.start_deal("d1")
    # as if the file belonged to another user (chmod does not stop root, who runs CI here)
    monkeypatch.setattr(journal_module.os, "access", lambda path, mode: False)
    with pytest.raises(JournalError, match="permission denied"):
        Journal.open(tmp_path)
    monkeypatch.undo()
    assert _bad_files(tmp_path) == []
    with Journal.open(tmp_path) as j:
        assert j.open_deal() == "d1"


def test_a_locked_journal_is_reported_not_moved(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with Journal.open(tmp_path) as j:
        j.start_deal("d1")

    def busy(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(journal_module.sqlite3, "connect", busy)
    with pytest.raises(JournalError, match="cannot read the journal: database is locked"):
        Journal.open(tmp_path)
    monkeypatch.undo()
    assert _bad_files(tmp_path) == []


def test_the_database_itself_refuses_to_rewrite_history(journal: Journal) -> None:
    journal.start_deal("d1")
    journal.append("d1", "seat 1 plays 33")
    journal.finish_deal("d1")
    conn = journal._conn
    for sql, why in [("UPDATE events SET line = 'forged'", "append-only"),
                     ("DELETE FROM events", "append-only"),
                     ("UPDATE deals SET finished_at = NULL", "finished, once"),
                     ("DELETE FROM deals", "never deleted")]:
        with pytest.raises(sqlite3.DatabaseError, match=why):
            conn.execute(sql)
    assert [e.line for e in journal.events("d1")] == ["seat 1 plays 33"]
