"""Times MediaPipe 1.2.3's face, pose and hand landmarkers and ours interleaved, and prints the ratios.

For K rounds: one MediaPipe round (N timed calls per case), then one round of ours
(`vision-tasks bench tasks --json --iterations N`, graphs built before timing, as MediaPipe's
tasks are). Medians are taken over all K × N samples per side, so both sides see the same machine
load. Cases: FaceLandmarker on astronaut.png with blendshapes and matrices, in
IMAGE mode and per tracked VIDEO frame; FaceDetector (short-range model, default options) on
astronaut.png in IMAGE mode; PoseLandmarker on astronaut.png with masks in IMAGE mode, and per
tracked VIDEO frame; HandLandmarker on t1.jpg in IMAGE mode (numHands 2), and per tracked VIDEO
frame (numHands 1, so the palm detector is skipped once the hand is tracked).
MediaPipe's Python Tasks API always runs XNNPACK with 1 thread on desktop Linux. Ours runs with its
default thread count (the processors available, at most 4) unless --threads sets it.
Run: scripts/bench/mediapipe-compare [--rounds K] [--iterations N] [--threads T] [--binary PATH]
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

import mediapipe as mp
import numpy as np
from PIL import Image
from mediapipe.tasks.python import BaseOptions
from mediapipe.tasks.python.vision import (FaceDetector, FaceDetectorOptions, FaceLandmarker,
                                           FaceLandmarkerOptions, HandLandmarker, HandLandmarkerOptions,
                                           PoseLandmarker, PoseLandmarkerOptions, RunningMode)

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "golden"))
from mediapipe_tasks import pose_bundle_with_metadata  # noqa: E402

# Our case names (vision-tasks bench tasks) and the speed targets, ours / MediaPipe (docs/parity.md §6).
CASES = [
    ("face-landmarker image, astronaut, blendshapes+matrices", 0.8),
    ("face-landmarker video frame, astronaut, blendshapes+matrices", 0.6),
    ("face-detector, astronaut", 0.8),
    ("pose-landmarker image, astronaut, masks", 0.8),
    ("pose-landmarker video frame, astronaut", 0.6),
    ("hand-landmarker image, t1, numHands 2", 0.6),
    ("hand-landmarker video frame, t1", 0.5),
]


def mediapipe_cases():
    """One callable per case, each running one MediaPipe call; tasks are created once."""
    rgb = np.asarray(Image.open(ROOT / "assets/images/astronaut.png").convert("RGB"))
    image = mp.Image(image_format=mp.ImageFormat.SRGB, data=np.ascontiguousarray(rgb))
    face_task = str(ROOT / "assets/models/face_landmarker.task")
    pose_task = str(pose_bundle_with_metadata())
    face_options = dict(output_face_blendshapes=True, output_facial_transformation_matrixes=True)
    face_image = FaceLandmarker.create_from_options(FaceLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=face_task), running_mode=RunningMode.IMAGE, **face_options))
    face_video = FaceLandmarker.create_from_options(FaceLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=face_task), running_mode=RunningMode.VIDEO, **face_options))
    # The same file our case uses (FaceDetectorGraph with face_detection_short_range.tflite).
    face_detector = FaceDetector.create_from_options(FaceDetectorOptions(
        base_options=BaseOptions(model_asset_path=str(ROOT / "assets/models/face_detection_short_range.tflite")),
        running_mode=RunningMode.IMAGE))
    pose_image = PoseLandmarker.create_from_options(PoseLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=pose_task), running_mode=RunningMode.IMAGE,
        output_segmentation_masks=True))
    pose_video = PoseLandmarker.create_from_options(PoseLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=pose_task), running_mode=RunningMode.VIDEO))
    t1_rgb = np.asarray(Image.open(ROOT / "assets/images/t1.jpg").convert("RGB"))
    t1 = mp.Image(image_format=mp.ImageFormat.SRGB, data=np.ascontiguousarray(t1_rgb))
    hand_task = str(ROOT / "assets/models/hand_landmarker.task")
    hand_image = HandLandmarker.create_from_options(HandLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=hand_task), running_mode=RunningMode.IMAGE, num_hands=2))
    hand_video = HandLandmarker.create_from_options(HandLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=hand_task), running_mode=RunningMode.VIDEO))
    clocks = {"face": 0, "pose": 0, "hand": 0}

    def video(task, key, picture=image):
        def step():
            clocks[key] += 33
            task.detect_for_video(picture, clocks[key])
        return step

    calls = [lambda: face_image.detect(image), video(face_video, "face"), lambda: face_detector.detect(image),
             lambda: pose_image.detect(image), video(pose_video, "pose"), lambda: hand_image.detect(t1),
             video(hand_video, "hand", t1)]
    return calls, [face_image, face_video, face_detector, pose_image, pose_video, hand_image, hand_video]


def time_calls(call, iterations):
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return times


def our_round(binary, iterations, threads):
    """Our times per case, and the thread count the cases ran with."""
    command = [binary, "bench", "tasks", "--json", "--iterations", str(iterations),
               "--filter", "|".join(name for name, _ in CASES)]
    if threads is not None:
        command += ["--threads", str(threads)]
    out = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    results, used = {}, None
    for line in out.splitlines():
        if line.startswith("{"):
            item = json.loads(line)
            results[item["case"]] = item["times_ms"]
            used = item["threads"]
    return results, used


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--threads", type=int, default=None,
                        help="XNNPACK threads on our side (default: vision-tasks' own default)")
    parser.add_argument("--binary", default=str(ROOT / ".build/release/vision-tasks"))
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"mediapipe-compare: {args.binary} is missing; run `swift build -c release` first")
    calls, tasks = mediapipe_cases()
    for call in calls:
        call()  # warm-up
    theirs = [[] for _ in CASES]
    ours = [[] for _ in CASES]
    load_before = os.getloadavg()[0]
    for _ in range(args.rounds):
        for index, call in enumerate(calls):
            theirs[index] += time_calls(call, args.iterations)
        round_results, our_threads = our_round(args.binary, args.iterations, args.threads)
        for index, (name, _) in enumerate(CASES):
            ours[index] += round_results[name]
    for task in tasks:
        task.close()
    print(f"MediaPipe {mp.__version__} (1 XNNPACK thread, its desktop default) vs vision-tasks (xnnpack, "
          f"{our_threads} thread(s)); medians of {args.rounds} interleaved "
          f"rounds × {args.iterations} calls; 1-min load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after")
    print(f"{'case':62} {'MediaPipe ms':>12} {'ours ms':>8} {'ratio':>6} {'target':>6}")
    for index, (name, target) in enumerate(CASES):
        a, b = statistics.median(theirs[index]), statistics.median(ours[index])
        print(f"{name:62} {a:12.2f} {b:8.2f} {b / a:6.3f} {target:6.2f}")


if __name__ == "__main__":
    main()
