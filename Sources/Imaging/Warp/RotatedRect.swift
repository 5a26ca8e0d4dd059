import VisionCore
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
