import Foundation

/// The classification heads of one input (MediaPipe's `ClassificationResult`; not produced by the
/// three vision tasks here, provided for source compatibility). Immutable.
public final class ClassificationResult: NSObject, @unchecked Sendable {
    /// One entry per classification head.
    public let classifications: [Classifications]
    /// The input's timestamp in milliseconds.
    public let timestampInMilliseconds: Int

    public init(classifications: [Classifications], timestampInMilliseconds: Int) {
        self.classifications = classifications
        self.timestampInMilliseconds = timestampInMilliseconds
        super.init()
    }
}
