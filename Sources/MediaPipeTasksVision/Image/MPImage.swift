import AppleShims
import Foundation
import Imaging
import VisionPipeline
#if canImport(CoreMedia)
import CoreMedia
#endif

/// The input of the vision tasks: pixels plus the orientation that makes them upright, made from
/// a `UIImage`, a `CVPixelBuffer` or a `CMSampleBuffer` as on iOS (AppleShims' stand-ins where
/// Apple's frameworks are absent), or from an `Imaging.Image` or a file.
///
/// Results (landmarks, boxes, masks) are always reported in the coordinates of the pixels **as
/// stored**, not of the upright picture, as MediaPipe does; the tasks rotate their crops
/// internally. Pixel buffers may be BGRA, NV12 (video or full range) or I420; `Imaging.Image`s
/// any pixel format Imaging has.
///
/// **Difference from MediaPipe:** the mirrored orientations (`.upMirrored`, …) are supported
/// (front cameras deliver mirrored frames); MediaPipe refuses them.
public final class MPImage: NSObject, @unchecked Sendable {
    /// The width in pixels, as iOS reports it: for a `UIImage`, of the upright picture
    /// (``UIImage/size`` × ``UIImage/scale``); for a buffer, of the buffer as stored, whatever
    /// the orientation.
    public let width: CGFloat
    /// The height in pixels, as ``width``.
    public let height: CGFloat
    /// The orientation the task applies.
    public let orientation: UIImage.Orientation
    /// What the image was made from.
    public let imageSourceType: MPImageSourceType
    /// The image this was made from, for ``MPImageSourceType/image``.
    public let image: UIImage?
    /// The buffer this was made from, for ``MPImageSourceType/pixelBuffer``.
    public let pixelBuffer: CVPixelBuffer?
    /// The frame this was made from, for ``MPImageSourceType/sampleBuffer``.
    public let sampleBuffer: CMSampleBuffer?
    /// The stored pixels.
    let pixels: Imaging.Image

    private init(pixels: Imaging.Image, orientation: UIImage.Orientation, source: MPImageSourceType, width: CGFloat, height: CGFloat,
                 image: UIImage? = nil, pixelBuffer: CVPixelBuffer? = nil, sampleBuffer: CMSampleBuffer? = nil) {
        self.pixels = pixels
        self.orientation = orientation
        self.imageSourceType = source
        self.width = width
        self.height = height
        self.image = image
        self.pixelBuffer = pixelBuffer
        self.sampleBuffer = sampleBuffer
        super.init()
    }

    /// An image with `uiImage`'s own orientation.
    public convenience init(uiImage: UIImage) throws {
        try self.init(uiImage: uiImage, orientation: uiImage.imageOrientation)
    }

    /// An image with `orientation` instead of `uiImage`'s own. (``width`` and ``height`` still
    /// follow `uiImage.size`, as on iOS.)
    public convenience init(uiImage: UIImage, orientation: UIImage.Orientation) throws {
        self.init(pixels: uiImage.pixels, orientation: orientation, source: .image,
                  width: uiImage.size.width * uiImage.scale, height: uiImage.size.height * uiImage.scale, image: uiImage)
    }

    /// A camera frame's pixel buffer (BGRA, NV12 or I420), upright (`.up`). Throws
    /// `invalidArgumentError` for other pixel formats.
    public convenience init(pixelBuffer: CVPixelBuffer) throws {
        try self.init(pixelBuffer: pixelBuffer, orientation: .up)
    }

    /// A camera frame's pixel buffer with `orientation`.
    public convenience init(pixelBuffer: CVPixelBuffer, orientation: UIImage.Orientation) throws {
        let pixels = try Self.pixels(of: pixelBuffer)
        self.init(pixels: pixels, orientation: orientation, source: .pixelBuffer, width: CGFloat(pixels.width),
                  height: CGFloat(pixels.height), pixelBuffer: pixelBuffer)
    }

    /// A camera or video frame (its image buffer), upright (`.up`). Throws
    /// `invalidArgumentError` when it has no image buffer or one of another pixel format.
    public convenience init(sampleBuffer: CMSampleBuffer) throws {
        try self.init(sampleBuffer: sampleBuffer, orientation: .up)
    }

    /// A camera or video frame with `orientation`.
    public convenience init(sampleBuffer: CMSampleBuffer, orientation: UIImage.Orientation) throws {
        guard let buffer = CMSampleBufferGetImageBuffer(sampleBuffer) else {
            throw TasksError.invalidArgument("The sample buffer has no image buffer.")
        }
        let pixels = try Self.pixels(of: buffer)
        self.init(pixels: pixels, orientation: orientation, source: .sampleBuffer, width: CGFloat(pixels.width),
                  height: CGFloat(pixels.height), sampleBuffer: sampleBuffer)
    }

    /// VisionTasks extension: an image from decoded pixels in any `Imaging.PixelFormat`.
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

    private static func pixels(of buffer: CVPixelBuffer) throws -> Imaging.Image {
        do {
            return try Imaging.Image(pixelBuffer: buffer)
        } catch {
            throw TasksError.invalidArgument("The pixel buffer cannot be read: \(error)")
        }
    }

    /// What the graphs take.
    var pipelineImage: PipelineImage { PipelineImage(pixels, orientation: orientation) }
}
