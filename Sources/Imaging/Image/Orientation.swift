/// How the stored pixels must be turned to show the picture upright; the 8 cases and raw values of
/// `UIImage.Orientation`.
///
/// Convention: the upright picture is obtained from the stored pixels by first mirroring them
/// horizontally (only when ``isMirrored``), then rotating them clockwise by
/// ``clockwiseRotationDegrees``. The EXIF orientation tag (1…8) maps to these cases with
/// ``init(exifValue:)``.
///
/// Unlike MediaPipe, which rejects the mirrored orientations, the tasks support all 8 (front
/// cameras deliver mirrored frames). Whatever the orientation, results (landmarks, boxes, masks)
/// are reported in the coordinates of the input image as stored, not of the upright picture.
public enum Orientation: Int, Sendable, CaseIterable, Hashable {
    /// Stored upright (EXIF 1).
    case up = 0
    /// Rotated by 180° (EXIF 3).
    case down = 1
    /// Needs a 90° counter-clockwise turn (270° clockwise) to be upright (EXIF 8).
    case left = 2
    /// Needs a 90° clockwise turn to be upright (EXIF 6, the usual portrait phone photo).
    case right = 3
    /// Mirrored horizontally (EXIF 2).
    case upMirrored = 4
    /// Mirrored horizontally, then needs a 180° turn: a vertical flip (EXIF 4).
    case downMirrored = 5
    /// Mirrored horizontally, then needs a 270° clockwise turn: a transpose (EXIF 5).
    case leftMirrored = 6
    /// Mirrored horizontally, then needs a 90° clockwise turn: a transverse (EXIF 7).
    case rightMirrored = 7

    /// The clockwise rotation, in degrees (0, 90, 180 or 270), applied after the optional mirror.
    public var clockwiseRotationDegrees: Int {
        switch self {
        case .up, .upMirrored: 0
        case .right, .rightMirrored: 90
        case .down, .downMirrored: 180
        case .left, .leftMirrored: 270
        }
    }

    /// Whether the stored pixels are mirrored horizontally relative to the picture.
    public var isMirrored: Bool { rawValue >= 4 }

    /// The orientation for an EXIF `Orientation` tag value (1…8); `nil` for other values.
    public init?(exifValue: Int) {
        switch exifValue {
        case 1: self = .up
        case 2: self = .upMirrored
        case 3: self = .down
        case 4: self = .downMirrored
        case 5: self = .leftMirrored
        case 6: self = .right
        case 7: self = .rightMirrored
        case 8: self = .left
        default: return nil
        }
    }

    /// The EXIF `Orientation` tag value (1…8) of this orientation.
    public var exifValue: Int {
        switch self {
        case .up: 1
        case .upMirrored: 2
        case .down: 3
        case .downMirrored: 4
        case .leftMirrored: 5
        case .right: 6
        case .rightMirrored: 7
        case .left: 8
        }
    }

    /// The size of the upright picture for stored pixels of `width`×`height`.
    public func uprightSize(width: Int, height: Int) -> (width: Int, height: Int) {
        clockwiseRotationDegrees % 180 == 0 ? (width, height) : (height, width)
    }

    /// Maps the stored pixel `(x, y)` of a `width`×`height` image to its position in the upright
    /// picture (integer pixel indices).
    public func uprightPixel(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        let mx = isMirrored ? width - 1 - x : x
        switch clockwiseRotationDegrees {
        case 90: return (height - 1 - y, mx)
        case 180: return (width - 1 - mx, height - 1 - y)
        case 270: return (y, width - 1 - mx)
        default: return (mx, y)
        }
    }

    /// The ROI rotation, in radians, that makes a crop of the stored image upright, in MediaPipe's
    /// convention (positive turns the ROI clockwise on screen): `−degrees·π/180` as in MediaPipe; for
    /// the mirrored cases `+degrees·π/180`, to be used together with a horizontally flipped crop
    /// (``TensorCropOptions/flipHorizontally`` = ``isMirrored``), because the mirror is undone in
    /// tensor space before the rotation.
    public var roiRotation: Float {
        let degrees = Double(isMirrored ? clockwiseRotationDegrees : -clockwiseRotationDegrees)
        return Float(degrees * Double.pi / 180)
    }
}

extension Image {
    /// The upright picture: these pixels mirrored and rotated as `orientation` says. The result has
    /// the same format for single-plane formats; YUV images are converted to RGB first.
    public func oriented(_ orientation: Orientation) throws(ImageError) -> Image {
        if orientation == .up { return self }
        let source = format.isYUV ? try converted(to: .rgb8) : self
        let bpp = source.format.bytesPerPixel
        let (outWidth, outHeight) = orientation.uprightSize(width: width, height: height)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * bpp)
        let plane = source.planes[0], bytes = plane.bytes
        for y in 0..<height {
            for x in 0..<width {
                let (ux, uy) = orientation.uprightPixel(x: x, y: y, width: width, height: height)
                let from = y * plane.rowStride + x * bpp, to = (uy * outWidth + ux) * bpp
                for c in 0..<bpp { out[to + c] = bytes[from + c] }
            }
        }
        return Image(uncheckedWidth: outWidth, height: outHeight, format: source.format,
                     planes: [ImagePlane(bytes: out, rowStride: outWidth * bpp)])
    }
}
