"""OpenCV 4.11 warpPerspective on WarpBenchmark's case (see scripts/bench/opencv_warp)."""
import math
import time

import cv2
import numpy as np

cv2.setNumThreads(1)
width, height = 1920, 1080
image = np.random.default_rng(1).integers(0, 256, (height, width, 3), dtype=np.uint8)
f32 = np.float32
cx, cy = f32(0.52) * f32(width), f32(0.48) * f32(height)
w = f32(0.3) * f32(width)
h = f32(f32(0.3) * f32(1920) / f32(1080)) * f32(height)
angle = f32(f32(f32(0.4) * f32(180)) / math.pi)
corners = cv2.boxPoints(cv2.RotatedRect((float(cx), float(cy)), (float(w), float(h)), float(angle)))
M = cv2.getPerspectiveTransform(corners, np.array([[0, 256], [0, 0], [256, 0], [256, 256]], np.float32))
for _ in range(30):
    cv2.warpPerspective(image, M, (256, 256), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
times = []
for _ in range(300):
    start = time.perf_counter()
    cv2.warpPerspective(image, M, (256, 256), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    times.append(time.perf_counter() - start)
times.sort()
print(f"OpenCV {cv2.__version__} warpPerspective, rotated 256x256 from 1920x1080 RGB, 1 thread: "
      f"median {times[len(times) // 2] * 1e3:.3f} ms, min {times[0] * 1e3:.3f} ms over {len(times)} runs")
