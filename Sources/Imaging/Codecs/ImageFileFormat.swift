/// The encoded formats the decoder recognizes, by their signature bytes.
public enum ImageFileFormat: String, Sendable, Hashable, CaseIterable {
    /// PNG (signature `89 50 4E 47 0D 0A 1A 0A`).
    case png
    /// JPEG/JFIF/EXIF (signature `FF D8 FF`).
    case jpeg
    /// HEIF, as iPhones write it (HEIC: `ftyp` box with a brand such as `heic` or `mif1`); decoded
    /// by libheif, loaded when the first such file is met.
    case heif
    /// WebP (`RIFF`, a size, `WEBP`); decoded by libwebp, loaded when the first such file is met.
    case webp

    /// How many leading bytes ``init(signatureOf:)`` looks at.
    public static let signatureLength = 32

    /// The file-name extensions (lowercase, without the dot) that name files of this format.
    public var fileExtensions: Set<String> {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg", "jpe", "jfif"]
        case .heif: ["heic", "heif", "hif"]
        case .webp: ["webp"]
        }
    }

    /// The extensions of every format, lowercase and without the dot.
    public static let allFileExtensions: Set<String> = allCases.reduce(into: []) { $0.formUnion($1.fileExtensions) }

    /// The HEIF brands of still images coded with HEVC, and the generic image brands (`mif1`,
    /// `msf1`) that such files carry as their major brand.
    private static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]

    /// The format whose signature starts `bytes` (the first ``signatureLength`` bytes are enough),
    /// or `nil`.
    public init?<Bytes: Collection<UInt8>>(signatureOf bytes: Bytes) {
        let head = Array(bytes.prefix(Self.signatureLength))
        func text(_ range: Range<Int>) -> String? {
            range.upperBound <= head.count ? String(decoding: head[range], as: UTF8.self) : nil
        }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if text(0..<4) == "RIFF", text(8..<12) == "WEBP" {
            self = .webp
        } else if text(4..<8) == "ftyp", Self.hasHEIFBrand(head) {
            self = .heif
        } else {
            return nil
        }
    }

    /// Whether the `ftyp` box at the start of `head` names a HEIF brand: its major brand, or one of
    /// the compatible brands that follow the minor version (as far as `head` reaches).
    private static func hasHEIFBrand(_ head: [UInt8]) -> Bool {
        let boxSize = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, boxSize)
        let brandOffsets = [8] + Array(stride(from: 16, to: end - 3, by: 4))
        return brandOffsets.contains { offset in
            offset + 4 <= end && heifBrands.contains(String(decoding: head[offset..<offset + 4], as: UTF8.self))
        }
    }
}
