import Foundation
import Imaging

/// Marker for images ML Kit's detectors accept (`VisionImage`).
public protocol MLKitCompatibleImage: NSObjectProtocol {}

/// An image for ML Kit (the `MLKitVision` type).
///
/// On Linux the pixels are an `Imaging.Image` (RGB, RGBA, BGRA, gray, NV12, NV21 or I420), for
/// both the still-image and the camera-buffer initialiser. All results are in the stored
/// (unrotated) pixel grid of that image, origin top-left.
public final class VisionImage: NSObject, MLKitCompatibleImage, @unchecked Sendable {
    /// The stored pixels.
    public let image: Image
    /// How the stored pixels must be turned to look upright (`.up` by default); all 8 cases,
    /// mirrored ones included. The names match `UIImage.Orientation`.
    public var orientation: Orientation = .up

    /// A still image (iOS: a `UIImage`).
    public init(image: Image) {
        self.image = image
        super.init()
    }

    /// A camera frame (iOS: a `CMSampleBuffer`; here any `Imaging.Image`, e.g. BGRA or NV12).
    public init(buffer: Image) {
        self.image = buffer
        super.init()
    }
}

/// A 2-D point in image pixels (the `MLKitVision` type).
public final class VisionPoint: NSObject, @unchecked Sendable {
    public let x: CGFloat
    public let y: CGFloat

    init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
        super.init()
    }
}
