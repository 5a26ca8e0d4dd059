import Foundation

/// One SSD anchor: a centre and a size in tensor-normalized coordinates.
public struct Anchor: Sendable, Hashable {
    public var xCenter: Float
    public var yCenter: Float
    public var width: Float
    public var height: Float

    public init(xCenter: Float, yCenter: Float, width: Float, height: Float) {
        self.xCenter = xCenter
        self.yCenter = yCenter
        self.width = width
        self.height = height
    }
}

/// The settings of MediaPipe's `SsdAnchorsCalculator` (docs/pipeline.md §3.1), and the anchor generation.
public struct SSDAnchorOptions: Sendable, Hashable {
    public var inputWidth: Int
    public var inputHeight: Int
    public var minScale: Float
    public var maxScale: Float
    public var anchorOffsetX: Float
    public var anchorOffsetY: Float
    /// One stride per layer; consecutive layers with the same stride share one grid.
    public var strides: [Int]
    public var aspectRatios: [Float]
    /// Adds one anchor per layer with this aspect ratio and the interpolated scale when > 0.
    public var interpolatedScaleAspectRatio: Float
    /// All anchors have width = height = 1 (scales and ratios then only set the count per cell).
    public var fixedAnchorSize: Bool

    public init(inputWidth: Int, inputHeight: Int, minScale: Float = 0.1484375, maxScale: Float = 0.75,
                anchorOffsetX: Float = 0.5, anchorOffsetY: Float = 0.5, strides: [Int],
                aspectRatios: [Float] = [1], interpolatedScaleAspectRatio: Float = 1,
                fixedAnchorSize: Bool = true) {
        self.inputWidth = inputWidth
        self.inputHeight = inputHeight
        self.minScale = minScale
        self.maxScale = maxScale
        self.anchorOffsetX = anchorOffsetX
        self.anchorOffsetY = anchorOffsetY
        self.strides = strides
        self.aspectRatios = aspectRatios
        self.interpolatedScaleAspectRatio = interpolatedScaleAspectRatio
        self.fixedAnchorSize = fixedAnchorSize
    }

    /// Short-range face detector, 128×128: 896 anchors.
    public static let faceShortRange = SSDAnchorOptions(inputWidth: 128, inputHeight: 128, strides: [8, 16, 16, 16])
    /// Full-range face detector, 192×192: 2304 anchors.
    public static let faceFullRange = SSDAnchorOptions(inputWidth: 192, inputHeight: 192, strides: [4],
                                                        interpolatedScaleAspectRatio: 0)
    /// Pose detector, 224×224: 2254 anchors.
    public static let pose = SSDAnchorOptions(inputWidth: 224, inputHeight: 224, strides: [8, 16, 32, 32, 32])
    /// Palm detector, 192×192: 2016 anchors.
    public static let palm = SSDAnchorOptions(inputWidth: 192, inputHeight: 192, strides: [8, 16, 16, 16])

    /// The anchors, layer group by layer group, cells row-major (y outer, x inner), with a cell's
    /// anchors next to each other. Returns `[]` for non-positive sizes or strides.
    public func anchors() -> [Anchor] {
        guard inputWidth > 0, inputHeight > 0, strides.allSatisfy({ $0 > 0 }) else { return [] }
        var result: [Anchor] = []
        var layer = 0
        while layer < strides.count {
            var anchorWidths: [Float] = []
            var anchorHeights: [Float] = []
            var last = layer
            while last < strides.count, strides[last] == strides[layer] {
                let scale = Self.scale(minScale, maxScale, last, strides.count)
                var ratios: [Float] = []
                var scales: [Float] = []
                for ratio in aspectRatios {
                    ratios.append(ratio)
                    scales.append(scale)
                }
                if interpolatedScaleAspectRatio > 0 {
                    let next: Float = last == strides.count - 1 ? 1 : Self.scale(minScale, maxScale, last + 1, strides.count)
                    scales.append((scale * next).squareRoot())
                    ratios.append(interpolatedScaleAspectRatio)
                }
                for (ratio, scale) in zip(ratios, scales) {
                    let root = ratio.squareRoot()
                    anchorHeights.append(scale / root)
                    anchorWidths.append(scale * root)
                }
                last += 1
            }
            let stride = strides[layer]
            let rows = Int((Float(inputHeight) / Float(stride)).rounded(.up))
            let columns = Int((Float(inputWidth) / Float(stride)).rounded(.up))
            for y in 0..<rows {
                for x in 0..<columns {
                    for index in anchorWidths.indices {
                        let xCenter = (Float(x) + anchorOffsetX) / Float(columns)
                        let yCenter = (Float(y) + anchorOffsetY) / Float(rows)
                        result.append(fixedAnchorSize
                            ? Anchor(xCenter: xCenter, yCenter: yCenter, width: 1, height: 1)
                            : Anchor(xCenter: xCenter, yCenter: yCenter, width: anchorWidths[index], height: anchorHeights[index]))
                    }
                }
            }
            layer = last
        }
        return result
    }

    /// `min + (max − min)·i/(n − 1)`, or the mean for a single layer.
    static func scale(_ minScale: Float, _ maxScale: Float, _ index: Int, _ count: Int) -> Float {
        count == 1 ? (minScale + maxScale) * 0.5 : minScale + (maxScale - minScale) * Float(index) / Float(count - 1)
    }
}
