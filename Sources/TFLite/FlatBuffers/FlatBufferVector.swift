/// A flatbuffer vector: a 32-bit element count followed by the elements, all checked to lie in the
/// data when the vector is opened.
struct FlatBufferVector {
    let buffer: FlatBuffer
    /// Position of the first element.
    let start: Int
    let count: Int
    let elementSize: Int
    let path: String

    init(in buffer: FlatBuffer, at position: Int, elementSize: Int, path: String) throws {
        let count = Int(try buffer.integer(UInt32.self, at: position, "\(path) length"))
        // count < 2^32 and elementSize ≤ 8, so the product cannot overflow a 64-bit Int.
        try buffer.checkRange(position + 4, length: count * elementSize, "\(path) (\(count) elements)")
        self.buffer = buffer
        self.start = position + 4
        self.count = count
        self.elementSize = elementSize
        self.path = path
    }

    /// The byte range of the elements, for vectors of bytes taken as they are.
    var byteRange: Range<Int> { start..<(start + count * elementSize) }

    /// Decodes every element with `element(self, index)`, spending one budget unit per element.
    func map<T>(_ element: (FlatBufferVector, Int) throws -> T) throws -> [T] {
        try buffer.budget.spend(count, on: path)
        var result: [T] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            result.append(try element(self, index))
        }
        return result
    }

    /// Every element as a little-endian integer of the vector's element width. The whole range was
    /// checked when the vector was opened, so this reads without per-element checks.
    func integers<T: FixedWidthInteger>(_: T.Type) throws -> [T] {
        precondition(MemoryLayout<T>.size == elementSize, "element width mismatch")
        try buffer.budget.spend(count, on: path)
        let byteRange = self.byteRange
        var result = [T](repeating: 0, count: count)
        result.withUnsafeMutableBytes { destination in
            buffer.bytes.withUnsafeBytes { source in
                destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[byteRange]))
            }
        }
        #if _endian(big)
        result = result.map { T(littleEndian: $0) }
        #endif
        return result
    }

    func integer<T: FixedWidthInteger>(_: T.Type, at index: Int) throws -> T {
        try buffer.integer(T.self, at: start + index * elementSize, "\(path)[\(index)]")
    }

    func float32(at index: Int) throws -> Float {
        try buffer.float32(at: start + index * elementSize, "\(path)[\(index)]")
    }

    func table(at index: Int) throws -> FlatBufferTable {
        let elementPath = "\(path)[\(index)]"
        let target = try buffer.followOffset(at: start + index * elementSize, elementPath)
        return try FlatBufferTable(in: buffer, at: target, path: elementPath)
    }

    func string(at index: Int) throws -> String {
        let elementPath = "\(path)[\(index)]"
        let target = try buffer.followOffset(at: start + index * elementSize, elementPath)
        return try buffer.string(at: target, elementPath)
    }
}
