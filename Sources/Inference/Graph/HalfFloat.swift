import CFastKernels
import FileIO

/// IEEE 754 binary16 (half precision), the type of float16 constants.
package enum HalfFloat {
    /// The binary32 value of each binary16 bit pattern, exact for every value (subnormals,
    /// infinities, NaN payloads): `fk_half_to_float`, eight at a time with F16C.
    package static func floats(fromBits halves: [UInt16]) -> [Float] {
        [Float](unsafeUninitializedCapacity: halves.count) { buffer, initialized in
            prefault(UnsafeMutableRawBufferPointer(buffer))
            halves.withUnsafeBufferPointer { fk_half_to_float($0.baseAddress, buffer.baseAddress, $0.count) }
            initialized = halves.count
        }
    }
}
