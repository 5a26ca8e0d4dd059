import Foundation
import Imaging
import VisionPipeline

/// The input of the vision tasks: pixels plus the orientation that makes them upright.
///
/// Results (landmarks, boxes, masks) are always reported in the coordinates of the pixels **as
/// stored**, not of the upright picture, as MediaPipe does; the tasks rotate their crops
/// internally. Every pixel format of `Imaging.Image` is accepted (RGB, RGBA, BGRA, gray, YUV).
///
/// **Difference from MediaPipe:** the mirrored orientations (`.upMirrored`, …) are supported
/// (front cameras deliver mirrored frames); MediaPipe refuses them. `CVPixelBuffer` and
/// `CMSampleBuffer` do not exist here: use ``init(image:orientation:)`` with an `Imaging.Image`
/// in any pixel format instead.
public final class MPImage: NSObject, @unchecked Sendable {
    /// The width in pixels of the upright picture (``UIImage/size`` × ``UIImage/scale``, as iOS).
    public let width: CGFloat
    /// The height in pixels of the upright picture.
    public let height: CGFloat
    /// The orientation the task applies.
    public let orientation: UIImage.Orientation
    /// Always ``MPImageSourceType/image`` here.
    public let imageSourceType: MPImageSourceType
    /// The image this was made from.
    public let image: UIImage?
    /// The stored pixels.
    let pixels: Imaging.Image

    /// An image with `uiImage`'s own orientation.
    public convenience init(uiImage: UIImage) throws {
        try self.init(uiImage: uiImage, orientation: uiImage.imageOrientation)
    }

    /// An image with `orientation` instead of `uiImage`'s own. (``width`` and ``height`` still
    /// follow `uiImage.size`, as on iOS.)
    public init(uiImage: UIImage, orientation: UIImage.Orientation) throws {
        self.image = uiImage
        self.pixels = uiImage.pixels
        self.orientation = orientation
        self.imageSourceType = .image
        self.width = uiImage.size.width * uiImage.scale
        self.height = uiImage.size.height * uiImage.scale
        super.init()
    }

    /// VisionTasks extension: an image from decoded pixels in any `Imaging.PixelFormat`, e.g. a
    /// camera frame (the replacement for iOS's pixel-buffer initializers).
    public convenience init(image: Imaging.Image, orientation: UIImage.Orientation = .up) throws {
        try self.init(uiImage: UIImage(pixels: image, orientation: orientation), orientation: orientation)
    }

    /// VisionTasks extension: decodes a PNG or JPEG file; a JPEG's EXIF orientation is used as
    /// the orientation, as `UIImage(contentsOfFile:)` would. Throws `notFoundError` when the file
    /// does not exist and `invalidArgumentError` when it cannot be decoded.
    public convenience init(contentsOfFile path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw TasksError.make(.notFoundError, "Image file not found at \(path)")
        }
        let decoded: DecodedImage
        do {
            decoded = try ImageDecoder.decode(contentsOfFile: path)
        } catch {
            throw TasksError.invalidArgument("Image file at \(path) cannot be decoded: \(error)")
        }
        try self.init(image: decoded.image, orientation: decoded.orientation)
    }

    /// What the graphs take.
    var pipelineImage: PipelineImage { PipelineImage(pixels, orientation: orientation) }
}
