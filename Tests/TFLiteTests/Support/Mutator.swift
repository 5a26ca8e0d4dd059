import TestSupport

/// Seeded corruptions of a file, aimed at the parts a reader interprets: truncations, bit flips,
/// offsets and lengths overwritten with extreme values, and swapped or cleared vtable entries.
struct Mutator {
    enum Kind: CaseIterable {
        case truncate, flipBits, overwriteWord, swapVTableEntries, clearVTableEntry, bendVTableEntry, copyWord
    }

    let original: [UInt8]
    /// Byte positions worth hitting (the flatbuffer structure, not the weights).
    let targets: [Range<Int>]
    let targetCount: Int
    /// Positions of vtables (empty for files that have none, like zips).
    let vtables: [Int]

    init(original: [UInt8], targets: [Range<Int>], vtables: [Int] = []) {
        self.original = original
        self.targets = targets.filter { !$0.isEmpty }
        self.targetCount = self.targets.reduce(0) { $0 + $1.count }
        self.vtables = vtables
    }

    /// A random position in the target ranges.
    func target(_ rng: inout SeededRandom) -> Int {
        var k = Int.random(in: 0..<max(targetCount, 1), using: &rng)
        for range in targets {
            if k < range.count { return range.lowerBound + k }
            k -= range.count
        }
        return Int.random(in: 0..<original.count, using: &rng)
    }

    func mutate(_ kind: Kind, _ rng: inout SeededRandom) -> [UInt8] {
        var bytes = original
        switch kind {
        case .truncate:
            let lengths = [0, 1, 4, 7, 8, 12, 16, 31, bytes.count - 1, bytes.count / 2]
            let length = Bool.random(using: &rng) ? lengths.randomElement(using: &rng)! : Int.random(in: 0..<bytes.count, using: &rng)
            bytes.removeLast(bytes.count - max(0, min(length, bytes.count)))
        case .flipBits:
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let position = Bool.random(using: &rng) ? target(&rng) : Int.random(in: 0..<bytes.count, using: &rng)
                bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
            }
        case .overwriteWord:
            let values: [UInt32] = [
                0, 1, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF, 0x1_0000, UInt32(bytes.count),
                UInt32(bytes.count - 1), UInt32(bytes.count + 1), .random(in: 0...UInt32.max, using: &rng),
            ]
            let position = target(&rng) & ~3
            write(values.randomElement(using: &rng)!, at: position, into: &bytes)
        case .swapVTableEntries, .clearVTableEntry, .bendVTableEntry:
            guard let vtable = vtables.randomElement(using: &rng), vtable + 4 <= bytes.count else { return bytes }
            let size = Int(bytes[vtable]) | Int(bytes[vtable + 1]) << 8
            let slots = (4..<max(4, size)).filter { $0 % 2 == 0 }.map { vtable + $0 }.filter { $0 + 2 <= bytes.count }
            guard let a = slots.randomElement(using: &rng), let b = slots.randomElement(using: &rng) else { return bytes }
            switch kind {
            case .swapVTableEntries:
                bytes.swapAt(a, b); bytes.swapAt(a + 1, b + 1)
            case .clearVTableEntry:
                bytes[a] = 0; bytes[a + 1] = 0
            default:
                // Point the field elsewhere inside (or just past) the table.
                let offset = UInt16.random(in: 0...UInt16(min(Int(UInt16.max), 64)), using: &rng)
                bytes[a] = UInt8(offset & 0xFF); bytes[a + 1] = UInt8(offset >> 8)
            }
        case .copyWord:
            // Copy a plausible offset from elsewhere in the structure (aliasing sub-objects).
            let from = target(&rng) & ~3, to = target(&rng) & ~3
            guard from + 4 <= bytes.count, to + 4 <= bytes.count else { return bytes }
            for i in 0..<4 { bytes[to + i] = original[from + i] }
        }
        return bytes
    }

    private func write(_ value: UInt32, at position: Int, into bytes: inout [UInt8]) {
        guard position >= 0, position + 4 <= bytes.count else { return }
        for i in 0..<4 { bytes[position + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
    }
}
