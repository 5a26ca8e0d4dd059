"""Record a FaceLandmarker VIDEO-mode sequence with the raw landmark tensors behind it.

With numFaces = 1 MediaPipe runs the detector on frame 0 only; later frames use the ROI computed
from the previous frame's unsmoothed landmarks (docs/pipeline.md §4.4, §7), and the output is
One-Euro smoothed (docs/pipeline.md §8.1, §8.2). Frame 0's output equals its raw landmarks (the filter's first value passes
through), so the chain can be replayed: this script computes each frame's ROI the same way (float32
replica), crops it with OpenCV as ImageToTensor does, runs the landmark model with LiteRT and stores
the raw tensor. VisionCore's test recomputes the ROIs, projects, smooths, and compares with
MediaPipe's smoothed landmarks.

Frames: 480x460 windows of astronaut.png moving 5 px right and 3 px down per frame, 33 ms apart
from timestamp 0. Output: Tests/Fixtures/face-video/ (frame<k>.raw.f32 = 478 x 3 raw landmark
tensor, frame<k>.mediapipe.f32 = MediaPipe's 478 x 3 output, manifest.json).
"""
import json, math, pathlib, sys, zipfile
import numpy as np
import mediapipe as mp
from mediapipe.tasks.python import BaseOptions
from mediapipe.tasks.python.vision import FaceLandmarker, FaceLandmarkerOptions, RunningMode

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from face_pipeline import crop, landmark_roi, run  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/Fixtures/face-video"
TASK = ROOT / "assets/models/face_landmarker.task"
FRAME_COUNT, WIDTH, HEIGHT = 8, 480, 460
f32 = np.float32


def project(raw, roi, W, H):
    """LandmarkProjection mode (a) for x and y, float32 (docs/pipeline.md §2.4, §2.5)."""
    cx, cy, w, h, r = [f32(v) for v in roi]
    a, b = w * f32(W), h * f32(H)
    c, d = np.cos(r), np.sin(r)
    e, f_ = cx * f32(W), cy * f32(H)
    g, hh = f32(1) / f32(W), f32(1) / f32(H)
    m0, m1, m3 = a * c * g, -b * d * g, (f32(-0.5) * a * c + f32(0.5) * b * d + e) * g
    m4, m5, m7 = a * d * hh, b * c * hh, (f32(-0.5) * b * c - f32(0.5) * a * d + f_) * hh
    x, y = raw[:, 0] / f32(256), raw[:, 1] / f32(256)
    return np.stack([x * m0 + y * m1 + m3, x * m4 + y * m5 + m7], 1).astype(np.float32)


def roi_from_landmarks(points, W, H):
    """docs/pipeline.md §4.4: bbox of all landmarks (maxima from FLT_MIN), rotation 33 -> 263,
    x1.5 square_long."""
    xmin = min(f32(np.finfo(np.float32).max), points[:, 0].min())
    ymin = min(f32(np.finfo(np.float32).max), points[:, 1].min())
    xmax = max(f32(np.finfo(np.float32).tiny), points[:, 0].max())
    ymax = max(f32(np.finfo(np.float32).tiny), points[:, 1].max())
    w, h = xmax - xmin, ymax - ymin
    x0, y0 = points[33, 0] * f32(W), points[33, 1] * f32(H)
    x1, y1 = points[263, 0] * f32(W), points[263, 1] * f32(H)
    a = f32(0) - np.arctan2(-(y1 - y0), x1 - x0)
    rot = f32(float(a) - 2 * math.pi * math.floor((float(a) + math.pi) / (2 * math.pi)))
    long_side = max(w * f32(W), h * f32(H))
    return [xmin + w / f32(2), ymin + h / f32(2), long_side / f32(W) * f32(1.5), long_side / f32(H) * f32(1.5), rot]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(TASK) as z:
        detector_bytes = z.read("face_detector.tflite")
        landmarks_bytes = z.read("face_landmarks_detector.tflite")
    decoded = mp.Image.create_from_file(str(ROOT / "assets/images/astronaut.png"))
    source = np.array(decoded.numpy_view()[..., :3], copy=True)
    landmarker = FaceLandmarker.create_from_options(FaceLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=str(TASK)), running_mode=RunningMode.VIDEO, num_faces=1))
    manifest = {"mediapipe": mp.__version__, "width": WIDTH, "height": HEIGHT, "frames": []}
    roi = None
    for k in range(FRAME_COUNT):
        top, left = 10 + 3 * k, 20 + 5 * k
        pixels = np.array(source[top:top + HEIGHT, left:left + WIDTH], copy=True)
        timestamp_ms = 33 * k
        if roi is None:
            tensor, pad, _ = crop(pixels, (0.5, 0.5, 1, 1, 0), 128, True, True, -1.0, 1.0)
            outputs = run(detector_bytes, tensor)
            boxes = next(o for o in outputs if o.shape[-1] == 16)[0]
            scores = next(o for o in outputs if o.shape[-1] == 1)[0, :, 0]
            roi = landmark_roi(boxes, scores, pad, WIDTH, HEIGHT)
        face_tensor, _, _ = crop(pixels, roi, 256, False, False, 0.0, 1.0)
        raw_outputs = run(landmarks_bytes, face_tensor)
        raw = next(o for o in raw_outputs if o.size == 1434).reshape(478, 3)
        presence = float(next(o for o in raw_outputs if o.size == 1 and o.ndim == 4).reshape(-1)[0])
        raw.astype("<f4").tofile(OUT / f"frame{k}.raw.f32")

        result = landmarker.detect_for_video(mp.Image(image_format=mp.ImageFormat.SRGB, data=pixels), timestamp_ms)
        assert len(result.face_landmarks) == 1
        np.array([[p.x, p.y, p.z] for p in result.face_landmarks[0]], dtype="<f4").tofile(OUT / f"frame{k}.mediapipe.f32")
        manifest["frames"].append({"timestampMs": timestamp_ms, "roi": [float(v) for v in roi], "presenceLogit": presence})
        print(k, [float(v) for v in roi], presence)
        roi = roi_from_landmarks(project(raw, roi, WIDTH, HEIGHT), WIDTH, HEIGHT)
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(main())
