"""Ctrl-C stops a long computation within a second, and long
computations release the GIL."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import grundy

CHILD = textwrap.dedent(
    """
    import sys, time, grundy
    kind, spec, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if kind == "rules":
        game = grundy.Game.from_rules(lambda n: [[n - s] for s in (1, 3, 4) if s <= n])
    else:
        game = grundy.Game(spec)
    print("started", flush=True)
    try:
        # allow_long: the estimate must not refuse it on a slow machine.
        if kind == "search":
            # A misère search over sums: about ten seconds, in one call.
            game.eval("(14,12) (9,11) (8,13)", misere=True)
        elif kind == "solve":
            # Cram 5x6's state space: seconds of listing, then the
            # workers' values.
            import tempfile
            grundy.solve("cram", tempfile.mkdtemp(), "5x6")
        elif kind == "period":
            game.period(max=count, allow_long=True)
        else:
            game.values(count, allow_long=True)
    except KeyboardInterrupt:
        print("interrupted", time.monotonic(), flush=True)
        sys.exit(0)
    print("finished", flush=True)
    sys.exit(3)
    """
)


@pytest.mark.parametrize(
    "kind,spec,count",
    [
        # Grundy's game by the dense engine: minutes for 2^26 values.
        ("values", "4!.0", 1 << 26),
        # The same through the period search.
        ("period", "4!.0", 1 << 26),
        # Rules written in Python: one call per heap, 10^8 heaps.
        ("rules", "", 10**8),
        # A search (misère sums of Wythoff positions), stopped through
        # grundy::stop's checks.
        ("search", "wythoff", 0),
        # A dataflow solve, which runs off Python's thread: the listing
        # of its state space checks the flag Ctrl-C raises.
        ("solve", "cram", 0),
    ],
)
def test_ctrl_c_stops_a_long_computation_within_a_second(kind, spec, count):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, kind, spec, str(count)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.7)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=20)
    finally:
        child.kill()
    assert child.returncode == 0, (out, err)
    word, at = out.split()
    assert word == "interrupted"
    assert float(at) - sent < 1.0, float(at) - sent


def test_long_computations_release_the_gil():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    ticker = threading.Thread(target=tick)
    ticker.start()
    started = time.monotonic()
    grundy.Game("4!.0").values(1 << 19)
    elapsed = time.monotonic() - started
    stop.set()
    ticker.join()
    during = [t for t in ticks if started <= t <= started + elapsed]
    # The other thread ran all along: about one tick per 10 ms.
    assert elapsed > 0.1, elapsed
    assert len(during) > elapsed / 0.01 * 0.5, (len(during), elapsed)
