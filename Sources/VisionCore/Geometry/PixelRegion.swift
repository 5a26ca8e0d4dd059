/// A rotated rectangle in pixels: MediaPipe's `RotatedRect` as `ImageToTensorCalculator` uses it.
///
/// The centre and size are in pixels of the source image (origin top-left, y down); `rotation` is
/// in radians, clockwise on screen. Float32, as in MediaPipe.
public struct PixelRegion: Sendable, Hashable {
    public var centerX: Float
    public var centerY: Float
    public var width: Float
    public var height: Float
    public var rotation: Float

    public init(centerX: Float, centerY: Float, width: Float, height: Float, rotation: Float) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.rotation = rotation
    }

    /// `rect` in pixels of an `imageWidth`×`imageHeight` image (MediaPipe's `GetRoi`, float32).
    public init(_ rect: NormalizedRect, imageWidth: Int, imageHeight: Int) {
        let w = Float(imageWidth), h = Float(imageHeight)
        self.init(centerX: rect.xCenter * w, centerY: rect.yCenter * h,
                  width: rect.width * w, height: rect.height * h, rotation: rect.rotation)
    }

    /// The region grown around its centre to the aspect ratio of a `tensorWidth`×`tensorHeight`
    /// tensor, and the padding that this letterbox adds (MediaPipe's `PadRoi` with
    /// `keep_aspect_ratio`, float32). Returns `nil` for a tensor size that is not positive.
    public func letterboxed(tensorWidth: Int, tensorHeight: Int) -> (region: PixelRegion, padding: LetterboxPadding)? {
        guard tensorWidth > 0, tensorHeight > 0 else { return nil }
        let tensorAspect = Float(tensorHeight) / Float(tensorWidth)
        let roiAspect = height / width
        var region = self
        if tensorAspect > roiAspect {
            region.height = width * tensorAspect
            let vertical = (1 - roiAspect / tensorAspect) / 2
            return (region, LetterboxPadding(left: 0, top: vertical, right: 0, bottom: vertical))
        } else {
            region.width = height / tensorAspect
            let horizontal = (1 - tensorAspect / roiAspect) / 2
            return (region, LetterboxPadding(left: horizontal, top: 0, right: horizontal, bottom: 0))
        }
    }
}

/// The padding a keep-aspect-ratio crop adds, as fractions of the tensor width (left, right) and
/// height (top, bottom): MediaPipe's `LETTERBOX_PADDING` `[left, top, right, bottom]`.
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

    /// No padding (the landmark models' crops).
    public static let zero = LetterboxPadding(left: 0, top: 0, right: 0, bottom: 0)
}
