import Foundation

/// MediaPipe's `TensorsToDetectionsCalculator` on CPU for single-class SSD detectors with
/// `reverse_output_order` (rows `[dx, dy, w, h, kp0x, kp0y, …]` in tensor pixels), without the
/// exponential on box sizes (docs/pipeline.md §3.2).
public struct SSDDecoder: Sendable, Hashable {
    /// Keypoints per detection (face 6, pose 4, palm 7).
    public var keypointCount: Int
    /// Divisors for x, y, width and height (the detector input size).
    public var xScale: Float
    public var yScale: Float
    public var wScale: Float
    public var hScale: Float
    /// Raw scores are clamped to ±this before the sigmoid; `nil` disables clamping.
    public var scoreClippingThreshold: Float?
    /// Detections with a sigmoid score `<` this are dropped (`≥` keeps); `nil` keeps all.
    public var minScoreThreshold: Float?

    public init(keypointCount: Int, xScale: Float, yScale: Float, wScale: Float, hScale: Float,
                scoreClippingThreshold: Float? = 100, minScoreThreshold: Float? = 0.5) {
        self.keypointCount = keypointCount
        self.xScale = xScale
        self.yScale = yScale
        self.wScale = wScale
        self.hScale = hScale
        self.scoreClippingThreshold = scoreClippingThreshold
        self.minScoreThreshold = minScoreThreshold
    }

    /// The face detectors' decoder: 6 keypoints, scale = the input size (128 or 192).
    public static func face(inputSize: Int, minScore: Float) -> SSDDecoder {
        face(inputWidth: inputSize, inputHeight: inputSize, minScore: minScore)
    }

    /// The face detectors' decoder for an input resized to `inputWidth` × `inputHeight` (the
    /// small-faces search's tiles): box offsets are in tensor pixels, so the scales are the sides.
    public static func face(inputWidth: Int, inputHeight: Int, minScore: Float) -> SSDDecoder {
        let w = Float(inputWidth), h = Float(inputHeight)
        return SSDDecoder(keypointCount: 6, xScale: w, yScale: h, wScale: w, hScale: h, minScoreThreshold: minScore)
    }

    /// The pose detector's decoder: 4 keypoints, scale 224.
    public static func pose(minScore: Float) -> SSDDecoder {
        SSDDecoder(keypointCount: 4, xScale: 224, yScale: 224, wScale: 224, hScale: 224, minScoreThreshold: minScore)
    }

    /// The palm detector's decoder: 7 keypoints, scale 192.
    public static func palm(minScore: Float) -> SSDDecoder {
        SSDDecoder(keypointCount: 7, xScale: 192, yScale: 192, wScale: 192, hScale: 192, minScoreThreshold: minScore)
    }

    /// Values per anchor in the box tensor: 4 box values and 2 per keypoint.
    public var coordinateCount: Int { 4 + 2 * keypointCount }

    /// Decodes `boxes` (`[N, coordinateCount]`, row-major) and `scores` (`[N]` logits) against
    /// `anchors` (N of them). Detections come out in anchor order; boxes with a negative or NaN
    /// width or height are dropped.
    public func decode(boxes: [Float], scores: [Float], anchors: [Anchor]) throws(VisionCoreError) -> [RelativeDetection] {
        guard keypointCount >= 0 else { throw .invalidArgument("keypointCount must not be negative") }
        let n = anchors.count
        let (expectedBoxes, overflow) = n.multipliedReportingOverflow(by: coordinateCount)
        guard !overflow, boxes.count == expectedBoxes else {
            throw .sizeMismatch(what: "the SSD box tensor", expected: overflow ? Int.max : expectedBoxes, actual: boxes.count)
        }
        guard scores.count == n else { throw .sizeMismatch(what: "the SSD score tensor", expected: n, actual: scores.count) }
        var detections: [RelativeDetection] = []
        for i in 0..<n {
            let score = Self.sigmoidScore(scores[i], clip: scoreClippingThreshold)
            if let minScoreThreshold, score < minScoreThreshold { continue }
            if score.isNaN, minScoreThreshold != nil { continue }
            let anchor = anchors[i]
            let row = i * coordinateCount
            let xCenter = boxes[row] / xScale * anchor.width + anchor.xCenter
            let yCenter = boxes[row + 1] / yScale * anchor.height + anchor.yCenter
            let w = boxes[row + 2] / wScale * anchor.width
            let h = boxes[row + 3] / hScale * anchor.height
            let ymin = yCenter - h / 2
            let xmin = xCenter - w / 2
            let ymax = yCenter + h / 2
            let xmax = xCenter + w / 2
            let width = xmax - xmin, height = ymax - ymin
            if width < 0 || height < 0 || width.isNaN || height.isNaN { continue }
            var keypoints: [Point2] = []
            keypoints.reserveCapacity(keypointCount)
            for k in 0..<keypointCount {
                let offset = row + 4 + 2 * k
                keypoints.append(Point2(x: boxes[offset] / xScale * anchor.width + anchor.xCenter,
                                        y: boxes[offset + 1] / yScale * anchor.height + anchor.yCenter))
            }
            detections.append(RelativeDetection(score: score, xmin: xmin, ymin: ymin, width: width, height: height,
                                                keypoints: keypoints))
        }
        return detections
    }

    /// `1/(1 + exp(−x))` in float, after clamping `x` to ±`clip`.
    static func sigmoidScore(_ raw: Float, clip: Float?) -> Float {
        var x = raw
        if let clip {
            x = x < -clip ? -clip : x
            x = x > clip ? clip : x
        }
        return sigmoid(x)
    }
}

/// `1/(1 + exp(−x))` in float32, MediaPipe's sigmoid everywhere (docs/pipeline.md §1.2).
public func sigmoid(_ x: Float) -> Float {
    1 / (1 + CorrectlyRounded.exp(-x))
}
