"""Record raw pose-model outputs next to MediaPipe's PoseLandmarker results, for VisionCore's math.

For each frame, Tests/Fixtures/pose-pipeline/manifest.json holds: the image size and letterbox;
the pose detector's raw rows (LiteRT, on MediaPipe's 224 letterboxed tensor) for every anchor whose
score logit is above -3 (the rest are below any useful threshold; the Swift test fills them with
-100); the landmark ROI (this script's float32 replica of docs/pipeline.md §6.2, used for the crop); the raw
landmark-model outputs on that 256 crop (39 x 5 landmarks, presence, 33 x 3 world landmarks, and the
heatmap cells that refinement reads); and MediaPipe's landmarks and world landmarks.
Run with a Python that has mediapipe and ai-edge-litert (pinned versions).
"""
import importlib.machinery, importlib.util, json, math, os, pathlib, sys, tempfile, types, zipfile
import numpy as np
import mediapipe as mp
from mediapipe.tasks.python import BaseOptions
from mediapipe.tasks.python.vision import PoseLandmarker, PoseLandmarkerOptions, RunningMode

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from face_pipeline import crop, run  # noqa: E402  (same ImageToTensor replica and LiteRT runner)

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/Fixtures/pose-pipeline"
TASK = ROOT / "assets/models/pose_landmarker_full.task"
FRAMES = ["astronaut.png", "bus.jpg"]  # the pose detector finds nobody in zidane.jpg at 0.5
f32 = np.float32


WHEELS = pathlib.Path(os.environ.get("VISIONTASKS_WHEEL_CACHE", pathlib.Path.home() / ".cache/visiontasks/wheels"))


def bundle_with_metadata() -> pathlib.Path:
    """MediaPipe's PoseLandmarker wants image-input metadata, which our assembled bundle lacks. This
    writes a copy of the bundle whose two models carry NormalizationOptions (mean/std 127.5 for the
    detector, 0/255 for the landmark model), with MediaPipe's own metadata writer. That writer needs
    the compiled `_pywrap_metadata_version` module, missing from the 1.2.3 wheel; it is loaded from
    the mediapipe 0.10.21 wheel that scripts/setup caches. The model weights are untouched."""
    module_name = "mediapipe.tasks.cc.metadata.python._pywrap_metadata_version"
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="visioncore-pose-"))
    if module_name not in sys.modules:
        wheel = next(iter(sorted(WHEELS.glob("mediapipe-0.10.21-cp311-*.whl"))), None)
        if wheel is None:
            raise SystemExit(f"no mediapipe 0.10.21 wheel in {WHEELS}: run scripts/setup first")
        so = scratch / "_pywrap_metadata_version.so"
        with zipfile.ZipFile(wheel) as z:
            so.write_bytes(z.read(next(n for n in z.namelist() if "_pywrap_metadata_version" in n)))
        for package in ("mediapipe.tasks.cc", "mediapipe.tasks.cc.metadata", "mediapipe.tasks.cc.metadata.python"):
            if package not in sys.modules:
                sys.modules[package] = types.ModuleType(package)
                sys.modules[package].__path__ = []
        loader = importlib.machinery.ExtensionFileLoader(module_name, str(so))
        module = importlib.util.module_from_spec(importlib.util.spec_from_file_location(module_name, str(so), loader=loader))
        loader.exec_module(module)
        sys.modules[module_name] = module
    from mediapipe.tasks.python.metadata.metadata_writers import metadata_writer

    def annotate(model: bytes, name: str, mean: float, std: float) -> bytes:
        writer = metadata_writer.MetadataWriter.create(bytearray(model))
        writer.add_general_info(name, "image-input metadata added for MediaPipe's Tasks API")
        writer.add_image_input(norm_mean=[mean], norm_std=[std])
        return bytes(writer.populate()[0])

    out = scratch / "pose_landmarker_full_metadata.task"
    with zipfile.ZipFile(TASK) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        target.writestr("pose_detector.tflite", annotate(source.read("pose_detector.tflite"), "pose_detector", 127.5, 127.5))
        target.writestr("pose_landmarks_detector.tflite",
                        annotate(source.read("pose_landmarks_detector.tflite"), "pose_landmarks_detector", 0.0, 255.0))
    return out


def anchors():
    out = []
    for stride, per_cell in ((8, 2), (16, 2), (32, 6)):
        n = math.ceil(224 / stride)
        for y in range(n):
            for x in range(n):
                out += [((f32(x) + f32(0.5)) / f32(n), (f32(y) + f32(0.5)) / f32(n))] * per_cell
    assert len(out) == 2254
    return out


def pose_roi(boxes, scores, pad, W, H):
    """docs/pipeline.md §6.2 in float32: decode, weighted NMS 0.5, letterbox removal, alignment kp0 -> kp1 at
    90 degrees, x1.25 square_long. Returns the ROI of the best detection."""
    dets = []
    for i, (ax, ay) in enumerate(anchors()):
        with np.errstate(over="ignore"):
            s = f32(1) / (f32(1) + np.exp(-np.clip(scores[i], f32(-100), f32(100))))
        if s < f32(0.5):
            continue
        b = boxes[i]
        xc = b[0] / f32(224) + ax; yc = b[1] / f32(224) + ay
        w = b[2] / f32(224); h = b[3] / f32(224)
        xmin, ymin, xmax, ymax = xc - w / f32(2), yc - h / f32(2), xc + w / f32(2), yc + h / f32(2)
        kps = [(b[4 + 2 * k] / f32(224) + ax, b[5 + 2 * k] / f32(224) + ay) for k in range(4)]
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
    tot = f32(0); kp = [[f32(0), f32(0)] for _ in range(4)]
    for d in cands:
        tot += d[0]
        for k in range(4):
            kp[k][0] += d[5][k][0] * d[0]; kp[k][1] += d[5][k][1] * d[0]
    l, t, r_, b_ = [f32(v) for v in pad]
    kp = [((x / tot - l) / (f32(1) - l - r_), (y / tot - t) / (f32(1) - t - b_)) for x, y in kp]
    x0, y0 = kp[0][0] * f32(W), kp[0][1] * f32(H)
    x1, y1 = kp[1][0] * f32(W), kp[1][1] * f32(H)
    size = f32(float(np.sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0))) * 2.0)
    target = f32(math.pi * 90 / 180)
    a = target - np.arctan2(-(y1 - y0), x1 - x0)
    rot = f32(float(a) - 2 * math.pi * math.floor((float(a) + math.pi) / (2 * math.pi)))
    w, h = size / f32(W), size / f32(H)
    long_side = max(w * f32(W), h * f32(H))
    return [x0 / f32(W), y0 / f32(H), long_side / f32(W) * f32(1.25), long_side / f32(H) * f32(1.25), rot]


def heatmap_windows(landmarks, heatmap):
    """The cells RefineLandmarksFromHeatmapCalculator reads (kernel 7), per landmark."""
    windows = []
    for i, (x, y) in enumerate(landmarks[:, :2] / 256):
        col, row = int(f32(x) * f32(64)), int(f32(y) * f32(64))
        if col < 0 or col >= 64 or row < 0 or col >= 64:  # MediaPipe's check (sic: col vs height)
            windows.append(None)
            continue
        r0, r1, c0, c1 = max(0, row - 3), min(64, row + 4), max(0, col - 3), min(64, col + 4)
        values = heatmap[r0:r1, c0:c1, i] if r0 < r1 else np.zeros((0, 0), np.float32)
        windows.append({"row": r0, "col": c0, "rows": int(values.shape[0]), "cols": int(values.shape[1]),
                        "values": [float(v) for v in values.reshape(-1)]})
    return windows


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(TASK) as z:
        detector_bytes = z.read("pose_detector.tflite")
        landmarks_bytes = z.read("pose_landmarks_detector.tflite")
    landmarker = PoseLandmarker.create_from_options(PoseLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=str(bundle_with_metadata())), running_mode=RunningMode.IMAGE, num_poses=1))
    manifest = {"mediapipe": mp.__version__, "frames": []}
    for name in FRAMES:
        decoded = mp.Image.create_from_file(str(ROOT / "assets/images" / name))
        pixels = np.array(decoded.numpy_view()[..., :3], copy=True)
        H, W = pixels.shape[:2]
        image = mp.Image(image_format=mp.ImageFormat.SRGB, data=pixels)

        tensor, pad, _ = crop(pixels, (0.5, 0.5, 1, 1, 0), 224, True, True, -1.0, 1.0)
        outputs = run(detector_bytes, tensor)
        boxes = next(o for o in outputs if o.shape[-1] == 12)[0]
        scores = next(o for o in outputs if o.shape[-1] == 1)[0, :, 0]
        rows = [{"index": int(i), "score": float(scores[i]), "box": [float(v) for v in boxes[i]]}
                for i in np.nonzero(scores > -3)[0]]

        roi = pose_roi(boxes, scores, pad, W, H)
        pose_tensor, _, _ = crop(pixels, roi, 256, False, False, 0.0, 1.0)
        raw = run(landmarks_bytes, pose_tensor)
        landmarks = next(o for o in raw if o.size == 195).reshape(39, 5)
        presence = next(o for o in raw if o.size == 1).reshape(-1)
        world = next(o for o in raw if o.size == 117).reshape(39, 3)
        heatmap = next(o for o in raw if o.shape[-1] == 39 and o.ndim == 4)[0]

        result = landmarker.detect(image)
        manifest["frames"].append({
            "image": name, "width": W, "height": H, "letterbox": list(pad), "detector_rows": rows,
            "roi": [float(v) for v in roi], "landmarks_raw": [float(v) for v in landmarks.reshape(-1)],
            "presence": float(presence[0]), "world_raw": [float(v) for v in world[:33].reshape(-1)],
            "heatmap_windows": heatmap_windows(landmarks, heatmap),
            "landmarks": [[[p.x, p.y, p.z, p.visibility, p.presence] for p in pose] for pose in result.pose_landmarks],
            "world_landmarks": [[[p.x, p.y, p.z, p.visibility, p.presence] for p in pose] for pose in result.pose_world_landmarks],
        })
        print(name, W, H, "rows", len(rows), "poses", len(result.pose_landmarks), "roi", [float(v) for v in roi])
    (OUT / "manifest.json").write_text(json.dumps(manifest) + "\n")


if __name__ == "__main__":
    sys.exit(main())
