"""Records MediaPipe 1.2.3 Tasks API goldens under Tests/Fixtures/mediapipe/.

Run through scripts/golden/mediapipe-tasks (it makes the pinned venv). See
scripts/golden/README.md and Tests/Fixtures/mediapipe/README.md for the cases, the file layout and
the JSON schema.

Every image fed to MediaPipe is an RGB uint8 buffer that the Swift tests can rebuild exactly:
  * sources are decoded with Pillow (libpng / libjpeg-turbo, default settings: ISLOW IDCT, fancy
    upsampling), and checked against cv2.imdecode;
  * derived images come only from cv2.warpPerspective (INTER_LINEAR | WARP_INVERSE_MAP, so the
    recorded matrix maps destination pixels to source pixels), from an integer grayscale formula,
    or from a horizontal concatenation. Every warp matrix has entries that are multiples of 1/1024,
    so the coordinate arithmetic is exact in double, and every warp is checked against a plain
    numpy replica of OpenCV 4.x's fixed-point bilinear warp (docs/pipeline.md §2.2).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import importlib.util
import json
import math
import os
import shutil
import sys
import zipfile
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, features

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
OUT = ROOT / "Tests" / "Fixtures" / "mediapipe"
WORK = ROOT / ".venv-mediapipe" / "work"  # git-ignored scratch space (metadata-carrying pose bundle)
WHEEL_CACHE = Path(os.environ.get("VISIONTASKS_WHEEL_CACHE", Path.home() / ".cache/visiontasks/wheels"))

SOURCES = ["astronaut.png", "bus.jpg", "zidane.jpg", "t1.jpg"]
GRAY_FORMULA = "(77*R + 150*G + 29*B + 128) >> 8"


# --------------------------------------------------------------------------------------------------
# JSON writing: float32 values as their shortest round-trip decimal, float64 (recipes) as repr.
# --------------------------------------------------------------------------------------------------

def f32(v) -> np.float32:
    return np.float32(v)


def _scalar(v) -> str:
    if isinstance(v, np.float32):
        if not np.isfinite(v):
            raise ValueError(f"non-finite float32 {v!r}")
        return str(v)  # numpy's Dragon4 "unique" mode: shortest string that round-trips to float32
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"non-finite float {v!r}")
        return repr(v)
    if v is None:
        return "null"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    raise TypeError(f"cannot serialize {type(v)}")


def _is_scalar(v) -> bool:
    return not isinstance(v, (list, tuple, dict))


def dumps(v, indent: int = 0) -> str:
    pad = " " * indent
    if isinstance(v, dict):
        if not v:
            return "{}"
        items = [f'{pad} {json.dumps(k)}: {dumps(x, indent + 1)}' for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(v, (list, tuple)):
        if not v:
            return "[]"
        if all(_is_scalar(x) for x in v):
            return "[" + ", ".join(_scalar(x) for x in v) + "]"
        if all(isinstance(x, dict) and all(_is_scalar(y) for y in x.values()) for x in v):
            # small flat objects (categories, detections' fields) one per line
            rows = ["{" + ", ".join(f"{json.dumps(k)}: {_scalar(y)}" for k, y in x.items()) + "}" for x in v]
            return "[\n" + ",\n".join(pad + " " + r for r in rows) + "\n" + pad + "]"
        items = [pad + " " + dumps(x, indent + 1) for x in v]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return _scalar(v)


def write_json(name: str, obj) -> None:
    path = OUT / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(obj) + "\n"
    json.loads(text)  # must be valid JSON
    path.write_text(text)
    print(f"wrote {path.relative_to(ROOT)} ({len(text)} bytes)")


def sha256(a: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()


# --------------------------------------------------------------------------------------------------
# Images: sources and exactly reproducible derived images.
# --------------------------------------------------------------------------------------------------

def decode(name: str) -> np.ndarray:
    path = ASSETS / "images" / name
    with Image.open(path) as im:
        rgb = np.ascontiguousarray(np.asarray(im.convert("RGB")), dtype=np.uint8)
    bgr = cv2.imdecode(np.fromfile(path, np.uint8), cv2.IMREAD_COLOR)
    other = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)
    diff = int(np.abs(rgb.astype(np.int16) - other.astype(np.int16)).max())
    if diff != 0:
        raise SystemExit(f"{name}: Pillow and cv2.imdecode disagree by up to {diff} levels")
    return rgb


def dyadic(v: float) -> float:
    """Rounds to a multiple of 1/1024, so that warp coordinates are exact in double."""
    return round(v * 1024.0) / 1024.0


def warp_replica(src: np.ndarray, minv: np.ndarray, width: int, height: int, border: str) -> np.ndarray:
    """OpenCV 4.x warpPerspective INTER_LINEAR on uint8, destination→source matrix (docs/pipeline.md §2.2)."""
    h, w, c = src.shape
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float64)
    X = minv[0, 0] * xs + minv[0, 1] * ys + minv[0, 2]
    Y = minv[1, 0] * xs + minv[1, 1] * ys + minv[1, 2]
    Z = minv[2, 0] * xs + minv[2, 1] * ys + minv[2, 2]
    s = np.where(Z != 0, 32.0 / np.where(Z != 0, Z, 1.0), 0.0)
    Xi = np.clip(np.rint(X * s), -2**31, 2**31 - 1).astype(np.int64)
    Yi = np.clip(np.rint(Y * s), -2**31, 2**31 - 1).astype(np.int64)
    sx, sy, fx, fy = Xi >> 5, Yi >> 5, Xi & 31, Yi & 31
    acc = np.zeros((height, width, c), np.int64)
    for dy, dx, wgt in ((0, 0, (32 - fx) * (32 - fy) * 32), (0, 1, fx * (32 - fy) * 32),
                        (1, 0, (32 - fx) * fy * 32), (1, 1, fx * fy * 32)):
        tx, ty = sx + dx, sy + dy
        if border == "replicate":
            p = src[np.clip(ty, 0, h - 1), np.clip(tx, 0, w - 1)].astype(np.int64)
        else:
            inside = (tx >= 0) & (tx < w) & (ty >= 0) & (ty < h)
            p = src[np.clip(ty, 0, h - 1), np.clip(tx, 0, w - 1)].astype(np.int64) * inside[..., None]
        acc += p * wgt[..., None]
    return np.clip((acc + 16384) >> 15, 0, 255).astype(np.uint8)


def warp(src: np.ndarray, minv, width: int, height: int, border: str) -> np.ndarray:
    minv = np.asarray(minv, np.float64)
    if any(dyadic(v) != v for v in minv.ravel()):
        raise ValueError("warp matrix entries must be multiples of 1/1024")
    mode = cv2.BORDER_REPLICATE if border == "replicate" else cv2.BORDER_CONSTANT
    out = cv2.warpPerspective(src, minv, (width, height), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=mode, borderValue=(0, 0, 0))
    replica = warp_replica(src, minv, width, height, border)
    if not np.array_equal(out, replica):
        n = int((out != replica).sum())
        raise SystemExit(f"cv2.warpPerspective differs from the numpy replica in {n} values")
    return out


class Images:
    """Holds decoded sources and derived images with their recipes."""

    def __init__(self):
        self.pixels: dict[str, np.ndarray] = {}
        self.records: dict[str, dict] = {}
        for name in SOURCES:
            rgb = decode(name)
            self._add(name, rgb, {"kind": "file", "file": f"assets/images/{name}"})

    def _add(self, name, pixels, recipe):
        self.pixels[name] = pixels
        self.records[name] = self.describe(pixels, recipe)

    @staticmethod
    def describe(pixels, recipe):
        channels = 1 if pixels.ndim == 2 else pixels.shape[2]
        return {"width": int(pixels.shape[1]), "height": int(pixels.shape[0]), "channels": channels,
                "sha256": sha256(pixels), "recipe": recipe}

    @staticmethod
    def warp_recipe(source, minv, width, height, border):
        return {"kind": "warp", "source": source, "matrix": [float(v) for v in np.asarray(minv).ravel()],
                "width": width, "height": height, "border": border}

    def make_warp(self, source, minv, width, height, border="constant"):
        return warp(self.pixels[source], minv, width, height, border), self.warp_recipe(source, minv, width, height, border)

    def add_warp(self, name, source, minv, width, height, border="constant"):
        pixels, recipe = self.make_warp(source, minv, width, height, border)
        self._add(name, pixels, recipe)

    def add_crop(self, name, source, cx, cy, size, scale, border="constant"):
        """A size×size window centred on (cx, cy), scaled by `scale` (a power of two)."""
        out = int(round(size * scale))
        x0, y0 = cx - size // 2, cy - size // 2
        minv = [[1.0 / scale, 0.0, float(x0)], [0.0, 1.0 / scale, float(y0)], [0.0, 0.0, 1.0]]
        self.add_warp(name, source, minv, out, out, border)

    def add_rect_crop(self, name, source, x0, y0, width, height, border="replicate"):
        """An integer window (x0, y0, width, height) of `source`, outside taps per `border`."""
        minv = [[1.0, 0.0, float(x0)], [0.0, 1.0, float(y0)], [0.0, 0.0, 1.0]]
        self.add_warp(name, source, minv, width, height, border)

    def add_gray(self, name, source):
        rgb = self.pixels[source].astype(np.uint32)
        gray = ((77 * rgb[..., 0] + 150 * rgb[..., 1] + 29 * rgb[..., 2] + 128) >> 8).astype(np.uint8)
        self._add(name, gray, {"kind": "gray", "source": source, "formula": GRAY_FORMULA})

    def add_hconcat(self, name, sources):
        parts = [self.pixels[s] for s in sources]
        self._add(name, np.ascontiguousarray(np.concatenate(parts, axis=1)), {"kind": "hconcat", "sources": sources})


def mp_image(pixels: np.ndarray):
    import mediapipe as mp
    if pixels.ndim == 2:
        return mp.Image(image_format=mp.ImageFormat.GRAY8, data=np.ascontiguousarray(pixels))
    return mp.Image(image_format=mp.ImageFormat.SRGB, data=np.ascontiguousarray(pixels))


def video_matrix(k: int, width: int, height: int, amplitude: float):
    """Destination→source similarity for frame k: a small rotation, scale and shift about the centre."""
    phase = 2.0 * math.pi * k / 30.0
    angle = math.radians(amplitude * 6.0 * math.sin(phase))
    scale = 1.0 + amplitude * 0.06 * math.sin(0.5 * phase)
    shift_x = round(amplitude * 12.0 * math.sin(phase + 1.0))
    shift_y = round(amplitude * 8.0 * math.cos(phase))
    a = dyadic(math.cos(angle) / scale)
    b = dyadic(math.sin(angle) / scale)
    cx, cy = width / 2.0, height / 2.0
    # source = A·(dest − centre − shift) + centre
    tx = dyadic(cx - a * (cx + shift_x) + b * (cy + shift_y))
    ty = dyadic(cy - b * (cx + shift_x) - a * (cy + shift_y))
    return [[a, -b, tx], [b, a, ty], [0.0, 0.0, 1.0]]


# --------------------------------------------------------------------------------------------------
# MediaPipe runs and result conversion.
# --------------------------------------------------------------------------------------------------

def face_results(result):
    faces = []
    for i, lms in enumerate(result.face_landmarks):
        face = {"landmarks": [[f32(p.x), f32(p.y), f32(p.z)] for p in lms]}
        if result.face_blendshapes:
            face["blendshapes"] = [{"index": c.index, "score": f32(c.score), "categoryName": c.category_name}
                                   for c in result.face_blendshapes[i]]
        if result.facial_transformation_matrixes:
            m = np.asarray(result.facial_transformation_matrixes[i], np.float32)
            if m.shape != (4, 4):
                raise SystemExit(f"unexpected matrix shape {m.shape}")
            face["matrix"] = [f32(v) for v in m.ravel(order="C")]
        faces.append(face)
    return faces


def detections(result):
    out = []
    for d in result.detections:
        bb = d.bounding_box
        out.append({
            "boundingBox": [bb.origin_x, bb.origin_y, bb.width, bb.height],
            "score": f32(d.categories[0].score),
            "categoryIndex": d.categories[0].index,
            "keypoints": [[f32(k.x), f32(k.y)] for k in d.keypoints],
        })
    return out


WRITTEN_MASKS: dict[str, str] = {}  # sha256 of the big-endian uint16 mask → file name


def pose_results(result, case_id, store_masks: bool):
    poses = []
    masks = result.segmentation_masks or []
    for i, lms in enumerate(result.pose_landmarks):
        pose = {
            "landmarks": [[f32(p.x), f32(p.y), f32(p.z), f32(p.visibility), f32(p.presence)] for p in lms],
            "worldLandmarks": [[f32(p.x), f32(p.y), f32(p.z), f32(p.visibility), f32(p.presence)]
                               for p in result.pose_world_landmarks[i]],
        }
        if i < len(masks):
            mask = np.asarray(masks[i].numpy_view(), np.float32)
            if mask.ndim == 3:
                mask = mask[..., 0]
            info = {"width": int(mask.shape[1]), "height": int(mask.shape[0]),
                    "sha256Float32": sha256(mask.astype("<f4")),
                    "mean": f32(mask.astype(np.float64).mean()),
                    "min": f32(mask.min()), "max": f32(mask.max())}
            if store_masks:
                encoded = np.rint(np.clip(mask.astype(np.float64), 0.0, 1.0) * 65535.0).astype(np.uint16)
                digest = sha256(encoded.astype(">u2"))
                fname = WRITTEN_MASKS.get(digest)
                if fname is None:  # identical masks (e.g. numPoses 1 and 5) share one file
                    fname = f"masks/{case_id}_pose{i}.png"
                    path = OUT / fname
                    path.parent.mkdir(parents=True, exist_ok=True)
                    ok, buf = cv2.imencode(".png", encoded, [cv2.IMWRITE_PNG_COMPRESSION, 9])
                    if not ok:
                        raise SystemExit("PNG encoding failed")
                    path.write_bytes(buf.tobytes())
                    WRITTEN_MASKS[digest] = fname
                info["file"] = fname
                info["sha256UInt16"] = digest
            pose["segmentationMask"] = info
        poses.append(pose)
    return poses


def close_task(task) -> None:
    """Closes a MediaPipe task. After a failed detect, MediaPipe 1.2.3's close() raises the graph's
    error again before clearing its handle, and the second close() that __del__ then makes blocks
    forever; so on failure the handle is dropped (the failed graph is leaked until exit)."""
    try:
        task.close()
    except Exception:
        task._handle = None


def run_or_error(fn):
    try:
        return fn(), None
    except Exception as e:  # MediaPipe raises RuntimeError/ValueError with the C++ status text
        return None, f"{type(e).__name__}: {e}"


# --------------------------------------------------------------------------------------------------
# Pose bundle with TFLite metadata (MediaPipe needs image-input metadata; our bundle has none).
# --------------------------------------------------------------------------------------------------

def install_metadata_version_module():
    """mediapipe 1.2.3's metadata writer imports `mediapipe.tasks.cc.metadata.python.
    _pywrap_metadata_version`, which the 1.2.3 wheel does not ship. The same compiled module is
    taken from the pinned mediapipe 0.10.21 wheel that scripts/setup caches (it computes the
    minimum metadata-parser version of a metadata flatbuffer and depends only on libstdc++)."""
    name = "mediapipe.tasks.cc.metadata.python._pywrap_metadata_version"
    if name in sys.modules:
        return
    wheels = sorted(WHEEL_CACHE.glob("mediapipe-0.10.21-cp311-*.whl"))
    if not wheels:
        raise SystemExit(f"no mediapipe-0.10.21 wheel in {WHEEL_CACHE}: run scripts/setup first")
    member = "mediapipe/tasks/cc/metadata/python/_pywrap_metadata_version.cpython-311-x86_64-linux-gnu.so"
    target = WORK / "pywrap" / Path(member).name
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheels[0]) as z:
        target.write_bytes(z.read(member))
    import types
    for pkg in ("mediapipe.tasks.cc", "mediapipe.tasks.cc.metadata", "mediapipe.tasks.cc.metadata.python"):
        if pkg not in sys.modules:
            module = types.ModuleType(pkg)
            module.__path__ = []
            sys.modules[pkg] = module
    loader = importlib.machinery.ExtensionFileLoader(name, str(target))
    spec = importlib.util.spec_from_file_location(name, str(target), loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    sys.modules[name] = module


def pose_bundle_with_metadata() -> Path:
    install_metadata_version_module()
    from mediapipe.tasks.python.metadata.metadata_writers import metadata_writer

    def with_metadata(data: bytes, name: str, mean: float, std: float) -> bytes:
        writer = metadata_writer.MetadataWriter.create(bytearray(data))
        writer.add_general_info(name, f"{name} with image-input metadata for the MediaPipe Tasks API")
        writer.add_image_input(norm_mean=[mean], norm_std=[std])
        model, _ = writer.populate()
        return bytes(model)

    with zipfile.ZipFile(ASSETS / "models" / "pose_landmarker_full.task") as z:
        names = z.namelist()
        detector = z.read("pose_detector.tflite")
        landmarks = z.read("pose_landmarks_detector.tflite")
    out = WORK / "pose_landmarker_full_metadata.task"
    out.parent.mkdir(parents=True, exist_ok=True)
    members = {"pose_detector.tflite": with_metadata(detector, "pose_detector", 127.5, 127.5),
               "pose_landmarks_detector.tflite": with_metadata(landmarks, "pose_landmarks_detector", 0.0, 255.0)}
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            z.writestr(info, data)
    print(f"pose bundle with metadata: {out} (from members {names})")
    return out


# --------------------------------------------------------------------------------------------------
# Cases.
# --------------------------------------------------------------------------------------------------

FACE_CROPS = {
    # name: (source, centre x, centre y, window size, scale)
    "zidane_ancelotti_2x.png": ("zidane.jpg", 975, 165, 400, 2.0),
    "zidane_zidane_2x.png": ("zidane.jpg", 590, 300, 400, 2.0),
    "t1_rachel_2x.png": ("t1.jpg", 120, 330, 256, 2.0),
    "t1_monica_2x.png": ("t1.jpg", 350, 190, 256, 2.0),
    "t1_ross_2x.png": ("t1.jpg", 515, 320, 256, 2.0),
    "t1_chandler_2x.png": ("t1.jpg", 805, 385, 256, 2.0),
    "t1_joey_2x.png": ("t1.jpg", 1000, 120, 256, 2.0),
    "t1_phoebe_2x.png": ("t1.jpg", 1175, 320, 256, 2.0),
    "bus_left_faces.png": ("bus.jpg", 136, 455, 400, 1.0),
    "t1_rachel.png": ("t1.jpg", 120, 330, 256, 1.0),
    "t1_chandler.png": ("t1.jpg", 805, 385, 256, 1.0),
}


POSE_CROPS = {
    # name: (source, x0, y0, width, height): one person each from bus.jpg, where MediaPipe finds
    # only the man in the beige coat; references for the "every person" mode (docs/pipeline.md §9.2).
    "bus_person_beige.png": ("bus.jpg", 0, 340, 300, 600),
    "bus_person_black.png": ("bus.jpg", 190, 380, 220, 540),
    "bus_person_right.png": ("bus.jpg", 590, 380, 220, 520),
}


HAND_CROPS = {
    # name: (source, centre x, centre y, window size, scale): 2× windows with hands, where MediaPipe
    # finds none or few in the whole picture.
    "zidane_hands_2x.png": ("zidane.jpg", 1088, 320, 256, 2.0),
    "zidane_hand_low_2x.png": ("zidane.jpg", 1088, 512, 256, 2.0),
    "bus_hand_2x.png": ("bus.jpg", 320, 512, 256, 2.0),
    "bus_hand_low_2x.png": ("bus.jpg", 128, 704, 256, 2.0),
    "t1_hand_ross_2x.png": ("t1.jpg", 704, 512, 256, 2.0),
    "t1_hand_rachel_2x.png": ("t1.jpg", 320, 512, 256, 2.0),
}


def build_images() -> Images:
    images = Images()
    for name, (src, cx, cy, size, scale) in FACE_CROPS.items():
        images.add_crop(name, src, cx, cy, size, scale)
    for name, (src, x0, y0, w, h) in POSE_CROPS.items():
        images.add_rect_crop(name, src, x0, y0, w, h)
    images.add_hconcat("t1_rachel_chandler.png", ["t1_rachel.png", "t1_chandler.png"])
    images.add_gray("astronaut_gray.png", "astronaut.png")
    for name, (src, cx, cy, size, scale) in HAND_CROPS.items():
        images.add_crop(name, src, cx, cy, size, scale)
    images.add_gray("t1_gray.png", "t1.jpg")
    return images


def face_landmarker(model, mode="image", num_faces=1):
    from mediapipe.tasks.python import BaseOptions, vision
    running = vision.RunningMode.VIDEO if mode == "video" else vision.RunningMode.IMAGE
    return vision.FaceLandmarker.create_from_options(vision.FaceLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=str(model)), running_mode=running, num_faces=num_faces,
        output_face_blendshapes=True, output_facial_transformation_matrixes=True))


def processing(rotation):
    from mediapipe.tasks.python.vision.core.image_processing_options import ImageProcessingOptions
    return ImageProcessingOptions(rotation_degrees=rotation) if rotation else None


FACE_IMAGE_NAMES = SOURCES + list(k for k in FACE_CROPS if k not in ("t1_rachel.png", "t1_chandler.png")) + [
    "t1_rachel_chandler.png"]


def record_face_landmarker(images: Images, facts: dict):
    model = ASSETS / "models" / "face_landmarker.task"
    cases = []
    landmarkers = {n: face_landmarker(model, num_faces=n) for n in (1, 4)}
    for name in FACE_IMAGE_NAMES:
        for n, lm in landmarkers.items():
            r = lm.detect(mp_image(images.pixels[name]))
            cases.append({"id": f"{name}/faces{n}", "image": name, "numFaces": n, "rotationDegrees": 0,
                          "faces": face_results(r)})
    for name in ("astronaut.png", "t1_ross_2x.png"):
        for rot in (0, 90, 180, 270):
            r = landmarkers[1].detect(mp_image(images.pixels[name]), processing(rot))
            cases.append({"id": f"{name}/faces1/rot{rot}", "image": name, "numFaces": 1, "rotationDegrees": rot,
                          "faces": face_results(r)})
    for lm in landmarkers.values():
        close_task(lm)
    for n in (1, 4):
        # A failed graph stays failed (close() raises the same error), so each error case gets its own task.
        lm = face_landmarker(model, num_faces=n)
        result, error = run_or_error(lambda: lm.detect(mp_image(images.pixels["astronaut_gray.png"])))
        case = {"id": f"astronaut_gray.png/faces{n}", "image": "astronaut_gray.png", "numFaces": n,
                "rotationDegrees": 0, "imageFormat": "GRAY8"}
        if error is None:
            case["faces"] = face_results(result)
        else:
            case["error"] = error
        cases.append(case)
        close_task(lm)
    facts["faceLandmarker"] = {c["id"]: (len(c["faces"]) if "faces" in c else "error") for c in cases}
    write_json("face_landmarker_image.json", {
        "mediapipe": MP_VERSION, "model": "assets/models/face_landmarker.task", "runningMode": "IMAGE",
        "options": {"outputFaceBlendshapes": True, "outputFacialTransformationMatrixes": True,
                    "minFaceDetectionConfidence": 0.5, "minFacePresenceConfidence": 0.5,
                    "minTrackingConfidence": 0.5},
        "cases": cases})


def video_frames(images: Images, source: str, count: int, amplitude: float, border: str):
    h, w = images.pixels[source].shape[:2]
    for k in range(count):
        minv = video_matrix(k, w, h, amplitude)
        pixels, recipe = images.make_warp(source, minv, w, h, border)
        yield k, pixels, Images.describe(pixels, recipe)


def record_face_video(images: Images, facts: dict, file: str, source: str, num_faces: int, count: int,
                      amplitude: float, border: str):
    model = ASSETS / "models" / "face_landmarker.task"
    lm = face_landmarker(model, mode="video", num_faces=num_faces)
    frames = []
    for k, pixels, record in video_frames(images, source, count, amplitude, border):
        ts = 33 * k
        r = lm.detect_for_video(mp_image(pixels), ts)
        frames.append({"timestampMs": ts, "image": record, "faces": face_results(r)})
    close_task(lm)
    facts[file] = [len(f["faces"]) for f in frames]
    write_json(file, {"mediapipe": MP_VERSION, "model": "assets/models/face_landmarker.task",
                      "runningMode": "VIDEO", "source": source, "numFaces": num_faces,
                      "options": {"outputFaceBlendshapes": True, "outputFacialTransformationMatrixes": True,
                                  "minFaceDetectionConfidence": 0.5, "minFacePresenceConfidence": 0.5,
                                  "minTrackingConfidence": 0.5},
                      "frames": frames})


def detector_cases(images: Images, model_file: Path):
    """Runs FaceDetector (IMAGE mode, default options) with `model_file` on every face image."""
    from mediapipe.tasks.python import BaseOptions, vision

    def create():
        return vision.FaceDetector.create_from_options(
            vision.FaceDetectorOptions(base_options=BaseOptions(model_asset_path=str(model_file))))

    detector, error = run_or_error(create)
    if error is not None:
        return None, error
    cases = []
    names = FACE_IMAGE_NAMES + ["astronaut_gray.png"]
    rotated = ("astronaut.png", "t1_ross_2x.png")
    for name, rot in [(n, r) for n in names for r in ((0, 90, 180, 270) if n in rotated else (0,))]:
        pixels = images.pixels[name]
        if pixels.ndim == 2:  # expected to fail; a failed graph stays failed, so use a fresh task
            close_task(detector)
            detector = create()
        result, error = run_or_error(lambda: detector.detect(mp_image(pixels), processing(rot)))
        case = {"id": f"{name}/rot{rot}", "image": name, "rotationDegrees": rot}
        if pixels.ndim == 2:
            case["imageFormat"] = "GRAY8"
        if error is None:
            case["detections"] = detections(result)
        else:
            case["error"] = error
        cases.append(case)
    close_task(detector)
    return cases, None


def record_face_detector(images: Images, facts: dict):
    with zipfile.ZipFile(ASSETS / "models" / "face_landmarker.task") as z:
        bundled = z.read("face_detector.tflite")
    legacy = (ASSETS / "models" / "face_detection_short_range.tflite").read_bytes()
    bundled_file = WORK / "face_landmarker_face_detector.tflite"
    bundled_file.parent.mkdir(parents=True, exist_ok=True)
    bundled_file.write_bytes(bundled)
    models = {"face_detection_short_range": "assets/models/face_detection_short_range.tflite",
              "face_detection_full_range_sparse": "assets/models/face_detection_full_range_sparse.tflite"}
    out = {"mediapipe": MP_VERSION, "runningMode": "IMAGE",
           "options": {"minDetectionConfidence": 0.5, "minSuppressionThreshold": 0.3},
           "notes": {"bundledDetectorIdenticalToShortRange": bundled == legacy}, "models": []}
    counts = {}
    for stem, path in models.items():
        cases, error = detector_cases(images, ROOT / path)
        entry = {"name": stem, "model": path, "cases": cases or []}
        if error is not None:
            entry["createError"] = error
            counts[stem] = error
        else:
            counts[stem] = {c["id"]: (len(c["detections"]) if "detections" in c else "error") for c in cases}
        out["models"].append(entry)
    # face_landmarker.task's face_detector.tflite differs from the legacy file by a few bytes
    # (metadata); record whether it gives the same results, and its results if not.
    bundled_cases, error = detector_cases(images, bundled_file)
    same = error is None and dumps(bundled_cases) == dumps(out["models"][0]["cases"])
    out["notes"]["bundledDetectorSameResultsAsShortRange"] = same
    if not same:
        out["models"].append({"name": "face_landmarker_face_detector",
                              "model": "assets/models/face_landmarker.task:face_detector.tflite",
                              "cases": bundled_cases or [], **({"createError": error} if error else {})})
    facts["faceDetector"] = counts
    write_json("face_detector_image.json", out)


def pose_landmarker(model, mode="image", num_poses=1):
    from mediapipe.tasks.python import BaseOptions, vision
    running = vision.RunningMode.VIDEO if mode == "video" else vision.RunningMode.IMAGE
    return vision.PoseLandmarker.create_from_options(vision.PoseLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=str(model)), running_mode=running, num_poses=num_poses,
        output_segmentation_masks=True))


POSE_OPTIONS = {"outputSegmentationMasks": True, "minPoseDetectionConfidence": 0.5,
                "minPosePresenceConfidence": 0.5, "minTrackingConfidence": 0.5}


def case_stem(text: str) -> str:
    return text.replace(".png", "").replace(".jpg", "").replace("/", "_")


def record_pose_image(images: Images, facts: dict, bundle: Path):
    cases = []
    landmarkers = {n: pose_landmarker(bundle, num_poses=n) for n in (1, 5)}
    for name in SOURCES + list(POSE_CROPS):
        for n, lm in landmarkers.items():
            case_id = f"{name}/poses{n}"
            r = lm.detect(mp_image(images.pixels[name]))
            cases.append({"id": case_id, "image": name, "numPoses": n, "rotationDegrees": 0,
                          "poses": pose_results(r, case_stem(case_id), store_masks=True)})
    for rot in (90, 180, 270):
        name = "astronaut.png"
        case_id = f"{name}/poses1/rot{rot}"
        r = landmarkers[1].detect(mp_image(images.pixels[name]), processing(rot))
        cases.append({"id": case_id, "image": name, "numPoses": 1, "rotationDegrees": rot,
                      "poses": pose_results(r, case_stem(case_id), store_masks=True)})
    for lm in landmarkers.values():
        close_task(lm)
    for n in (1, 5):
        lm = pose_landmarker(bundle, num_poses=n)
        result, error = run_or_error(lambda: lm.detect(mp_image(images.pixels["astronaut_gray.png"])))
        case = {"id": f"astronaut_gray.png/poses{n}", "image": "astronaut_gray.png", "numPoses": n,
                "rotationDegrees": 0, "imageFormat": "GRAY8"}
        if error is None:
            case["poses"] = pose_results(result, case_stem(case["id"]), store_masks=False)
        else:
            case["error"] = error
        cases.append(case)
        close_task(lm)
    facts["poseLandmarker"] = {c["id"]: (len(c["poses"]) if "poses" in c else "error") for c in cases}
    write_json("pose_landmarker_image.json", {
        "mediapipe": MP_VERSION, "model": POSE_MODEL_NOTE, "runningMode": "IMAGE", "options": POSE_OPTIONS,
        "cases": cases})


def record_pose_video(images: Images, facts: dict, bundle: Path, file: str, source: str, num_poses: int,
                      count: int, amplitude: float, border: str, mask_frames):
    lm = pose_landmarker(bundle, mode="video", num_poses=num_poses)
    frames = []
    stem = file.replace(".json", "")
    for k, pixels, record in video_frames(images, source, count, amplitude, border):
        ts = 33 * k
        r = lm.detect_for_video(mp_image(pixels), ts)
        frames.append({"timestampMs": ts, "image": record,
                       "poses": pose_results(r, f"{stem}_f{k:02d}", store_masks=k in mask_frames)})
    close_task(lm)
    facts[file] = [len(f["poses"]) for f in frames]
    write_json(file, {"mediapipe": MP_VERSION, "model": POSE_MODEL_NOTE, "runningMode": "VIDEO",
                      "source": source, "numPoses": num_poses, "options": POSE_OPTIONS,
                      "maskFilesForFrames": sorted(mask_frames), "frames": frames})


def hand_landmarker(mode="image", num_hands=1):
    from mediapipe.tasks.python import BaseOptions, vision
    running = vision.RunningMode.VIDEO if mode == "video" else vision.RunningMode.IMAGE
    return vision.HandLandmarker.create_from_options(vision.HandLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=str(ASSETS / "models" / "hand_landmarker.task")),
        running_mode=running, num_hands=num_hands))


HAND_OPTIONS = {"minHandDetectionConfidence": 0.5, "minHandPresenceConfidence": 0.5, "minTrackingConfidence": 0.5}
HAND_MODEL = "assets/models/hand_landmarker.task"


def hand_results(result):
    hands = []
    for i, lms in enumerate(result.hand_landmarks):
        hands.append({
            "landmarks": [[f32(p.x), f32(p.y), f32(p.z)] for p in lms],
            "worldLandmarks": [[f32(p.x), f32(p.y), f32(p.z)] for p in result.hand_world_landmarks[i]],
            "handedness": [{"index": c.index, "score": f32(c.score), "categoryName": c.category_name,
                            "displayName": c.display_name} for c in result.handedness[i]]})
    return hands


def record_hand_image(images: Images, facts: dict):
    cases = []
    landmarkers = {n: hand_landmarker(num_hands=n) for n in (1, 2, 6)}
    for name in SOURCES + list(HAND_CROPS):
        for n, lm in landmarkers.items():
            r = lm.detect(mp_image(images.pixels[name]))
            cases.append({"id": f"{name}/hands{n}", "image": name, "numHands": n, "rotationDegrees": 0,
                          "hands": hand_results(r)})
    for name in ("t1.jpg", "zidane.jpg", "zidane_hands_2x.png"):
        for rot in (90, 180, 270):
            r = landmarkers[6].detect(mp_image(images.pixels[name]), processing(rot))
            cases.append({"id": f"{name}/hands6/rot{rot}", "image": name, "numHands": 6, "rotationDegrees": rot,
                          "hands": hand_results(r)})
    for lm in landmarkers.values():
        close_task(lm)
    lm = hand_landmarker(num_hands=6)
    result, error = run_or_error(lambda: lm.detect(mp_image(images.pixels["t1_gray.png"])))
    case = {"id": "t1_gray.png/hands6", "image": "t1_gray.png", "numHands": 6, "rotationDegrees": 0,
            "imageFormat": "GRAY8"}
    if error is None:
        case["hands"] = hand_results(result)
    else:
        case["error"] = error
    cases.append(case)
    close_task(lm)
    facts["handLandmarker"] = {c["id"]: (len(c["hands"]) if "hands" in c else "error") for c in cases}
    write_json("hand_landmarker_image.json", {"mediapipe": MP_VERSION, "model": HAND_MODEL, "runningMode": "IMAGE",
                                              "options": HAND_OPTIONS, "cases": cases})


def record_hand_video(images: Images, facts: dict, file: str, source: str, num_hands: int, count: int,
                      amplitude: float, border: str):
    lm = hand_landmarker(mode="video", num_hands=num_hands)
    frames = []
    for k, pixels, record in video_frames(images, source, count, amplitude, border):
        ts = 33 * k
        r = lm.detect_for_video(mp_image(pixels), ts)
        frames.append({"timestampMs": ts, "image": record, "hands": hand_results(r)})
    close_task(lm)
    facts[file] = [len(f["hands"]) for f in frames]
    write_json(file, {"mediapipe": MP_VERSION, "model": HAND_MODEL, "runningMode": "VIDEO", "source": source,
                      "numHands": num_hands, "options": HAND_OPTIONS, "frames": frames})


def _counts(values) -> str:
    if isinstance(values, list):
        distinct = sorted(set(values))
        if len(distinct) == 1:
            return f"{distinct[0]} in each of {len(values)} frames"
        return ", ".join(str(v) for v in values) + f" ({len(values)} frames)"
    return str(values)


def update_readme(images: Images, facts: dict) -> None:
    """Rewrites the generated part of Tests/Fixtures/mediapipe/README.md (between the markers)."""
    path = OUT / "README.md"
    begin, end = "<!-- generated:begin -->", "<!-- generated:end -->"
    text = path.read_text() if path.exists() else f"# MediaPipe goldens\n\n{begin}\n{end}\n"
    if begin not in text or end not in text:
        raise SystemExit(f"{path} lacks the {begin} / {end} markers")
    lines = [begin, "", "### Images (`images.json`)", "",
             "| Image | Size | Recipe | sha256 of the pixel bytes |", "|---|---|---|---|"]
    for name, rec in images.records.items():
        r = rec["recipe"]
        if r["kind"] == "file":
            how = f"decode `{r['file']}`"
        elif r["kind"] == "warp":
            m = r["matrix"]
            how = (f"warp of `{r['source']}`, matrix [[{m[0]}, {m[1]}, {m[2]}], [{m[3]}, {m[4]}, {m[5]}], "
                   f"[{m[6]}, {m[7]}, {m[8]}]], border {r['border']}")
        elif r["kind"] == "gray":
            how = f"gray of `{r['source']}`: `{r['formula']}`"
        else:
            how = "side by side: " + ", ".join(f"`{x}`" for x in r["sources"])
        lines.append(f"| `{name}` | {rec['width']}×{rec['height']}×{rec['channels']} | {how} | `{rec['sha256']}` |")
    lines += ["", "### What MediaPipe 1.2.3 found", ""]
    for group, title in (("faceLandmarker", "FaceLandmarker, IMAGE mode (faces per case)"),
                         ("poseLandmarker", "PoseLandmarker, IMAGE mode (poses per case)"),
                         ("handLandmarker", "HandLandmarker, IMAGE mode (hands per case)")):
        if group in facts:
            lines += [f"{title}:", "", "| Case | Count |", "|---|---|"]
            lines += [f"| `{k}` | {v} |" for k, v in facts[group].items()]
            lines.append("")
    if "faceDetector" in facts:
        for model, cases in facts["faceDetector"].items():
            lines += [f"FaceDetector with `{model}` (detections per case):", ""]
            if isinstance(cases, str):
                lines += [f"create failed: {cases}", ""]
                continue
            lines += ["| Case | Count |", "|---|---|"] + [f"| `{k}` | {v} |" for k, v in cases.items()] + [""]
    videos = [(k, v) for k, v in facts.items() if k.endswith(".json")]
    if videos:
        lines += ["Video sequences (results per frame):", "", "| File | Count per frame |", "|---|---|"]
        lines += [f"| `{k}` | {_counts(v)} |" for k, v in videos]
        lines.append("")
    lines.append(end)
    head, rest = text.split(begin, 1)
    tail = rest.split(end, 1)[1]
    path.write_text(head + "\n".join(lines) + tail)
    print(f"updated {path.relative_to(ROOT)}")


POSE_MODEL_NOTE = ("assets/models/pose_landmarker_full.task with TFLite image-input metadata added "
                   "(pose_detector: mean 127.5, std 127.5; pose_landmarks_detector: mean 0, std 255)")
MP_VERSION = None
ALL_GROUPS = ["face-image", "face-video", "face-detector", "pose-image", "pose-video", "hand-image", "hand-video"]


def main():
    global MP_VERSION
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None,
                        help="record only these groups: " + " ".join(ALL_GROUPS))
    args = parser.parse_args()
    groups = set(args.only or ALL_GROUPS)
    if not groups <= set(ALL_GROUPS):
        raise SystemExit(f"unknown groups {sorted(groups - set(ALL_GROUPS))}; known: {ALL_GROUPS}")

    import mediapipe as mp
    MP_VERSION = mp.__version__
    if MP_VERSION != "1.2.3":
        raise SystemExit(f"expected mediapipe 1.2.3, found {MP_VERSION}")
    if not (ASSETS / "models" / "face_landmarker.task").exists():
        raise SystemExit("assets/models is empty: run scripts/setup first")
    OUT.mkdir(parents=True, exist_ok=True)
    if "pose-image" in groups or "pose-video" in groups:
        # Mask files are shared between cases by content, so both pose groups are always re-recorded together.
        groups |= {"pose-image", "pose-video"}
        if (OUT / "masks").exists():
            shutil.rmtree(OUT / "masks")

    images = build_images()
    facts: dict = {}
    if "face-image" in groups:
        record_face_landmarker(images, facts)
    if "face-video" in groups:
        record_face_video(images, facts, "face_landmarker_video_astronaut.json", "astronaut.png", 1, 36, 1.0, "constant")
        record_face_video(images, facts, "face_landmarker_video_ancelotti.json", "zidane_ancelotti_2x.png", 1, 30, 0.8, "replicate")
        record_face_video(images, facts, "face_landmarker_video_two_faces.json", "t1_rachel_chandler.png", 2, 30, 0.6, "constant")
    if "face-detector" in groups:
        record_face_detector(images, facts)
    if "pose-image" in groups or "pose-video" in groups:
        bundle = pose_bundle_with_metadata()
        if "pose-image" in groups:
            record_pose_image(images, facts, bundle)
        if "pose-video" in groups:
            record_pose_video(images, facts, bundle, "pose_landmarker_video_astronaut.json", "astronaut.png", 1, 32,
                              1.0, "constant", {0, 1, 2, 15, 31})
            record_pose_video(images, facts, bundle, "pose_landmarker_video_t1.json", "t1.jpg", 5, 12,
                              0.5, "replicate", {0, 11})

    if "hand-image" in groups:
        record_hand_image(images, facts)
    if "hand-video" in groups:
        record_hand_video(images, facts, "hand_landmarker_video_zidane.json", "zidane_hands_2x.png", 2, 30, 0.8,
                          "replicate")
        record_hand_video(images, facts, "hand_landmarker_video_t1.json", "t1.jpg", 2, 20, 0.5, "constant")

    if groups == set(ALL_GROUPS):
        update_readme(images, facts)
    else:
        print("partial run: the README's generated section was left as it was")
    write_json("images.json", {
        "decoder": {"pillow": Image.__version__, "libjpeg": features.version("jpg"),
                    "libjpegTurbo": bool(features.check_feature("libjpeg_turbo")),
                    "opencv": cv2.__version__, "pillowEqualsCv2Imdecode": True},
        "warp": ("cv2.warpPerspective(src, matrix, (width, height), INTER_LINEAR | WARP_INVERSE_MAP, border); "
                 "matrix maps destination pixel (x, y, 1) to source coordinates, row-major 3x3; "
                 "border 'constant' = BORDER_CONSTANT 0, 'replicate' = BORDER_REPLICATE"),
        "images": images.records})
    print(json.dumps(facts, indent=1))


if __name__ == "__main__":
    main()
