import FileIO
import Foundation

/// Decodes PNG (libpng, or docs/image-decoding.md §2), JPEG (libjpeg-turbo), HEIF/HEIC (libheif) and WebP (libwebp) files from
/// memory or from disk.
///
/// Every failure is an ``ImageError``; corrupt, truncated and hostile files never crash. The size
/// in the header is checked against ``ImageLimits`` before any pixel memory is allocated. libheif
/// and libwebp are loaded when the first such file is met; without them those files fail with
/// ``ImageError/unsupported(_:)`` naming the package to install.
public enum ImageDecoder {
    /// Decodes the image in `bytes` (the format is detected from its signature).
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageError) -> DecodedImage {
        guard !bytes.isEmpty else { throw .empty }
        switch ImageFileFormat(signatureOf: bytes) {
        case .png:
            return DecodedImage(image: try PNGCodec.decode(bytes, limits: limits), exifOrientation: nil, fileFormat: .png)
        case .jpeg:
            return DecodedImage(image: try JPEGCodec.decode(bytes, limits: limits), exifOrientation: EXIF.orientation(inJPEG: bytes),
                                fileFormat: .jpeg)
        case .heif:
            // libheif has applied the file's own rotation and mirroring.
            return DecodedImage(image: try HEIFCodec.decode(bytes, limits: limits), exifOrientation: nil, fileFormat: .heif)
        case .webp:
            return DecodedImage(image: try WebPCodec.decode(bytes, limits: limits), exifOrientation: EXIF.orientation(inWebP: bytes),
                                fileFormat: .webp)
        case nil:
            let hex = bytes.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
            throw .unknownFormat(signature: hex)
        }
    }

    /// Decodes the image file at `path`.
    public static func decode(contentsOfFile path: String, limits: ImageLimits = .default) throws(ImageError) -> DecodedImage {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw ImageError(error) }
        return try decode(bytes, limits: limits)
    }
}

extension Image {
    /// Decodes an image from memory (any format ``ImageDecoder`` reads); the orientation is not applied (see ``ImageDecoder``).
    public init(decoding bytes: [UInt8], limits: ImageLimits = .default) throws(ImageError) {
        self = try ImageDecoder.decode(bytes, limits: limits).image
    }

    /// Decodes an image file (any format ``ImageDecoder`` reads); the orientation is not applied (see ``ImageDecoder``).
    public init(contentsOfFile path: String, limits: ImageLimits = .default) throws(ImageError) {
        self = try ImageDecoder.decode(contentsOfFile: path, limits: limits).image
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
