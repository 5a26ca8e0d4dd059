"""Folders of pictures, whole process: `vision-tasks` against a MediaPipe 1.2.3 Python loop.

Usage: scripts/bench/folder-compare [--rounds R] [--images N] [--photos N] [--only face|pose]
                                    [--only-folder png|jpeg] [--skip-jobs] [--binary PATH] [--core C]
                                    [--pose-masks write|compute] [--memory [--memory-images N]]
                                    [--json FILE]

Folders (made on each run in a temporary folder, removed at the end):
  png:  N copies (default 200) of assets/images/astronaut.png (512x512);
  jpeg: N photos (default 300) made with Pillow from t1.jpg, bus.jpg, zidane.jpg and astronaut.png,
        each resized (LANCZOS) to a long side of 640, 1280, 1920, 3000 and 4000 px (the largest
        about 12 MP) and saved as JPEG quality 90: 20 pictures, cycled in the sorted file order
        (the 300 files are hard links to them).

Ours, the whole process timed from the script (start-up, model loading, decoding, inference,
JSON, writing), wall time and CPU time (user + system, from wait4):
  face: vision-tasks face-landmarker FOLDER --threads 1 --jobs 1 --output-face-blendshapes
        --output-facial-transformation-matrixes --quiet --json-out OUT.jsonl
  pose: vision-tasks pose-landmarker FOLDER --threads 1 --jobs 1 --masks MASKDIR --quiet
        --json-out OUT.jsonl
  `--masks DIR` computes the segmentation masks (it implies --output-segmentation-masks) and
  writes each as a PNG of the picture's size; so ours does more than MediaPipe's side, which
  computes the masks (output_segmentation_masks=True) and does not write them.
  `--pose-masks compute` passes --output-segmentation-masks instead (computed, not written), to
  see what the writing costs.
  Each run gets a new OUT.jsonl: --json-out resumes from an existing file.

MediaPipe's side, this file run as a separate Python process (`--mediapipe-worker`): it creates a
FaceLandmarker (face_landmarker.task, IMAGE mode, output_face_blendshapes and
output_facial_transformation_matrixes) or a PoseLandmarker (the pose bundle with image metadata
of scripts/golden/mediapipe_tasks.py, IMAGE mode, output_segmentation_masks), then, for each file
of the folder in sorted order: mp.Image.create_from_file(path), detect(image), and one JSON line
(json.dumps of plain lists of floats: landmarks, blendshape scores, matrices; for pose the mask
sizes) written to OUT.jsonl, as a user's script would. Its loop is timed from before the first file
to after the last (model loading excluded); the whole process (Python start to exit) is reported
too, and so is its CPU time (the loop's, and the whole process's).

Timed cases (per task and folder), both sides pinned to ONE core (`taskset -c C`, default core 0),
so that helper threads (MediaPipe's graph threads, our writer) are not free. R rounds (default 3),
interleaved: per round and case MediaPipe first, then ours. Printed: medians over the rounds,
ms per image, ours / MediaPipe (against MediaPipe's loop; target <= 0.6), and against its whole
process.

--jobs (unless --skip-jobs), on the whole machine (not pinned), in the same rounds: ours with
`--jobs 2 --threads 1` against MediaPipe as two processes at once, each on half of the files
(files i, i+2, ...). MediaPipe's time is from the earlier loop start to the later loop end (both
CLOCK_MONOTONIC), and its whole-process time until both exit. Target: ours / MediaPipe <= 0.6.

--memory (instead of the timed cases): a folder of N hard links (default 10000) to astronaut.png;
ours with --jobs 1 --threads 1 (face with blendshapes and matrices, pose with --masks), and
MediaPipe's loop in its own process, one after the other, not pinned. VmRSS is read from
/proc/PID/status every 0.5 s; progress is the size of OUT.jsonl at the sample over its largest
sampled size (both sides write each line as they go: MediaPipe's file is line-buffered). Printed:
peak sampled VmRSS, VmHWM (the kernel's high-water mark, at the last sample before exit, so
short peaks between samples count), ru_maxrss (wait4's usage of that child, what
getrusage(RUSAGE_CHILDREN) reports for one child; Linux counts in it the RSS of the forking
process, this script, ~15 MB), VmRSS after 10 % and 50 % of the images and at the last sample
before the last line, the growth from 10 % to that end, and the whole-process wall time.
Targets: ours <= 60 MB face, <= 90 MB pose.

Every run's output is checked: one line per file, no error lines; the images with a face or a
person found are counted on both sides, so that both sides did the same work.
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = ["t1.jpg", "bus.jpg", "zidane.jpg", "astronaut.png"]
LONG_SIDES = [640, 1280, 1920, 3000, 4000]
FACE_TASK = ROOT / "assets/models/face_landmarker.task"


def now():
    return time.clock_gettime(time.CLOCK_MONOTONIC)


# --------------------------------------------------------------------------------------------------
# MediaPipe's side (a separate process).
# --------------------------------------------------------------------------------------------------

def mediapipe_worker(task, folder, out, model, shard):
    """The user's loop; prints one JSON summary line on standard output."""
    process_start = now()
    import mediapipe as mp
    from mediapipe.tasks.python import BaseOptions
    from mediapipe.tasks.python.vision import (FaceLandmarker, FaceLandmarkerOptions, PoseLandmarker,
                                               PoseLandmarkerOptions, RunningMode)
    if task == "face":
        landmarker = FaceLandmarker.create_from_options(FaceLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=model), running_mode=RunningMode.IMAGE,
            output_face_blendshapes=True, output_facial_transformation_matrixes=True))
    else:
        landmarker = PoseLandmarker.create_from_options(PoseLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=model), running_mode=RunningMode.IMAGE,
            output_segmentation_masks=True))
    index, count = shard
    names = sorted(os.listdir(folder))[index::count]
    found = 0
    loop_start, loop_cpu_start = now(), time.process_time()
    with open(out, "w", buffering=1) as lines:  # line-buffered, so that its size shows the progress
        for name in names:
            image = mp.Image.create_from_file(os.path.join(folder, name))
            result = landmarker.detect(image)
            if task == "face":
                record = {
                    "file": name,
                    "faceLandmarks": [[[p.x, p.y, p.z] for p in face] for face in result.face_landmarks],
                    "faceBlendshapes": [[c.score for c in face] for face in result.face_blendshapes],
                    "facialTransformationMatrixes": [m.flatten().tolist()
                                                     for m in result.facial_transformation_matrixes],
                }
                found += bool(result.face_landmarks)
            else:
                record = {
                    "file": name,
                    "landmarks": [[[p.x, p.y, p.z, p.visibility, p.presence] for p in pose]
                                  for pose in result.pose_landmarks],
                    "worldLandmarks": [[[p.x, p.y, p.z, p.visibility, p.presence] for p in pose]
                                       for pose in result.pose_world_landmarks],
                    "segmentationMasks": [[m.width, m.height] for m in (result.segmentation_masks or [])],
                }
                found += bool(result.pose_landmarks)
            lines.write(json.dumps(record) + "\n")
    loop_end, loop_cpu = now(), time.process_time() - loop_cpu_start
    landmarker.close()
    print(json.dumps({"images": len(names), "found": found, "loop_start": loop_start, "loop_end": loop_end,
                      "loop_cpu": loop_cpu, "load_seconds": loop_start - process_start}), flush=True)


# --------------------------------------------------------------------------------------------------
# Running and measuring processes.
# --------------------------------------------------------------------------------------------------

def vm_kb(pid):
    """(VmRSS, VmHWM) in kB from /proc/PID/status, or None once the process has exited."""
    values = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    values[line.split()[0]] = int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return (values["VmRSS:"], values["VmHWM:"]) if len(values) == 2 else None


def run_all(commands, sample=None):
    """Starts the commands at once and waits for all. Returns (wall seconds until the last exits,
    one dict per command: wall, cpu, maxrss_kb, stdout, stderr, samples). With sample=(index, path),
    samples (seconds, VmRSS kB, size of path, VmHWM kB) of that command every 0.5 s."""
    children, files = [], []
    start = now()
    for command in commands:
        out, err = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
        children.append(subprocess.Popen(command, stdout=out, stderr=err, cwd=ROOT))
        files.append((out, err))
    samples, stop = [], threading.Event()
    if sample is not None:
        pid, path = children[sample[0]].pid, sample[1]

        def sampler():
            while not stop.is_set():
                vm = vm_kb(pid)
                if vm is not None:
                    size = os.path.getsize(path) if os.path.exists(path) else 0
                    samples.append((now() - start, vm[0], size, vm[1]))
                stop.wait(0.5)
        thread = threading.Thread(target=sampler, daemon=True)
        thread.start()
    results = [None] * len(children)
    pending = {child.pid: index for index, child in enumerate(children)}
    while pending:
        pid, status, usage = os.wait4(-1, 0)
        if pid not in pending:
            continue
        index = pending.pop(pid)
        children[index].returncode = os.waitstatus_to_exitcode(status)
        if sample is not None and index == sample[0]:
            stop.set()
        out, err = files[index]
        out.seek(0)
        err.seek(0)
        results[index] = {"wall": now() - start, "cpu": usage.ru_utime + usage.ru_stime,
                          "maxrss_kb": usage.ru_maxrss, "stdout": out.read(), "stderr": err.read(),
                          "status": children[index].returncode, "samples": samples}
        out.close()
        err.close()
    wall = now() - start
    if sample is not None:
        thread.join()
    for command, result in zip(commands, results):
        if result["status"] != 0:
            sys.exit(f"folder-compare: `{' '.join(map(str, command))}` failed ({result['status']}):\n"
                     f"{result['stderr'].strip()[-2000:]}")
    return wall, results


def check_output(path, task, expected, side):
    """Number of lines with a face / a person; exits if a line is missing or reports an error."""
    key = "faceLandmarks" if task == "face" else "landmarks"
    found = lines = 0
    with open(path) as source:
        for line in source:
            item = json.loads(line)
            lines += 1
            if "error" in item:
                sys.exit(f"folder-compare: {side} failed on {item.get('file')}: {item['error']}")
            found += bool(item.get(key))
    if lines != expected:
        sys.exit(f"folder-compare: {side} wrote {lines} lines to {path}, expected {expected}")
    return found


def count_files(folder):
    return sum(len(files) for _, _, files in os.walk(folder))


class Bench:
    def __init__(self, options, work):
        self.options, self.work = options, work
        self.serial = 0
        self.pose_model = None

    def fresh(self, stem):
        self.serial += 1
        return os.path.join(self.work, "out", f"{self.serial:04d}-{stem}")

    def model(self, task):
        if task == "face":
            return str(FACE_TASK)
        if self.pose_model is None:
            # In a child process: importing mediapipe here would make this process ~150 MB, and a
            # child's ru_maxrss counts the RSS of the process that forked it (Linux keeps the old
            # memory's high-water mark across exec), so every later child would report >= 150 MB.
            script = ("import sys; sys.path.insert(0, sys.argv[1]); from mediapipe_tasks import "
                      "pose_bundle_with_metadata; print(pose_bundle_with_metadata())")
            done = subprocess.run([sys.executable, "-c", script, str(ROOT / "scripts" / "golden")],
                                  check=True, capture_output=True, text=True)
            self.pose_model = done.stdout.strip().splitlines()[-1]
        return self.pose_model

    def pin(self, pinned):
        return ["taskset", "-c", str(self.options.core)] if pinned else []

    def mediapipe_command(self, task, folder, out, pinned, shard="0/1"):
        return self.pin(pinned) + [sys.executable, str(pathlib.Path(__file__).resolve()), "--mediapipe-worker", task,
                                   folder, out, self.model(task), shard]

    def our_command(self, task, folder, out, pinned, jobs=1):
        command = self.pin(pinned) + [self.options.binary]
        if task == "face":
            command += ["face-landmarker", folder, "--output-face-blendshapes", "--output-facial-transformation-matrixes"]
        else:
            command += ["pose-landmarker", folder]
            command += (["--masks", out + ".masks"] if self.options.pose_masks == "write"
                        else ["--output-segmentation-masks"])
        return command + ["--threads", "1", "--jobs", str(jobs), "--quiet", "--json-out", out + ".jsonl"]

    def mediapipe(self, task, folder, count, pinned=True, processes=1, sample=False):
        """MediaPipe's loop in `processes` processes at once (files i, i+n, ...)."""
        outs = [self.fresh(f"mediapipe-{task}-{index}") + ".jsonl" for index in range(processes)]
        commands = [self.mediapipe_command(task, folder, out, pinned, f"{index}/{processes}")
                    for index, out in enumerate(outs)]
        wall, results = run_all(commands, (0, outs[0]) if sample else None)
        summaries = [json.loads(result["stdout"].strip().splitlines()[-1]) for result in results]
        found = sum(check_output(out, task, summary["images"], "MediaPipe") for out, summary in zip(outs, summaries))
        if sum(summary["images"] for summary in summaries) != count:
            sys.exit(f"folder-compare: MediaPipe did {sum(s['images'] for s in summaries)} files, expected {count}")
        for out in outs:
            os.remove(out)
        loop = max(s["loop_end"] for s in summaries) - min(s["loop_start"] for s in summaries)
        return {"loop": loop, "wall": wall, "cpu": sum(r["cpu"] for r in results),
                "loop_cpu": sum(s["loop_cpu"] for s in summaries), "found": found,
                "load": statistics.mean(s["load_seconds"] for s in summaries),
                "maxrss_kb": results[0]["maxrss_kb"], "samples": results[0]["samples"]}

    def ours(self, task, folder, count, pinned=True, jobs=1, sample=False):
        out = self.fresh(f"ours-{task}")
        wall, results = run_all([self.our_command(task, folder, out, pinned, jobs)],
                                (0, out + ".jsonl") if sample else None)
        found = check_output(out + ".jsonl", task, count, "vision-tasks")
        masks = None
        if task == "pose" and self.options.pose_masks == "write":
            masks = count_files(out + ".masks")
            if masks != found:
                sys.exit(f"folder-compare: ours found {found} people but wrote {masks} masks")
            shutil.rmtree(out + ".masks")
        os.remove(out + ".jsonl")
        return {"wall": wall, "cpu": results[0]["cpu"], "found": found, "masks": masks,
                "maxrss_kb": results[0]["maxrss_kb"], "samples": results[0]["samples"]}


# --------------------------------------------------------------------------------------------------
# Folders.
# --------------------------------------------------------------------------------------------------

def png_folder(work, count, name="png"):
    """`count` hard links to astronaut.png (copies as far as any reader can tell)."""
    folder = os.path.join(work, name)
    os.makedirs(folder)
    original = os.path.join(work, "astronaut.png")
    if not os.path.exists(original):
        shutil.copyfile(ROOT / "assets/images/astronaut.png", original)
    for index in range(count):
        os.link(original, os.path.join(folder, f"{index:05d}_astronaut.png"))
    return folder


def jpeg_folder(work, count):
    from PIL import Image
    pictures = os.path.join(work, "photos")
    os.makedirs(pictures)
    variants = []
    for long_side in LONG_SIDES:
        for source in SOURCES:
            with Image.open(ROOT / "assets/images" / source) as image:
                image = image.convert("RGB")
                scale = long_side / max(image.size)
                size = (round(image.width * scale), round(image.height * scale))
                path = os.path.join(pictures, f"{pathlib.Path(source).stem}_{long_side}.jpg")
                image.resize(size, Image.LANCZOS).save(path, quality=90)
                variants.append((path, size))
    folder = os.path.join(work, "jpeg")
    os.makedirs(folder)
    for index in range(count):
        path, _ = variants[index % len(variants)]
        os.link(path, os.path.join(folder, f"{index:04d}_{os.path.basename(path)}"))
    megapixels = statistics.mean(variants[i % len(variants)][1][0] * variants[i % len(variants)][1][1]
                                 for i in range(count)) / 1e6
    return folder, megapixels


# --------------------------------------------------------------------------------------------------
# The two modes.
# --------------------------------------------------------------------------------------------------

def median(rows, key):
    return statistics.median(row[key] for row in rows)


def timed(bench, options, work):
    tasks = [options.only] if options.only else ["face", "pose"]
    folders = []
    if options.only_folder in (None, "png"):
        folders.append(("png", png_folder(work, options.images), options.images, "astronaut.png 512x512"))
    if options.only_folder in (None, "jpeg"):
        folder, megapixels = jpeg_folder(work, options.photos)
        folders.append(("jpeg", folder, options.photos, f"photos 640-4000 px, mean {megapixels:.1f} MP"))
    # Untimed: the binaries, libraries and models into the page cache.
    warm = png_folder(work, 2, "warm-up")
    for task in tasks:
        bench.mediapipe(task, warm, 2)
        bench.ours(task, warm, 2)
    cases = [(task, *folder) for task in tasks for folder in folders]
    rows = {(case[0], case[1], kind): {"mediapipe": [], "ours": []} for case in cases for kind in ("core", "jobs")}
    load_before = open("/proc/loadavg").read().strip()
    for round_index in range(options.rounds):
        for task, name, folder, count, _ in cases:
            rows[(task, name, "core")]["mediapipe"].append(bench.mediapipe(task, folder, count))
            rows[(task, name, "core")]["ours"].append(bench.ours(task, folder, count))
            if not options.skip_jobs:
                rows[(task, name, "jobs")]["mediapipe"].append(bench.mediapipe(task, folder, count, False, 2))
                rows[(task, name, "jobs")]["ours"].append(bench.ours(task, folder, count, False, 2))
            print(f"round {round_index + 1}/{options.rounds}: {task} {name} done", file=sys.stderr, flush=True)
    load_after = open("/proc/loadavg").read().strip()
    print(f"vision-tasks ({options.binary}) against MediaPipe 1.2.3's Python loop; medians of {options.rounds} "
          f"interleaved rounds; /proc/loadavg before: {load_before}; after: {load_after}")
    for task, name, _, count, description in cases:
        print(f"\n{task}, {name} folder: {count} files ({description})")
        for kind in ("core", "jobs"):
            theirs, ours = rows[(task, name, kind)]["mediapipe"], rows[(task, name, kind)]["ours"]
            if not theirs:
                continue
            loop, wall, cpu, loop_cpu = (median(theirs, key) for key in ("loop", "wall", "cpu", "loop_cpu"))
            our_wall, our_cpu = median(ours, "wall"), median(ours, "cpu")
            if kind == "core":
                print(f"  one core (taskset -c {options.core}), --jobs 1 --threads 1 / one MediaPipe process:")
            else:
                print("  whole machine: ours --jobs 2 --threads 1 / two MediaPipe processes, half of the files each:")
            print(f"    MediaPipe loop  {loop:8.2f} s  {1000 * loop / count:7.2f} ms/image  loop CPU {loop_cpu:7.2f} s"
                  f"  | whole process {wall:7.2f} s ({1000 * wall / count:.2f} ms/image), CPU {cpu:.2f} s")
            print(f"    ours (process)  {our_wall:8.2f} s  {1000 * our_wall / count:7.2f} ms/image  CPU      {our_cpu:7.2f} s")
            # Each round's own ratio (its two runs saw the same load): their spread is the host's drift.
            by_round = [o["wall"] / t["loop"] for t, o in zip(theirs, ours)]
            print(f"    ours / MediaPipe loop: {our_wall / loop:.3f} (target <= 0.6; rounds {min(by_round):.3f}–"
                  f"{max(by_round):.3f});  ours / MediaPipe whole process: {our_wall / wall:.3f};  "
                  f"CPU ours / MediaPipe whole: {our_cpu / cpu:.3f}")
            print(f"    found: MediaPipe {theirs[0]['found']}/{count}, ours {ours[0]['found']}/{count}"
                  + (f" (masks written: {ours[0]['masks']})" if ours[0]["masks"] is not None else "")
                  + f";  all walls: MediaPipe loop {[round(r['loop'], 2) for r in theirs]}, "
                    f"ours {[round(r['wall'], 2) for r in ours]}")
    return {f"{task} {name} {kind}": value for (task, name, kind), value in rows.items() if value["mediapipe"]}


def rss_at(samples, fraction):
    """VmRSS (kB) at the first sample where the output reached `fraction` of its largest sampled
    size; for fraction 1, at the last sample before that size (the last images are being done;
    after it the process may already be releasing memory)."""
    final = max(sample[2] for sample in samples)
    if fraction >= 1:
        before = [rss for _, rss, size, _ in samples if size < final]
        return before[-1] if before else samples[-1][1]
    for _, rss, size, _ in samples:
        if size >= fraction * final:
            return rss
    return samples[-1][1]


def memory(bench, options, work):
    tasks = [options.only] if options.only else ["face", "pose"]
    count = options.memory_images
    folder = png_folder(work, count, "memory")
    load_before = open("/proc/loadavg").read().strip()
    results = {}
    for task in tasks:
        results[task] = {"mediapipe": bench.mediapipe(task, folder, count, False, sample=True),
                         "ours": bench.ours(task, folder, count, False, sample=True)}
        print(f"memory: {task} done", file=sys.stderr, flush=True)
    load_after = open("/proc/loadavg").read().strip()
    print(f"memory: {count} hard links to astronaut.png, one process each side, not pinned, VmRSS every 0.5 s; "
          f"/proc/loadavg before: {load_before}; after: {load_after}")
    targets = {"face": 60, "pose": 90}
    print(f"{'':24} {'peak VmRSS':>10} {'VmHWM':>8} {'ru_maxrss':>10} {'at 10 %':>8} {'at 50 %':>8} {'at end':>8} "
          f"{'10 %->end':>9} {'wall s':>7} {'ms/image':>8}")
    for task in tasks:
        for side in ("mediapipe", "ours"):
            result = results[task][side]
            samples = result["samples"]
            peak = max(sample[1] for sample in samples) / 1024
            hwm = samples[-1][3] / 1024
            at10, at50, end = (rss_at(samples, f) / 1024 for f in (0.1, 0.5, 1.0))
            label = f"{task} {'MediaPipe' if side == 'mediapipe' else 'ours'}"
            if side == "ours":
                label += f" (<= {targets[task]} MB)"
            print(f"{label:24} {peak:8.1f}MB {hwm:6.1f}MB {result['maxrss_kb'] / 1024:8.1f}MB {at10:6.1f}MB "
                  f"{at50:6.1f}MB {end:6.1f}MB {end - at10:+7.1f}MB {result['wall']:7.1f} "
                  f"{1000 * result['wall'] / count:8.2f}")
    return results


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--mediapipe-worker":
        task, folder, out, model, shard = sys.argv[2:7]
        mediapipe_worker(task, folder, out, model, tuple(int(part) for part in shard.split("/")))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--images", type=int, default=200, help="PNG copies of astronaut.png (default 200)")
    parser.add_argument("--photos", type=int, default=300, help="JPEG photos (default 300)")
    parser.add_argument("--only", choices=["face", "pose"])
    parser.add_argument("--only-folder", choices=["png", "jpeg"])
    parser.add_argument("--skip-jobs", action="store_true", help="leave out the --jobs 2 comparison")
    parser.add_argument("--memory", action="store_true", help="measure peak and steady RSS instead of time")
    parser.add_argument("--memory-images", type=int, default=10000)
    parser.add_argument("--pose-masks", choices=["write", "compute"], default="write",
                        help="ours: --masks DIR (computed and written, the default) or "
                             "--output-segmentation-masks (computed, not written)")
    parser.add_argument("--core", type=int, default=0, help="the core both sides are pinned to (default 0)")
    parser.add_argument("--binary", default=str(ROOT / ".build/release/vision-tasks"))
    parser.add_argument("--json", help="save every sample to this file")
    options = parser.parse_args()
    options.binary = os.path.abspath(options.binary)
    if not os.access(options.binary, os.X_OK):
        sys.exit(f"folder-compare: {options.binary} is missing; run `swift build -c release` first")
    if shutil.which("taskset") is None and not options.memory:
        sys.exit("folder-compare: taskset (util-linux) is needed to pin both sides to one core")
    work = tempfile.mkdtemp(prefix="folder-compare-")
    try:
        os.makedirs(os.path.join(work, "out"))
        bench = Bench(options, work)
        results = memory(bench, options, work) if options.memory else timed(bench, options, work)
        if options.json:
            with open(options.json, "w") as target:
                json.dump(results, target, indent=1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
