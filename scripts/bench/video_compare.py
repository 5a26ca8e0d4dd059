"""Videos through the whole command, against MediaPipe 1.2.3's video mode fed by OpenCV's decoder.

Clips: 1280x720 and 1920x1080 H.264 (yuv420p, 30 frames/s, --frames N, default 150), the astronaut
fixture panning over a padded canvas, made once per run by imageio-ffmpeg's ffmpeg (libx264,
veryfast, crf 20).

Cases: face-landmarker with blendshapes and transformation matrices; pose-landmarker with
segmentation masks (computed and listed, no files written). For each clip and case, R rounds
(--rounds, default 3), each running in turn:
  - MediaPipe: a worker process (this script, --worker) opens the clip with cv2.VideoCapture,
    converts each frame BGR -> RGB, wraps it in mp.Image and calls detect_for_video with the
    frame's time (index x 1000 / 30 ms), and writes one JSON line per frame (the landmarks, and
    blendshapes and matrices, or world landmarks and the masks' sizes) to a file, as a user's
    script would. It reports its loop time (first read to last write; model loading excluded) and
    the whole process is timed too.
  - ours: `vision-tasks TASK CLIP --json-out OUT.jsonl --quiet` plus the task options, the whole
    process timed (start-up, model loading, decoding, JSON, writing);
  - ours with `--overlay OUT.mp4` (drawn and encoded on their own threads).
Both sides must write one line per frame.

--pin puts every process on one core (`taskset -c 0`, ours with --threads 1): one core against
MediaPipe's one thread. Without it, each side runs as it does by default on the whole machine
(MediaPipe's Python tasks run inference on one thread; OpenCV's decoder may use more).

Printed per clip and case: medians of ms per frame (MediaPipe loop, MediaPipe whole process,
ours, ours with the overlay), ours / MediaPipe's loop (target <= 0.5), ours / MediaPipe's whole
process, the overlay's cost over our plain run (target <= +15 %), and the lowest and highest of
the rounds' own ours / MediaPipe loop (the two ran moments apart in a round, so this spread is
what the host's drift did to the figure).

Then, per clip and case, the processor time (user + system, every thread) of our two runs per
frame, how many cores the plain run kept busy (its processor time over its wall time), and the
processor time the overlay adds over the plain run's. That share bounds the overlay's cost from
below wherever the plain run already keeps every core busy: on one core always, since the added
work (drawing, the copy of each frame it draws on, libx264's encoding) cannot overlap the task's.

Run: scripts/bench/video-compare [--rounds R] [--frames N] [--pin] [--only face|pose]
                                 [--sizes 720,1080] [--binary PATH]
"""
import argparse
import json
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SIZES = {720: (1280, 720), 1080: (1920, 1080)}
OPTIONS = {
    "face": ["face-landmarker", "--output-face-blendshapes", "--output-facial-transformation-matrixes"],
    "pose": ["pose-landmarker", "--output-segmentation-masks"],
}


def make_clip(path, width, height, frames):
    """The astronaut panning over a canvas the clip's size (a face and a person in every frame)."""
    side = height * 19 // 18
    pad_width = width + 2 * (side // 19)
    crop = (f"crop={width}:{height}:{side // 38}+{side // 38}*sin(2*PI*t/4):0")
    subprocess.run([
        os.environ["VIDEO_COMPARE_FFMPEG"], "-loglevel", "error", "-y", "-loop", "1", "-framerate", "30",
        "-i", str(ROOT / "assets/images/astronaut.png"), "-t", f"{frames / 30}",
        "-vf", f"scale={side}:{side},pad={pad_width}:{side}:{(pad_width - side) // 2}:0,{crop},format=yuv420p",
        "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", str(path)], check=True)


def worker(case, clip, out_path):
    """MediaPipe's loop over the clip (run in its own process); prints its loop seconds."""
    import cv2
    import mediapipe as mp
    from mediapipe.tasks.python import BaseOptions
    from mediapipe.tasks.python.vision import (FaceLandmarker, FaceLandmarkerOptions, PoseLandmarker,
                                               PoseLandmarkerOptions, RunningMode)
    sys.path.insert(0, str(ROOT / "scripts" / "golden"))
    if case == "face":
        task = FaceLandmarker.create_from_options(FaceLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=str(ROOT / "assets/models/face_landmarker.task")),
            running_mode=RunningMode.VIDEO, output_face_blendshapes=True, output_facial_transformation_matrixes=True))
    else:
        from mediapipe_tasks import pose_bundle_with_metadata
        task = PoseLandmarker.create_from_options(PoseLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=str(pose_bundle_with_metadata())),
            running_mode=RunningMode.VIDEO, output_segmentation_masks=True))

    def point(p):
        return [p.x, p.y, p.z]

    start = time.perf_counter()
    capture = cv2.VideoCapture(clip)
    index = 0
    with open(out_path, "w") as out:
        while True:
            ok, frame = capture.read()
            if not ok:
                break
            image = mp.Image(image_format=mp.ImageFormat.SRGB, data=cv2.cvtColor(frame, cv2.COLOR_BGR2RGB))
            timestamp = index * 1000 // 30
            result = task.detect_for_video(image, timestamp)
            if case == "face":
                line = {"timestampInMilliseconds": timestamp,
                        "faceLandmarks": [[point(p) for p in face] for face in result.face_landmarks],
                        "faceBlendshapes": [[c.score for c in shapes] for shapes in result.face_blendshapes],
                        "facialTransformationMatrixes": [m.tolist() for m in result.facial_transformation_matrixes]}
            else:
                line = {"timestampInMilliseconds": timestamp,
                        "landmarks": [[point(p) for p in pose] for pose in result.pose_landmarks],
                        "worldLandmarks": [[point(p) for p in pose] for pose in result.pose_world_landmarks],
                        "segmentationMasks": [{"width": m.width, "height": m.height}
                                              for m in (result.segmentation_masks or [])]}
            out.write(json.dumps(line) + "\n")
            index += 1
    print(json.dumps({"loop_seconds": time.perf_counter() - start, "frames": index}))


def timed(command):
    """Runs `command`; returns its wall seconds, its standard output and its processor seconds
    (user + system of all its threads: the growth of this process's reaped children's usage)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"video-compare: `{' '.join(command)}` failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, done.stdout, cpu


def lines(path):
    with open(path) as file:
        return sum(1 for _ in file)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--frames", type=int, default=150)
    parser.add_argument("--pin", action="store_true", help="every process on one core; ours with --threads 1")
    parser.add_argument("--only", choices=sorted(OPTIONS))
    parser.add_argument("--sizes", default="720,1080")
    parser.add_argument("--binary", default=str(ROOT / ".build/release/vision-tasks"))
    parser.add_argument("--worker", nargs=3, metavar=("CASE", "CLIP", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(*args.worker)
        return

    pin = ["taskset", "-c", "0"] if args.pin else []
    ours_threads = ["--threads", "1"] if args.pin else []
    cases = [args.only] if args.only else sorted(OPTIONS)
    work = pathlib.Path(tempfile.mkdtemp(prefix="video-compare-"))
    load_before = os.getloadavg()[0]
    try:
        rows = []
        for size in (int(s) for s in args.sizes.split(",")):
            width, height = SIZES[size]
            clip = work / f"clip{size}.mp4"
            make_clip(clip, width, height, args.frames)
            for case in cases:
                samples = {"mp_loop": [], "mp_whole": [], "ours": [], "overlay": [], "ours_cpu": [], "overlay_cpu": []}
                for _ in range(args.rounds):
                    out = work / "mediapipe.jsonl"
                    wall, text, _ = timed(pin + [sys.executable, __file__, "--worker", case, str(clip), str(out)])
                    report = json.loads(text.strip().splitlines()[-1])
                    frames = report["frames"]
                    if frames != args.frames or lines(out) != frames:
                        sys.exit(f"video-compare: MediaPipe read {frames} frames of {args.frames}")
                    samples["mp_loop"].append(report["loop_seconds"] * 1e3 / frames)
                    samples["mp_whole"].append(wall * 1e3 / frames)
                    ours_out = work / "ours.jsonl"
                    command = pin + [args.binary] + OPTIONS[case][:1] + [str(clip)] + OPTIONS[case][1:] + ours_threads
                    wall, _, cpu = timed(command + ["--json-out", str(ours_out), "--quiet"])
                    if lines(ours_out) != frames:
                        sys.exit(f"video-compare: ours wrote {lines(ours_out)} lines for {frames} frames")
                    samples["ours"].append(wall * 1e3 / frames)
                    samples["ours_cpu"].append(cpu * 1e3 / frames)
                    wall, _, cpu = timed(command + ["--json-out", str(ours_out), "--quiet", "--overlay", str(work / "overlay.mp4")])
                    samples["overlay"].append(wall * 1e3 / frames)
                    samples["overlay_cpu"].append(cpu * 1e3 / frames)
                medians = {key: statistics.median(values) for key, values in samples.items()}
                # Each round's ours / MP loop: both ran moments apart, so the host's drift between
                # rounds shows as the spread of these.
                ratios = [ours / loop for ours, loop in zip(samples["ours"], samples["mp_loop"])]
                rows.append((f"{size}p {case}", medians, (min(ratios), max(ratios))))
                print(f"  {size}p {case}: " + ", ".join(f"{k} {v:.2f}" for k, v in medians.items()), file=sys.stderr, flush=True)
        load_after = os.getloadavg()[0]
        mode = "one core each (taskset -c 0, ours --threads 1)" if args.pin else "whole machine, default threads"
        print(f"video-compare: {args.frames} frames, {args.rounds} interleaved rounds, {mode}; "
              f"1-min load average {load_before:.2f} before, {load_after:.2f} after; ms per frame, medians")
        print(f"{'clip, task':<14} {'MP loop':>8} {'MP whole':>9} {'ours':>7} {'+overlay':>9} "
              f"{'ours/MP loop':>13} {'ours/MP whole':>14} {'overlay cost':>13} {'ours/MP loop by round':>22}")
        for name, m, (low, high) in rows:
            print(f"{name:<14} {m['mp_loop']:>8.2f} {m['mp_whole']:>9.2f} {m['ours']:>7.2f} {m['overlay']:>9.2f} "
                  f"{m['ours'] / m['mp_loop']:>13.3f} {m['ours'] / m['mp_whole']:>14.3f} "
                  f"{100 * (m['overlay'] / m['ours'] - 1):>+12.1f}% {f'{low:.3f}–{high:.3f}':>22}")
        print("processor time (user + system, all threads), ms per frame, medians; the overlay's added "
              "processor time is its cost's floor where the plain run keeps every core busy")
        print(f"{'clip, task':<14} {'ours':>7} {'+overlay':>9} {'cores busy, ours':>17} {'overlay adds':>13}")
        for name, m, _ in rows:
            print(f"{name:<14} {m['ours_cpu']:>7.2f} {m['overlay_cpu']:>9.2f} {m['ours_cpu'] / m['ours']:>17.2f} "
                  f"{100 * (m['overlay_cpu'] / m['ours_cpu'] - 1):>+12.1f}%")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
