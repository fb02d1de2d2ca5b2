"""Benchmarks of the Python module (run by hand: they measure, CI does not).

    python crates/grundy-py/bench/bench.py [--runs 5] [--cli target/release/grundy]

1. ``grundy.Game("officers").values(2**20)`` against the CLI's whole
   command ``grundy seq officers -n 2^20``, both as whole processes, runs
   interleaved (A, B, A, B, ...) so that the machine's load hits both
   alike; the medians and their ratio are printed.
2. Rules written in Python (``Game.from_rules``): values per second for a
   subtraction game and a splitting game, and the overhead per call: the
   time per heap through grundy minus the time of calling the same
   function from a plain Python loop.
3. A game on positions of any kind (``Game.from_moves``): a king walking
   to the corner of a board, positions (r, c), its table up to 299 (90,000
   positions, three moves each): positions per second, checked against
   the king's rule (P exactly when both coordinates are even).
"""

import argparse
import pathlib
import statistics
import subprocess
import sys
import time

import grundy

REPO = pathlib.Path(__file__).resolve().parents[3]


def whole_command(args):
    started = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def officers(runs, cli):
    python = [sys.executable, "-c", "import grundy; grundy.Game('officers').values(2**20)"]
    command = [cli, "seq", "officers", "-n", "1048576"]
    whole_command(python)  # warm the caches once
    py_times, cli_times = [], []
    for _ in range(runs):
        py_times.append(whole_command(python))
        cli_times.append(whole_command(command))
    py, cl = statistics.median(py_times), statistics.median(cli_times)
    print(f"officers, 2^20 values, {runs} interleaved runs of each whole process:")
    print(f"  python -c 'Game(\"officers\").values(2**20)': median {py:.3f} s  {sorted(round(t, 3) for t in py_times)}")
    print(f"  grundy seq officers -n 2^20 > /dev/null:     median {cl:.3f} s  {sorted(round(t, 3) for t in cli_times)}")
    print(f"  ratio python / CLI: {py / cl:.3f}")
    started = time.perf_counter()
    values = grundy.Game("officers").values(2**20)
    inside = time.perf_counter() - started
    print(f"  in-process values(2**20) alone: {inside:.3f} s ({len(values)} values, {values.dtype})")


def subtraction(n):
    return [[n - s] for s in (1, 3, 4) if s <= n]


def splitting(n):
    # Kayles: knock down one or two adjacent pins, the rest in two parts.
    return [[a, n - k - a] for k in (1, 2) if k <= n for a in range(0, (n - k) // 2 + 1)]


def rules(name, options, count, builtin):
    started = time.perf_counter()
    ours = grundy.Game.from_rules(options, name=name).values(count)
    through = time.perf_counter() - started
    started = time.perf_counter()
    listed = 0
    for n in range(count):
        listed += len(options(n))
    plain = time.perf_counter() - started
    assert ours.tolist() == grundy.Game(builtin).values(count).tolist()
    print(
        f"  {name:12} {count:>7} heaps: {count / through:>10,.0f} values/s through grundy; "
        f"the callable alone {plain / count * 1e6:.2f} us/call, "
        f"overhead {(through - plain) / count * 1e6:.2f} us/heap "
        f"({(through - plain) / listed * 1e9:.0f} ns per option read)"
    )


def king(p):
    r, c = p
    out = []
    if r > 0:
        out.append((r - 1, c))
    if c > 0:
        out.append((r, c - 1))
    if r > 0 and c > 0:
        out.append((r - 1, c - 1))
    return out


def positions(side):
    game = grundy.Game.from_moves(king, start=lambda r, c: (r, c), name="king")
    started = time.perf_counter()
    table = game.table(side - 1)
    through = time.perf_counter() - started
    for r in range(side):
        for c in range(side):
            assert (table[r, c] == 0) == (r % 2 == 0 and c % 2 == 0)
    print(f"  king {side}x{side}: {side * side / through:>10,.0f} positions/s through grundy")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cli", default=str(REPO / "target" / "release" / "grundy"))
    args = parser.parse_args()
    officers(args.runs, args.cli)
    print("rules written in Python (Game.from_rules):")
    rules("subtraction", subtraction, 200_000, "sub:1,3,4")
    rules("splitting", splitting, 2_000, "kayles")
    print("a game on any positions (Game.from_moves):")
    positions(300)


if __name__ == "__main__":
    main()
