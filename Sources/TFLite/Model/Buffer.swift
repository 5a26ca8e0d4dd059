/// Where a buffer's bytes are, as a checked range of the model file.
///
/// The bytes themselves stay in ``Model/bytes``; `range` was checked against the file when the model
/// was read, so slicing with it never traps.
public struct Buffer: Hashable, Sendable {
    /// Byte range inside ``Model/bytes``. Empty for buffers without data.
    public var range: Range<Int>

    public init(range: Range<Int>) { self.range = range }

    public var isEmpty: Bool { range.isEmpty }
}
