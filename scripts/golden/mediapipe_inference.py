"""Records what MediaPipe 1.2.3's own image-to-tensor and TFLite inference make of the pose models,
as Tests/Fixtures/mediapipe/pose_model_outputs.json.

MediaPipe's Tasks API shows only final results. Its ImageEmbedder task, though, runs any TFLite
model with image-input metadata through the same ImageToTensor calculator and inference
calculator as the landmarkers, and returns every output tensor unchanged (l2_normalize and
quantize off). Each case feeds one source image with an optional region of interest and
rotation, and records every output tensor's sha256 (float32 little-endian), size, max |value|
and first values. Swift rebuilds the same crop (stretched to the model input, replicated border,
the embedder's preprocessing) with its own tensor code and engine and compares.

What this showed (see Tests/VisionPipelineTests/PoseModelInputParityTests.swift):
  * MediaPipe 1.2.3 normalizes pixels as float32(u8)·scale + offset with two float roundings (not
    one multiply-add in double): with that, the pose detector's outputs are bit-identical;
  * crops are bit-identical to our OpenCV 4.11 replica unrotated, turned a quarter on a square
    image, and turned half on a non-square one;
  * a quarter turn of a non-square image is not: there MediaPipe's rotated region (width and
    height swapped and rescaled by the aspect ratio) must come out differently; not pinned down.

Run through scripts/golden/mediapipe-inference (same pinned venv as mediapipe-tasks).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mediapipe_tasks as tasks  # noqa: E402  (decoding, metadata module, JSON number format)

OUT = tasks.OUT / "pose_model_outputs.json"
# (id, bundle member, image, region of interest [left, top, right, bottom] or None, rotation degrees)
CASES = [
    ("detector/astronaut", "pose_detector.tflite", "astronaut.png", None, 0),
    ("detector/bus", "pose_detector.tflite", "bus.jpg", None, 0),
    ("landmarks/bus_roi", "pose_landmarks_detector.tflite", "bus.jpg", [0.1, 0.2, 0.77, 0.9], 0),
    ("landmarks/astronaut_rot90", "pose_landmarks_detector.tflite", "astronaut.png", None, 90),
    ("landmarks/bus_rot180", "pose_landmarks_detector.tflite", "bus.jpg", None, 180),
    ("landmarks/bus_rot90", "pose_landmarks_detector.tflite", "bus.jpg", None, 90),
]
NORMALIZATION = {"pose_detector.tflite": (127.5, 127.5), "pose_landmarks_detector.tflite": (0.0, 255.0)}
FIRST_VALUES = 8


def model_with_metadata(member: str) -> Path:
    tasks.install_metadata_version_module()
    from mediapipe.tasks.python.metadata.metadata_writers import metadata_writer
    import zipfile
    with zipfile.ZipFile(tasks.ASSETS / "models" / "pose_landmarker_full.task") as z:
        data = z.read(member)
    mean, std = NORMALIZATION[member]
    writer = metadata_writer.MetadataWriter.create(bytearray(data))
    writer.add_general_info(member, f"{member} with image-input metadata for the MediaPipe Tasks API")
    writer.add_image_input(norm_mean=[mean], norm_std=[std])
    path = tasks.WORK / f"embedder_{member}"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(writer.populate()[0]))
    return path


def main() -> int:
    import mediapipe as mp
    from mediapipe.tasks.python import BaseOptions, vision
    from mediapipe.tasks.python.components.containers import rect as rect_module

    embedders = {}
    cases = []
    for case_id, member, image, roi, rotation in CASES:
        if member not in embedders:
            embedders[member] = vision.ImageEmbedder.create_from_options(vision.ImageEmbedderOptions(
                base_options=BaseOptions(model_asset_path=str(model_with_metadata(member))),
                l2_normalize=False, quantize=False))
        pixels = tasks.decode(image)
        options = None
        if roi is not None or rotation:
            region = rect_module.RectF(left=roi[0], top=roi[1], right=roi[2], bottom=roi[3]) if roi else None
            options = vision.ImageProcessingOptions(region_of_interest=region, rotation_degrees=rotation)
        result = embedders[member].embed(tasks.mp_image(pixels), options)
        outputs = []
        for embedding in result.embeddings:
            values = np.asarray(embedding.embedding, np.float32)
            outputs.append({"count": int(values.size), "sha256": hashlib.sha256(values.astype("<f4").tobytes()).hexdigest(),
                            "maxAbs": tasks.f32(np.abs(values).max()),
                            "first": [tasks.f32(v) for v in values[:FIRST_VALUES]]})
        cases.append({"id": case_id, "model": member, "image": image, "regionOfInterest": roi,
                      "rotationDegrees": rotation, "outputs": outputs})
        print(case_id, [o["count"] for o in outputs])
    for embedder in embedders.values():
        tasks.close_task(embedder)
    text = tasks.dumps({"mediapipe": mp.__version__, "task": "ImageEmbedder (l2_normalize false, quantize false)",
                        "cases": cases}) + "\n"
    json.loads(text)
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(tasks.ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
