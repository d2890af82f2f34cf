"""SIGKILL a process appending to the journal, again and again: nothing acknowledged is lost."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from device.journal import Journal

ROOT = Path(__file__).resolve().parents[2]

# The child resumes the unfinished deal (or starts one), then appends numbered lines
# forever, printing each seq only after append() has returned; every 25 events it
# finishes the deal and starts the next, so kills also land around those commits.
CHILD = textwrap.dedent("""
    import sys
    from device.journal import Journal
    state_dir, round_no = sys.argv[1], sys.argv[2]
    journal = Journal.open(state_dir)
    deal = journal.open_deal()
    n = 0
    while True:
        if deal is None:
            deal = f"r{round_no}-d{n}"
            journal.start_deal(deal)
        event = journal.append(deal, f"round {round_no} event {n}")
        print(event.seq, flush=True)
        n += 1
        if n % 25 == 0:
            journal.finish_deal(deal)
            deal = None
""")


def run_and_kill(state_dir: Path, round_no: int, delay: float) -> list[int]:
    """Run the child for ``delay`` seconds, SIGKILL it, return the seqs it acknowledged."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # Unbuffered binary pipes: communicate() reads the raw descriptor, so nothing may sit
    # in a Python-side buffer when it takes over.
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(state_dir), str(round_no)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, bufsize=0)
    # Wait for the first acknowledgement so that the kill lands mid-appending, not at import.
    assert child.stdout is not None
    first = b""
    while not first.endswith(b"\n") and (byte := child.stdout.read(1)):
        first += byte
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    rest, err = child.communicate(timeout=10)
    assert child.returncode == -signal.SIGKILL, err.decode()
    return [int(x) for x in (first + rest).split()]


def test_sigkill_loses_and_doubles_nothing(tmp_path: Path) -> None:
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    acknowledged: list[int] = []
    for round_no in range(8):
        acknowledged += run_and_kill(tmp_path, round_no, rng.uniform(0.02, 0.4))

        with Journal.open(tmp_path) as journal:
            assert journal.moved_aside is None, f"seed {seed}: {journal.moved_aside}"
            deals = [*journal.finished_deals()]
            open_deal = journal.open_deal()
            if open_deal is not None:
                deals.append(open_deal)
                assert journal.resume() == journal.events(open_deal)
            stored = [e for deal in deals for e in journal.events(deal)]
        seqs = [e.seq for e in stored]
        lines = [e.line for e in stored]
        assert len(set(seqs)) == len(seqs), f"seed {seed}: doubled seq"
        assert len(set(lines)) == len(lines), f"seed {seed}: doubled event"
        missing = set(acknowledged) - set(seqs)
        assert not missing, f"seed {seed}: acknowledged but lost: {sorted(missing)}"
        # Beyond those: at most the one event per round committed, then killed before its
        # acknowledgement was printed.
        assert len(seqs) - len(acknowledged) <= round_no + 1, f"seed {seed}"
    assert len(acknowledged) > 8 * 2, "the child barely ran; the test proved little"

