/// One plane of pixel bytes: `rowStride` bytes from the start of one row to the start of the next.
public struct ImagePlane: Sendable, Hashable {
    /// The bytes, row after row. The last row may end right after its pixels.
    public var bytes: [UInt8]
    /// Bytes from the start of one row to the start of the next (at least the row's pixel bytes).
    public var rowStride: Int

    /// Wraps `bytes` whose rows are `rowStride` bytes apart.
    public init(bytes: [UInt8], rowStride: Int) {
        self.bytes = bytes
        self.rowStride = rowStride
    }
}
