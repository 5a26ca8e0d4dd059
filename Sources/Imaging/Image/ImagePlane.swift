/// One plane of pixel bytes: `rowStride` bytes from the start of one row to the start of the next.
///
/// A plane holds its bytes in an array, or borrows memory that another owner keeps alive and
/// unchanged (a decoded video frame's buffer, ``init(borrowing:rowStride:)``), so that they are
/// not copied. Both read the same: ``bytes`` gives an array (a borrowed plane's bytes copied into
/// it), ``withUnsafeBufferPointer(_:)`` reads them in place. Changing a borrowed plane's bytes
/// gives it an array of its own first.
public struct ImagePlane: Sendable, Hashable {
    private enum Storage: Sendable {
        case owned([UInt8])
        case borrowed(BorrowedBytes)
    }

    private var storage: Storage
    /// Bytes from the start of one row to the start of the next (at least the row's pixel bytes).
    public var rowStride: Int

    /// Wraps `bytes` whose rows are `rowStride` bytes apart.
    public init(bytes: [UInt8], rowStride: Int) {
        storage = .owned(bytes)
        self.rowStride = rowStride
    }

    /// Borrows `memory`'s bytes, whose rows are `rowStride` bytes apart, without copying them.
    public init(borrowing memory: BorrowedBytes, rowStride: Int) {
        storage = .borrowed(memory)
        self.rowStride = rowStride
    }

    /// The bytes, row after row. The last row may end right after its pixels.
    public var bytes: [UInt8] {
        get {
            switch storage {
            case .owned(let bytes): bytes
            case .borrowed(let memory): Array(memory.buffer)
            }
        }
        set { storage = .owned(newValue) }
        _modify {
            // The plane lets go of its array while it is changed, so that the array is not copied.
            var bytes = self.bytes
            storage = .owned([])
            defer { storage = .owned(bytes) }
            yield &bytes
        }
    }

    /// The number of bytes.
    public var count: Int {
        switch storage {
        case .owned(let bytes): bytes.count
        case .borrowed(let memory): memory.buffer.count
        }
    }

    /// Calls `body` with the bytes in place (valid only inside the call).
    public func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        switch storage {
        case .owned(let bytes):
            return try bytes.withUnsafeBufferPointer(body)
        case .borrowed(let memory):
            defer { withExtendedLifetime(memory) {} }
            return try body(memory.buffer)
        }
    }

    /// Whether both have the same stride and the same bytes, wherever they are held.
    public static func == (a: ImagePlane, b: ImagePlane) -> Bool {
        guard a.rowStride == b.rowStride, a.count == b.count else { return false }
        if case .owned(let x) = a.storage, case .owned(let y) = b.storage { return x == y }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.elementsEqual(y) } }
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rowStride)
        hasher.combine(count)
        withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Bytes that another owner keeps alive and unchanged for as long as any plane borrows them (a
/// decoded video frame's buffer): for ``ImagePlane/init(borrowing:rowStride:)``.
public final class BorrowedBytes: @unchecked Sendable {  // immutable: the bytes never change while borrowed
    /// The bytes.
    public let buffer: UnsafeBufferPointer<UInt8>
    private let owner: AnyObject & Sendable

    /// `buffer`, which `owner` keeps valid and unchanged while it lives; this object keeps `owner`
    /// alive.
    public init(_ buffer: UnsafeBufferPointer<UInt8>, keptBy owner: AnyObject & Sendable) {
        self.buffer = buffer
        self.owner = owner
    }
}
