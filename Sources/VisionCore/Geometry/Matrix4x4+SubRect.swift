import Foundation

extension Matrix4x4 {
    /// The matrix that maps tensor-normalized coordinates `(u, v) ∈ [0, 1]²` of a crop of `region`
    /// to image-normalized coordinates of an `imageWidth`×`imageHeight` image: MediaPipe's
    /// `GetRotatedSubRectToRectTransformMatrix` (docs/pipeline.md §2.4), in float32 with the same order of
    /// operations. The z row scales by the region width over the image width.
    ///
    /// `region` is the (possibly letterboxed) ROI in pixels.
    public static func subRectToImage(_ region: PixelRegion, imageWidth: Int, imageHeight: Int,
                                      flipHorizontally: Bool = false) -> Matrix4x4 {
        let a = region.width, b = region.height
        let flip: Float = flipHorizontally ? -1 : 1
        let c = CorrectlyRounded.cos(region.rotation), d = CorrectlyRounded.sin(region.rotation)
        let e = region.centerX, f = region.centerY
        let g = 1 / Float(imageWidth), h = 1 / Float(imageHeight)
        var m = [Float](repeating: 0, count: 16)
        m[0] = a * c * flip * g
        m[1] = -b * d * g
        m[3] = (-0.5 * a * c * flip + 0.5 * b * d + e) * g
        m[4] = a * d * flip * h
        m[5] = b * c * h
        m[7] = (-0.5 * b * c - 0.5 * a * d * flip + f) * h
        m[10] = a * g
        m[15] = 1
        return Matrix4x4(uncheckedRowMajor: m)
    }

    /// The length of the projected unit x vector, `|M·(1,0) − M·(0,0)|`: the factor by which
    /// `LandmarkProjectionCalculator` scales z (squares and root in double, as `std::pow` does).
    public var zScale: Float {
        let a = projectXY(x: 0, y: 0)
        let b = projectXY(x: 1, y: 0)
        let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
        return Float((dx * dx + dy * dy).squareRoot())
    }
}
