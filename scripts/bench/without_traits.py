"""Per-model and per-task times of the build without traits (built-in backend) beside the default
build (XNNPACK), on one thread, interleaved: each round runs one `vision-tasks bench` of each
build, in alternating order, and the figure per case is the median of the rounds' medians.

Uses only the standard library, so it runs with the system's python3 (no venv)."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILDS = {
    "xnnpack": os.path.join(ROOT, ".build", "release", "vision-tasks"),
    "without traits": os.path.join(ROOT, ".build-without-traits", "release", "vision-tasks"),
}
MODELS = ["face_detection_short_range", "face_landmarks_detector", "face_blendshapes", "pose_detection",
          "pose_landmark_full", "palm_detection_full", "hand_landmark_full"]
TASKS = ("face-landmarker image, astronaut, blendshapes|face-landmarker video frame|face-detector, astronaut"
         "|pose-landmarker image, astronaut|pose-landmarker video frame|hand-landmarker image, t1, numHands 2"
         "|hand-landmarker video frame")


def model_paths(folder):
    """Every model file: the installed .tflite files, and the face landmarker bundle's members."""
    models = os.path.join(ROOT, "assets", "models")
    with zipfile.ZipFile(os.path.join(models, "face_landmarker.task")) as bundle:
        bundle.extractall(folder)
    paths = {}
    for name in MODELS:
        for candidate in (os.path.join(models, name + ".tflite"), os.path.join(folder, name + ".tflite")):
            if os.path.exists(candidate):
                paths[name] = candidate
    return paths


def run(binary, arguments):
    out = subprocess.run([binary, "bench"] + arguments + ["--threads", "1", "--json"], check=True,
                         capture_output=True, text=True, env=dict(os.environ, VISIONTASKS_ASSETS=os.path.join(ROOT, "assets")))
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=20)
    options = parser.parse_args()
    medians = {}  # (kind, case, build) -> [median per round]
    with tempfile.TemporaryDirectory() as folder:
        models = model_paths(folder)
        for round_index in range(options.rounds):
            order = list(BUILDS.items())
            if round_index % 2:
                order.reverse()
            for build, binary in order:
                for name, path in models.items():
                    for line in run(binary, ["model", path, "--iterations", str(options.iterations)]):
                        medians.setdefault(("model", name, build), []).append(line["median_ms"])
                for line in run(binary, ["tasks", "--iterations", str(options.iterations), "--filter", TASKS]):
                    medians.setdefault(("task", line["case"], build), []).append(line["median_ms"])
    print(f"one thread, {options.rounds} interleaved rounds of {options.iterations} runs; median of the rounds' medians, ms")
    print(f"| {'case':<62} | XNNPACK build | without traits | ratio |")
    print(f"|{'-' * 64}|---:|---:|---:|")
    for kind in ("model", "task"):
        for (k, case, build) in sorted(key for key in medians if key[0] == kind and key[2] == "xnnpack"):
            base = statistics.median(medians[(k, case, "xnnpack")])
            other = statistics.median(medians[(k, case, "without traits")])
            print(f"| {kind + ': ' + case:<62} | {base:.2f} | {other:.2f} | {other / base:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
