"""Throughput of `vision-tasks` on folders (--jobs 1 vs 2) and 720p video (task vs --overlay MP4).

Usage: scripts/bench/cli-throughput [--repeats R] [--task face-landmarker] [--images 200]
                                    [--frames 300] [--binary PATH] [--only folder|video]

Folder: R rounds, each running --jobs 1 then --jobs 2 on a folder of N copies of the fixture
images (assets/images, cycled), one inference thread per worker in both (with --jobs 1 the tool
would otherwise give its single worker every core, and the ratio would not measure the workers);
prints the median wall time of each, images/s, the ratio, and the
CPU time (user+sys) of each run (equal CPU means no busy-waiting or duplicated work; a ratio
below 2 with equal CPU means the cores were shared with something else).

Video: a 1280x720 H.264 clip of the astronaut fixture, panning, made with imageio-ffmpeg's ffmpeg.
R rounds of: a plain run (JSON only) and a run with --overlay OUT.mp4. The tool prints, per
frame, the task's wall time on its thread and CPU times of the task, decoding, drawing and
encoding (each on its own thread), and the wall time of its frame loop (from opening the video to
closing the overlay; process start-up and model loading are not per-frame costs). The overhead of
video I/O is reported as
  full-run frame-loop wall per frame / task wall per frame (from the plain run) - 1,
also with start-up and model loading counted (whole-process wall), and, independent of machine
load, (decode + encode CPU) / task CPU.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMAGES = ["astronaut.png", "bus.jpg", "t1.jpg", "zidane.jpg"]


def run(binary, arguments):
    """Runs the tool; returns (wall seconds, cpu seconds of the child, stderr)."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode != 0:
        sys.exit(f"vision-tasks {' '.join(arguments)} failed ({done.returncode}): {done.stderr.strip()}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu, done.stderr


def folder_bench(binary, task, count, repeats, work):
    folder = os.path.join(work, "images")
    os.makedirs(folder)
    for index in range(count):
        name = IMAGES[index % len(IMAGES)]
        shutil.copyfile(os.path.join(ROOT, "assets/images", name), os.path.join(folder, f"{index:04d}_{name}"))
    results = {1: [], 2: []}
    shards = []
    for _ in range(repeats):
        for jobs in (1, 2):
            results[jobs].append(run(binary, [task, folder, "--jobs", str(jobs), "--threads", "1", "--quiet"]))
        shards.append(two_processes(binary, [task, folder, "--threads", "1", "--quiet"]))
    wall = {jobs: statistics.median(r[0] for r in results[jobs]) for jobs in results}
    cpu = {jobs: statistics.median(r[1] for r in results[jobs]) for jobs in results}
    print(f"folder: {count} images, {task} --threads 1, {repeats} rounds (interleaved), median wall / CPU:")
    for jobs in (1, 2):
        print(f"  --jobs {jobs}: {wall[jobs]:.2f} s ({count / wall[jobs]:.1f} images/s), CPU {cpu[jobs]:.2f} s")
    print(f"  speed-up --jobs 2 / --jobs 1: {wall[1] / wall[2]:.2f}x (target >= 1.8x); "
          f"CPU ratio {cpu[2] / cpu[1]:.2f} (1.00 = no extra work)")
    print(f"  control: two processes at once (--shard 0/2 and 1/2): {statistics.median(shards):.2f} s "
          f"({wall[1] / statistics.median(shards):.2f}x); if this is no faster than --jobs 2, the second core was busy")
    print(f"  all walls: jobs 1 {[round(r[0], 2) for r in results[1]]}, jobs 2 {[round(r[0], 2) for r in results[2]]}")


def two_processes(binary, arguments):
    """Wall time of shards 0/2 and 1/2 run as two processes at the same time."""
    start = time.perf_counter()
    children = [subprocess.Popen([binary] + arguments + ["--shard", f"{index}/2"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL) for index in range(2)]
    for child in children:
        child.wait()
    return time.perf_counter() - start


STAGES = re.compile(r"(\d+) frames in ([\d.]+) s .*?per frame: (.*?); CPU time: (.*)")


def stages(stderr):
    """Frames, seconds of the tool's frame loop (from the video's opening to the overlay's
    completion; model loading and process start-up excluded), per-frame times on the task thread,
    CPU times per stage."""
    match = STAGES.search(stderr)
    if not match:
        sys.exit(f"no per-frame summary in: {stderr.strip()}")
    frames = int(match.group(1))
    def parse(text):
        return {name: float(value) for name, value in re.findall(r"(\w+) ([\d.]+) ms", text)}
    return frames, float(match.group(2)), parse(match.group(3)), parse(match.group(4))


def video_bench(binary, task, frame_count, repeats, work, colorspace):
    import imageio_ffmpeg
    video = os.path.join(work, "pan720.mp4")
    seconds = frame_count / 30
    # bt601: untagged (read as BT.601, like SD material); bt709: tagged BT.709 like HD phone videos.
    tags = (",setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv" if colorspace == "bt709" else "")
    subprocess.run([
        imageio_ffmpeg.get_ffmpeg_exe(), "-loglevel", "error", "-y", "-loop", "1", "-framerate", "30",
        "-i", os.path.join(ROOT, "assets/images/astronaut.png"), "-t", f"{seconds}",
        "-vf", "scale=760:760,pad=1320:760:280:0,crop=1280:720:20+20*sin(2*PI*t/4):20+20*cos(2*PI*t/3),format=yuv420p" + tags,
        "-c:v", "libx264", "-preset", "veryfast", "-crf", "20"]
        + (["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"] if colorspace == "bt709" else [])
        + [video], check=True)
    overlay = os.path.join(work, "overlay.mp4")
    # Both runs do the same task work, so that only the video I/O differs: one inference thread
    # (the default with an MP4 overlay, whose threads use the other core), and for the pose
    # landmarker the segmentation masks (the overlay tints them, so the task computes them).
    task_options = ["--threads", "1"] + (["--output-segmentation-masks"] if task == "pose-landmarker" else [])
    plain, full = [], []
    for _ in range(repeats):
        plain.append(run(binary, [task, video] + task_options))
        full.append(run(binary, [task, video, "--overlay", overlay] + task_options))
    def per_frame(results):
        walls, loops, tasks, cpus, process_cpus = [], [], [], [], []
        for wall, process_cpu, stderr in results:
            frames, loop_seconds, on_thread, cpu = stages(stderr)
            walls.append(wall * 1000 / frames)
            loops.append(loop_seconds * 1000 / frames)
            process_cpus.append(process_cpu * 1000 / frames)
            tasks.append(on_thread.get("task", 0))
            cpus.append(cpu)
        merged = {key: statistics.median(c.get(key, 0) for c in cpus) for key in cpus[0]}
        return (statistics.median(walls), statistics.median(loops), statistics.median(tasks), merged,
                statistics.median(process_cpus), loops)
    plain_wall, plain_loop, plain_task, plain_cpu, plain_process, _ = per_frame(plain)
    full_wall, full_loop, _, full_cpu, full_process, full_loops = per_frame(full)
    print(f"video: 1280x720 {colorspace}, {frame_count} frames, {task} {' '.join(task_options)}, {repeats} rounds (interleaved), "
          f"medians per frame:")
    print(f"  task alone (its thread, plain run): {plain_task:.2f} ms wall, {plain_cpu.get('task', 0):.2f} ms CPU")
    print(f"  plain run (decode + task + JSON):   {plain_loop:.2f} ms wall per frame "
          f"({plain_wall:.2f} with start-up and model loading)")
    print(f"  with --overlay MP4:                 {full_loop:.2f} ms wall per frame "
          f"({full_wall:.2f} with start-up and model loading)")
    print(f"  overhead of the full run over the task: {100 * (full_loop / plain_task - 1):.1f} % (target <= 15 %; "
          f"{100 * (full_wall / plain_task - 1):.1f} % counting start-up and model loading)")
    decode, draw, encode = full_cpu.get("decode", 0), full_cpu.get("draw", 0), full_cpu.get("encode", 0)
    task_cpu = full_cpu.get("task", 0)
    print(f"  CPU per frame (own threads): task {task_cpu:.2f}, decode {decode:.2f} (plus FFmpeg's decoder "
          f"threads), draw {draw:.2f}, encode {encode:.2f} ms; (decode + encode) / task = "
          f"{100 * (decode + encode) / max(task_cpu, 1e-9):.0f} %")
    video_io = full_process - full_cpu.get("task", 0) - draw
    print(f"  whole-process CPU per frame: plain run {plain_process:.2f} ms, with overlay {full_process:.2f} ms; "
          f"everything but the task and the drawing (decoding with FFmpeg's threads, encoding, JSON, start-up) "
          f"{video_io:.2f} ms = {100 * video_io / max(task_cpu, 1e-9):.0f} % of the task's CPU")
    print(f"  all full-run walls per frame: {[round(w, 2) for w in full_loops]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--task", default="face-landmarker")
    parser.add_argument("--images", type=int, default=200)
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/vision-tasks"))
    parser.add_argument("--only", choices=["folder", "video"])
    parser.add_argument("--colorspace", choices=["bt601", "bt709"], default="bt601",
                        help="the test video's colour tags (bt709: like HD phone videos)")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        sys.exit(f"{options.binary} not found: run `swift build -c release --product vision-tasks`")
    work = tempfile.mkdtemp(prefix="cli-throughput-")
    try:
        if options.only in (None, "folder"):
            folder_bench(options.binary, options.task, options.images, options.repeats, work)
        if options.only in (None, "video"):
            video_bench(options.binary, options.task, options.frames, options.repeats, work, options.colorspace)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"load average at the end: {os.getloadavg()[0]:.2f} (figures are only meaningful on a quiet machine)")


if __name__ == "__main__":
    main()
