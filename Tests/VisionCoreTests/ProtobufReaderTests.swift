import Testing
import VisionCore

@Suite struct ProtobufReaderTests {
    @Test func varints() throws {
        var reader = ProtobufReader([0x96, 0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
        #expect(try reader.readVarint() == 150)
        #expect(try reader.readVarint() == 0)
        #expect(try reader.readVarint() == UInt64.max)
        #expect(reader.isAtEnd)
        var tooLong = ProtobufReader([UInt8](repeating: 0x80, count: 10) + [0x01])
        #expect(throws: ProtobufError.malformedVarint(offset: 0)) { try tooLong.readVarint() }
        var overflow = ProtobufReader([UInt8](repeating: 0xFF, count: 9) + [0x02])
        #expect(throws: ProtobufError.malformedVarint(offset: 0)) { try overflow.readVarint() }
        var truncated = ProtobufReader([0x80, 0x80])
        #expect(throws: ProtobufError.truncated(offset: 0)) { try truncated.readVarint() }
    }

    @Test func fixedWidthValues() throws {
        var reader = ProtobufReader([0x00, 0x00, 0x80, 0x3F, 0x01, 0, 0, 0, 0, 0, 0, 0x80, 0x01, 0x02])
        #expect(try reader.readFloat() == 1)
        #expect(try reader.readFixed64() == 0x8000_0000_0000_0001)
        #expect(throws: ProtobufError.truncated(offset: 12)) { try reader.readFixed32() }
    }

    @Test func packedAndUnpackedRepeatedFieldsAgree() throws {
        // Field 3 floats 1.0 and −2.0: packed (tag 0x1A) and unpacked (tag 0x1D).
        let packed: [UInt8] = [0x1A, 0x08, 0, 0, 0x80, 0x3F, 0, 0, 0, 0xC0]
        let unpacked: [UInt8] = [0x1D, 0, 0, 0x80, 0x3F, 0x1D, 0, 0, 0, 0xC0]
        for bytes in [packed, unpacked] {
            var reader = ProtobufReader(bytes)
            var values: [Float] = []
            while let field = try reader.nextField() { try reader.readRepeatedFloat(field, into: &values) }
            #expect(values == [1, -2])
        }
        // Field 4 uint32s 3 and 300: packed (0x22) and unpacked (0x20).
        for bytes: [UInt8] in [[0x22, 0x03, 0x03, 0xAC, 0x02], [0x20, 0x03, 0x20, 0xAC, 0x02]] {
            var reader = ProtobufReader(bytes)
            var values: [UInt32] = []
            while let field = try reader.nextField() { try reader.readRepeatedUInt32(field, into: &values) }
            #expect(values == [3, 300])
        }
        var partial = ProtobufReader([0x1A, 0x03, 0, 0, 0x80])
        var values: [Float] = []
        let field = try #require(try partial.nextField())
        #expect(throws: ProtobufError.malformedPackedField(field: 3, offset: 1)) { try partial.readRepeatedFloat(field, into: &values) }
    }

    @Test func rejectsMalformedTagsAndLengths() throws {
        var fieldZero = ProtobufReader([0x00, 0x01])
        #expect(throws: ProtobufError.invalidFieldNumber(0, offset: 0)) { try fieldZero.nextField() }
        var group = ProtobufReader([0x0B])
        #expect(throws: ProtobufError.unsupportedWireType(3, offset: 0)) { try group.nextField() }
        var long = ProtobufReader([0x0A, 0x05, 0x01])
        _ = try long.nextField()
        #expect(throws: ProtobufError.lengthOutOfBounds(length: 5, offset: 1)) { try long.readLengthDelimited() }
        var huge = ProtobufReader([0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
        _ = try huge.nextField()
        #expect(throws: ProtobufError.self) { try huge.readLengthDelimited() }
        var big = ProtobufReader([0x08, 0x80, 0x80, 0x80, 0x80, 0x10])
        let field = try #require(try big.nextField())
        #expect(throws: ProtobufError.valueOutOfRange(field: 1, offset: 1)) { try big.readUInt32(field) }
    }

    @Test func nestingIsBounded() throws {
        // 100 nested length-delimited fields 1.
        var message: [UInt8] = []
        for _ in 0..<100 { message = [0x0A] + varint(UInt64(message.count)) + message }
        var reader = ProtobufReader(message)
        var depthReached = 0
        #expect(throws: ProtobufError.self) {
            while let field = try reader.nextField() {
                #expect(field.number == 1)
                reader = try reader.readLengthDelimited()
                depthReached += 1
            }
        }
        #expect(depthReached == 64)
    }

    @Test func negativeEnumsReadAsInt32() throws {
        var reader = ProtobufReader([0x18] + [UInt8](repeating: 0xFF, count: 9) + [0x01])
        let field = try #require(try reader.nextField())
        #expect(try reader.readInt32(field) == -1)
    }

    func varint(_ value: UInt64) -> [UInt8] {
        var v = value, out: [UInt8] = []
        repeat {
            out.append(UInt8(v & 0x7F) | (v > 0x7F ? 0x80 : 0))
            v >>= 7
        } while v > 0
        return out
    }
}
