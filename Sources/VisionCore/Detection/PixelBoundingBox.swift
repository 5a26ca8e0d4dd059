/// An axis-aligned box in whole pixels: the Face Detector task's output box.
public struct PixelBoundingBox: Sendable, Hashable {
    public var originX: Int
    public var originY: Int
    public var width: Int
    public var height: Int

    public init(originX: Int, originY: Int, width: Int, height: Int) {
        self.originX = originX
        self.originY = originY
        self.width = width
        self.height = height
    }
}

extension RelativeDetection {
    /// The pixel box of the Face Detector task (docs/pipeline.md §3.4): each of xmin·W, ymin·H, width·W
    /// and height·H truncated toward zero (C++ float→int), then clamped to [0, W] (x, width) or
    /// [0, H] (y, height). NaN becomes 0.
    public func pixelBoundingBox(imageWidth: Int, imageHeight: Int) -> PixelBoundingBox {
        PixelBoundingBox(originX: Self.truncatedClamped(xmin * Float(imageWidth), limit: imageWidth),
                         originY: Self.truncatedClamped(ymin * Float(imageHeight), limit: imageHeight),
                         width: Self.truncatedClamped(width * Float(imageWidth), limit: imageWidth),
                         height: Self.truncatedClamped(height * Float(imageHeight), limit: imageHeight))
    }

    static func truncatedClamped(_ value: Float, limit: Int) -> Int {
        guard !value.isNaN else { return 0 }
        let upper = max(0, limit)
        if value <= 0 { return 0 }
        if value >= Float(upper) { return upper }
        return min(upper, Int(value.rounded(.towardZero)))
    }
}
