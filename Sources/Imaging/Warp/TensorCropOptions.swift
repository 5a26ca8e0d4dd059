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
    /// The float32 rounding of the ROI corners; MediaPipe's by default.
    public var arithmetic: CropArithmetic

    public init(width: Int, height: Int, keepAspectRatio: Bool = false, border: BorderMode = .replicate,
                valueRange: ValueRange = .zeroToOne, flipHorizontally: Bool = false,
                arithmetic: CropArithmetic = .mediaPipe) {
        self.width = width
        self.height = height
        self.keepAspectRatio = keepAspectRatio
        self.border = border
        self.valueRange = valueRange
        self.flipHorizontally = flipHorizontally
        self.arithmetic = arithmetic
    }
}
