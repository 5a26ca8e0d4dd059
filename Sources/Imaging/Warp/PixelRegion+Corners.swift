import VisionCore

extension PixelRegion {
    /// The angle in degrees as OpenCV's `RotatedRect` stores it: `float(float(r·180)/π)`.
    var angleDegrees: Float {
        Float(Double(rotation * 180) / Double.pi)
    }

    /// The four corners of `cv::RotatedRect::points` in float32, rounded as `arithmetic` says:
    /// bottom-left, top-left, top-right, bottom-right (for rotation 0 and y down), as 8 floats
    /// `[x0, y0, x1, y1, x2, y2, x3, y3]` in pixels.
    ///
    /// With `.mediaPipe`, our landmark crops reproduce MediaPipe 1.2.3's landmarks exactly (0
    /// difference over the 58 tracking steps of the two-face VIDEO golden); with `.openCV` (the
    /// `2·centre − corner` of OpenCV's source) they differ by up to 1.9e-5 there.
    func corners(_ arithmetic: CropArithmetic) -> [Float] {
        let radians = Double(angleDegrees) * Double.pi / 180
        let b = Float(cosine(radians)) * 0.5
        let a = Float(sine(radians)) * 0.5
        let ah = a * height, bh = b * height, aw = a * width, bw = b * width
        let x0 = centerX - ah - bw
        let y0 = centerY + bh - aw
        let x1 = centerX + ah - bw
        let y1 = centerY - bh - aw
        switch arithmetic {
        case .mediaPipe:
            return [x0, y0, x1, y1, (centerX + ah) + bw, (centerY - bh) + aw, (centerX - ah) + bw, (centerY + bh) + aw]
        case .openCV:
            return [x0, y0, x1, y1, 2 * centerX - x0, 2 * centerY - y0, 2 * centerX - x1, 2 * centerY - y1]
        }
    }
}
