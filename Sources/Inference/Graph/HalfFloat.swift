import CFastKernels
import FileIO

/// IEEE 754 binary16 (half precision), the type of float16 constants.
package enum HalfFloat {
    /// The binary32 value of each binary16 bit pattern, exact for every value (subnormals,
    /// infinities, NaN payloads): `fk_half_to_float`, eight at a time with F16C.
    package static func floats(fromBits halves: [UInt16]) -> [Float] {
        halves.withUnsafeBufferPointer { floats(from: $0.baseAddress, count: $0.count) }
    }

    /// The same for the little-endian binary16 values in `bytes` (two bytes each, a model
    /// file's), converted where they lie when the host is little-endian and they are aligned:
    /// no array of halves is made first, a copy of a model's float16 weights at load. Otherwise
    /// from the halves `ConstantFolder.load` copies out.
    package static func floats(fromLittleEndian bytes: ArraySlice<UInt8>) -> [Float] {
        let count = bytes.count / 2
        let converted: [Float]? = bytes.withUnsafeBytes { raw in
            guard UInt16(littleEndian: 1) == 1, let base = raw.baseAddress, Int(bitPattern: base) % 2 == 0 else { return nil }
            return base.withMemoryRebound(to: UInt16.self, capacity: count) { floats(from: $0, count: count) }
        }
        return converted ?? floats(fromBits: ConstantFolder.load(bytes, as: UInt16.self))
    }

    private static func floats(from halves: UnsafePointer<UInt16>?, count: Int) -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            prefault(UnsafeMutableRawBufferPointer(buffer))
            fk_half_to_float(halves, buffer.baseAddress, count)
            initialized = count
        }
    }
}
