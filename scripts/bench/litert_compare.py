#!/usr/bin/env python3
"""Times LiteRT 2.3 and our engine on the same models, interleaved, and prints the ratio per model.

Run it through scripts/bench/litert-compare, which makes the pinned virtual environment.

LiteRT runs in this process (Interpreter, default op resolver = builtin kernels + XNNPACK delegate,
as many threads as asked). Our engine runs as the release CLI, one process per round:

    .build/release/vision-tasks bench model MODEL.tflite --threads T --backend xnnpack \\
        --iterations N --json

which must run a few untimed warm-up invocations, then time N invocations one by one on a fixed
input, and print exactly one JSON object on stdout:

    {"model": "<path>", "backend": "xnnpack", "threads": T, "iterations": N,
     "median_ms": <float>, "times_ms": [<N floats>], "multiply_adds": <int>, ...}

A round is N timed invocations. For each model and thread count the script alternates LiteRT
rounds and our rounds K times, then reports the median over all K × N samples of each side and the
ratio ours / LiteRT. Models inside a .task bundle are extracted to .build/bench-models/ first, so
the CLI always gets a plain .tflite path.

--cpu-time (one thread only) compares CPU time per invocation instead of wall time, which other
processes on a busy machine inflate much less than wall time (a preempted invocation is not
charged for the time it waits). LiteRT: thread CPU time around each invoke(). Ours: each round
also runs the CLI once with --iterations 1, and the CPU time of the child process (user + system)
of the N-iteration run minus that of the 1-iteration run, divided by N - 1, is the round's figure
(loading and warm-up cancel out). The reported figure is the median over rounds of the mean per
invocation, for both sides.

Share of peak: our JSON also gives "multiply_adds", one invocation's multiply-adds (convolutions,
depthwise convolutions and fully connected layers, one per weight per output value), and
`vision-tasks bench peak --json` measures one thread's multiply-add peak on this processor (a loop
of nothing but independent fused multiply-adds on the widest vectors, about two seconds). The
peak is measured at the start of every round, beside the two runs it is compared with: a shared
host moves the processor's clock from minute to minute, and a peak read in another minute than a
model ran in moves the share by ten points. A round's share is multiply_adds / the round's median
time (or with --cpu-time its mean) / (threads x the round's peak); each side's % of peak is the
median over rounds. The last column gives our share in our lowest and highest round: what is
left of the spread is mostly the other machines' memory traffic.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from ai_edge_litert.interpreter import Interpreter

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "golden"))
from litert_models import SPECS, model_bytes, seeded_floats  # noqa: E402

DEFAULT_BINARY = ROOT / ".build" / "release" / "vision-tasks"
EXTRACTED = ROOT / ".build" / "bench-models"
WARMUP = 5


class LiteRTRunner:
    def __init__(self, content: bytes, threads: int, spec):
        self.interpreter = Interpreter(model_content=content, num_threads=threads)
        self.interpreter.allocate_tensors()
        details = self.interpreter.get_input_details()
        sizes = [int(np.prod(d["shape"])) for d in details]
        flat = seeded_floats(1, sum(sizes), spec.low, spec.high)
        start = 0
        for d, size in zip(details, sizes):
            self.interpreter.set_tensor(d["index"], flat[start : start + size].reshape(d["shape"]))
            start += size
        for _ in range(WARMUP):
            self.interpreter.invoke()

    def round(self, iterations: int, cpu_time: bool = False) -> list[float]:
        """Milliseconds per invoke(): wall time, or this thread's CPU time with `cpu_time`."""
        invoke, times = self.interpreter.invoke, []
        clock = time.thread_time_ns if cpu_time else time.perf_counter_ns
        for _ in range(iterations):
            t0 = clock()
            invoke()
            times.append((clock() - t0) / 1e6)
        return times


class OursError(RuntimeError):
    pass


# Multiply-adds of one invocation per model path, as our CLI counts them (bench model's JSON).
MULTIPLY_ADDS: dict[str, int] = {}


def ours_round(binary: Path, model: Path, threads: int, backend: str, iterations: int) -> list[float]:
    command = [str(binary), "bench", "model", str(model), "--threads", str(threads),
               "--backend", backend, "--iterations", str(iterations), "--json"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        raise OursError(f"`{' '.join(command)}` took more than 600 s")
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()
        raise OursError(f"`{' '.join(command)}` exited with {done.returncode}: "
                        + (detail[-1] if detail else "no output"))
    try:
        lines = [line for line in done.stdout.splitlines() if line.strip()]
        # The contract is one JSON object on stdout; tolerate log lines before it.
        result = json.loads(done.stdout) if len(lines) == 1 else json.loads(lines[-1])
        times = [float(t) for t in result["times_ms"]]
        MULTIPLY_ADDS[str(model)] = int(result.get("multiply_adds", 0))
    except (ValueError, KeyError, TypeError) as error:
        raise OursError(f"`{' '.join(command)}` did not print the expected JSON object ({error}): "
                        f"{done.stdout.strip()[:200]!r}")
    if len(times) != iterations:
        raise OursError(f"`{' '.join(command)}` reported {len(times)} times for {iterations} iterations")
    return times


def peak_per_second(binary: Path) -> float | None:
    """One thread's multiply-add peak on this processor (`vision-tasks bench peak --json`)."""
    done = subprocess.run([str(binary), "bench", "peak", "--json"], capture_output=True, text=True, timeout=120)
    try:
        return float(json.loads(done.stdout.strip().splitlines()[-1])["peak_multiply_adds_per_second"])
    except (ValueError, KeyError, IndexError):
        return None


def round_shares(multiply_adds: int | None, milliseconds: list[float], peaks: list[float | None],
                 threads: int) -> list[float]:
    """Each round's multiply-adds per second as a fraction of `threads` times the one-thread peak
    measured at the round's start (rounds without a figure or a peak left out)."""
    if not multiply_adds:
        return []
    return [multiply_adds / (ms / 1e3) / (peak * threads) for ms, peak in zip(milliseconds, peaks) if ms and peak]


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ours_cpu_round(binary: Path, model: Path, backend: str, iterations: int) -> float:
    """CPU milliseconds per invocation of our CLI (1 thread): an N-iteration run minus a
    1-iteration run, over N - 1."""
    spent = []
    for n in (iterations, 1):
        before = children_cpu_seconds()
        ours_round(binary, model, 1, backend, n)
        spent.append(children_cpu_seconds() - before)
    return (spent[0] - spent[1]) * 1e3 / (iterations - 1)


def model_file(spec) -> Path:
    """A plain .tflite path for the CLI; bundle members are extracted once."""
    if ":" not in spec.source:
        return ROOT / "assets" / "models" / spec.source
    EXTRACTED.mkdir(parents=True, exist_ok=True)
    path = EXTRACTED / spec.source.split(":", 1)[1]
    content = model_bytes(spec.source)
    if not path.exists() or path.read_bytes() != content:
        path.write_bytes(content)
    return path


def fmt(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n", 2)[2])
    parser.add_argument("models", nargs="*", help="model stems (default: all nine)")
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts (default 1,2)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds K (default 5)")
    parser.add_argument("--iterations", type=int, default=20, help="timed invocations per round N (default 20)")
    parser.add_argument("--backend", default="xnnpack", help="our backend (default xnnpack)")
    parser.add_argument("--binary", type=Path, default=DEFAULT_BINARY, help="our CLI (default .build/release/vision-tasks)")
    parser.add_argument("--litert-only", action="store_true", help="time LiteRT alone")
    parser.add_argument("--json", type=Path, help="also write all samples and medians to this file")
    parser.add_argument("--cpu-time", action="store_true",
                        help="compare CPU time per invocation instead of wall time (one thread only)")
    args = parser.parse_args()

    threads = [int(t) for t in args.threads.split(",") if t]
    if not threads or min(threads) < 1 or args.rounds < 1 or args.iterations < 1:
        parser.error("threads, rounds and iterations must be positive")
    if args.cpu_time and (threads != [1] or args.iterations < 2):
        parser.error("--cpu-time needs --threads 1 and at least 2 iterations")
    unknown = set(args.models) - {s.stem for s in SPECS}
    if unknown:
        parser.error(f"unknown model(s): {', '.join(sorted(unknown))}")
    specs = [s for s in SPECS if not args.models or s.stem in args.models]

    run_ours = not args.litert_only
    status = 0
    if run_ours and not (args.binary.is_file() and os.access(args.binary, os.X_OK)):
        print(f"litert-compare: our CLI {args.binary} is missing. Build it with "
              f"`swift build -c release` (product vision-tasks), or pass --binary PATH. "
              f"Timing LiteRT alone.", file=sys.stderr)
        run_ours, status = False, 2

    load_before = os.getloadavg()[0]
    rows, record = [], []
    for spec in specs:
        content = model_bytes(spec.source)
        path = model_file(spec) if run_ours else None
        for t in threads:
            litert = LiteRTRunner(content, t, spec)
            lite_samples, our_samples, our_error = [], [], None
            lite_round_means, lite_round_figures, our_round_figures, round_peaks = [], [], [], []
            for _ in range(args.rounds):
                round_peaks.append(peak_per_second(args.binary) if run_ours else None)
                samples = litert.round(args.iterations, cpu_time=args.cpu_time)
                lite_samples += samples
                lite_round_means.append(statistics.fmean(samples))
                lite_round_figures.append(lite_round_means[-1] if args.cpu_time else statistics.median(samples))
                if run_ours and our_error is None:
                    try:
                        if args.cpu_time:
                            our_samples.append(ours_cpu_round(args.binary, path, args.backend, args.iterations))
                            our_round_figures.append(our_samples[-1])
                        else:
                            round_samples = ours_round(args.binary, path, t, args.backend, args.iterations)
                            our_samples += round_samples
                            our_round_figures.append(statistics.median(round_samples))
                    except OursError as error:
                        our_error = str(error)
                        our_samples, our_round_figures = [], []
            del litert
            # With --cpu-time each of our samples is already a round's mean; LiteRT's are per invoke.
            lite_median = statistics.median(lite_round_means if args.cpu_time else lite_samples)
            our_median = statistics.median(our_samples) if our_samples else None
            ratio = our_median / lite_median if our_median is not None else None
            if our_error:
                print(f"litert-compare: {spec.stem}, {t} thread(s): {our_error}", file=sys.stderr)
                status = status or 1
            # Each round's share of the peak measured at its start; the medians, and our lowest and
            # highest round: how far the machine moved the figure during the run.
            macs = MULTIPLY_ADDS.get(str(path))
            lite_shares = round_shares(macs, lite_round_figures, round_peaks, t)
            our_shares = round_shares(macs, our_round_figures, round_peaks, t)
            rows.append((spec.stem, t, lite_median, our_median, ratio, macs, lite_shares, our_shares))
            record.append({"model": spec.stem, "threads": t, "litert_median_ms": lite_median,
                           "ours_median_ms": our_median, "ratio": ratio, "litert_times_ms": lite_samples,
                           "ours_times_ms": our_samples, "ours_error": our_error, "multiply_adds": macs,
                           "round_peaks_per_second": round_peaks, "litert_round_shares": lite_shares,
                           "ours_round_shares": our_shares})
            print(f"  {spec.stem} {t}t: LiteRT {lite_median:.3f} ms, ours {fmt(our_median, 3)} ms",
                  file=sys.stderr, flush=True)

    load_after = os.getloadavg()[0]
    peaks = [p for row in record for p in row["round_peaks_per_second"] if p]
    width = max(len(r[0]) for r in rows)
    what = ("CPU ms per invocation, medians of round means" if args.cpu_time else "wall ms, medians")
    print(f"LiteRT {importlib_version()} vs vision-tasks ({args.backend}); {what} of "
          f"{args.rounds} interleaved rounds × {args.iterations} invocations; "
          f"1-min load average {load_before:.2f} before, {load_after:.2f} after "
          f"(on {os.cpu_count()} CPUs: a busy machine inflates the 2-thread figures most)")
    if peaks:
        print(f"multiply-add peak on one thread (`vision-tasks bench peak`) at the start of each round: "
              f"{min(peaks) / 1e9:.1f}–{max(peaks) / 1e9:.1f} G/s, median {statistics.median(peaks) / 1e9:.1f}; "
              f"% of peak = the model's multiply-adds per second over the threads' peak of its round, "
              f"the median of the rounds")
    print(f"{'model':<{width}}  threads  LiteRT ms  ours ms  ours/LiteRT  M mult-adds  LiteRT % peak  ours % peak"
          f"  ours % peak, lowest–highest round")
    for stem, t, lite, ours, ratio, macs, lite_shares, our_shares in rows:
        def percent(shares: list[float]) -> float | None:
            return statistics.median(shares) * 100 if shares else None
        spread = f"{min(our_shares) * 100:.1f}–{max(our_shares) * 100:.1f}" if our_shares else None
        print(f"{stem:<{width}}  {t:>7}  {lite:>9.2f}  {fmt(ours):>7}  {fmt(ratio, 3):>11}  "
              f"{fmt(macs / 1e6 if macs else None, 1):>11}  {fmt(percent(lite_shares), 1):>13}  "
              f"{fmt(percent(our_shares), 1):>11}  {spread or '—':>34}")
    if args.json:
        args.json.write_text(json.dumps({"rounds": args.rounds, "iterations": args.iterations,
                                         "backend": args.backend, "cpu_time": args.cpu_time,
                                         "results": record}, indent=1) + "\n")
    return status


def importlib_version() -> str:
    import importlib.metadata
    return importlib.metadata.version("ai-edge-litert")


if __name__ == "__main__":
    sys.exit(main())
