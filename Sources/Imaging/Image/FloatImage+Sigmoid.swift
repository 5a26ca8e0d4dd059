import CPixelKernels

extension FloatImage {
    /// MediaPipe's sigmoid of a model's logits, `1 / (1 + exp(−x))` in float32 with `exp` computed
    /// in double and rounded to float, the same bits as VisionCore's `sigmoid` gives one value at a
    /// time (docs/pipeline.md §6.6): e.g. a segmentation mask's probabilities. `logits` are
    /// `width × height` values, row-major.
    public init(sigmoidOf logits: [Float], width: Int, height: Int, limits: ImageLimits = .default) throws(ImageError) {
        try limits.check(width: width, height: height)
        guard logits.count == width * height else {
            throw .bufferTooSmall("\(logits.count) logits for \(width)×\(height)")
        }
        let values = [Float](unsafeUninitializedCapacity: logits.count) { buffer, initialized in
            logits.withUnsafeBufferPointer { vt_sigmoid($0.baseAddress, buffer.baseAddress, $0.count) }
            initialized = logits.count
        }
        self.init(uncheckedWidth: width, height: height, values: values)
    }
}
