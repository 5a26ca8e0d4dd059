import Imaging
import Locking

/// A segmentation mask's probabilities, `sigmoid` of the model's logits, taken when first asked
/// for and then kept: a mask that nothing renders (a video's JSON Lines list only its size) never
/// pays for them (docs/pipeline.md §6.6). Safe to ask from several threads; the first computes.
final class MaskProbabilities: Sendable {
    private let logits: [Float]
    private let side: Int
    private let computed = Locked<FloatImage?>(nil)

    /// `logits`: `side × side` values, row-major, in tensor space. Throws when they are not.
    init(logits: [Float], side: Int) throws(ImageError) {
        try ImageLimits.default.check(width: side, height: side)
        guard logits.count == side * side else { throw .bufferTooSmall("\(logits.count) logits for \(side)×\(side)") }
        self.logits = logits
        self.side = side
    }

    /// The probabilities as a `side × side` image.
    func image() throws(ImageError) -> FloatImage {
        try computed.withLock { (cached: inout FloatImage?) throws(ImageError) -> FloatImage in
            if let cached { return cached }
            let image = try FloatImage(sigmoidOf: logits, width: side, height: side)
            cached = image
            return image
        }
    }
}
