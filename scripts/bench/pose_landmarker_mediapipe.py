"""Times MediaPipe 1.2.3's PoseLandmarker (CPU) for comparison with VisionPipeline's
PoseLandmarkerGraph (printed by `vision-tasks bench tasks`).

IMAGE mode on astronaut.png with segmentation masks, VIDEO mode on the same picture (tracked: the
detector is skipped after the first frame), and IMAGE mode on t1.jpg with numPoses 5. Best of N
calls, ms per image. MediaPipe needs TFLite image-input metadata in the bundle, so the bundle is
rebuilt with it exactly as the golden script does (scripts/golden/mediapipe_tasks.py).
Run: scripts/bench/pose-landmarker-mediapipe (makes .venv-mediapipe with the pinned packages).
"""
import pathlib
import sys
import time

import mediapipe as mp
import numpy as np
from PIL import Image
from mediapipe.tasks.python import BaseOptions
from mediapipe.tasks.python.vision import PoseLandmarker, PoseLandmarkerOptions, RunningMode

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "golden"))
from mediapipe_tasks import pose_bundle_with_metadata  # noqa: E402

REPEATS = 20


def best(call, repeats=REPEATS):
    call()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def load(name):
    rgb = np.asarray(Image.open(ROOT / "assets/images" / name).convert("RGB"))
    return mp.Image(image_format=mp.ImageFormat.SRGB, data=np.ascontiguousarray(rgb))


def main():
    task = str(pose_bundle_with_metadata())
    astronaut, t1 = load("astronaut.png"), load("t1.jpg")
    with PoseLandmarker.create_from_options(PoseLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=task), running_mode=RunningMode.IMAGE,
            output_segmentation_masks=True)) as landmarker:
        image_ms = best(lambda: landmarker.detect(astronaut))
    clock = [0]
    with PoseLandmarker.create_from_options(PoseLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=task), running_mode=RunningMode.VIDEO)) as landmarker:
        def step():
            clock[0] += 33
            landmarker.detect_for_video(astronaut, clock[0])
        video_ms = best(step)
    with PoseLandmarker.create_from_options(PoseLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=task), running_mode=RunningMode.IMAGE, num_poses=5)) as landmarker:
        poses = len(landmarker.detect(t1).pose_landmarks)
        group_ms = best(lambda: landmarker.detect(t1), repeats=3)
    print(f"mediapipe {mp.__version__}: astronaut image mode with mask {image_ms:.2f} ms; video (tracked) {video_ms:.2f} ms; "
          f"t1.jpg numPoses 5 ({poses} poses) {group_ms:.2f} ms")


if __name__ == "__main__":
    main()
