/// A protobuf wire type (the low 3 bits of a tag).
public enum WireType: UInt8, Sendable, Hashable {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case fixed32 = 5
}

/// One field of a message: its number, its wire type and where its value starts.
public struct ProtobufField: Sendable, Hashable {
    public var number: UInt32
    public var wireType: WireType
    /// Byte offset of the value (after the tag) in the reader's buffer.
    public var offset: Int
}

/// A minimal, bounds-checked reader of the protobuf wire format (proto2/proto3 binary encoding):
/// varints, fixed32/64, length-delimited fields, and packed repeated scalars. It never reads past
/// its bytes and reports every malformed input as a ``ProtobufError``.
public struct ProtobufReader: Sendable {
    private let bytes: [UInt8]
    /// The current byte offset.
    public private(set) var position: Int
    private let end: Int
    /// Nesting depth of this reader (sub-readers add one).
    let depth: Int
    static let maximumDepth = 64

    /// A reader over all of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.init(bytes: bytes, start: 0, end: bytes.count, depth: 0)
    }

    private init(bytes: [UInt8], start: Int, end: Int, depth: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
        self.depth = depth
    }

    /// Whether all bytes have been read.
    public var isAtEnd: Bool { position >= end }

    /// Reads the next tag, or returns `nil` at the end of the message.
    public mutating func nextField() throws(ProtobufError) -> ProtobufField? {
        guard !isAtEnd else { return nil }
        let tagOffset = position
        let tag = try readVarint()
        let number = tag >> 3
        guard number >= 1, number <= 0x1FFF_FFFF else { throw .invalidFieldNumber(number, offset: tagOffset) }
        let rawType = UInt8(tag & 7)
        guard let wireType = WireType(rawValue: rawType) else { throw .unsupportedWireType(rawType, offset: tagOffset) }
        return ProtobufField(number: UInt32(number), wireType: wireType, offset: position)
    }

    /// Reads a base-128 varint (at most 10 bytes, 64 bits).
    public mutating func readVarint() throws(ProtobufError) -> UInt64 {
        let start = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw .truncated(offset: start) }
            let byte = bytes[position]
            position += 1
            if shift == 63, byte > 1 { throw .malformedVarint(offset: start) }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { throw .malformedVarint(offset: start) }
        }
    }

    /// Reads 4 little-endian bytes.
    public mutating func readFixed32() throws(ProtobufError) -> UInt32 {
        guard end - position >= 4 else { throw .truncated(offset: position) }
        var value: UInt32 = 0
        for i in 0..<4 { value |= UInt32(bytes[position + i]) << (8 * UInt32(i)) }
        position += 4
        return value
    }

    /// Reads 8 little-endian bytes.
    public mutating func readFixed64() throws(ProtobufError) -> UInt64 {
        guard end - position >= 8 else { throw .truncated(offset: position) }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return value
    }

    /// Reads a float (fixed32).
    public mutating func readFloat() throws(ProtobufError) -> Float {
        Float(bitPattern: try readFixed32())
    }

    /// Reads a length prefix and returns a reader over exactly those bytes, skipping them here.
    public mutating func readLengthDelimited() throws(ProtobufError) -> ProtobufReader {
        let lengthOffset = position
        let length = try readVarint()
        guard length <= UInt64(end - position) else { throw .lengthOutOfBounds(length: length, offset: lengthOffset) }
        guard depth < Self.maximumDepth else { throw .nestingTooDeep(offset: lengthOffset) }
        let start = position
        position += Int(length)
        return ProtobufReader(bytes: bytes, start: start, end: position, depth: depth + 1)
    }

    /// The remaining bytes of this reader.
    public var remainingBytes: ArraySlice<UInt8> { bytes[position..<end] }

    /// Skips the value of `field`.
    public mutating func skip(_ field: ProtobufField) throws(ProtobufError) {
        switch field.wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readLengthDelimited()
        }
    }

    /// Appends the float value(s) of a `repeated float` field, packed (length-delimited) or not.
    public mutating func readRepeatedFloat(_ field: ProtobufField, into values: inout [Float]) throws(ProtobufError) {
        switch field.wireType {
        case .fixed32:
            values.append(try readFloat())
        case .lengthDelimited:
            var packed = try readLengthDelimited()
            let count = packed.end - packed.position
            guard count % 4 == 0 else { throw .malformedPackedField(field: field.number, offset: field.offset) }
            values.reserveCapacity(values.count + count / 4)
            while !packed.isAtEnd { values.append(try packed.readFloat()) }
        default:
            throw .unexpectedWireType(field: field.number, wireType: field.wireType.rawValue, offset: field.offset)
        }
    }

    /// Appends the value(s) of a `repeated uint32` field, packed or not.
    public mutating func readRepeatedUInt32(_ field: ProtobufField, into values: inout [UInt32]) throws(ProtobufError) {
        switch field.wireType {
        case .varint:
            values.append(try readUInt32(field))
        case .lengthDelimited:
            var packed = try readLengthDelimited()
            while !packed.isAtEnd { values.append(try packed.readUInt32(field)) }
        default:
            throw .unexpectedWireType(field: field.number, wireType: field.wireType.rawValue, offset: field.offset)
        }
    }

    /// Reads a varint as `uint32` (protobuf truncates larger values; we reject them).
    public mutating func readUInt32(_ field: ProtobufField) throws(ProtobufError) -> UInt32 {
        let offset = position
        let value = try readVarint()
        guard value <= UInt64(UInt32.max) else { throw .valueOutOfRange(field: field.number, offset: offset) }
        return UInt32(value)
    }

    /// Reads a varint as an `enum`/`int32` value (negative values arrive as 10-byte varints).
    public mutating func readInt32(_ field: ProtobufField) throws(ProtobufError) -> Int32 {
        let offset = position
        let value = Int64(bitPattern: try readVarint())
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else {
            throw .valueOutOfRange(field: field.number, offset: offset)
        }
        return Int32(value)
    }

    /// Throws unless `field` has `wireType`.
    public func expect(_ field: ProtobufField, _ wireType: WireType) throws(ProtobufError) {
        guard field.wireType == wireType else {
            throw .unexpectedWireType(field: field.number, wireType: field.wireType.rawValue, offset: field.offset)
        }
    }
}
