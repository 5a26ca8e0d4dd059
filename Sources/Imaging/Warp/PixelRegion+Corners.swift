import VisionCore

extension PixelRegion {
    /// The angle in degrees as OpenCV's `RotatedRect` stores it: `float(float(r·180)/π)`.
    var angleDegrees: Float {
        Float(Double(rotation * 180) / Double.pi)
    }

    /// The four corners as `cv::RotatedRect::points` computes them, in float32: bottom-left,
    /// top-left, top-right, bottom-right (for rotation 0 and y down), as 8 floats
    /// `[x0, y0, x1, y1, x2, y2, x3, y3]` in pixels.
    func corners() -> [Float] {
        let radians = Double(angleDegrees) * Double.pi / 180
        let b = Float(cosine(radians)) * 0.5
        let a = Float(sine(radians)) * 0.5
        let x0 = centerX - a * height - b * width
        let y0 = centerY + b * height - a * width
        let x1 = centerX + a * height - b * width
        let y1 = centerY - b * height - a * width
        return [x0, y0, x1, y1, 2 * centerX - x0, 2 * centerY - y0, 2 * centerX - x1, 2 * centerY - y1]
    }
}
