/// How a crop rounds its float32 steps. The formulas are the same, the order of float operations
/// differs between OpenCV builds, and an ulp in a ROI corner moves some of the crop's 1/32-pixel
/// sample positions, an ulp in an input value moves the model's output.
public enum CropArithmetic: Sendable, Hashable {
    /// As MediaPipe 1.2.3's binary (`libmediapipe.so`; its OpenCV is compiled with reassociation)
    /// computes them, read from its machine code and confirmed on MediaPipe's outputs:
    /// * `cv::RotatedRect::points`: the third and fourth corners are `(cx + a·h) + b·w,
    ///   (cy − b·h) + a·w` and `(cx − a·h) + b·w, (cy + b·h) + a·w`;
    /// * `convertTo` to the model's value range: `float(u8)·scale + offset` with two float32
    ///   roundings.
    ///
    /// The default. With it our face crops reproduce MediaPipe's landmarks exactly over the 58
    /// tracking steps of the two-face VIDEO golden (up to 1.9e-5 apart with `.openCV`), and the
    /// face detector's scores exactly on every unrotated FaceDetector golden (1–4 ulps apart).
    case mediaPipe
    /// As OpenCV 4.x's source writes them (opencv-python 4.11): the third and fourth corners are
    /// `2·centre − first` and `2·centre − second`; values are `Double(u8)·Double(scale) +
    /// Double(offset)` rounded once.
    case openCV
}
