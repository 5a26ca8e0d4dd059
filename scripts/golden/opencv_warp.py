"""Records the goldens of the Imaging module with OpenCV 4.11 (opencv-python-headless), Pillow and numpy.

Run through the wrapper `scripts/golden/opencv_warp`, which pins the versions. Writes:

* Tests/Fixtures/images/*.png, *.jpg   small PNG variants and JPEG variants (made here, a few KB each)
* Tests/Fixtures/imaging/goldens.json  hashes (sha256 of the tightly packed bytes) and parameters

Goldens:

* `decode`: for each fixture and each asset image, the pixels a reference decoder gives, in the
  layout our decoder promises (gray8, rgb8 or rgba8; 16-bit samples keep their high byte; palette
  expanded; gray+alpha expanded to RGBA). PNG: Pillow, cross-checked with OpenCV where both read the
  variant; JPEG: OpenCV's imdecode (its bundled libjpeg-turbo, default settings: ISLOW integer IDCT,
  fancy upsampling), cross-checked with Pillow (also libjpeg-turbo, same defaults). EXIF orientation
  is recorded, never applied.
* `warps`: MediaPipe's ImageToTensor on CPU (docs/pipeline.md §2): ROI in pixels and letterbox in
  float32, cv2.boxPoints, cv2.getPerspectiveTransform, cv2.warpPerspective(INTER_LINEAR) with
  BORDER_CONSTANT(0) or BORDER_REPLICATE, then value = float32(float32(u8) * scale) + offset in
  float32 (two roundings: OpenCV's convertTo to CV_32F as MediaPipe 1.2.3 runs it; checked
  bit-exact against MediaPipe 1.2.3's own detector inference, see docs/pipeline.md §2.3). Recorded: the matrix and its inverse (bits), sha256 of the uint8 RGB crop and of the
  float32 tensor, a few sampled pixels (for readable failures), the padding and the 4x4 matrix.
* `yuv`: cv2.cvtColor COLOR_YUV2RGB_NV12 / NV21 / I420 of procedurally generated planes.
* `masks`: cv2.warpAffine(float mask, T, WARP_INVERSE_MAP, INTER_LINEAR, BORDER_CONSTANT 0) for a
  procedural 256x256 float mask and T built from a ROI as in pipeline section 7.2.
"""
import hashlib
import json
import math
import os
import struct
import zlib

import cv2
import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
IMAGES_OUT = os.path.join(FIXTURES, "images")
GOLDEN_OUT = os.path.join(FIXTURES, "imaging")
ASSETS = os.path.join(ROOT, "assets", "images")
f32 = np.float32


def sha(array_or_bytes):
    data = array_or_bytes.tobytes() if isinstance(array_or_bytes, np.ndarray) else bytes(array_or_bytes)
    return hashlib.sha256(data).hexdigest()


def f32hex(value):
    return struct.pack(">f", float(f32(value))).hex()


def f64hex(value):
    return struct.pack(">d", float(value)).hex()


# ----------------------------------------------------------------------------------------------
# PNG fixtures. Pillow writes the variants it can; a small writer below covers 16-bit colour,
# 16-bit gray+alpha and Adam7 interlacing, which Pillow cannot write.

def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def raw_png(samples, color_type, bit_depth, interlace=False):
    """samples: uint8 or uint16 array HxWxC (C = channels of color_type)."""
    h, w = samples.shape[:2]
    big = samples.astype(">u2") if bit_depth == 16 else samples.astype(np.uint8)

    def rows(block):
        out = b""
        for row in block:
            out += b"\x00" + row.tobytes()
        return out

    if interlace:
        data = b""
        for x0, y0, dx, dy in ADAM7:
            sub = big[y0::dy, x0::dx]
            if sub.shape[0] and sub.shape[1]:
                data += rows(sub)
    else:
        data = rows(big)
    ihdr = struct.pack(">IIBBBBB", w, h, bit_depth, color_type, 0, 0, 1 if interlace else 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", zlib.compress(data, 9)) + png_chunk(b"IEND", b"")


def make_png_fixtures(source_rgb):
    """Returns {file name: expected decoded array (uint8, HxW or HxWxC)}."""
    w, h = 37, 23
    rgb = source_rgb[180:180 + h, 200:200 + w].copy()             # a crop of astronaut.png
    alpha = ((np.arange(w)[None, :] * 7 + np.arange(h)[:, None] * 11) % 256).astype(np.uint8)
    gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    ramp16 = (np.arange(h * w).reshape(h, w) * 2039 % 65536).astype(np.uint16)
    expected = {}

    def save_pil(name, image, **options):
        image.save(os.path.join(IMAGES_OUT, name), **options)

    save_pil("gray8.png", Image.fromarray(gray, "L"))
    expected["gray8.png"] = gray
    save_pil("gray1.png", Image.fromarray(gray > 128).convert("1"))
    expected["gray1.png"] = np.where(gray > 128, 255, 0).astype(np.uint8)
    save_pil("gray16.png", Image.fromarray(ramp16, "I;16"))
    expected["gray16.png"] = (ramp16 >> 8).astype(np.uint8)
    save_pil("gray_alpha8.png", Image.fromarray(np.dstack([gray, alpha]), "LA"))
    expected["gray_alpha8.png"] = np.dstack([gray, gray, gray, alpha])
    palette_image = Image.fromarray(rgb, "RGB").quantize(colors=16, dither=Image.Dither.NONE)
    save_pil("palette.png", palette_image)
    expected["palette.png"] = np.asarray(palette_image.convert("RGB"))
    palette_image.info["transparency"] = bytes([0, 64, 128, 255] * 4)
    save_pil("palette_trns.png", palette_image, transparency=bytes([0, 64, 128, 255] * 4))
    expected["palette_trns.png"] = np.asarray(Image.open(os.path.join(IMAGES_OUT, "palette_trns.png")).convert("RGBA"))
    save_pil("rgb8.png", Image.fromarray(rgb, "RGB"))
    expected["rgb8.png"] = rgb
    rgba = np.dstack([rgb, alpha])
    save_pil("rgba8.png", Image.fromarray(rgba, "RGBA"))
    expected["rgba8.png"] = rgba
    rgb16 = (rgb.astype(np.uint16) * 257 + ramp16[:, :, None] % 251).astype(np.uint16)
    rgba16 = np.dstack([rgb16, ramp16])
    ga16 = np.dstack([ramp16, (65535 - ramp16).astype(np.uint16)])
    raws = {
        "rgb16.png": (rgb16, 2, 16, False, rgb16 >> 8),
        "rgba16.png": (rgba16, 6, 16, False, rgba16 >> 8),
        "gray_alpha16.png": (ga16, 4, 16, False,
                             np.dstack([ga16[:, :, 0] >> 8] * 3 + [ga16[:, :, 1] >> 8])),
        "rgb8_interlaced.png": (rgb, 2, 8, True, rgb),
        "rgba16_interlaced.png": (rgba16, 6, 16, True, rgba16 >> 8),
    }
    for name, (samples, color_type, depth, interlace, want) in raws.items():
        with open(os.path.join(IMAGES_OUT, name), "wb") as f:
            f.write(raw_png(samples, color_type, depth, interlace))
        expected[name] = want.astype(np.uint8)

    # Cross-check: what OpenCV (IMREAD_UNCHANGED, BGR(A) order, 16-bit kept) and Pillow decode.
    for name, want in expected.items():
        path = os.path.join(IMAGES_OUT, name)
        cv = cv2.imread(path, cv2.IMREAD_UNCHANGED)
        if cv.dtype == np.uint16:
            cv = (cv >> 8).astype(np.uint8)
        if cv.ndim == 3 and cv.shape[2] == 3:
            cv = cv[:, :, ::-1]
        elif cv.ndim == 3 and cv.shape[2] == 4:
            cv = cv[:, :, [2, 1, 0, 3]]
        if cv.ndim == 2 and want.ndim == 3:
            cv = None  # OpenCV drops the tRNS of palette images only in some modes; not comparable
        if cv is not None and cv.shape == want.shape:
            assert np.array_equal(cv, want), f"OpenCV disagrees on {name}"
        pil = Image.open(path)
        if pil.mode in ("RGB", "RGBA", "L") or (pil.mode == "LA"):
            p = np.asarray(pil.convert("RGBA") if pil.mode == "LA" else pil)
            if p.shape == want.shape:
                assert np.array_equal(p, want), f"Pillow disagrees on {name}"
    return expected


def make_jpeg_fixtures(source_rgb):
    crop = source_rgb[100:100 + 45, 150:150 + 61].copy()           # 61x45: odd sizes, partial MCUs
    pil = Image.fromarray(crop, "RGB")
    exif = Image.Exif()
    exif[0x0112] = 6
    made = {
        "jpeg420.jpg": dict(quality=90, subsampling=2),
        "jpeg422.jpg": dict(quality=90, subsampling=1),
        "jpeg444.jpg": dict(quality=90, subsampling=0),
        "jpeg_progressive.jpg": dict(quality=85, subsampling=2, progressive=True),
        "jpeg_exif6.jpg": dict(quality=85, subsampling=2, exif=exif.tobytes()),
    }
    for name, options in made.items():
        pil.save(os.path.join(IMAGES_OUT, name), **options)
    pil.convert("L").save(os.path.join(IMAGES_OUT, "jpeg_gray.jpg"), quality=90)
    # Not decodable by design (CMYK is refused with a typed error); no golden, only the file.
    pil.resize((16, 12)).convert("CMYK").save(os.path.join(IMAGES_OUT, "jpeg_cmyk.jpg"), quality=80)
    return list(made) + ["jpeg_gray.jpg"]


def decode_jpeg_reference(path):
    data = np.fromfile(path, np.uint8)
    flags = cv2.IMREAD_UNCHANGED  # keeps gray as gray; never applies EXIF orientation
    cv = cv2.imdecode(data, flags)
    if cv.ndim == 3:
        cv = cv[:, :, ::-1]
    pil_image = Image.open(path)
    pil_image.draft(None, None)
    pil = np.asarray(pil_image)
    assert np.array_equal(cv, pil), f"OpenCV and Pillow disagree on {path}"
    orientation = Image.open(path).getexif().get(0x0112, 1)
    return np.ascontiguousarray(cv), orientation


def decode_entry(name, kind, array, orientation=None):
    fmt = {1: "gray8", 3: "rgb8", 4: "rgba8"}[1 if array.ndim == 2 else array.shape[2]]
    entry = {"file": name, "kind": kind, "width": int(array.shape[1]), "height": int(array.shape[0]),
             "format": fmt, "sha256": sha(np.ascontiguousarray(array))}
    if orientation is not None:
        entry["exifOrientation"] = int(orientation)
    return entry


# ----------------------------------------------------------------------------------------------
# ImageToTensor (MediaPipe, CPU, OpenCV converter)

def roi_to_pixels(roi, width, height, tensor_w, tensor_h, keep_aspect):
    xc, yc, w, h, r = (f32(v) for v in roi)
    cx, cy, rw, rh = xc * f32(width), yc * f32(height), w * f32(width), h * f32(height)
    pad = [f32(0)] * 4
    if keep_aspect:
        ta = f32(tensor_h) / f32(tensor_w)
        ra = rh / rw
        if ta > ra:
            rh = rw * ta
            v = (f32(1) - ra / ta) / f32(2)
            pad = [f32(0), v, f32(0), v]
        else:
            rw = rh / ta
            hpad = (f32(1) - ta / ra) / f32(2)
            pad = [hpad, f32(0), hpad, f32(0)]
    return (cx, cy, rw, rh, r), pad


def tensor_matrix(cx, cy, a, b, r, width, height, flip):
    a, b, e, f = f32(a), f32(b), f32(cx), f32(cy)
    c, d = f32(math.cos(float(r))), f32(math.sin(float(r)))
    # std::cos(float) is cosf; check that the double cos rounds to the same float
    flipv = f32(-1) if flip else f32(1)
    g, h = f32(1) / f32(width), f32(1) / f32(height)
    m = [f32(0)] * 16
    m[0] = a * c * flipv * g
    m[1] = -b * d * g
    m[3] = (f32(-0.5) * a * c * flipv + f32(0.5) * b * d + e) * g
    m[4] = a * d * flipv * h
    m[5] = b * c * h
    m[7] = (f32(-0.5) * b * c - f32(0.5) * a * d * flipv + f) * h
    m[10] = a * g
    m[15] = f32(1)
    return m


def image_to_tensor(image, roi, tensor_w, tensor_h, keep_aspect, border, value_range, flip):
    height, width = image.shape[:2]
    (cx, cy, rw, rh, r), pad = roi_to_pixels(roi, width, height, tensor_w, tensor_h, keep_aspect)
    angle = f32(f32(r * f32(180)) / math.pi)
    box = cv2.RotatedRect((float(cx), float(cy)), (float(rw), float(rh)), float(angle))
    src = cv2.boxPoints(box).astype(np.float32)
    dst = np.array([[0, tensor_h], [0, 0], [tensor_w, 0], [tensor_w, tensor_h]], np.float32)
    if flip:
        dst = dst[[3, 2, 1, 0]]
    M = cv2.getPerspectiveTransform(src, dst)
    _, Minv = cv2.invert(M)
    mode = cv2.BORDER_CONSTANT if border == "zero" else cv2.BORDER_REPLICATE
    crop = cv2.warpPerspective(image, M, (tensor_w, tensor_h), flags=cv2.INTER_LINEAR, borderMode=mode, borderValue=0)
    lo, hi = f32(value_range[0]), f32(value_range[1])
    scale = (hi - lo) / f32(255)
    offset = lo
    tensor = (crop.astype(np.float32) * scale).astype(np.float32) + offset  # float32 multiply, then float32 add
    matrix = tensor_matrix(cx, cy, rw, rh, r, width, height, flip)
    return crop, tensor, M, Minv, pad, matrix, src


WARP_CASES = [
    # name, image, (x_center, y_center, width, height, rotation rad), tensor WxH, keep_aspect, border, range, flip
    ("astro_full_128_zero", "astronaut.png", (0.5, 0.5, 1.0, 1.0, 0.0), (128, 128), True, "zero", (-1, 1), False),
    ("astro_face_256_rot", "astronaut.png", (0.45, 0.3, 0.32, 0.32, 0.3), (256, 256), False, "replicate", (0, 1), False),
    ("astro_up_256_rot_neg", "astronaut.png", (0.52, 0.27, 0.12, 0.14, -0.61), (256, 256), False, "replicate", (0, 1), False),
    ("astro_offimage_224", "astronaut.png", (0.9, 0.1, 0.6, 0.5, 0.9), (224, 224), True, "zero", (-1, 1), False),
    ("astro_offimage_224_rep", "astronaut.png", (0.9, 0.1, 0.6, 0.5, 0.9), (224, 224), True, "replicate", (-1, 1), False),
    ("astro_flip_256", "astronaut.png", (0.45, 0.32, 0.35, 0.35, 0.2), (256, 256), False, "replicate", (0, 1), True),
    ("bus_full_128_letterbox", "bus.jpg", (0.5, 0.5, 1.0, 1.0, 0.0), (128, 128), True, "zero", (-1, 1), False),
    ("bus_full_192_letterbox", "bus.jpg", (0.5, 0.5, 1.0, 1.0, 0.0), (192, 192), True, "zero", (-1, 1), False),
    ("bus_person_256_rot", "bus.jpg", (0.25, 0.62, 0.5, 0.45, -0.2), (256, 256), False, "replicate", (0, 1), False),
    ("bus_rot90_224", "bus.jpg", (0.5, 0.5, 1.3333334, 0.75, -1.5707964), (224, 224), True, "zero", (-1, 1), False),
    ("bus_small_up_256", "bus.jpg", (0.62, 0.41, 0.05, 0.04, 2.5), (256, 256), False, "replicate", (0, 1), False),
    ("bus_corner_192_zero", "bus.jpg", (0.02, 0.97, 0.3, 0.2, 0.7), (192, 192), True, "zero", (-1, 1), False),
    ("zidane_full_224", "zidane.jpg", (0.5, 0.5, 1.0, 1.0, 0.0), (224, 224), True, "zero", (-1, 1), False),
    ("zidane_full_256_stretch", "zidane.jpg", (0.5, 0.5, 1.0, 1.0, 0.0), (256, 256), False, "replicate", (0, 1), False),
    ("zidane_face_256", "zidane.jpg", (0.58, 0.32, 0.1, 0.18, 0.12), (256, 256), False, "replicate", (0, 1), False),
    ("zidane_pose_256_rot", "zidane.jpg", (0.7, 0.55, 0.45, 0.8, -0.35), (256, 256), False, "replicate", (0, 1), False),
    ("zidane_half_off_128", "zidane.jpg", (-0.05, 0.5, 0.4, 0.5, 0.0), (128, 128), True, "zero", (-1, 1), False),
    ("zidane_rect_tensor_192x128", "zidane.jpg", (0.4, 0.6, 0.5, 0.5, 0.4), (192, 128), True, "replicate", (-1, 1), False),
    ("t1_pose_256", "t1.jpg", (0.713, 0.7346, 0.5818, 0.8406, -0.4186), (256, 256), False, "replicate", (0, 1), False),
    ("t1_pose2_256", "t1.jpg", (0.15329304, 0.7542253, 0.7059487, 1.0198807, -0.23125991), (256, 256), False, "replicate", (0, 1), False),
    ("t1_full_224", "t1.jpg", (0.5, 0.5, 1.0, 1.0, 0.0), (224, 224), True, "zero", (-1, 1), False),
    ("t1_big_rot_128", "t1.jpg", (0.5, 0.5, 1.4, 1.4, 3.0), (128, 128), True, "zero", (-1, 1), False),
    ("t1_flip_rot_224", "t1.jpg", (0.3, 0.4, 0.4, 0.6, 0.5), (224, 224), True, "zero", (-1, 1), True),
    ("t1_tiny_down_128", "t1.jpg", (0.6, 0.3, 0.02, 0.03, 0.25), (128, 128), False, "zero", (0, 1), False),
]


def samples_of(crop):
    h, w = crop.shape[:2]
    points = [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, h // 2), (w // 3, 2 * h // 3)]
    return [{"x": x, "y": y, "rgb": [int(v) for v in crop[y, x]]} for x, y in points]


# ----------------------------------------------------------------------------------------------
# YUV -> RGB and the float mask warp

def yuv_planes(width, height):
    """Procedural planes, the same formulas as the Swift test."""
    ys, xs = np.mgrid[0:height, 0:width]
    y = ((xs * 7 + ys * 13) % 256).astype(np.uint8)
    cys, cxs = np.mgrid[0:height // 2, 0:width // 2]
    u = ((cxs * 11 + cys * 5 + 40) % 256).astype(np.uint8)
    v = ((cxs * 3 + cys * 17 + 90) % 256).astype(np.uint8)
    return y, u, v


def procedural_mask(size):
    ys, xs = np.mgrid[0:size, 0:size]
    return (((xs * 37 + ys * 91) % 256).astype(np.float32) / np.float32(255)).astype(np.float32)


def mask_transform(roi, width, height, size):
    """T = diag(size, size, 1, 1) * inverse(M) * diag(1/W, 1/H, 1, 1) in float32 (section 7.2), for the
    4x4 tensor-to-image matrix M of `roi` without letterbox. Returned as the 2x3 affine part."""
    (cx, cy, rw, rh, r), _ = roi_to_pixels(roi, width, height, size, size, False)
    M = np.array(tensor_matrix(cx, cy, rw, rh, r, width, height, False), np.float32).reshape(4, 4)
    Minv = np.linalg.inv(M.astype(np.float64)).astype(np.float32)
    T = (np.diag([size, size, 1, 1]).astype(np.float32) @ Minv @ np.diag([1 / width, 1 / height, 1, 1]).astype(np.float32)).astype(np.float32)
    return T[0:2][:, [0, 1, 3]].astype(np.float32)


MASK_CASES = [
    ("mask_zidane_pose", 1280, 720, (0.7, 0.55, 0.45, 0.8, -0.35)),
    ("mask_t1_pose", 1280, 886, (0.713, 0.7346, 0.5818, 0.8406, -0.4186)),
    ("mask_square_norot", 300, 200, (0.5, 0.5, 0.6, 0.9, 0.0)),
    ("mask_offimage", 640, 480, (0.95, 0.05, 0.5, 0.7, 1.1)),
]


def main():
    os.makedirs(IMAGES_OUT, exist_ok=True)
    os.makedirs(GOLDEN_OUT, exist_ok=True)
    astronaut = np.asarray(Image.open(os.path.join(ASSETS, "astronaut.png")).convert("RGB"))

    decode = []
    for name, want in sorted(make_png_fixtures(astronaut).items()):
        decode.append(decode_entry("Fixtures/images/" + name, "png", want))
    for name in sorted(make_jpeg_fixtures(astronaut)):
        pixels, orientation = decode_jpeg_reference(os.path.join(IMAGES_OUT, name))
        decode.append(decode_entry("Fixtures/images/" + name, "jpeg", pixels, orientation))

    images = {}
    for name in ["astronaut.png", "bus.jpg", "zidane.jpg", "t1.jpg"]:
        path = os.path.join(ASSETS, name)
        if name.endswith(".png"):
            pixels = np.asarray(Image.open(path).convert("RGB"))
            cv = cv2.imread(path, cv2.IMREAD_COLOR)[:, :, ::-1]
            assert np.array_equal(pixels, cv)
            orientation = None
            kind = "png"
        else:
            pixels, orientation = decode_jpeg_reference(path)
            kind = "jpeg"
        images[name] = np.ascontiguousarray(pixels)
        decode.append(decode_entry("assets/images/" + name, kind, pixels, orientation))

    warps = []
    for name, image_name, roi, (tw, th), keep, border, value_range, flip in WARP_CASES:
        crop, tensor, M, Minv, pad, matrix, corners = image_to_tensor(images[image_name], roi, tw, th, keep, border, value_range, flip)
        warps.append({
            "name": name, "image": image_name,
            "roi": [f32hex(v) for v in roi], "roiDecimal": [float(v) for v in roi],
            "tensorWidth": tw, "tensorHeight": th, "keepAspectRatio": keep, "border": border,
            "range": [float(value_range[0]), float(value_range[1])], "flipHorizontally": flip,
            "corners": [f32hex(v) for v in corners.reshape(-1)],
            "perspective": [f64hex(v) for v in M.reshape(-1)],
            "inverse": [f64hex(v) for v in Minv.reshape(-1)],
            "cropSha256": sha(crop), "tensorSha256": sha(tensor),
            "samples": samples_of(crop),
            "padding": [f32hex(v) for v in pad],
            "matrix": [f32hex(v) for v in matrix],
        })

    yuv = []
    for width, height in [(96, 64), (34, 18)]:
        y, u, v = yuv_planes(width, height)
        uv = np.dstack([u, v]).reshape(height // 2, width)
        vu = np.dstack([v, u]).reshape(height // 2, width)
        nv12 = np.vstack([y, uv])
        nv21 = np.vstack([y, vu])
        i420 = np.concatenate([y.reshape(-1), u.reshape(-1), v.reshape(-1)]).reshape(height * 3 // 2, width)
        for fmt, buf, code in [("nv12", nv12, cv2.COLOR_YUV2RGB_NV12), ("nv21", nv21, cv2.COLOR_YUV2RGB_NV21),
                               ("i420", i420, cv2.COLOR_YUV2RGB_I420)]:
            rgb = cv2.cvtColor(buf, code)
            yuv.append({"format": fmt, "width": width, "height": height, "rgbSha256": sha(rgb),
                        "samples": samples_of(rgb)})

    masks = []
    mask = procedural_mask(256)
    for name, width, height, roi in MASK_CASES:
        T = mask_transform(roi, width, height, 256)
        out = cv2.warpAffine(mask, T, (width, height), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        assert out.dtype == np.float32
        points = [(0, 0), (width // 2, height // 2), (width // 3, height // 4), (width - 1, height - 1)]
        masks.append({"name": name, "width": width, "height": height, "maskSize": 256,
                      "roi": [f32hex(v) for v in roi],
                      "affine": [f32hex(v) for v in T.reshape(-1)], "sha256": sha(out),
                      "samples": [{"x": x, "y": y, "value": f32hex(out[y, x])} for x, y in points]})

    golden = {
        "generator": "scripts/golden/opencv_warp.py",
        "versions": {"opencv": cv2.__version__, "numpy": np.__version__, "pillow": Image.__version__},
        "decode": decode, "warps": warps, "yuv": yuv, "masks": masks,
    }
    with open(os.path.join(GOLDEN_OUT, "goldens.json"), "w") as f:
        json.dump(golden, f, indent=1)
        f.write("\n")
    print(f"wrote {len(decode)} decode, {len(warps)} warp, {len(yuv)} yuv, {len(masks)} mask goldens")


if __name__ == "__main__":
    main()
