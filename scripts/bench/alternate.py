"""Two or more builds of `vision-tasks` on one command line, interleaved, whole process.

Usage: scripts/bench/alternate [--rounds R] [--pin] [--warm-up] BINARY BINARY... -- ARGUMENTS...

Each round runs every BINARY once with ARGUMENTS, in the order given, as a user runs it (process
start to exit, output to /dev/null unless ARGUMENTS say otherwise); R rounds (default 7). Printed
per binary: the median, minimum and 10th percentile of the wall times, the median CPU time (user
+ system, from wait4), and each figure over the first binary's. `--pin` runs every process on one
core (`taskset -c 0`); `--warm-up` runs each binary once, untimed, first (page cache, FFmpeg's
libraries). On a shared machine only such interleaved runs separate changes of a few percent:
both builds see the same load, and the median and minimum move together when a change is real.

Typical use, a change against the commit before it:
  git worktree add /tmp/before HEAD~1 && (cd /tmp/before && swift build -c release --product vision-tasks)
  scripts/bench/alternate /tmp/before/.build/release/vision-tasks .build/release/vision-tasks -- \\
      pose-landmarker clip.mp4 --output-segmentation-masks --json-out /tmp/out.jsonl --quiet
Uses only the system's python3.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def timed(command):
    """Wall seconds and CPU seconds (user + system) of one run of `command`. Its standard error goes
    to a file, not a pipe, which a chatty run could fill while nothing reads it."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            errors.seek(0)
            stderr = errors.read().decode(errors="replace")
            sys.exit(f"alternate: {' '.join(command)} exited with {code}:\n{stderr[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    if "--" not in sys.argv:
        sys.exit(__doc__)
    split = sys.argv.index("--")
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--pin", action="store_true", help="every run on one core (taskset -c 0)")
    parser.add_argument("--warm-up", action="store_true", help="one untimed run of each binary first")
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args(sys.argv[1:split])
    arguments = sys.argv[split + 1:]
    if len(args.binaries) < 2 or args.rounds < 1:
        sys.exit("alternate: give at least two binaries and one round")
    prefix = ["taskset", "-c", "0"] if args.pin else []
    if args.warm_up:
        for binary in args.binaries:
            timed(prefix + [binary] + arguments)
    walls = {binary: [] for binary in args.binaries}
    cpus = {binary: [] for binary in args.binaries}
    load_before = os.getloadavg()[0]
    for _ in range(args.rounds):
        for binary in args.binaries:
            wall, cpu = timed(prefix + [binary] + arguments)
            walls[binary].append(wall)
            cpus[binary].append(cpu)
    first = args.binaries[0]
    base = (statistics.median(walls[first]), min(walls[first]), percentile(walls[first], 0.1),
            statistics.median(cpus[first]))
    print(f"alternate: {args.rounds} rounds, {'one core' if args.pin else 'whole machine'}; 1-min load average "
          f"{load_before:.2f} before, {os.getloadavg()[0]:.2f} after; seconds, and over the first binary")
    print(f"{'binary':<40} {'median':>8} {'min':>8} {'p10':>8} {'CPU':>8}   {'median':>7} {'min':>7} {'p10':>7} {'CPU':>7}")
    for binary in args.binaries:
        figures = (statistics.median(walls[binary]), min(walls[binary]), percentile(walls[binary], 0.1),
                   statistics.median(cpus[binary]))
        ratios = "".join(f" {value / reference:>7.3f}" for value, reference in zip(figures, base))
        print(f"{binary[-40:]:<40} " + " ".join(f"{value:>8.3f}" for value in figures) + "  " + ratios)


if __name__ == "__main__":
    main()
