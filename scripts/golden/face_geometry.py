"""Record MediaPipe's facial transformation matrices with the landmarks they were computed from.

Writes Tests/Fixtures/face-geometry/: for each image, <stem>.landmarks.f32 (478 x 3 float32,
little-endian, image-normalized x, y, z as MediaPipe returns them), <stem>.matrix.f32 (16 float32,
row-major 4x4, the Python API's numpy matrix) and manifest.json (image sizes, versions).

VisionCore's tests feed the first 468 landmarks to FaceGeometryEstimator and compare the matrix.
Run with a Python that has the pinned MediaPipe (see README.md):  <python> scripts/golden/face_geometry.py
"""
import json, pathlib, sys
import numpy as np
import mediapipe as mp
from mediapipe.tasks.python import BaseOptions
from mediapipe.tasks.python.vision import FaceLandmarker, FaceLandmarkerOptions, RunningMode

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/Fixtures/face-geometry"
# (file, crop rows, crop columns): a crop makes a non-square frame, which exercises the frustum's
# aspect ratio.
IMAGES = [("astronaut.png", None), ("astronaut.png", (slice(40, 400), slice(0, 512))), ("bus.jpg", None)]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    options = FaceLandmarkerOptions(
        base_options=BaseOptions(model_asset_path=str(ROOT / "assets/models/face_landmarker.task")),
        running_mode=RunningMode.IMAGE, num_faces=4, output_facial_transformation_matrixes=True)
    manifest = {"mediapipe": mp.__version__, "numpy": np.__version__, "images": []}
    with FaceLandmarker.create_from_options(options) as landmarker:
        for index, (name, crop) in enumerate(IMAGES):
            image = mp.Image.create_from_file(str(ROOT / "assets/images" / name))
            if crop is not None:
                pixels = np.array(image.numpy_view()[crop[0], crop[1], :3], copy=True)
                image = mp.Image(image_format=mp.ImageFormat.SRGB, data=pixels)
            result = landmarker.detect(image)
            for k, (landmarks, matrix) in enumerate(zip(result.face_landmarks, result.facial_transformation_matrixes)):
                stem = f"{pathlib.Path(name).stem}_{index}_{k}"
                xyz = np.array([[p.x, p.y, p.z] for p in landmarks], dtype="<f4")
                assert xyz.shape == (478, 3)
                xyz.tofile(OUT / f"{stem}.landmarks.f32")
                np.asarray(matrix, dtype="<f4").reshape(4, 4).tofile(OUT / f"{stem}.matrix.f32")
                manifest["images"].append({"stem": stem, "image": name, "width": image.width, "height": image.height})
                print(stem, image.width, image.height, np.asarray(matrix)[:3, 3])
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")


if __name__ == "__main__":
    sys.exit(main())
