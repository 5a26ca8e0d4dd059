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
    var serialized: String { String(decoding: serializedBytes, as: UTF8.self) }

    /// ``serialized`` as UTF-8 bytes, written into one buffer.
    var serializedBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        write(to: &bytes)
        return bytes
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            if !value.isFinite {
                out.append(contentsOf: "null".utf8)
            } else if value == value.rounded(), abs(value) < 1e15 {
                out.append(contentsOf: String(Int64(value)).utf8)
            } else {
                out.append(contentsOf: value.description.utf8)
            }
        case .float(let value):
            if !value.isFinite {
                out.append(contentsOf: "null".utf8)
            } else if value == value.rounded(), abs(value) < 16_777_216 {
                out.append(contentsOf: String(Int64(value)).utf8)
            } else if value == value.rounded() {
                // Whole floats from 2^24 on: the shortest digits of the Float, then zeros, as the
                // Double written above would print them (`2.5e+07` → `25000000`).
                JSONValue.number(Double(value.description) ?? Double(value)).write(to: &out)
            } else {
                out.append(contentsOf: value.description.utf8)
            }
        case .string(let value): Self.writeString(value, to: &out)
        case .fileSystemName(let bytes):
            out.append(UInt8(ascii: "\""))
            FileSystemName.forEachPiece(of: bytes) { piece in
                switch piece {
                case .scalar(let scalar): Self.writeScalar(scalar, to: &out)
                case .invalidByte(let byte): out.append(contentsOf: ("\\udc" + FileSystemName.hexDigits(byte).lowercased()).utf8)
                }
            }
            out.append(UInt8(ascii: "\""))
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out.append(contentsOf: value.utf8)   // nothing to escape (keys, most file names)
        } else {
            for scalar in value.unicodeScalars { writeScalar(scalar, to: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeScalar(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        switch scalar {
        case "\"": out.append(contentsOf: "\\\"".utf8)
        case "\\": out.append(contentsOf: "\\\\".utf8)
        case "\n": out.append(contentsOf: "\\n".utf8)
        case "\r": out.append(contentsOf: "\\r".utf8)
        case "\t": out.append(contentsOf: "\\t".utf8)
        case let control where control.value < 0x20:
            let hex = String(control.value, radix: 16)
            out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        default: out.append(contentsOf: scalar.utf8)
        }
    }
}
