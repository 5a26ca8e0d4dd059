/// Why a protobuf message could not be read. Offsets are byte positions in the message.
public enum ProtobufError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message ends in the middle of a value.
    case truncated(offset: Int)
    /// A varint is longer than 10 bytes or does not fit 64 bits.
    case malformedVarint(offset: Int)
    /// A tag has field number 0 or one above 2²⁹ − 1.
    case invalidFieldNumber(UInt64, offset: Int)
    /// A wire type that is not 0, 1, 2 or 5 (groups, 3 and 4, are not supported).
    case unsupportedWireType(UInt8, offset: Int)
    /// A length-delimited field claims more bytes than remain.
    case lengthOutOfBounds(length: UInt64, offset: Int)
    /// A field has a wire type its schema does not allow.
    case unexpectedWireType(field: UInt32, wireType: UInt8, offset: Int)
    /// A packed field's length is not a multiple of its element size.
    case malformedPackedField(field: UInt32, offset: Int)
    /// A varint does not fit the field's integer type.
    case valueOutOfRange(field: UInt32, offset: Int)
    /// Messages nested deeper than the reader allows.
    case nestingTooDeep(offset: Int)

    public var description: String {
        switch self {
        case let .truncated(offset): "protobuf message truncated at byte \(offset)"
        case let .malformedVarint(offset): "malformed varint at byte \(offset)"
        case let .invalidFieldNumber(number, offset): "invalid field number \(number) at byte \(offset)"
        case let .unsupportedWireType(type, offset): "unsupported wire type \(type) at byte \(offset)"
        case let .lengthOutOfBounds(length, offset): "length \(length) at byte \(offset) runs past the end of the message"
        case let .unexpectedWireType(field, type, offset): "field \(field) has unexpected wire type \(type) at byte \(offset)"
        case let .malformedPackedField(field, offset): "packed field \(field) at byte \(offset) has a partial element"
        case let .valueOutOfRange(field, offset): "field \(field) at byte \(offset) is out of range for its type"
        case let .nestingTooDeep(offset): "messages nested too deeply at byte \(offset)"
        }
    }
}
