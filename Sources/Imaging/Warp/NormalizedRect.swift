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
