/// The element type of a ``Mask``'s native buffer.
public enum MaskDataType: UInt, Sendable, CaseIterable {
    /// One byte per pixel, 0–255.
    case uInt8 = 0
    /// One float per pixel, usually 0–1.
    case float32 = 1
}
