import TFLite

/// The dense form of a sparse constant (TFLite's sparsity format: a traversal order over the
/// original dimensions plus block dimensions, each level dense or CSR), each stored value written
/// to its place as the walk over the levels reaches it.
struct Densifier {
    let sparsity: Sparsity
    let shape: [Int]
    let op: String
    let node: Int

    init(sparsity: Sparsity, shape: [Int], op: String, node: Int) {
        self.sparsity = sparsity
        self.shape = shape
        self.op = op
        self.node = node
    }

    private func invalid(_ detail: String) -> InferenceError {
        .invalidNode(op: op, node: node, detail: "sparse tensor: \(detail)")
    }

    /// The dense row-major array of `stored` (the stored values in storage order), `zero`
    /// wherever no value is stored: each value written to its place as the walk reaches it.
    func densify<Element>(_ stored: [Element], zero: Element) throws -> [Element] {
        let rank = shape.count
        let levels = sparsity.traversalOrder.count
        let blockCount = sparsity.blockMap.count
        guard levels == rank + blockCount, sparsity.dimensionMetadata.count == levels else {
            throw invalid("\(levels) traversal levels and \(sparsity.dimensionMetadata.count) metadata entries for rank \(rank) with \(blockCount) block dimensions")
        }
        guard Set(sparsity.traversalOrder) == Set(0..<levels) else {
            throw invalid("traversal order \(sparsity.traversalOrder) is not a permutation of 0..<\(levels)")
        }
        let order = sparsity.traversalOrder
        for dimension in order.prefix(rank) where dimension >= rank {
            throw invalid("traversal order \(order) visits a block dimension before an original one")
        }
        // Block size of block dimension k: the dense size of the level that traverses it.
        var blockSizes = [Int](repeating: 1, count: blockCount)
        for level in rank..<levels {
            let k = order[level] - rank
            guard case .dense(let size) = sparsity.dimensionMetadata[level], size > 0 else {
                throw invalid("block level \(level) must be dense with a positive size")
            }
            guard sparsity.blockMap.indices.contains(k), shape.indices.contains(sparsity.blockMap[k]) else {
                throw invalid("block map \(sparsity.blockMap) does not fit rank \(rank)")
            }
            blockSizes[k] = size
        }
        var strides = [Int](repeating: 1, count: rank)
        for d in stride(from: rank - 2, through: 0, by: -1) { strides[d] = strides[d + 1] * shape[d + 1] }

        var walk = Walk(
            sparsity: sparsity, shape: shape, strides: strides, blockSizes: blockSizes, stored: stored, zero: zero,
            budget: (shape.reduce(1, *) + 1) * (levels + 1) + 1024, invalid: invalid)
        try walk.visit(level: 0, parent: 0)
        guard walk.placed == stored.count else {
            throw invalid("\(walk.placed) positions for \(stored.count) stored values")
        }
        return walk.dense
    }
}

/// The depth-first walk over the traversal levels, writing each stored value to its place (a
/// struct walked in place, so the hot leaf needs no dynamic exclusivity checks).
private struct Walk<Element> {
    let rank: Int
    let levels: Int
    let order: [Int]
    let blockMap: [Int]
    let shape: [Int]
    let strides: [Int]
    let blockSizes: [Int]
    /// Per level: the dense size, or nil for a CSR level (with its segments and indices).
    let denseSizes: [Int?]
    let segments: [[Int]]
    let indices: [[Int]]
    let stored: [Element]
    let invalid: (String) -> InferenceError
    var budget: Int
    var coordinates: [Int]
    var original: [Int]
    /// The dense values, and how many stored values have been placed in them.
    var dense: [Element]
    var placed = 0

    init(sparsity: Sparsity, shape: [Int], strides: [Int], blockSizes: [Int], stored: [Element], zero: Element,
         budget: Int, invalid: @escaping (String) -> InferenceError) {
        rank = shape.count
        levels = sparsity.traversalOrder.count
        order = sparsity.traversalOrder
        blockMap = sparsity.blockMap
        self.shape = shape
        self.strides = strides
        self.blockSizes = blockSizes
        denseSizes = sparsity.dimensionMetadata.map { if case .dense(let size) = $0 { size } else { nil } }
        segments = sparsity.dimensionMetadata.map { if case .sparseCSR(let s, _) = $0 { s } else { [] } }
        indices = sparsity.dimensionMetadata.map { if case .sparseCSR(_, let i) = $0 { i } else { [] } }
        self.stored = stored
        self.invalid = invalid
        self.budget = budget
        coordinates = [Int](repeating: 0, count: levels)
        original = [Int](repeating: 0, count: shape.count)
        dense = [Element](repeating: zero, count: shape.reduce(1, *))
    }

    mutating func visit(level: Int, parent: Int) throws {
        budget -= 1
        guard budget > 0 else { throw invalid("metadata describes more positions than the dense shape \(shape) holds") }
        if level == levels { return try leaf() }
        if let size = denseSizes[level] {
            guard size >= 0 else { throw invalid("negative dense size at level \(level)") }
            if level == levels - 1 { return try lastLevel(0..<size) }
            let (scaled, overflow) = parent.multipliedReportingOverflow(by: size)
            guard !overflow, scaled <= Int.max - size else { throw invalid("index overflow at level \(level)") }
            for i in 0..<size {
                coordinates[level] = i
                try visit(level: level + 1, parent: scaled + i)
            }
        } else {
            let segments = segments[level], indices = indices[level]
            guard parent >= 0, parent + 1 < segments.count else {
                throw invalid("segment \(parent) missing at level \(level) (\(segments.count) entries)")
            }
            let start = segments[parent], end = segments[parent + 1]
            guard start >= 0, start <= end, end <= indices.count else {
                throw invalid("segment \(start)..<\(end) at level \(level) exceeds \(indices.count) indices")
            }
            if level == levels - 1 { return try lastLevel(indices[start..<end]) }
            for i in start..<end {
                coordinates[level] = indices[i]
                try visit(level: level + 1, parent: i)
            }
        }
    }

    /// The last level, with these coordinates (a dense level's `0 ..< size`, a CSR segment's
    /// indices): its coordinate adds to one original dimension last, so each place is the place of
    /// coordinate 0 plus the coordinate times that dimension's stride.
    private mutating func lastLevel(_ values: some Collection<Int>) throws {
        budget -= values.count
        guard budget > 0 else { throw invalid("metadata describes more positions than the dense shape \(shape) holds") }
        guard !values.isEmpty else { return }
        guard placed + values.count <= stored.count else { throw invalid("more positions than the \(stored.count) stored values") }
        let last = levels - 1
        let dimension = last < rank ? order[last] : blockMap[order[last] - rank]
        coordinates[last] = 0
        let base = try flatIndex()
        let limit = shape[dimension] - original[dimension], stride = strides[dimension]
        for value in values {
            guard value >= 0, value < limit else { throw invalid("index \(value) at the last level lies outside shape \(shape)") }
            dense[base + value * stride] = stored[placed]
            placed += 1
        }
    }

    /// Places the next stored value at the current coordinates' dense row-major index.
    private mutating func leaf() throws {
        let flat = try flatIndex()
        guard placed < stored.count else { throw invalid("more positions than the \(stored.count) stored values") }
        dense[flat] = stored[placed]
        placed += 1
    }

    /// The dense row-major index of the current coordinates, which must lie inside the shape.
    private mutating func flatIndex() throws -> Int {
        for l in 0..<rank { original[order[l]] = coordinates[l] }
        for l in rank..<levels {
            let k = order[l] - rank
            let d = blockMap[k]
            original[d] = original[d] * blockSizes[k] + coordinates[l]
        }
        var flat = 0
        for d in 0..<rank {
            guard original[d] >= 0 && original[d] < shape[d] else {
                throw invalid("index \(original) lies outside shape \(shape)")
            }
            flat += original[d] * strides[d]
        }
        return flat
    }
}
