/// The encoded formats the decoder recognizes, by their signature bytes.
public enum ImageFileFormat: String, Sendable, Hashable {
    /// PNG (signature `89 50 4E 47 0D 0A 1A 0A`).
    case png
    /// JPEG/JFIF/EXIF (signature `FF D8 FF`).
    case jpeg

    /// The format whose signature starts `bytes`, or `nil`.
    public init?<Bytes: Collection<UInt8>>(signatureOf bytes: Bytes) {
        let head = Array(bytes.prefix(8))
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            self = .png
        } else if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            self = .jpeg
        } else {
            return nil
        }
    }
}
