@_exported import AppleShims
import Foundation
import Imaging
#if canImport(CoreMedia)
import CoreMedia
#endif

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

/// An image for Firebase ML Vision: a still image or a camera frame plus optional metadata (the
/// orientation). Results are in the stored pixel grid, origin top-left.
public final class VisionImage: NSObject, @unchecked Sendable {
    /// VisionTasks extension: the stored pixels; nil for a camera frame whose image buffer could
    /// not be read (the detector then reports an invalid-argument error).
    public let image: Imaging.Image?
    public var metadata: VisionImageMetadata?

    /// A still image; Firebase expects it upright (its `imageOrientation` is not applied).
    public init(image: UIImage) {
        self.image = image.pixels
        super.init()
    }

    /// A camera frame: its image buffer (BGRA, NV12 or I420). A frame without a readable image
    /// buffer gives no ``image``, which the detector rejects with an error.
    public init(buffer: CMSampleBuffer) {
        self.image = try? Imaging.Image(sampleBuffer: buffer)
        super.init()
    }

    /// VisionTasks extension: pixels in any `Imaging.PixelFormat`.
    public init(image: Imaging.Image) {
        self.image = image
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
