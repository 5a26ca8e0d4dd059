"""Small faces in big pictures: our --small-faces search against MediaPipe's plain run, whole picture.

Run it through scripts/bench/crowd-search, which uses the pinned .venv-mediapipe/.

Pictures (made here, seeded, into .build/bench-crowd/; JPEG quality 92): a 1920x1080 and a
3840x2160 canvas. The background is a mosaic of face-less crops of the fixture images (building
front, bus side and pavement of bus.jpg, wall and table of t1.jpg; not zidane.jpg's stands, which
are out of focus and nearly flat), each upscaled 1-1.6x and maybe mirrored, then blurred slightly,
with a little grain: texture everywhere, no flat areas for a tile search to skip. On it, 12 faces:
square crops 3x the face mesh's width around the ten faces of the fixtures, scaled so that the mesh
is 24, 32, 40, 56, 80 and 110 px wide at 1080p (two of each; twice as wide at 4K), pasted with a
feathered edge at scattered places, a third of them centred on a multiple of 192 or 384 px (tile
edges). A JSON sidecar beside each picture says where every face went (centre and mesh width, px),
and a 64x64 crop of the background measures our start-up.

Timing: K rounds, interleaved; per round and picture, MediaPipe then ours:
  - MediaPipe 1.2.3 FaceLandmarker, IMAGE mode, default options but num_faces=20, created once
    (model loading not timed): mp.Image.create_from_file (decoding) + detect(), perf_counter
    around both. Its Python API runs XNNPACK on one thread; the whole process is pinned to one
    core (os.sched_setaffinity), so its graph threads share that core.
  - ours, the whole command as a user runs it, pinned to the same core (the child inherits the
    pinning: the same as `taskset -c CORE`):
      vision-tasks face-landmarker PICTURE --small-faces --num-faces 20 --threads 1 --quiet [EXTRA]
    wall time of the process (start-up, model loading, decoding, search, JSON on stdout), and
    for reference the same without --small-faces (what MediaPipe does: one detector pass on the
    whole picture scaled down).
  - once per round, both of our commands on the 64x64 picture: process start-up + model loading
    + a trivial picture. Subtracting its median gives an ESTIMATE of our time for the picture alone
    (decoding + task + JSON), the same scope as MediaPipe's figure.
Medians over the K rounds; CPU time (user + system) beside them, which does not depend on how busy
the machine is. Target (the issue): ours with --small-faces <= 3x MediaPipe's plain run, at 1080p and
at 4K, on one thread.

Usage: scripts/bench/crowd-search [--rounds K] [--sizes 1080p,4k] [--binary PATH]
                                  [--extra "--min-face-size 32"] [--core C] [--seed S] [--json FILE]
"""
import argparse
import json
import os
import pathlib
import resource
import shlex
import statistics
import subprocess
import sys
import time

import numpy as np
from PIL import Image, ImageFilter

ROOT = pathlib.Path(__file__).resolve().parents[2]
IMAGES = ROOT / "assets/images"
MODEL = ROOT / "assets/models/face_landmarker.task"
SIZES = {"1080p": (1920, 1080), "4k": (3840, 2160)}
TARGET = 3.0
NUM_FACES = 20

# Face mesh boxes (x, y, w, h) at full size, from our own face-landmarker run on the fixtures.
FACES = [
    ("astronaut.png", (180, 71, 91, 107)),
    ("zidane.jpg", (910, 120, 144, 158)),
    ("t1.jpg", (55, 275, 116, 120)),
    ("t1.jpg", (747, 367, 98, 111)),
    ("t1.jpg", (1134, 290, 96, 109)),
    ("t1.jpg", (906, 81, 111, 125)),
    ("t1.jpg", (466, 283, 109, 131)),
    ("t1.jpg", (274, 163, 100, 103)),
    ("bus.jpg", (114, 422, 40, 48)),
]
# Mesh widths at 1080p, two faces each; scaled with the picture's height (doubled at 4K).
WIDTHS_1080P = [24, 32, 40, 56, 80, 110]
# Face-less areas of the fixtures (x0, y0, x1, y1), the background's material.
TEXTURES = [
    ("bus.jpg", (135, 0, 648, 225)),     # building front, balconies
    ("bus.jpg", (351, 513, 675, 675)),   # the bus's side, lettering
    ("bus.jpg", (594, 0, 810, 162)),     # building front, right
    ("bus.jpg", (270, 890, 648, 1080)),  # pavement in sun and shade
    ("t1.jpg", (384, 0, 864, 160)),      # wall, lamp
    ("t1.jpg", (416, 704, 1024, 886)),   # table, chips, glasses
]
CROP_FACTOR = 3.0  # side of the pasted square / mesh width
TILES = (192, 384)


def load(name, cache={}):
    if name not in cache:
        cache[name] = Image.open(IMAGES / name).convert("RGB")
    return cache[name]


def background(width, height, rng):
    """A mosaic of face-less crops in cells of 280-520 px, blurred slightly, with grain."""
    canvas = Image.new("RGB", (width, height))
    y = 0
    while y < height:
        row = int(rng.integers(280, 521))
        x = 0
        while x < width:
            column = int(rng.integers(280, 521))
            name, (x0, y0, x1, y1) = TEXTURES[int(rng.integers(len(TEXTURES)))]
            # A sub-crop with the cell's aspect, upscaled 1-1.6x (smaller when the area is small).
            scale = max(float(rng.uniform(1.0, 1.6)), column / (x1 - x0), row / (y1 - y0))
            w, h = column / scale, row / scale
            left = x0 + float(rng.uniform(0, max(x1 - x0 - w, 0)))
            top = y0 + float(rng.uniform(0, max(y1 - y0 - h, 0)))
            cell = load(name).resize((column, row), Image.BICUBIC, box=(left, top, left + w, top + h))
            if rng.random() < 0.5:
                cell = cell.transpose(Image.FLIP_LEFT_RIGHT)
            canvas.paste(cell, (x, y))
            x += column
        y += row
    canvas = canvas.filter(ImageFilter.GaussianBlur(1.0))
    grain = rng.normal(0, 3, (height, width, 1))
    pixels = np.asarray(canvas, dtype=np.float32) + grain
    return Image.fromarray(np.clip(pixels + 0.5, 0, 255).astype(np.uint8))


def face_patch(name, box, mesh_width):
    """The square 3x the mesh width around the face, scaled to mesh_width, and a feathered mask."""
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    half = CROP_FACTOR * w / 2
    source = load(name)
    # Mirror the picture at its borders where the square reaches past them.
    pad = int(half) + 2
    padded = Image.fromarray(np.pad(np.asarray(source), ((pad, pad), (pad, pad), (0, 0)), mode="reflect"))
    side = round(CROP_FACTOR * mesh_width)
    patch = padded.resize((side, side), Image.LANCZOS,
                          box=(cx - half + pad, cy - half + pad, cx + half + pad, cy + half + pad))
    # Alpha: 1 inside, falling linearly to 0 over the outer sixth of the side.
    ramp = max(side / 6, 1)
    d = np.arange(side) + 0.5
    edge = np.minimum(d, side - d) / ramp
    alpha = np.clip(np.minimum(edge[:, None], edge[None, :]), 0, 1)
    return patch, Image.fromarray((alpha * 255 + 0.5).astype(np.uint8), "L")


def place(width, height, widths, rng):
    """Centres for the faces: every third one on a tile edge (x or y a multiple of 192 or 384),
    the others anywhere; the pasted squares do not overlap."""
    placed = []
    for index, mesh_width in enumerate(widths):
        side = CROP_FACTOR * mesh_width
        for _ in range(10000):
            cx = float(rng.uniform(side / 2, width - side / 2))
            cy = float(rng.uniform(side / 2, height - side / 2))
            if index % 3 == 0:
                tile = TILES[(index // 3) % 2]
                if rng.random() < 0.5:
                    cx = float(tile * max(1, round(cx / tile)))
                else:
                    cy = float(tile * max(1, round(cy / tile)))
                if not (side / 2 <= cx <= width - side / 2 and side / 2 <= cy <= height - side / 2):
                    continue
            if all(abs(cx - px) > (side + ps) / 2 + 8 or abs(cy - py) > (side + ps) / 2 + 8
                   for px, py, ps in placed):
                placed.append((cx, cy, side))
                break
        else:
            sys.exit("crowd-search: could not place the faces without overlap")
    return [(cx, cy) for cx, cy, _ in placed]


def make_picture(label, folder, seed):
    """Writes LABEL.jpg and LABEL.faces.json; returns (path, faces)."""
    width, height = SIZES[label]
    rng = np.random.default_rng([seed, width, height])
    canvas = background(width, height, rng)
    widths = [round(w * height / 1080) for w in WIDTHS_1080P for _ in range(2)]
    centres = place(width, height, widths, rng)
    faces = []
    for index, (mesh_width, (cx, cy)) in enumerate(zip(widths, centres)):
        name, box = FACES[index % len(FACES)]
        patch, mask = face_patch(name, box, mesh_width)
        side = patch.size[0]
        left, top = round(cx - side / 2), round(cy - side / 2)
        canvas.paste(patch, (left, top), mask)
        faces.append({"source": name, "box": list(box), "centre": [left + side / 2, top + side / 2],
                      "width": mesh_width})
    path = folder / f"crowd-{label}.jpg"
    canvas.save(path, quality=92)
    header = {"picture": path.name, "width": width, "height": height, "seed": seed,
              "note": "centre, width: the face mesh box's centre and width in the picture (px); "
                      "source, box: the fixture and the mesh box (x, y, w, h) there"}
    lines = ",\n".join("  " + json.dumps(face) for face in faces)
    (folder / f"crowd-{label}.faces.json").write_text(json.dumps(header)[:-1] + ',\n "faces": [\n' + lines + "\n]}\n")
    return path, faces


def make_tiny(folder, seed):
    path = folder / "tiny-64.jpg"
    background(64, 64, np.random.default_rng([seed, 64])).save(path, quality=92)
    return path


def match(found, faces):
    """found: (cx, cy, width) per face found, px. A found face matches the nearest placed face whose
    centre is within its width (placed squares are 3 widths apart) and whose width is within a
    factor of 2. Returns the widths
    matched (one per placed face at most) and the found faces that matched nothing."""
    taken, extra = set(), []
    for fx, fy, fw in found:
        best = None
        for index, face in enumerate(faces):
            (cx, cy), w = face["centre"], face["width"]
            distance = ((fx - cx) ** 2 + (fy - cy) ** 2) ** 0.5
            if index not in taken and distance <= w and 0.5 <= fw / w <= 2:
                if best is None or distance < best[0]:
                    best = (distance, index)
        if best is None:
            extra.append([round(fx), round(fy), round(fw)])
        else:
            taken.add(best[1])
    return sorted(faces[i]["width"] for i in taken), extra


def boxes(landmark_lists, width, height):
    """(centre x, centre y, width) in px of each face's landmark box; landmarks as (x, y) fractions."""
    result = []
    for points in landmark_lists:
        xs = [p[0] * width for p in points]
        ys = [p[1] * height for p in points]
        result.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, max(xs) - min(xs)))
    return result


class MediaPipeSide:
    def __init__(self):
        import mediapipe as mp
        from mediapipe.tasks.python import BaseOptions
        from mediapipe.tasks.python.vision import FaceLandmarker, FaceLandmarkerOptions, RunningMode
        self.mp = mp
        self.task = FaceLandmarker.create_from_options(FaceLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=str(MODEL)), running_mode=RunningMode.IMAGE,
            num_faces=NUM_FACES))

    def run(self, path):
        """(wall ms, process CPU ms, landmarks as (x, y) lists): decoding + detect()."""
        cpu, start = time.process_time(), time.perf_counter()
        image = self.mp.Image.create_from_file(str(path))
        result = self.task.detect(image)
        wall, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
        return wall, cpu, [[(p.x, p.y) for p in face] for face in result.face_landmarks]

    def close(self):
        self.task.close()


def ours(command):
    """(wall ms, CPU ms of the child, landmarks as (x, y) lists); exits on failure."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        print(f"crowd-search: `{shlex.join(command)}` failed (exit status {done.returncode}):", file=sys.stderr)
        print((done.stderr.strip().splitlines() or ["(nothing on standard error)"])[0], file=sys.stderr)
        sys.exit(1)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    result = json.loads(done.stdout)
    return wall, cpu, [[(p["x"], p["y"]) for p in face] for face in result.get("faceLandmarks", [])]


def median(samples, index):
    return statistics.median(sample[index] for sample in samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sizes", default="1080p,4k", help="comma-separated: 1080p, 4k")
    parser.add_argument("--binary", default=str(ROOT / ".build/release/vision-tasks"))
    parser.add_argument("--extra", default="", help='more options for our --small-faces run, e.g. "--min-face-size 32"')
    parser.add_argument("--core", type=int, default=0, help="the processor both sides are pinned to")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(ROOT / ".build/bench-crowd"), help="where the pictures go")
    parser.add_argument("--json", help="also write the samples and medians to this file")
    args = parser.parse_args()
    labels = [label.strip().lower() for label in args.sizes.split(",") if label.strip()]
    if not labels or any(label not in SIZES for label in labels):
        sys.exit(f"crowd-search: --sizes takes a comma-separated list of {', '.join(SIZES)}")
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"crowd-search: {args.binary} is missing; run `swift build -c release` first")
    if not MODEL.exists():
        sys.exit(f"crowd-search: {MODEL} is missing; run scripts/setup first")

    folder = pathlib.Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    pictures = {label: make_picture(label, folder, args.seed) for label in labels}
    tiny = make_tiny(folder, args.seed)

    # Pin this process (MediaPipe's graph threads included) and so our children to one core.
    os.sched_setaffinity(0, {args.core})
    common = ["--num-faces", str(NUM_FACES), "--threads", "1", "--quiet"]

    def small_command(path):
        return [args.binary, "face-landmarker", str(path), "--small-faces"] + common + shlex.split(args.extra)

    def plain_command(path):
        return [args.binary, "face-landmarker", str(path)] + common

    ours(small_command(tiny))  # checks the options; warms the page cache for the binary and models
    ours(plain_command(tiny))
    mediapipe = MediaPipeSide()
    try:
        for path, _ in pictures.values():
            mediapipe.run(path)  # warm-up
        samples = {label: {"mediapipe": [], "small": [], "plain": []} for label in labels}
        start_up = {"small": [], "plain": []}
        load_before = os.getloadavg()[0]
        for round_index in range(args.rounds):
            start_up["small"].append(ours(small_command(tiny)))
            start_up["plain"].append(ours(plain_command(tiny)))
            for label, (path, _) in pictures.items():
                samples[label]["mediapipe"].append(mediapipe.run(path))
                samples[label]["small"].append(ours(small_command(path)))
                samples[label]["plain"].append(ours(plain_command(path)))
            print(f"round {round_index + 1}/{args.rounds} done", file=sys.stderr)
        load_after = os.getloadavg()[0]
    finally:
        mediapipe.close()

    print(f"MediaPipe {mediapipe.mp.__version__} FaceLandmarker (IMAGE, num_faces={NUM_FACES}; decoding + detect, "
          f"model loaded once) against `{shlex.join(['vision-tasks'] + small_command('PICTURE')[1:])}` "
          f"(whole process); both pinned to core {args.core}; medians of {args.rounds} interleaved rounds; "
          f"1-min load average {load_before:.2f} before, {load_after:.2f} after")
    small_start, plain_start = median(start_up["small"], 0), median(start_up["plain"], 0)
    print(f"our start-up (the same commands on a 64x64 picture: process, model loading, a trivial picture): "
          f"--small-faces {small_start:.1f} ms ({median(start_up['small'], 1):.1f} CPU), "
          f"plain {plain_start:.1f} ms ({median(start_up['plain'], 1):.1f} CPU)")
    print(f"{'':16} | {'MediaPipe plain':^20} | {'ours --small-faces, whole process':^33} | {'minus start-up':^14} | "
          f"{'ours plain, whole':^26} |")
    print(f"{'picture':16} | {'ms':>6} {'CPU':>6} {'faces':>6} | {'ms':>6} {'CPU':>6} {'found':>7} {'ratio':>10} | "
          f"{'ms':>6} {'ratio':>7} | {'ms':>6} {'faces':>6} {'-start-up':>12} | target")
    report = {"rounds": args.rounds, "core": args.core, "seed": args.seed, "extra": args.extra,
              "command": small_command("PICTURE")[1:], "load_average": [load_before, load_after],
              "start_up": {key: [sample[:2] for sample in value] for key, value in start_up.items()},
              "pictures": {}}
    details = []
    for label, (path, faces) in pictures.items():
        width, height = SIZES[label]
        s = samples[label]
        mp_ms, mp_cpu = median(s["mediapipe"], 0), median(s["mediapipe"], 1)
        small_ms, small_cpu = median(s["small"], 0), median(s["small"], 1)
        plain_ms = median(s["plain"], 0)
        found_mp, found_small, found_plain = (s[key][-1][2] for key in ("mediapipe", "small", "plain"))
        matched, extra = match(boxes(found_small, width, height), faces)
        alone, plain_alone = small_ms - small_start, plain_ms - plain_start
        found = f"{len(matched)}/{len(faces)}" + (f"+{len(extra)}" if extra else "")
        print(f"{label + f' {width}x{height}':16} | {mp_ms:6.1f} {mp_cpu:6.1f} {len(found_mp):6d} | "
              f"{small_ms:6.1f} {small_cpu:6.1f} {found:>7} {small_ms / mp_ms:9.2f}x | "
              f"{alone:6.1f} {alone / mp_ms:6.2f}x | {plain_ms:6.1f} {len(found_plain):6d} {plain_alone:12.1f} | "
              f"<= {TARGET:.0f}x")
        details.append(f"  {label}: --small-faces found the faces of mesh widths {matched or 'none'}, "
                       f"missed {missed(faces, matched)}; elsewhere (centre x, y, width): {extra or 'none'}")
        report["pictures"][label] = {
            "path": str(path), "width": width, "height": height, "faces_placed": len(faces),
            "mediapipe": {"median_ms": mp_ms, "median_cpu_ms": mp_cpu, "faces": len(found_mp),
                          "samples": [sample[:2] for sample in s["mediapipe"]]},
            "small_faces": {"median_ms": small_ms, "median_cpu_ms": small_cpu, "faces": len(found_small),
                            "matched_widths": matched, "unmatched_centre_x_y_width": extra,
                            "samples": [sample[:2] for sample in s["small"]]},
            "small_faces_minus_start_up_ms": alone,
            "plain": {"median_ms": plain_ms, "median_cpu_ms": median(s["plain"], 1), "faces": len(found_plain),
                      "samples": [sample[:2] for sample in s["plain"]]},
            "plain_minus_start_up_ms": plain_alone,
            "ratio_whole_process": small_ms / mp_ms, "ratio_minus_start_up": alone / mp_ms, "target": TARGET}
    print("found: placed faces found / placed (+ faces found elsewhere); ratio: ours --small-faces / MediaPipe; "
          "minus start-up: our median less that of the 64x64 run, an ESTIMATE of our time for the picture "
          "itself (decoding, task, JSON), the scope of MediaPipe's figure")
    print("\n".join(details))
    print(f"pictures and where their faces are (*.faces.json): {folder}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(report, indent=1) + "\n")


def missed(faces, matched):
    remaining = sorted(f["width"] for f in faces)
    for width in matched:
        remaining.remove(width)
    return remaining or "none"


if __name__ == "__main__":
    main()
