import Imaging

/// Still-image files in and out: decoding to the upright RGB a ``TaskProcessor`` takes, and writing
/// overlays.
enum ImageInput {
    /// Decodes the PNG or JPEG at `path`, applies its EXIF orientation and converts it to RGB.
    static func load(_ path: String) throws(ImageError) -> Image {
        let decoded = try ImageDecoder.decode(contentsOfFile: path)
        let upright = try decoded.image.oriented(decoded.orientation)
        return upright.format == .rgb8 ? upright : try upright.converted(to: .rgb8)
    }

    /// Writes `image` to `path` atomically: JPEG for `.jpg`/`.jpeg`/`.jpe`/`.jfif`, else PNG.
    static func writeOverlay(_ image: Image, to path: String) throws {
        let lowercased = path.lowercased()
        let isJPEG = ["jpg", "jpeg", "jpe", "jfif"].contains { lowercased.hasSuffix("." + $0) }
        let bytes = isJPEG ? try image.jpegData(quality: 92) : try image.pngData()
        try AtomicFile.write(bytes, to: path)
    }
}
