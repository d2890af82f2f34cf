"""SIGKILL the running appliance again and again: after each restart the deal is rebuilt from
the journal, and no event shown is lost or doubled.

The child is ``device.run.serve`` with a scripted camera side feeding a bot deal's plays
(passes left for the loop to infer); it prints the journal seq of every event once the
screen has shown it.  The kill-and-collect helper is the journal kill test's.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from device.journal import Journal
from device.referee_loop import deal_from_events
from gouji.deal import DealState
from gouji.record import write_deal
from gouji.setup import DealSetup
from tests.device import test_journal_kill
from tests.device.run_fakes import bot_plays, write_config
from tests.device.waiting import wait_until

CHILD = textwrap.dedent("""
    import os, sys, threading
    from pathlib import Path
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    from device.config import load
    from device.journal import Journal
    from device.referee_loop import deal_from_events
    from device.run import serve
    from device.synthetic_table import record_plays
    from gouji.actions import PlayCards
    from tests.device.run_fakes import ScriptedReadings

    tmp = Path(sys.argv[1])
    config = load(tmp / "config.toml")
    with Journal.open(config.journal.state_dir) as journal:
        deal = journal.open_deal()
        events = journal.events(deal) if deal else []
        recorded = deal_from_events(events) if events else None
        done = 0 if recorded is None else sum(isinstance(a, PlayCards) for a in recorded.actions)
        last = events[-1].seq if events else 0
    print(last, flush=True)
    readings = ScriptedReadings(record_plays(tmp / "deal.gjr"), every=0.04, skip=done)
    shown = [last]

    def after(app):
        for event in app.journal.events(app.referee.deal_id):
            if event.seq > shown[0]:
                shown[0] = event.seq
                print(event.seq, flush=True)

    serve(config, threading.Event(), headless=True, readings=readings, after_tick=after)
""")


def test_sigkill_mid_deal_loses_and_doubles_nothing(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    log, _ = bot_plays(seed=5, limit=60)
    setup = DealSetup("match", 0, counts=(36,) * 6)
    (tmp_path / "deal.gjr").write_text(write_deal(setup, log), encoding="utf-8")
    write_config(tmp_path, "[gpio]\nenabled = false\n")
    monkeypatch.setattr(test_journal_kill, "CHILD", CHILD)
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    acknowledged: set[int] = set()
    lengths = []
    for round_no in range(6):
        acknowledged |= set(test_journal_kill.run_and_kill(tmp_path, round_no,
                                                           rng.uniform(0.3, 1.2)))
        with Journal.open(tmp_path / "state") as journal:
            assert journal.moved_aside is None, f"seed {seed}"
            deal_id = journal.open_deal()
            assert deal_id is not None, f"seed {seed}"
            events = journal.events(deal_id)
        seqs = {e.seq for e in events}
        missing = acknowledged - {0} - seqs
        assert not missing, f"seed {seed}: shown but lost: {sorted(missing)}"
        deal = deal_from_events(events)
        assert deal is not None
        live = list(deal.log)
        assert live == log[:len(live)], f"seed {seed}: round {round_no}: doubled or out of order"
        assert not any(e.refused for e in deal.events), f"seed {seed}"
        DealState.replay(deal.setup, live)  # the state rebuilds from the journal alone
        lengths.append(len(live))
    assert lengths == sorted(lengths), f"seed {seed}: the record went backwards: {lengths}"
    assert lengths[-1] > 10, f"seed {seed}: the child barely ran ({lengths})"


def test_sigterm_stops_the_service_cleanly(tmp_path: Path) -> None:
    config = write_config(tmp_path, "[gpio]\nenabled = false\n")
    env = {**os.environ, "PYTHONPATH": str(test_journal_kill.ROOT), "SDL_VIDEODRIVER": "dummy"}
    child = subprocess.Popen([sys.executable, "-m", "device.cli", "run", "--config", str(config),
                              "--headless"], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    try:
        assert wait_until(lambda: (tmp_path / "state" / "journal.sqlite3").exists(), timeout=30)
        time.sleep(1.0)
        assert child.poll() is None
        child.send_signal(signal.SIGTERM)
        _, err = child.communicate(timeout=15)
    finally:
        child.kill()
    assert child.returncode == 0, err.decode()
    with Journal.open(tmp_path / "state") as journal:
        deal = journal.open_deal()
        assert deal is not None and journal.events(deal)[0].line.startswith("[")
