/// One flatbuffer table, with its vtable located and checked.
///
/// Fields are addressed by their id, the declaration order in the `.fbs` schema (0, 1, 2, ...).
/// A field that the vtable does not list, or lists with offset 0, is absent and reads as its
/// schema default.
struct FlatBufferTable {
    let buffer: FlatBuffer
    /// Absolute position of the table (where its `soffset_t` to the vtable is stored).
    let position: Int
    /// Path used in error messages, e.g. `Model.subgraphs[0].tensors[12]`.
    let path: String
    private let vtable: Int
    private let vtableSize: Int
    private let inlineSize: Int

    init(in buffer: FlatBuffer, at position: Int, path: String) throws {
        try buffer.budget.spend(1, on: path)
        let soffset = try buffer.integer(Int32.self, at: position, "\(path) vtable offset")
        let vtable = position - Int(soffset)
        let vtableSize = Int(try buffer.integer(UInt16.self, at: vtable, "\(path) vtable"))
        let inlineSize = Int(try buffer.integer(UInt16.self, at: vtable + 2, "\(path) vtable"))
        guard vtableSize >= 4, vtableSize % 2 == 0 else {
            throw ModelError.invalid(what: "\(path) vtable", detail: "size \(vtableSize) is not an even number ≥ 4")
        }
        guard inlineSize >= 4 else {
            throw ModelError.invalid(what: "\(path) vtable", detail: "table size \(inlineSize) is smaller than its vtable offset")
        }
        try buffer.checkRange(vtable, length: vtableSize, "\(path) vtable")
        try buffer.checkRange(position, length: inlineSize, "\(path) inline data")
        self.buffer = buffer
        self.position = position
        self.path = path
        self.vtable = vtable
        self.vtableSize = vtableSize
        self.inlineSize = inlineSize
    }

    /// The absolute position of field `id`, or `nil` when absent. Throws when the vtable places the
    /// field (of `size` bytes) outside the table's inline data.
    func fieldPosition(_ id: Int, size: Int, _ name: String) throws -> Int? {
        let slot = 4 + 2 * id
        guard slot + 2 <= vtableSize else { return nil }
        let offset = Int(try buffer.integer(UInt16.self, at: vtable + slot, "\(path).\(name) vtable entry"))
        guard offset != 0 else { return nil }
        guard offset >= 4, offset <= inlineSize - size else {
            throw ModelError.invalid(
                what: "\(path).\(name)",
                detail: "the vtable places this \(size)-byte field at +\(offset), outside the table's \(inlineSize) bytes"
            )
        }
        return position + offset
    }

    /// A scalar field (integers of any width, including enums and bools stored as bytes).
    func integer<T: FixedWidthInteger>(_ id: Int, _ name: String, default value: T) throws -> T {
        guard let at = try fieldPosition(id, size: MemoryLayout<T>.size, name) else { return value }
        return try buffer.integer(T.self, at: at, "\(path).\(name)")
    }

    /// A `bool` field.
    func bool(_ id: Int, _ name: String, default value: Bool = false) throws -> Bool {
        try integer(id, name, default: UInt8(value ? 1 : 0)) != 0
    }

    /// A `float` field.
    func float32(_ id: Int, _ name: String, default value: Float) throws -> Float {
        guard let at = try fieldPosition(id, size: 4, name) else { return value }
        return try buffer.float32(at: at, "\(path).\(name)")
    }

    /// A sub-table field.
    func table(_ id: Int, _ name: String) throws -> FlatBufferTable? {
        guard let at = try fieldPosition(id, size: 4, name) else { return nil }
        let target = try buffer.followOffset(at: at, "\(path).\(name)")
        return try FlatBufferTable(in: buffer, at: target, path: "\(path).\(name)")
    }

    /// A vector field whose elements are `elementSize` bytes wide (4 for offsets to tables/strings).
    func vector(_ id: Int, _ name: String, elementSize: Int) throws -> FlatBufferVector? {
        guard let at = try fieldPosition(id, size: 4, name) else { return nil }
        let target = try buffer.followOffset(at: at, "\(path).\(name)")
        return try FlatBufferVector(in: buffer, at: target, elementSize: elementSize, path: "\(path).\(name)")
    }

    /// A string field, decoded as UTF-8 (invalid sequences become U+FFFD).
    func string(_ id: Int, _ name: String) throws -> String? {
        guard let at = try fieldPosition(id, size: 4, name) else { return nil }
        let target = try buffer.followOffset(at: at, "\(path).\(name)")
        return try buffer.string(at: target, "\(path).\(name)")
    }

    /// A union: its type field (`id`, a `ubyte`) and its value table (`id + 1`). The value is `nil`
    /// for type 0 (NONE) or when the table is absent.
    func union(_ typeID: Int, _ name: String) throws -> (type: UInt8, value: FlatBufferTable?) {
        let type = try integer(typeID, "\(name)_type", default: UInt8(0))
        guard type != 0 else { return (0, nil) }
        return (type, try table(typeID + 1, name))
    }

    // MARK: Typed vector shortcuts

    func int32s(_ id: Int, _ name: String) throws -> [Int32]? {
        try vector(id, name, elementSize: 4)?.integers(Int32.self)
    }

    func float32s(_ id: Int, _ name: String) throws -> [Float]? {
        try vector(id, name, elementSize: 4)?.integers(UInt32.self).map(Float.init(bitPattern:))
    }

    func int64s(_ id: Int, _ name: String) throws -> [Int64]? {
        try vector(id, name, elementSize: 8)?.integers(Int64.self)
    }

    func tables(_ id: Int, _ name: String) throws -> [FlatBufferTable] {
        try vector(id, name, elementSize: 4)?.map { try $0.table(at: $1) } ?? []
    }
}

extension FlatBuffer {
    /// A flatbuffer string at `position`: a 32-bit length, the bytes, and a terminating NUL.
    func string(at position: Int, _ what: @autoclosure () -> String) throws -> String {
        let length = Int(try integer(UInt32.self, at: position, what()))
        try checkRange(position + 4, length: length + 1, what())
        try budget.spend(1 + length / 4, on: what())
        return String(decoding: bytes[(position + 4)..<(position + 4 + length)], as: UTF8.self)
    }
}
