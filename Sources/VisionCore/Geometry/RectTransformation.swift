import Foundation

/// MediaPipe's `RectTransformationCalculator` for normalized rects: an optional shift along the
/// rectangle's own axes, an optional squaring in pixels, then a scale. All arithmetic is float32 in
/// the calculator's order; the rotation passes through unchanged.
public struct RectTransformation: Sendable, Hashable {
    /// Multiplies the (possibly squared) width.
    public var scaleX: Float
    /// Multiplies the (possibly squared) height.
    public var scaleY: Float
    /// Moves the centre by `shiftX·width` along the rectangle's rotated x axis.
    public var shiftX: Float
    /// Moves the centre by `shiftY·height` along the rectangle's rotated y axis.
    public var shiftY: Float
    /// Make the rectangle square in pixels, with the longer side.
    public var squareLong: Bool
    /// Make the rectangle square in pixels, with the shorter side (ignored if `squareLong`).
    public var squareShort: Bool

    public init(scaleX: Float = 1, scaleY: Float = 1, shiftX: Float = 0, shiftY: Float = 0,
                squareLong: Bool = false, squareShort: Bool = false) {
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.shiftX = shiftX
        self.shiftY = shiftY
        self.squareLong = squareLong
        self.squareShort = squareShort
    }

    /// The face landmarker's ROI from a detection: ×1.5, not squared (docs/pipeline.md §4.2).
    public static let faceFromDetection = RectTransformation(scaleX: 1.5, scaleY: 1.5)
    /// The face landmarker's next-frame ROI from landmarks: ×1.5, square_long (docs/pipeline.md §4.4).
    public static let faceFromLandmarks = RectTransformation(scaleX: 1.5, scaleY: 1.5, squareLong: true)
    /// The pose ROI, from a detection or from the auxiliary landmarks: ×1.25, square_long
    /// (docs/pipeline.md §6.2, §6.7).
    public static let pose = RectTransformation(scaleX: 1.25, scaleY: 1.25, squareLong: true)

    /// The hand ROI from a palm detection: shifted up by half its height, square_long, ×2.6
    /// (docs/pipeline.md §12.2).
    public static let handFromPalm = RectTransformation(scaleX: 2.6, scaleY: 2.6, shiftY: -0.5, squareLong: true)
    /// The hand's next-frame ROI from landmarks: shifted up by a tenth, square_long, ×2
    /// (docs/pipeline.md §12.5).
    public static let handFromLandmarks = RectTransformation(scaleX: 2, scaleY: 2, shiftY: -0.1, squareLong: true)

    /// Applies the transformation to `rect` in an image of `imageWidth`×`imageHeight` pixels.
    public func apply(to rect: NormalizedRect, imageWidth: Int, imageHeight: Int) -> NormalizedRect {
        var result = rect
        var width = rect.width
        var height = rect.height
        let rotation = rect.rotation
        let imageW = Float(imageWidth)
        let imageH = Float(imageHeight)
        if rotation == 0 {
            result.xCenter = rect.xCenter + width * shiftX
            result.yCenter = rect.yCenter + height * shiftY
        } else {
            let c = CorrectlyRounded.cos(rotation), s = CorrectlyRounded.sin(rotation)
            let xShift = (imageW * width * shiftX * c - imageH * height * shiftY * s) / imageW
            let yShift = (imageW * width * shiftX * s + imageH * height * shiftY * c) / imageH
            result.xCenter = rect.xCenter + xShift
            result.yCenter = rect.yCenter + yShift
        }
        if squareLong {
            let longSide = max(width * imageW, height * imageH)
            width = longSide / imageW
            height = longSide / imageH
        } else if squareShort {
            let shortSide = min(width * imageW, height * imageH)
            width = shortSide / imageW
            height = shortSide / imageH
        }
        result.width = width * scaleX
        result.height = height * scaleY
        return result
    }
}
