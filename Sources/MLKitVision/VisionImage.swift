@_exported import AppleShims
import Foundation
import Imaging
#if canImport(CoreMedia)
import CoreMedia
#endif

/// An image for ML Kit's detectors (the `MLKitVision` type): a still image or a camera frame, and
/// the orientation that makes it upright.
///
/// Results are in the stored (unrotated) pixel grid of the image, origin top-left.
public final class VisionImage: NSObject, MLKitCompatibleImage, @unchecked Sendable {
    /// VisionTasks extension: the stored pixels; nil for a camera frame whose image buffer could
    /// not be read (the detectors then report an invalid-argument error).
    public let image: Imaging.Image?
    /// How the stored pixels must be turned to look upright (`.up` by default; set it to the
    /// `UIImage`'s `imageOrientation` or the camera's, as ML Kit's guide does). All 8 cases,
    /// mirrored ones included.
    public var orientation: UIImage.Orientation = .up

    /// A still image. Its own `imageOrientation` is not applied until ``orientation`` is set to it.
    public init(image: UIImage) {
        self.image = image.pixels
        super.init()
    }

    /// A camera frame: its image buffer (BGRA, NV12 or I420). A frame without a readable image
    /// buffer gives no ``image``, which the detectors reject with an error.
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
