"""Times MediaPipe 1.2.3's FaceLandmarker (CPU) for comparison with VisionPipeline's
FaceLandmarkerGraph (printed by `vision-tasks bench tasks`).

IMAGE mode on astronaut.png with blendshapes and matrices, and VIDEO mode on the same picture
(tracked: the detector is skipped after the first frame). Best of N calls, ms per image.
Run: scripts/bench/face-landmarker-mediapipe (makes .venv-mediapipe with the pinned packages).
"""
import pathlib
import time

import mediapipe as mp
import numpy as np
from PIL import Image
from mediapipe.tasks.python import BaseOptions
from mediapipe.tasks.python.vision import FaceLandmarker, FaceLandmarkerOptions, RunningMode

ROOT = pathlib.Path(__file__).resolve().parents[2]
TASK = str(ROOT / "assets/models/face_landmarker.task")
REPEATS = 20


def best(call):
    call()
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def main():
    rgb = np.asarray(Image.open(ROOT / "assets/images/astronaut.png").convert("RGB"))
    image = mp.Image(image_format=mp.ImageFormat.SRGB, data=np.ascontiguousarray(rgb))
    options = dict(output_face_blendshapes=True, output_facial_transformation_matrixes=True)
    with FaceLandmarker.create_from_options(FaceLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=TASK), running_mode=RunningMode.IMAGE, **options)) as landmarker:
        image_ms = best(lambda: landmarker.detect(image))
    clock = [0]
    with FaceLandmarker.create_from_options(FaceLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=TASK), running_mode=RunningMode.VIDEO, **options)) as landmarker:
        def step():
            clock[0] += 33
            landmarker.detect_for_video(image, clock[0])
        video_ms = best(step)
    print(f"mediapipe {mp.__version__}: astronaut image mode with blendshapes+matrix {image_ms:.2f} ms; "
          f"video (tracked) {video_ms:.2f} ms")


if __name__ == "__main__":
    main()
