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
