/// The vtables of a flatbuffer, found from the outside: every 4-aligned position of the structure
/// (the file outside its weight buffers) is taken as a table, whose first 4 bytes are the signed
/// offset back to its vtable; positions whose vtable is plausible (inside the structure, 2-aligned,
/// a size of at least 4 and even, inline data of at least 4 bytes that fits the file, and every
/// field offset inside that inline data) are kept. Every real table passes, so every vtable the
/// reader uses is found; a few unrelated positions may be too, which only adds targets.
enum VTableScan {
    static func positions(in bytes: [UInt8], structure: [Range<Int>]) -> [Int] {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func i32(_ at: Int) -> Int {
            Int(Int32(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24))
        }
        func inStructure(_ range: Range<Int>) -> Bool { structure.contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound } }
        var found = Set<Int>()
        for range in structure {
            var table = (range.lowerBound + 3) & ~3
            while table + 4 <= range.upperBound {
                defer { table += 4 }
                let vtable = table - i32(table)
                guard vtable >= 0, vtable % 2 == 0, vtable + 4 <= bytes.count, inStructure(vtable..<vtable + 4) else { continue }
                let size = u16(vtable), inline = u16(vtable + 2)
                guard size >= 4, size % 2 == 0, size <= 512, inline >= 4, table + inline <= bytes.count,
                      inStructure(vtable..<vtable + size) else { continue }
                let fields = stride(from: vtable + 4, to: vtable + size, by: 2).map(u16)
                guard fields.allSatisfy({ $0 == 0 || ($0 >= 4 && $0 < inline) }) else { continue }
                found.insert(vtable)
            }
        }
        return found.sorted()
    }
}
