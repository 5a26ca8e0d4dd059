"""HEIF and WebP fixtures, and how Pillow and pillow-heif decode them.

Writes into Tests/Fixtures/images/ small files made from assets/images/astronaut.png by encoders
other than the ones we decode with (Pillow's libwebp, pillow-heif's x265), as a phone or a web
tool would make them:

- webp_lossless.webp     61x45 RGB crop, lossless: decodes to exactly the crop's pixels
- webp_lossy.webp        the same crop, lossy (quality 80)
- webp_alpha.webp        the crop with a gradient alpha, lossless (RGBA)
- webp_exif6.webp        the lossy crop with EXIF orientation 6 (an EXIF chunk)
- heic.heic              the crop as HEIC (x265, quality 90)
- heic_alpha.heic        the RGBA crop as HEIC with an alpha plane
- heic_rotated.heic      the crop with a 90-degree rotation (irot) in the container: shown 45x61
- webp_animated.webp     two 16x12 frames (animated WebP, which the decoder refuses; no golden)
- astronaut.heic, astronaut.webp   the whole 512x512 picture (quality 75 / lossy 80), for the
                         command-line tests, which compare a face found in them with the PNG's

and Tests/Fixtures/imaging/formats.json: per file its kind, displayed size, pixel format, EXIF
orientation (WebP), the SHA-256 of the reference decoder's packed pixels (Pillow for WebP,
pillow-heif for HEIF, transformations applied), and the largest and mean absolute difference from
the source pixels. WebP decodes are compared by their hash (libwebp's decoding is exact across
versions). HEVC decoding is exact too, but libheif's YUV-to-RGB conversion is not the same in every
version: Debian 12's 1.15 differs from pillow-heif's 1.23 by at most 1 in 0.5-1 % of the values,
and on the rotated odd-sized picture by up to 13 (0.6 on average), where the two place the 4:2:0
chroma differently around the rotation. For HEIF the golden therefore also keeps every channel of
a grid of pixels (every SAMPLE_STEP-th column and row) and the tolerance the test allows.
Run: scripts/golden/image-formats
"""
import hashlib
import io
import json
import os

import numpy as np
import pillow_heif
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMAGES_OUT = os.path.join(ROOT, "Tests/Fixtures/images")
GOLDEN = os.path.join(ROOT, "Tests/Fixtures/imaging/formats.json")
SAMPLE_STEP = 7
# The largest and mean absolute difference allowed from pillow-heif's pixels (see above).
HEIF_TOLERANCE = {"max": 1, "mean": 0.05}
HEIF_ROTATED_TOLERANCE = {"max": 16, "mean": 1.0}


def sha(array):
    return hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()


def heif_bytes(pil, quality, rotation=None):
    """Encodes with pillow-heif; `rotation` (degrees counter-clockwise) goes into the container as
    an irot box, the pixels stay as given."""
    heif = pillow_heif.from_pillow(pil)
    out = io.BytesIO()
    if rotation is None:
        heif.save(out, quality=quality)
        return out.getvalue()
    # pillow-heif writes an EXIF orientation as the container's transformation: 8 is a 90-degree
    # counter-clockwise display rotation (irot 1).
    exif = Image.Exif()
    exif[0x0112] = {90: 8, 180: 3, 270: 6}[rotation]
    heif.save(out, quality=quality, exif=exif.tobytes())
    return out.getvalue()


def reference_decode(path):
    """Pixels as the reference decoders show the picture: pillow-heif applies the container's
    transformations; for WebP, Pillow gives the stored pixels (orientation reported apart)."""
    if path.endswith(".heic"):
        heif = pillow_heif.open_heif(path, convert_hdr_to_8bit=True)
        pil = heif.to_pillow()
        return np.asarray(pil), None
    pil = Image.open(path)
    orientation = pil.getexif().get(0x0112)
    return np.asarray(pil), orientation


def main():
    pillow_heif.register_heif_opener()
    source = np.asarray(Image.open(os.path.join(ROOT, "assets/images/astronaut.png")).convert("RGB"))
    crop = source[100:100 + 45, 150:150 + 61].copy()                     # odd sizes, as the JPEG fixtures
    pil = Image.fromarray(crop, "RGB")
    alpha = np.tile(np.linspace(0, 255, crop.shape[1]).astype(np.uint8), (crop.shape[0], 1))
    pil_alpha = Image.fromarray(np.dstack([crop, alpha]), "RGBA")
    exif6 = Image.Exif()
    exif6[0x0112] = 6

    files = {
        "webp_lossless.webp": lambda p: pil.save(p, lossless=True),
        "webp_lossy.webp": lambda p: pil.save(p, quality=80),
        "webp_alpha.webp": lambda p: pil_alpha.save(p, lossless=True, exact=True),
        "webp_exif6.webp": lambda p: pil.save(p, quality=80, exif=exif6.tobytes()),
        "heic.heic": lambda p: open(p, "wb").write(heif_bytes(pil, 90)),
        "heic_alpha.heic": lambda p: open(p, "wb").write(heif_bytes(pil_alpha, 90)),
        "heic_rotated.heic": lambda p: open(p, "wb").write(heif_bytes(pil, 90, rotation=90)),
        "astronaut.heic": lambda p: open(p, "wb").write(heif_bytes(Image.fromarray(source), 75)),
        "astronaut.webp": lambda p: Image.fromarray(source).save(p, quality=80),
    }
    entries = []
    for name, write in files.items():
        path = os.path.join(IMAGES_OUT, name)
        write(path)
        pixels, orientation = reference_decode(path)
        fmt = {3: "rgb8", 4: "rgba8"}[pixels.shape[2]]
        entry = {"file": "Fixtures/images/" + name, "kind": "heif" if name.endswith(".heic") else "webp",
                 "width": int(pixels.shape[1]), "height": int(pixels.shape[0]), "format": fmt, "sha256": sha(pixels)}
        if orientation is not None:
            entry["exifOrientation"] = int(orientation)
        if entry["kind"] == "heif":
            entry["sampleStep"] = SAMPLE_STEP
            entry["samples"] = [int(v) for v in pixels[::SAMPLE_STEP, ::SAMPLE_STEP].reshape(-1)]
            entry["tolerance"] = HEIF_ROTATED_TOLERANCE if name == "heic_rotated.heic" else HEIF_TOLERANCE
        original = source if name.startswith("astronaut") else crop
        if name == "heic_rotated.heic":
            original = np.rot90(crop)                                     # counter-clockwise, as displayed
        difference = np.abs(pixels[..., :3].astype(int) - original.astype(int))
        entry["maxDifferenceFromSource"] = int(difference.max())
        entry["meanDifferenceFromSource"] = round(float(difference.mean()), 3)
        entries.append(entry)
        print(f"{name}: {os.path.getsize(path)} bytes, {entry['width']}x{entry['height']} {fmt}, "
              f"max/mean difference from the source {entry['maxDifferenceFromSource']}/{entry['meanDifferenceFromSource']}")
    frames = [Image.fromarray(crop[:12, :16]), Image.fromarray(crop[12:24, 16:32])]
    frames[0].save(os.path.join(IMAGES_OUT, "webp_animated.webp"), save_all=True, append_images=frames[1:], duration=100)
    golden = {"generator": "scripts/golden/image_formats.py",
              "versions": {"pillow": Image.__version__, "pillow_heif": pillow_heif.__version__,
                           "libheif": pillow_heif.libheif_version()},
              "decode": entries}
    with open(GOLDEN, "w") as out:                                        # one line per file
        head = json.dumps({k: v for k, v in golden.items() if k != "decode"}, indent=1)[:-2]
        lines = ",\n  ".join(json.dumps(entry, separators=(",", ":")) for entry in entries)
        out.write(f'{head},\n "decode": [\n  {lines}\n ]\n}}\n')


if __name__ == "__main__":
    main()
