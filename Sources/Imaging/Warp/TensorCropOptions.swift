/// How a ROI becomes a model input tensor (MediaPipe's `ImageToTensorCalculator` options).
public struct TensorCropOptions: Sendable, Hashable {
    /// Tensor width, pixels.
    public var width: Int
    /// Tensor height, pixels.
    public var height: Int
    /// Grow the ROI to the tensor's aspect ratio (letterbox) instead of stretching it.
    public var keepAspectRatio: Bool
    /// What is sampled outside the image.
    public var border: BorderMode
    /// The float range that 0…255 maps to.
    public var valueRange: ValueRange
    /// Mirror the crop left–right (for mirrored orientations); the 4×4 matrix accounts for it.
    public var flipHorizontally: Bool

    public init(width: Int, height: Int, keepAspectRatio: Bool = false, border: BorderMode = .replicate,
                valueRange: ValueRange = .zeroToOne, flipHorizontally: Bool = false) {
        self.width = width
        self.height = height
        self.keepAspectRatio = keepAspectRatio
        self.border = border
        self.valueRange = valueRange
        self.flipHorizontally = flipHorizontally
    }
}

/// A model input: an NHWC float32 tensor `1 × height × width × 3` (RGB), with what is needed to map
/// results back to the image.
public struct ImageTensor: Sendable {
    /// Tensor width and height, pixels.
    public let width: Int
    public let height: Int
    /// `height × width × 3` floats, row-major, channels R, G, B (NHWC with N = 1).
    public let values: [Float]
    /// The crop that made it: ROI in pixels, letterbox padding and the tensor-to-image matrix.
    public let crop: TensorCrop
}
