#!/usr/bin/env python3
"""Records LiteRT's outputs for every VisionTasks model on fixed, seeded inputs.

For each model it writes Tests/Fixtures/litert/<model-stem>/:
  manifest.json          what was run and what came out (see Tests/Fixtures/litert/README.md)
  seed<k>_out<i>.f32     output tensor i for seed k, raw little-endian float32, row-major

The inputs are not stored: they come from SplitMix64 (see `seeded_floats`), which the Swift tests
re-implement bit for bit. Outputs are recorded with LiteRT's default CPU path (builtin kernels plus
the XNNPACK default delegate, 1 thread). The same inputs are also run with the default delegates
disabled and with the reference kernels; the largest differences between those LiteRT paths are
written into the manifest so that the parity tolerance can be judged against them.

Run it through scripts/golden/litert-models, which makes the pinned virtual environment.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import shutil
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from ai_edge_litert.interpreter import Interpreter, OpResolverType

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "assets" / "models"
FIXTURES = ROOT / "Tests" / "Fixtures" / "litert"
SEEDS = (1, 2)


@dataclass(frozen=True)
class ModelSpec:
    stem: str
    source: str  # "file.tflite" in assets/models, or "bundle.task:member.tflite"
    low: float
    high: float
    seeds: tuple[int, ...] = SEEDS
    # The input resized to this NHWC shape (a fully convolutional detector on a larger tile, as
    # the search by size in pixels runs it); None: the model's own.
    input_shape: tuple[int, ...] | None = None


# Input ranges match what the tasks feed each model: the face and pose detectors see pixels scaled
# to [-1, 1], the palm detector and the landmark models see [0, 1], and the blendshapes model sees landmark coordinates in pixels.
SPECS = (
    ModelSpec("face_detector", "face_landmarker.task:face_detector.tflite", -1.0, 1.0),
    ModelSpec("face_landmarks_detector", "face_landmarker.task:face_landmarks_detector.tflite", 0.0, 1.0),
    ModelSpec("face_blendshapes", "face_landmarker.task:face_blendshapes.tflite", 0.0, 256.0),
    ModelSpec("face_detection_short_range", "face_detection_short_range.tflite", -1.0, 1.0),
    ModelSpec("face_detection_full_range_sparse", "face_detection_full_range_sparse.tflite", -1.0, 1.0),
    ModelSpec("pose_detection", "pose_detection.tflite", -1.0, 1.0),
    ModelSpec("pose_landmark_full", "pose_landmark_full.tflite", 0.0, 1.0),
    ModelSpec("palm_detection_full", "palm_detection_full.tflite", 0.0, 1.0),
    ModelSpec("hand_landmark_full", "hand_landmark_full.tflite", 0.0, 1.0),
    # A resized input (docs/engine.md §2, step 6), as the small-faces search runs the detector on
    # its tiles; its RESHAPEs follow the new size. One seed, to keep the fixtures small. (LiteRT
    # cannot resize the palm detector: its RESIZE_BILINEARs keep their stored output size.)
    ModelSpec("face_detection_short_range_192x320", "face_detection_short_range.tflite", -1.0, 1.0,
              seeds=(1,), input_shape=(1, 192, 320, 3)),
)

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def splitmix64(seed: int, count: int) -> np.ndarray:
    """The first `count` outputs of SplitMix64 started from `seed`, as uint64.

    state += 0x9E3779B97F4A7C15; z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    return z ^ (z >> 31)                       (all arithmetic mod 2^64)

    The k-th state (k = 1, 2, ...) is seed + k * gamma, so the stream is computed in one go.
    """
    with np.errstate(over="ignore"):
        k = np.arange(1, count + 1, dtype=np.uint64)
        z = np.uint64(seed & MASK64) + k * np.uint64(GOLDEN_GAMMA)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def splitmix64_scalar(seed: int, count: int) -> list[int]:
    """Plain-integer SplitMix64, used to check the vectorised version."""
    state, out = seed & MASK64, []
    for _ in range(count):
        state = (state + GOLDEN_GAMMA) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out.append(z ^ (z >> 31))
    return out


def seeded_floats(seed: int, count: int, low: float, high: float) -> np.ndarray:
    """`count` float32 values: float32(low + (high - low) * ((next() >> 40) / 2^24)).

    The arithmetic is float64 and the last step rounds to nearest-even float32. `(next() >> 40)` is
    a 24-bit integer, so the division by 2^24 is exact, and so is the product for these ranges.
    """
    u = (splitmix64(seed, count) >> np.uint64(40)).astype(np.float64) / float(1 << 24)
    return (np.float64(low) + np.float64(high - low) * u).astype(np.float32)


def check_generator() -> None:
    vec = splitmix64(1, 4).tolist()
    assert vec == splitmix64_scalar(1, 4), "vectorised SplitMix64 disagrees with the scalar one"
    # Published first output of SplitMix64 seeded with 0 (the standard test vector).
    assert splitmix64(0, 1)[0] == 0xE220A8397B1DCDAF, "SplitMix64 test vector mismatch"


def fnv1a64(data: bytes) -> int:
    """FNV-1a, 64 bit, over raw bytes: a checksum the Swift tests can recompute for an input."""
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & MASK64
    return h


def model_bytes(source: str) -> bytes:
    if ":" in source:
        bundle, member = source.split(":", 1)
        with zipfile.ZipFile(MODELS / bundle) as archive:
            return archive.read(member)
    return (MODELS / source).read_bytes()


def make_interpreter(content: bytes, resolver: OpResolverType, threads: int,
                     input_shape: tuple[int, ...] | None = None) -> Interpreter:
    interpreter = Interpreter(
        model_content=content, num_threads=threads, experimental_op_resolver_type=resolver
    )
    if input_shape is not None:
        interpreter.resize_tensor_input(interpreter.get_input_details()[0]["index"], list(input_shape))
    interpreter.allocate_tensors()
    return interpreter


def seeded_inputs(interpreter: Interpreter, spec: ModelSpec, seed: int) -> list[np.ndarray]:
    """One array per model input, in input order; the inputs share one SplitMix64 stream."""
    details = interpreter.get_input_details()
    sizes = [int(np.prod(d["shape"])) for d in details]
    flat = seeded_floats(seed, sum(sizes), spec.low, spec.high)
    arrays, start = [], 0
    for d, size in zip(details, sizes):
        if d["dtype"] != np.float32:
            raise SystemExit(f"{spec.stem}: input {d['name']} is {d['dtype']}, expected float32")
        arrays.append(flat[start : start + size].reshape(d["shape"]))
        start += size
    return arrays


def run(interpreter: Interpreter, inputs: list[np.ndarray]) -> list[np.ndarray]:
    for d, array in zip(interpreter.get_input_details(), inputs):
        interpreter.set_tensor(d["index"], array)
    interpreter.invoke()
    return [interpreter.get_tensor(d["index"]).copy() for d in interpreter.get_output_details()]


def max_abs_diff(a: list[np.ndarray], b: list[np.ndarray]) -> list[float]:
    return [float(np.max(np.abs(x.astype(np.float64) - y.astype(np.float64)))) for x, y in zip(a, b)]


def fraction_over(a: np.ndarray, b: np.ndarray, tolerance: float) -> float:
    """The fraction of elements whose |a - b| exceeds `tolerance`."""
    return float(np.mean(np.abs(a.astype(np.float64) - b.astype(np.float64)) > tolerance))


def record(spec: ModelSpec, litert_version: str) -> dict:
    content = model_bytes(spec.source)
    default = make_interpreter(content, OpResolverType.AUTO, 1, spec.input_shape)
    no_delegate = make_interpreter(content, OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES, 1, spec.input_shape)
    reference = make_interpreter(content, OpResolverType.BUILTIN_REF, 1, spec.input_shape)

    out_dir = FIXTURES / spec.stem
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)

    manifest = {
        "model": spec.source,
        "modelSHA256": hashlib.sha256(content).hexdigest(),
        "litertVersion": litert_version,
        "numpyVersion": np.__version__,
        "runtime": "LiteRT Interpreter, default op resolver (XNNPACK default delegate), 1 thread",
        "generator": "SplitMix64; value = float32(low + (high - low) * ((next() >> 40) / 2^24)); "
        "see Tests/Fixtures/litert/README.md",
        "outputs": [
            {"index": i, "name": d["name"], "shape": [int(s) for s in d["shape"]],
             "dtype": np.dtype(d["dtype"]).name}
            for i, d in enumerate(default.get_output_details())
        ],
        "seeds": [],
    }
    for seed in spec.seeds:
        inputs = seeded_inputs(default, spec, seed)
        ours = run(default, inputs)
        plain = run(no_delegate, inputs)
        ref = run(reference, inputs)
        entry = {
            "seed": seed,
            "inputs": [
                {"index": i, "name": d["name"], "shape": [int(s) for s in d["shape"]],
                 "dtype": "float32", "low": spec.low, "high": spec.high,
                 "firstValuesBits": [f"0x{v:08X}" for v in array.reshape(-1)[:4].view("<u4").tolist()],
                 "fnv1a64": f"0x{fnv1a64(array.astype('<f4').tobytes()):016X}"}
                for i, (d, array) in enumerate(zip(default.get_input_details(), inputs))
            ],
            "outputs": [],
        }
        d_plain, d_ref = max_abs_diff(ours, plain), max_abs_diff(ours, ref)
        for i, array in enumerate(ours):
            if array.dtype != np.float32:
                raise SystemExit(f"{spec.stem}: output {i} is {array.dtype}, expected float32")
            name = f"seed{seed}_out{i}.f32"
            array.astype("<f4").tofile(out_dir / name)
            max_abs = float(np.max(np.abs(array)))
            tolerance = 1e-4 * max(1.0, max_abs)
            entry["outputs"].append({
                "index": i,
                "file": name,
                "maxAbs": max_abs,
                "tolerance": tolerance,
                "maxAbsDiffVsBuiltinWithoutDelegates": d_plain[i],
                "maxAbsDiffVsBuiltinReference": d_ref[i],
                "fractionOverToleranceVsBuiltinWithoutDelegates": fraction_over(array, plain[i], tolerance),
                "fractionOverToleranceVsBuiltinReference": fraction_over(array, ref[i], tolerance),
            })
        manifest["seeds"].append(entry)
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", nargs="*", help="model stems to record (default: all)")
    args = parser.parse_args()
    check_generator()
    litert_version = importlib.metadata.version("ai-edge-litert")
    chosen = [s for s in SPECS if not args.models or s.stem in args.models]
    unknown = set(args.models) - {s.stem for s in SPECS}
    if unknown:
        raise SystemExit(f"unknown model(s): {', '.join(sorted(unknown))}")
    for spec in chosen:
        manifest = record(spec, litert_version)
        print(f"{spec.stem}:")
        for entry in manifest["seeds"]:
            for out, meta in zip(entry["outputs"], manifest["outputs"]):
                ratio = out["maxAbsDiffVsBuiltinWithoutDelegates"] / out["tolerance"]
                print(f"  seed {entry['seed']} out{out['index']} {meta['name']:<22} "
                      f"{str(meta['shape']):<18} max|v|={out['maxAbs']:<12.6g} "
                      f"|xnn-builtin|={out['maxAbsDiffVsBuiltinWithoutDelegates']:<10.3g} "
                      f"|xnn-ref|={out['maxAbsDiffVsBuiltinReference']:<10.3g} "
                      f"(builtin diff / gate = {ratio:.3f}, "
                      f"over gate: {out['fractionOverToleranceVsBuiltinWithoutDelegates']:.2%})")
    total = sum(p.stat().st_size for p in FIXTURES.rglob("*") if p.is_file())
    print(f"fixtures under {FIXTURES.relative_to(ROOT)}: {total / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
