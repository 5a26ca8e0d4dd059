/// A rotated rectangle in normalized image coordinates (MediaPipe's `NormalizedRect`).
///
/// The centre and size are fractions of the image width and height (x right, y down). `rotation`
/// is in radians; a positive value turns the rectangle clockwise on screen, so the rectangle's own
/// +x axis points along the image direction `(cos r, sin r)` in pixels.
public struct NormalizedRect: Sendable, Hashable {
    public var xCenter: Float
    public var yCenter: Float
    public var width: Float
    public var height: Float
    /// Radians, clockwise on screen.
    public var rotation: Float

    public init(xCenter: Float, yCenter: Float, width: Float, height: Float, rotation: Float = 0) {
        self.xCenter = xCenter
        self.yCenter = yCenter
        self.width = width
        self.height = height
        self.rotation = rotation
    }

    /// The whole image, unrotated: `{0.5, 0.5, 1, 1, 0}`.
    public static let fullImage = NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 1, height: 1)

    /// The whole image as seen upright for `orientation` (MediaPipe's `ConvertToNormalizedRect`,
    /// extended to the mirrored cases): the rotation is ``Orientation/roiRotation``, and for 90° and
    /// 270° the width and height are swapped and rescaled, `w' = h·H/W`, `h' = w·W/H`, so the ROI
    /// still covers the image exactly. Crop it with ``TensorCropOptions/flipHorizontally`` set to
    /// ``Orientation/isMirrored``.
    public static func fullImage(orientation: Orientation, imageWidth: Int, imageHeight: Int) -> NormalizedRect {
        var rect = NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 1, height: 1, rotation: orientation.roiRotation)
        if orientation.clockwiseRotationDegrees % 180 != 0 {
            let w = Float(imageWidth), h = Float(imageHeight)
            rect.width = 1 * h / w
            rect.height = 1 * w / h
        }
        return rect
    }
}

/// A rotated rectangle in pixel coordinates (OpenCV's `RotatedRect`, MediaPipe's `RotatedRect`).
///
/// Pixel coordinates: x right, y down, the image's top-left corner at (0, 0) (pixel centres are at
/// half-integers).
public struct RotatedRect: Sendable, Hashable {
    /// Centre, pixels.
    public var centerX: Float
    public var centerY: Float
    /// Size, pixels.
    public var width: Float
    public var height: Float
    /// Radians, clockwise on screen.
    public var rotation: Float

    public init(centerX: Float, centerY: Float, width: Float, height: Float, rotation: Float) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.rotation = rotation
    }

    /// `rect` in pixels of a `imageWidth`×`imageHeight` image, computed in float32 as MediaPipe's
    /// `GetRoi` does.
    public init(_ rect: NormalizedRect, imageWidth: Int, imageHeight: Int) {
        let w = Float(imageWidth), h = Float(imageHeight)
        self.init(centerX: rect.xCenter * w, centerY: rect.yCenter * h, width: rect.width * w,
                  height: rect.height * h, rotation: rect.rotation)
    }

    /// The angle in degrees as OpenCV's `RotatedRect` stores it: `float(float(r·180)/π)`.
    public var angleDegrees: Float {
        Float(Double(rotation * 180) / Double.pi)
    }

    /// The four corners as `cv::RotatedRect::points` computes them, in float32: bottom-left,
    /// top-left, top-right, bottom-right (for rotation 0 and y down). Returned as 8 floats
    /// `[x0, y0, x1, y1, x2, y2, x3, y3]`.
    public func corners() -> [Float] {
        let radians = Double(angleDegrees) * Double.pi / 180
        let b = Float(cosine(radians)) * 0.5
        let a = Float(sine(radians)) * 0.5
        let x0 = centerX - a * height - b * width
        let y0 = centerY + b * height - a * width
        let x1 = centerX + a * height - b * width
        let y1 = centerY - b * height - a * width
        return [x0, y0, x1, y1, 2 * centerX - x0, 2 * centerY - y0, 2 * centerX - x1, 2 * centerY - y1]
    }

    /// Grows the rectangle around its centre to the aspect ratio of a `tensorWidth`×`tensorHeight`
    /// tensor (MediaPipe's `PadRoi`, float32) and returns the padding that the letterbox adds, as
    /// fractions of the tensor size.
    public mutating func letterbox(tensorWidth: Int, tensorHeight: Int) -> LetterboxPadding {
        let tensorAspect = Float(tensorHeight) / Float(tensorWidth)
        let roiAspect = height / width
        if tensorAspect > roiAspect {
            height = width * tensorAspect
            let vertical = (1 - roiAspect / tensorAspect) / 2
            return LetterboxPadding(left: 0, top: vertical, right: 0, bottom: vertical)
        } else {
            width = height / tensorAspect
            let horizontal = (1 - tensorAspect / roiAspect) / 2
            return LetterboxPadding(left: horizontal, top: 0, right: horizontal, bottom: 0)
        }
    }
}

/// The padding a keep-aspect-ratio crop adds around the picture, as fractions of the tensor width
/// (left, right) and height (top, bottom); MediaPipe's `LETTERBOX_PADDING`.
public struct LetterboxPadding: Sendable, Hashable {
    public var left: Float
    public var top: Float
    public var right: Float
    public var bottom: Float

    public init(left: Float, top: Float, right: Float, bottom: Float) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// No padding.
    public static let zero = LetterboxPadding(left: 0, top: 0, right: 0, bottom: 0)
}
