/// The RIFF container of WebP files: `RIFF`, the length after these 8 bytes, the form type, then
/// chunks (a four-character code, a length, the data padded to an even length), every length a
/// little-endian 32-bit number.
enum RIFF {
    /// The little-endian 32-bit number at `offset` (the caller has checked that 4 bytes are there).
    static func length(in bytes: [UInt8], at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    /// The file length the header declares (its length field plus the 8 bytes before it), or nil
    /// when there is no header.
    static func declaredFileLength(_ bytes: [UInt8]) -> Int? {
        bytes.count >= 8 ? length(in: bytes, at: 4) + 8 : nil
    }
}
