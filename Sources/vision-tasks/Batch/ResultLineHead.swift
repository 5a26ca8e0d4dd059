/// What a resumed run needs from a line of a folder run's output: the file it is for and whether
/// it is an error. Every line this tool writes starts `{"file":"<path>",` and then has `"error":`
/// for a file that failed, any other key for a result (a video's `framesFile`, an image's
/// result keys); it ends with `}`. Only that head is read, so a long line costs nothing more.
struct ResultLineHead: Equatable {
    /// The file's relative path, as the bytes the file system stores (escapes decoded,
    /// `\udc80`…`\udcff` back to the byte they stand for; see ``FolderFile``).
    var file: [UInt8]
    var isError: Bool

    static let opening = Array(#"{"file":""#.utf8)
    private static let errorKey = Array(#","error":"#.utf8)

    /// Parses the head of a line: `head` is the line's first bytes (up to its newline, or a prefix
    /// long enough for the path, the key after it and more), `lastByte` the line's last byte.
    /// Returns nil for a line that is not one of ours.
    init?(head: ArraySlice<UInt8>, lastByte: UInt8?) {
        guard lastByte == UInt8(ascii: "}"), head.starts(with: Self.opening) else { return nil }
        var index = head.startIndex + Self.opening.count
        guard let path = Self.decodeString(head, from: &index), !path.isEmpty else { return nil }
        let rest = head[index...]
        guard rest.first == UInt8(ascii: ",") else { return nil }
        file = path
        isError = rest.starts(with: Self.errorKey)
    }

    /// Whether `head` can start a line of ours: it begins with `{"file":"`, or is a beginning of it
    /// (a first line cut off by a crash).
    static func canStartResultLine(_ head: ArraySlice<UInt8>) -> Bool {
        head.count >= opening.count ? head.starts(with: opening) : opening.starts(with: head)
    }

    /// Decodes a JSON string's contents from `index` (just after its opening quote) to its closing
    /// quote, leaving `index` after that quote. The bytes of valid text are kept, escapes decoded
    /// to UTF-8; a lone low surrogate escape `\udc80`…`\udcff` gives the byte it stands for. Nil on
    /// anything malformed, including a control character or an unterminated string.
    static func decodeString(_ bytes: ArraySlice<UInt8>, from index: inout Int) -> [UInt8]? {
        var output: [UInt8] = []
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return output
            case 0..<0x20: return nil
            case UInt8(ascii: "\\"):
                guard index < bytes.endIndex else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hexUnit(bytes, at: &index) else { return nil }
                    switch unit {
                    case 0xDC80...0xDCFF:
                        output.append(UInt8(unit & 0xFF))
                    case 0xD800...0xDBFF:
                        guard index + 1 < bytes.endIndex, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { return nil }
                        index += 2
                        guard let low = hexUnit(bytes, at: &index), (0xDC00...0xDFFF).contains(low) else { return nil }
                        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        output.append(contentsOf: Array(String(Unicode.Scalar(value)!).utf8))
                    case 0xDC00...0xDFFF:
                        return nil
                    default:
                        output.append(contentsOf: Array(String(Unicode.Scalar(unit)!).utf8))
                    }
                default: return nil
                }
            default: output.append(byte)
            }
        }
        return nil
    }

    /// Four hexadecimal digits from `index`, advancing past them.
    private static func hexUnit(_ bytes: ArraySlice<UInt8>, at index: inout Int) -> UInt16? {
        guard index + 4 <= bytes.endIndex else { return nil }
        var value: UInt16 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }
}
