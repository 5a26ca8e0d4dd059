import Foundation
import Imaging

/// EXIF orientation of the stored pixels: where row 0 and column 0 sit.
public enum VisionDetectorImageOrientation: UInt, Sendable, CaseIterable {
    case topLeft = 1, topRight = 2, bottomRight = 3, bottomLeft = 4, leftTop = 5, rightTop = 6, rightBottom = 7, leftBottom = 8

    /// The same orientation as a turn-to-upright (`UIImage.Orientation` names).
    var imagingOrientation: Orientation { Orientation(exifValue: Int(rawValue)) ?? .up }
}

/// Image metadata; `orientation` is `.topLeft` by default.
public final class VisionImageMetadata: NSObject, @unchecked Sendable {
    public var orientation: VisionDetectorImageOrientation = .topLeft
    public override init() { super.init() }
}

/// An image for Firebase ML Vision: an `Imaging.Image` (any pixel format Imaging reads) plus
/// optional metadata. Results are in the stored pixel grid, origin top-left.
public final class VisionImage: NSObject, @unchecked Sendable {
    public let image: Image
    public var metadata: VisionImageMetadata?

    /// A still image (iOS: an upright `UIImage`).
    public init(image: Image) {
        self.image = image
        super.init()
    }

    /// A camera frame (iOS: a `CMSampleBuffer`).
    public init(buffer: Image) {
        self.image = buffer
        super.init()
    }
}

/// A point in image pixels with NSNumber coordinates; `z` is nil for 2-D face points.
public final class VisionPoint: NSObject, @unchecked Sendable {
    public let x: NSNumber
    public let y: NSNumber
    public let z: NSNumber?

    init(x: Float, y: Float, z: Float? = nil) {
        self.x = NSNumber(value: x)
        self.y = NSNumber(value: y)
        self.z = z.map { NSNumber(value: $0) }
        super.init()
    }
}
