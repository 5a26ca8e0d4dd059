import VisionCore

extension NormalizedRect {
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
