/// A minimal flatbuffer writer for tests: it lays objects out front to back (each parent before
/// its children, so every `uoffset` points forward, with each vtable just before its table) and
/// patches the offsets once the children are placed. Enough to build small `.tflite` files with
/// fields that the real models do not use.
indirect enum FlatNode {
    /// A table: (field id, value) pairs.
    case table([(Int, FlatValue)])
    /// A vector of 1-, 2-, 4- or 8-byte little-endian scalars.
    case scalars(width: Int, [UInt64])
    case tables([FlatNode])
    case string(String)

    static func int32s(_ values: [Int]) -> FlatNode {
        .scalars(width: 4, values.map { UInt64(UInt32(truncatingIfNeeded: $0)) })
    }

    static func floats(_ values: [Float]) -> FlatNode {
        .scalars(width: 4, values.map { UInt64($0.bitPattern) })
    }
}

enum FlatValue {
    case scalar(width: Int, UInt64)
    case child(FlatNode)

    static func i8(_ v: Int) -> FlatValue { .scalar(width: 1, UInt64(UInt8(truncatingIfNeeded: v))) }
    static func i32(_ v: Int) -> FlatValue { .scalar(width: 4, UInt64(UInt32(truncatingIfNeeded: v))) }
    static func u64(_ v: UInt64) -> FlatValue { .scalar(width: 8, v) }
}

struct TinyFlatBuffer {
    private(set) var bytes: [UInt8] = []

    /// Serializes `root` with a file identifier.
    static func encode(_ root: FlatNode, identifier: String) -> [UInt8] {
        var writer = TinyFlatBuffer()
        writer.bytes = [0, 0, 0, 0] + Array(identifier.utf8)
        let position = writer.write(root)
        writer.patch(0, position)
        return writer.bytes
    }

    private mutating func align(_ n: Int) {
        while bytes.count % n != 0 { bytes.append(0) }
    }

    private mutating func append(_ value: UInt64, width: Int) {
        for i in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    private mutating func patch(_ at: Int, _ value: Int) {
        for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    }

    /// Writes `node` and returns its position.
    private mutating func write(_ node: FlatNode) -> Int {
        switch node {
        case .table(let fields):
            // Inline layout: the soffset, then each field at its natural (8-byte max) alignment.
            var layout: [(id: Int, offset: Int, value: FlatValue)] = []
            var inline = 4
            for (id, value) in fields.sorted(by: { $0.0 < $1.0 }) {
                let width: Int
                if case .scalar(let w, _) = value { width = w } else { width = 4 }
                while inline % width != 0 { inline += 1 }
                layout.append((id, inline, value))
                inline += width
            }
            let slots = (fields.map(\.0).max() ?? -1) + 1
            align(2)
            let vtable = bytes.count
            append(UInt64(4 + 2 * slots), width: 2)
            append(UInt64(inline), width: 2)
            for slot in 0..<slots {
                append(UInt64(layout.first { $0.id == slot }?.offset ?? 0), width: 2)
            }
            align(8)
            let table = bytes.count
            append(UInt64(UInt32(table - vtable)), width: 4)
            bytes += [UInt8](repeating: 0, count: inline - 4)
            var children: [(at: Int, node: FlatNode)] = []
            for entry in layout {
                switch entry.value {
                case .scalar(let width, let value):
                    for i in 0..<width { bytes[table + entry.offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
                case .child(let child):
                    children.append((table + entry.offset, child))
                }
            }
            for (at, child) in children { patch(at, write(child) - at) }
            return table
        case .scalars(let width, let values):
            align(max(4, width))
            if width == 8 { bytes += [0, 0, 0, 0] }  // so that the elements after the count are 8-aligned
            let position = bytes.count
            append(UInt64(values.count), width: 4)
            for value in values { append(value, width: width) }
            return position
        case .tables(let nodes):
            align(4)
            let position = bytes.count
            append(UInt64(nodes.count), width: 4)
            let slots = bytes.count
            bytes += [UInt8](repeating: 0, count: 4 * nodes.count)
            for (index, node) in nodes.enumerated() {
                let at = slots + 4 * index
                patch(at, write(node) - at)
            }
            return position
        case .string(let text):
            align(4)
            let position = bytes.count
            let utf8 = Array(text.utf8)
            append(UInt64(utf8.count), width: 4)
            bytes += utf8 + [0]
            return position
        }
    }
}
