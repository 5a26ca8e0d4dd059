"""Frames per second of `vision-tasks holistic` on a 720p video, and where the time goes.

Usage: scripts/bench/holistic-video [--frames 90] [--rounds 3] [--people 2] [--binary PATH]

Makes a 1280x720 H.264 clip of t1.jpg (six people with faces and hands) panning slowly, with
imageio-ffmpeg's ffmpeg, then runs in rounds, one inference thread each, whole processes:
  * `holistic CLIP --num-people P` (pose, face and hand landmarkers in VIDEO mode, people
    assembled, JSON Lines);
  * each single task alone on the same clip, with the same counts (`pose-landmarker
    --num-poses P`, `face-landmarker --num-faces P`, `hand-landmarker --num-hands 2P`).
Prints per frame (medians over rounds): the whole process's wall time and frames per second, the
frame loop (the tool's own summary: decoding, tasks, JSON), and each task's per-frame time as the
tool reports it, so that the holistic frame's cost can be read as the sum of its three tasks plus
decoding, assembly and JSON.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUMMARY = re.compile(r"(\d+) frames in ([\d.]+) s .*?per frame: (.*?); CPU time: (.*)")


def run(binary, arguments):
    start = time.perf_counter()
    done = subprocess.run([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(arguments)} failed: {done.stderr.strip()}")
    match = SUMMARY.search(done.stderr)
    if not match:
        sys.exit(f"no per-frame summary in: {done.stderr.strip()}")
    frames = int(match.group(1))
    per_frame = {name: float(value) for name, value in re.findall(r"(\w+) ([\d.]+) ms", match.group(3))}
    return frames, wall, float(match.group(2)), per_frame


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=90)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--people", type=int, default=2)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/vision-tasks"))
    args = parser.parse_args()
    import imageio_ffmpeg
    work = tempfile.mkdtemp(prefix="holistic-bench-")
    clip = os.path.join(work, "t1_720p.mp4")
    subprocess.run([
        imageio_ffmpeg.get_ffmpeg_exe(), "-loglevel", "error", "-y", "-loop", "1", "-framerate", "30",
        "-i", os.path.join(ROOT, "assets/images/t1.jpg"), "-t", f"{args.frames / 30}",
        "-vf", "crop=1240:698:20+20*sin(2*PI*t/4):94+20*cos(2*PI*t/3),scale=1280:720,format=yuv420p",
        "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", clip], check=True)
    p = str(args.people)
    cases = {
        "holistic": ["holistic", clip, "--num-people", p],
        "pose-landmarker": ["pose-landmarker", clip, "--num-poses", p],
        "face-landmarker": ["face-landmarker", clip, "--num-faces", p],
        "hand-landmarker": ["hand-landmarker", clip, "--num-hands", str(2 * args.people)],
    }
    results = {name: [] for name in cases}
    for _ in range(args.rounds):
        for name, arguments in cases.items():
            results[name].append(run(args.binary, arguments + ["--threads", "1"]))
    print(f"1280x720 H.264, {args.frames} frames, --num-people {p}, one inference thread, "
          f"medians of {args.rounds} interleaved rounds; ms per frame:")
    print(f"{'command':18} {'process':>9} {'frames/s':>9} {'loop':>7} {'task':>7}")
    for name, rounds in results.items():
        frames = rounds[0][0]
        process = statistics.median(r[1] * 1000 / frames for r in rounds)
        loop = statistics.median(r[2] * 1000 / frames for r in rounds)
        task = statistics.median(r[3].get("task", 0) for r in rounds)
        print(f"{name:18} {process:9.2f} {1000 / process:9.2f} {loop:7.2f} {task:7.2f}")
    singles = sum(statistics.median(r[3].get("task", 0) for r in results[n]) for n in cases if n != "holistic")
    holistic_task = statistics.median(r[3].get("task", 0) for r in results["holistic"])
    print(f"the three tasks alone sum to {singles:.2f} ms a frame; holistic's task (three tasks and the "
          f"assembly) takes {holistic_task:.2f} ms")


if __name__ == "__main__":
    main()
