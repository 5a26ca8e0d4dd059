"""Record raw face-model outputs next to MediaPipe's final results, for VisionCore's math.

For each frame it stores, in Tests/Fixtures/face-pipeline/:
  <stem>.detector_boxes.f32   [896, 16] raw box tensor of face_detector.tflite (LiteRT)
  <stem>.detector_scores.f32  [896] raw score logits
  <stem>.landmarks_raw.f32    [478 * 3] raw landmark tensor of face_landmarks_detector.tflite on
                              the landmark ROI crop, and [1] presence logit in <stem>.presence.f32
  manifest.json               image size, the ROI used for the crop (this script's float32 replica
                              of docs/pipeline.md §4.2), and MediaPipe's FaceDetector detections
                              (pixel boxes, keypoints, scores) and FaceLandmarker landmarks
The tensors are built from the same decoded pixels MediaPipe gets, with OpenCV's warp as MediaPipe's
ImageToTensorCalculator does (docs/pipeline.md §2; bit-identical). LiteRT runs the models.
Swift then redoes decoding, NMS, projection, pixel boxes, the ROI and the landmark projection and
compares with MediaPipe. Run with a Python that has mediapipe and ai-edge-litert (pinned versions).
"""
import io, json, math, pathlib, sys, zipfile
import numpy as np
import cv2
import mediapipe as mp
from mediapipe.tasks.python import BaseOptions
from mediapipe.tasks.python.vision import (FaceDetector, FaceDetectorOptions, FaceLandmarker,
                                           FaceLandmarkerOptions, RunningMode)
from ai_edge_litert.interpreter import Interpreter

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/Fixtures/face-pipeline"
TASK = ROOT / "assets/models/face_landmarker.task"
FRAMES = [("astronaut.png", None), ("astronaut.png", (slice(40, 400), slice(0, 512)))]
f32 = np.float32


def member(name):
    with zipfile.ZipFile(TASK) as z:
        return z.read(name)


def run(model_bytes, x):
    it = Interpreter(model_content=model_bytes)
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], x.astype(np.float32))
    it.invoke()
    return [it.get_tensor(o["index"]) for o in it.get_output_details()]


def crop(pixels, rect, size, keep_aspect, border_zero, lo, hi):
    """ImageToTensorCalculator on CPU (docs/pipeline.md §2.1-2.3), returning the tensor and the padding."""
    H, W = pixels.shape[:2]
    cx, cy, w, h, r = [f32(v) for v in rect]
    cx, cy, w, h = cx * f32(W), cy * f32(H), w * f32(W), h * f32(H)
    pad = (0.0, 0.0, 0.0, 0.0)
    if keep_aspect:
        ta = f32(size) / f32(size); ra = h / w
        if ta > ra:
            h = w * ta; v = (f32(1) - ra / ta) / f32(2); pad = (0.0, float(v), 0.0, float(v))
        else:
            w = h / ta; p = (f32(1) - ta / ra) / f32(2); pad = (float(p), 0.0, float(p), 0.0)
    box = cv2.RotatedRect((float(cx), float(cy)), (float(w), float(h)), float(f32(f32(r * f32(180)) / f32(math.pi))))
    src = cv2.boxPoints(box).astype(np.float32)
    dst = np.array([[0, size], [0, 0], [size, 0], [size, size]], np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    out = cv2.warpPerspective(pixels, m, (size, size), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT if border_zero else cv2.BORDER_REPLICATE)
    scale = f32((hi - lo) / 255.0)
    tensor = (out.astype(np.float64) * float(scale) + float(lo)).astype(np.float32)
    return tensor[None], pad, (cx, cy, w, h, r)


def anchors():
    out = []
    for stride, per_cell in ((8, 2), (16, 6)):
        n = math.ceil(128 / stride)
        for y in range(n):
            for x in range(n):
                out += [((f32(x) + f32(0.5)) / f32(n), (f32(y) + f32(0.5)) / f32(n))] * per_cell
    return out


def landmark_roi(boxes, scores, pad, W, H):
    """docs/pipeline.md §3.2-3.4 and §4.2 in float32: decode, weighted NMS 0.5, letterbox removal (= projection for
    an unrotated frame), DetectionsToRects (kp0 -> kp1, target 0), x1.5."""
    dets = []
    for i, (ax, ay) in enumerate(anchors()):
        with np.errstate(over="ignore"):
            s = f32(1) / (f32(1) + np.exp(-np.clip(scores[i], f32(-100), f32(100))))
        if s < f32(0.5):
            continue
        b = boxes[i]
        xc = b[0] / f32(128) + ax; yc = b[1] / f32(128) + ay
        w = b[2] / f32(128); h = b[3] / f32(128)
        xmin, ymin, xmax, ymax = xc - w / f32(2), yc - h / f32(2), xc + w / f32(2), yc + h / f32(2)
        kps = [(b[4 + 2 * k] / f32(128) + ax, b[5 + 2 * k] / f32(128) + ay) for k in range(6)]
        dets.append((s, xmin, ymin, xmax - xmin, ymax - ymin, kps))
    dets.sort(key=lambda d: -d[0])
    best = dets[0]

    def iou(a, b):
        x1, y1 = max(a[1], b[1]), max(a[2], b[2])
        x2, y2 = min(a[1] + a[3], b[1] + b[3]), min(a[2] + a[4], b[2] + b[4])
        if x2 < x1 or y2 < y1:
            return f32(0)
        inter = (x2 - x1) * (y2 - y1)
        return inter / (a[3] * a[4] + b[3] * b[4] - inter)
    cands = [d for d in dets if iou(d, best) > f32(0.5)]
    tot = f32(0); sx = sy = ex = ey = f32(0); kp = [[f32(0), f32(0)] for _ in range(6)]
    for d in cands:
        tot += d[0]; sx += d[1] * d[0]; sy += d[2] * d[0]
        ex += (d[1] + d[3]) * d[0]; ey += (d[2] + d[4]) * d[0]
        for k in range(6):
            kp[k][0] += d[5][k][0] * d[0]; kp[k][1] += d[5][k][1] * d[0]
    xmin, ymin = sx / tot, sy / tot
    width, height = ex / tot - xmin, ey / tot - ymin
    kp = [(a / tot, b / tot) for a, b in kp]
    l, t, r_, b_ = [f32(v) for v in pad]
    xmin, ymin = (xmin - l) / (f32(1) - l - r_), (ymin - t) / (f32(1) - t - b_)
    width, height = width / (f32(1) - l - r_), height / (f32(1) - t - b_)
    kp = [((x - l) / (f32(1) - l - r_), (y - t) / (f32(1) - t - b_)) for x, y in kp]
    x0, y0 = kp[0][0] * f32(W), kp[0][1] * f32(H)
    x1, y1 = kp[1][0] * f32(W), kp[1][1] * f32(H)
    a = f32(0) - np.arctan2(-(y1 - y0), x1 - x0)
    rot = f32(float(a) - 2 * math.pi * math.floor((float(a) + math.pi) / (2 * math.pi)))
    return [xmin + width / f32(2), ymin + height / f32(2), width * f32(1.5), height * f32(1.5), rot]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    detector_bytes = member("face_detector.tflite")
    landmarks_bytes = member("face_landmarks_detector.tflite")
    detector_path = pathlib.Path("/tmp/visioncore_face_detector.tflite")
    detector_path.write_bytes(detector_bytes)
    manifest = {"mediapipe": mp.__version__, "opencv": cv2.__version__, "frames": []}
    face_detector = FaceDetector.create_from_options(FaceDetectorOptions(
        base_options=BaseOptions(model_asset_path=str(detector_path)), running_mode=RunningMode.IMAGE))
    landmarker = FaceLandmarker.create_from_options(FaceLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=str(TASK)), running_mode=RunningMode.IMAGE, num_faces=1))
    for index, (name, crop_slices) in enumerate(FRAMES):
        decoded = mp.Image.create_from_file(str(ROOT / "assets/images" / name))
        pixels = np.array(decoded.numpy_view()[..., :3], copy=True)  # a copy: the view dies with `decoded`
        if crop_slices is not None:
            pixels = np.array(pixels[crop_slices[0], crop_slices[1]], copy=True)
        H, W = pixels.shape[:2]
        image = mp.Image(image_format=mp.ImageFormat.SRGB, data=pixels)
        stem = f"{pathlib.Path(name).stem}_{index}"

        tensor, pad, _ = crop(pixels, (0.5, 0.5, 1, 1, 0), 128, True, True, -1.0, 1.0)
        outputs = run(detector_bytes, tensor)
        boxes = next(o for o in outputs if o.shape[-1] == 16)[0]
        scores = next(o for o in outputs if o.shape[-1] == 1)[0, :, 0]
        boxes.astype("<f4").tofile(OUT / f"{stem}.detector_boxes.f32")
        scores.astype("<f4").tofile(OUT / f"{stem}.detector_scores.f32")

        roi = landmark_roi(boxes, scores, pad, W, H)
        face_tensor, _, _ = crop(pixels, roi, 256, False, False, 0.0, 1.0)
        raw = run(landmarks_bytes, face_tensor)
        raw_landmarks = next(o for o in raw if o.size == 1434).reshape(-1)
        presence = next(o for o in raw if o.size == 1 and o.ndim == 4).reshape(-1)
        raw_landmarks.astype("<f4").tofile(OUT / f"{stem}.landmarks_raw.f32")
        presence.astype("<f4").tofile(OUT / f"{stem}.presence.f32")

        detections = face_detector.detect(image).detections
        landmarks = landmarker.detect(image).face_landmarks
        manifest["frames"].append({
            "stem": stem, "image": name, "width": W, "height": H,
            "letterbox": list(pad), "roi": [float(v) for v in roi],
            "detections": [{"score": d.categories[0].score,
                            "box": [d.bounding_box.origin_x, d.bounding_box.origin_y, d.bounding_box.width, d.bounding_box.height],
                            "keypoints": [[k.x, k.y] for k in d.keypoints]} for d in detections],
            "landmarks": [[[p.x, p.y, p.z] for p in face] for face in landmarks],
        })
        print(stem, W, H, "detections", len(detections), "faces", len(landmarks), "roi", [float(v) for v in roi])
    (OUT / "manifest.json").write_text(json.dumps(manifest) + "\n")


if __name__ == "__main__":
    sys.exit(main())
