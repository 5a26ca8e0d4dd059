/// A decoded file: the stored pixels and the orientation the file declares.
public struct DecodedImage: Sendable, Hashable {
    /// The pixels as stored in the file (the orientation is **not** applied; HEIF's own
    /// transformations are): ``PixelFormat/gray8``,
    /// ``PixelFormat/rgb8`` or ``PixelFormat/rgba8``.
    public let image: Image
    /// The EXIF orientation of a JPEG (APP1 tag 0x0112) or WebP (`EXIF` chunk), ``Orientation/up``
    /// when absent or invalid. Always ``Orientation/up`` for PNG, and for HEIF, whose decoder has
    /// already applied the file's rotation and mirroring to ``image``.
    public let orientation: Orientation
    /// The raw EXIF orientation tag value, when the file has one.
    public let exifOrientation: Int?
    /// The format of the file.
    public let fileFormat: ImageFileFormat
}

extension DecodedImage {
    /// A decoded file whose orientation is its EXIF tag's (``Orientation/up`` when absent or invalid).
    init(image: Image, exifOrientation: Int?, fileFormat: ImageFileFormat) {
        self.init(image: image, orientation: exifOrientation.flatMap(Orientation.init(exifValue:)) ?? .up,
                  exifOrientation: exifOrientation, fileFormat: fileFormat)
    }
}
