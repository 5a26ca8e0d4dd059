/// A rotated rectangle in normalized image coordinates: MediaPipe's `NormalizedRect`.
///
/// The centre and size are fractions of the image width (x) and height (y), with the origin at the
/// top-left corner and y pointing down. `rotation` is in radians; a positive rotation turns the
/// rectangle clockwise on screen, so the rectangle's local +x axis points along `(cos r, sin r)` in
/// pixels. All values are float32, as in MediaPipe's protobuf.
public struct NormalizedRect: Sendable, Hashable {
    /// Centre x, as a fraction of the image width.
    public var xCenter: Float
    /// Centre y, as a fraction of the image height.
    public var yCenter: Float
    /// Width, as a fraction of the image width.
    public var width: Float
    /// Height, as a fraction of the image height.
    public var height: Float
    /// Clockwise rotation in radians.
    public var rotation: Float

    public init(xCenter: Float, yCenter: Float, width: Float, height: Float, rotation: Float = 0) {
        self.xCenter = xCenter
        self.yCenter = yCenter
        self.width = width
        self.height = height
        self.rotation = rotation
    }

    /// The whole image, unrotated: `{0.5, 0.5, 1, 1, 0}` (the Tasks API's default ROI).
    public static let fullImage = NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 1, height: 1)

    /// The axis-aligned box `(xCenter ± width/2, yCenter ± height/2)` that association uses; the
    /// rotation is ignored, as in `AssociationNormRectCalculator` (half-extent computed in double,
    /// stored as float).
    public var axisAlignedBox: AxisAlignedBox {
        let xmin = Float(Double(xCenter) - Double(width) / 2)
        let ymin = Float(Double(yCenter) - Double(height) / 2)
        return AxisAlignedBox(xmin: xmin, ymin: ymin, width: width, height: height)
    }
}
