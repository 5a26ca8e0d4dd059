/// A JSON value whose objects keep their keys in insertion order, so output follows the order of
/// the contract in docs/json-contract.md §2 and a key (such as a folder's `"file"`) can be put first.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// Written with Swift's shortest round-tripping representation; NaN and infinities become `null`.
    case number(Double)
    /// A `Float` written with its own shortest round-tripping digits (`0.1`, not the
    /// `0.10000000149…` of the same value widened to `Double`); NaN and infinities become `null`.
    /// Kept as a `Float` until written: formatting it once is most of the cost of a landmark record.
    case float(Float)
    case string(String)
    /// A file-system name (``FileSystemName``), which need not be UTF-8: its valid UTF-8 is written
    /// as text, and each other byte `b` as the escape `\udcXX` of the lone surrogate U+DC00 + b
    /// (the convention of Python's `surrogateescape`, so `os.fsencode(json.loads(line)["file"])`
    /// gives the bytes back).
    case fileSystemName([UInt8])
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.float(a), .float(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.fileSystemName(a), .fileSystemName(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// `value` as a number; `Float`s are widened exactly, so `0.1 as Float` prints as
    /// `0.10000000149011612`. Use ``float(_:)`` to print a `Float`'s own shortest form.
    static func number<T: BinaryInteger>(_ value: T) -> JSONValue { .number(Double(value)) }

    /// This object with `key: value` inserted before its other keys (for a folder's `"file"`).
    func prepending(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object([(key, value)] + members.filter { $0.key != key })
    }

    /// The compact serialization: no spaces, no newlines (one JSON Lines record).
    var serialized: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value):
            if !value.isFinite {
                text += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                text += String(Int64(value))
            } else {
                text += "\(value)"
            }
        case .float(let value):
            if !value.isFinite {
                text += "null"
            } else if value == value.rounded(), abs(value) < 16_777_216 {
                text += String(Int64(value))
            } else if value == value.rounded() {
                // Whole floats from 2^24 on: the shortest digits of the Float, then zeros, as the
                // Double written above would print them (`2.5e+07` → `25000000`).
                JSONValue.number(Double(value.description) ?? Double(value)).write(to: &text)
            } else {
                text += value.description
            }
        case .string(let value): Self.writeString(value, to: &text)
        case .fileSystemName(let bytes):
            text += "\""
            FileSystemName.forEachPiece(of: bytes) { piece in
                switch piece {
                case .scalar(let scalar): Self.writeScalar(scalar, to: &text)
                case .invalidByte(let byte): text += "\\udc" + FileSystemName.hexDigits(byte).lowercased()
                }
            }
            text += "\""
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                Self.writeString(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            text += value   // nothing to escape (keys, most file names): appended whole
        } else {
            for scalar in value.unicodeScalars { writeScalar(scalar, to: &text) }
        }
        text += "\""
    }

    private static func writeScalar(_ scalar: Unicode.Scalar, to text: inout String) {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case let control where control.value < 0x20:
            let hex = String(control.value, radix: 16)
            text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: text.unicodeScalars.append(scalar)
        }
    }
}
