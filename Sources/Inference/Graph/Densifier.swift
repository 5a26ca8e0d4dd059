import TFLite

/// Where each stored value of a sparse constant goes in its dense form (TFLite's sparsity format:
/// a traversal order over the original dimensions plus block dimensions, each level dense or CSR).
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

    /// The dense row-major index of each of the `valueCount` stored values, in storage order.
    func destinations(valueCount: Int) throws -> [Int] {
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

        var places: [Int] = []
        places.reserveCapacity(valueCount)
        var coordinates = [Int](repeating: 0, count: levels)
        // Dense levels over empty sparse segments visit no leaves; bound the walk so that hostile
        // metadata cannot make it run for ever.
        var budget = (shape.reduce(1, *) + 1) * (levels + 1) + 1024

        func visit(level: Int, parent: Int) throws {
            budget -= 1
            guard budget > 0 else { throw invalid("metadata describes more positions than the dense shape \(shape) holds") }
            if level == levels {
                var original = [Int](repeating: 0, count: rank)
                for l in 0..<rank { original[order[l]] = coordinates[l] }
                for l in rank..<levels {
                    let k = order[l] - rank
                    let d = sparsity.blockMap[k]
                    original[d] = original[d] * blockSizes[k] + coordinates[l]
                }
                var flat = 0
                for d in 0..<rank {
                    guard original[d] >= 0 && original[d] < shape[d] else {
                        throw invalid("index \(original) lies outside shape \(shape)")
                    }
                    flat += original[d] * strides[d]
                }
                guard places.count < valueCount else { throw invalid("more positions than the \(valueCount) stored values") }
                places.append(flat)
                return
            }
            switch sparsity.dimensionMetadata[level] {
            case .dense(let size):
                guard size >= 0 else { throw invalid("negative dense size at level \(level)") }
                for i in 0..<size {
                    coordinates[level] = i
                    let (scaled, o1) = parent.multipliedReportingOverflow(by: size)
                    let (next, o2) = scaled.addingReportingOverflow(i)
                    guard !o1, !o2 else { throw invalid("index overflow at level \(level)") }
                    try visit(level: level + 1, parent: next)
                }
            case .sparseCSR(let segments, let indices):
                guard parent >= 0, parent + 1 < segments.count else {
                    throw invalid("segment \(parent) missing at level \(level) (\(segments.count) entries)")
                }
                let start = segments[parent], end = segments[parent + 1]
                guard start >= 0, start <= end, end <= indices.count else {
                    throw invalid("segment \(start)..<\(end) at level \(level) exceeds \(indices.count) indices")
                }
                for i in start..<end {
                    coordinates[level] = indices[i]
                    try visit(level: level + 1, parent: i)
                }
            }
        }
        try visit(level: 0, parent: 0)
        guard places.count == valueCount else {
            throw invalid("\(places.count) positions for \(valueCount) stored values")
        }
        return places
    }
}
