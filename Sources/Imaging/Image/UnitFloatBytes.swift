import CPixelKernels

/// Writes `values.count` bytes to `bytes`: each value × 255, clamped to [0, 255] and truncated
/// toward zero, NaN → 0. iOS's MediaPipe converts a float mask to bytes with this cast (without
/// the clamp, which makes it total).
package func truncatedBytes(fromUnitFloats values: UnsafeBufferPointer<Float>, into bytes: UnsafeMutablePointer<UInt8>) {
    guard let source = values.baseAddress else { return }
    vt_unit_floats_to_bytes(source, bytes, values.count)
}
