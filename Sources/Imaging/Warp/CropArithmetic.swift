/// How a crop rounds the float32 corners of its rotated rectangle. The formulas are the same, the
/// order of float operations differs between OpenCV builds, and an ulp in a ROI corner moves some of
/// the crop's 1/32-pixel sample positions. (Values are converted the same way in both:
/// see ``ValueRange/lookupTable``.)
public enum CropArithmetic: Sendable, Hashable {
    /// As MediaPipe 1.2.3's binary (`libmediapipe.so`; its OpenCV is compiled with reassociation)
    /// computes them, read from its machine code and confirmed on MediaPipe's outputs:
    /// `cv::RotatedRect::points`' third and fourth corners are `(cx + a·h) + b·w, (cy − b·h) + a·w`
    /// and `(cx − a·h) + b·w, (cy + b·h) + a·w`.
    ///
    /// The default. With it our face crops reproduce MediaPipe's landmarks exactly over the 58
    /// tracking steps of the two-face VIDEO golden (up to 1.9e-5 apart with `.openCV`).
    case mediaPipe
    /// As OpenCV 4.x's source writes them (opencv-python 4.11): the third and fourth corners are
    /// `2·centre − first` and `2·centre − second`.
    case openCV
}
