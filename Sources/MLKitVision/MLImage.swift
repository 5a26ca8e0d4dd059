import AppleShims
import Foundation
import Imaging
#if canImport(CoreMedia)
import CoreMedia
#endif

/// ML Kit's other image type (the `MLImage` pod): a still image, a pixel buffer or a camera
/// frame, and its orientation. The initializers fail (`nil`) when the pixels cannot be read.
public final class MLImage: NSObject, MLKitCompatibleImage, @unchecked Sendable {
    /// VisionTasks extension: the stored pixels.
    public let image: Imaging.Image
    /// How the stored pixels must be turned to look upright; a `UIImage`'s own by default.
    public var orientation: UIImage.Orientation
    /// Width and height of the stored pixels.
    public var width: CGFloat { CGFloat(image.width) }
    public var height: CGFloat { CGFloat(image.height) }

    public init?(image: UIImage) {
        self.image = image.pixels
        orientation = image.imageOrientation
        super.init()
    }

    public init?(pixelBuffer: CVPixelBuffer) {
        guard let pixels = try? Imaging.Image(pixelBuffer: pixelBuffer) else { return nil }
        image = pixels
        orientation = .up
        super.init()
    }

    public init?(sampleBuffer: CMSampleBuffer) {
        guard let pixels = try? Imaging.Image(sampleBuffer: sampleBuffer) else { return nil }
        image = pixels
        orientation = .up
        super.init()
    }
}
