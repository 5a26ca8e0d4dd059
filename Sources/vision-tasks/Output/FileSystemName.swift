/// A name as the file system stores it: on Linux any bytes but `/` and NUL, so not always UTF-8.
/// It is split into the Unicode scalars of its valid UTF-8 sequences and the bytes that are not
/// part of one.
enum FileSystemName {
    enum Piece: Equatable {
        case scalar(Unicode.Scalar)
        case invalidByte(UInt8)
    }

    /// Calls `body` with each piece of `bytes`, in order. A byte that does not start a complete,
    /// shortest-form UTF-8 sequence of a scalar is an invalid byte on its own.
    static func forEachPiece(of bytes: [UInt8], _ body: (Piece) -> Void) {
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index) {
                body(.scalar(scalar))
                index += length
            } else {
                body(.invalidByte(bytes[index]))
                index += 1
            }
        }
    }

    /// `bytes` as a NUL-terminated C string, for the system calls that take a path.
    static func cString(_ bytes: [UInt8]) -> [CChar] { (bytes + [0]).map { CChar(bitPattern: $0) } }

    /// Whether `bytes` are valid UTF-8 throughout.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var valid = true
        forEachPiece(of: bytes) { if case .invalidByte = $0 { valid = false } }
        return valid
    }

    /// Readable text for messages and derived file names: the name itself when it is UTF-8, else
    /// with each invalid byte written as `%XX` (two upper-case hexadecimal digits).
    static func text(of bytes: [UInt8]) -> String {
        var text = ""
        forEachPiece(of: bytes) { piece in
            switch piece {
            case .scalar(let scalar): text.unicodeScalars.append(scalar)
            case .invalidByte(let byte): text += "%" + hexDigits(byte)
            }
        }
        return text
    }

    static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// The scalar whose UTF-8 sequence starts at `index`, and its length; nil if none does.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
