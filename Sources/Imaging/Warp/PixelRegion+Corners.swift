import VisionCore

extension PixelRegion {
    /// The angle in degrees as OpenCV's `RotatedRect` stores it: `float(float(r·180)/π)`.
    var angleDegrees: Float {
        Float(Double(rotation * 180) / Double.pi)
    }

    /// The four corners as MediaPipe 1.2.3's OpenCV computes `cv::RotatedRect::points`, in float32:
    /// bottom-left, top-left, top-right, bottom-right (for rotation 0 and y down), as 8 floats
    /// `[x0, y0, x1, y1, x2, y2, x3, y3]` in pixels.
    ///
    /// OpenCV's source writes the last two corners as `2·centre − pt0` and `2·centre − pt1`; the
    /// OpenCV inside MediaPipe's binary is compiled with reassociation and evaluates them as
    /// `(cx + a·h) + b·w`, `(cy − b·h) + a·w`, `(cx − a·h) + b·w`, `(cy + b·h) + a·w` (read from the
    /// machine code of `libmediapipe.so` 1.2.3). The two differ by an ulp for some ROIs, which
    /// moves a few of the crop's 1/32-pixel sample positions; with these corners our landmark crops
    /// reproduce MediaPipe's landmarks exactly (0 difference over the 58 tracking steps of the
    /// two-face VIDEO golden, against up to 1.9e-5 with `2·centre − pt`).
    func corners() -> [Float] {
        let radians = Double(angleDegrees) * Double.pi / 180
        let b = Float(cosine(radians)) * 0.5
        let a = Float(sine(radians)) * 0.5
        let ah = a * height, bh = b * height, aw = a * width, bw = b * width
        let x0 = centerX - ah - bw
        let y0 = centerY + bh - aw
        let x1 = centerX + ah - bw
        let y1 = centerY - bh - aw
        let x2 = (centerX + ah) + bw
        let y2 = (centerY - bh) + aw
        let x3 = (centerX - ah) + bw
        let y3 = (centerY + bh) + aw
        return [x0, y0, x1, y1, x2, y2, x3, y3]
    }
}
