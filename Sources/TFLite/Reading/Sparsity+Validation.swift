extension Sparsity {
    /// Checks these parameters against the dense shape of their tensor and returns how many values
    /// the tensor's buffer must hold.
    ///
    /// The format (TFLite's variant of TACO): the `n` dense dimensions, optionally followed by `k`
    /// block dimensions (``blockMap`` says which dense dimension each one splits), are traversed in
    /// ``traversalOrder``; ``dimensionMetadata`` describes each traversed dimension in that order.
    /// A dense level multiplies the number of positions by its size; a CSR level has one segment per
    /// position of the level before it, and its indices become the positions of the next level.
    public func storedValueCount(denseShape shape: [Int], path: String = "sparsity") throws -> Int {
        let n = shape.count, total = shape.count + blockMap.count
        guard traversalOrder.count == total, dimensionMetadata.count == total,
              Set(traversalOrder) == Set(0..<total) else {
            throw ModelError.invalid(
                what: "\(path).traversal_order",
                detail: "\(traversalOrder) is not a permutation of the \(n) dimensions and \(blockMap.count) block dimensions (with \(dimensionMetadata.count) dim_metadata)"
            )
        }
        // Block sizes: the dense size of each block dimension.
        var blockSizes = [Int](repeating: 0, count: blockMap.count)
        for (position, dimension) in traversalOrder.enumerated() where dimension >= n {
            guard case .dense(let size) = dimensionMetadata[position], size > 0 else {
                throw ModelError.invalid(what: "\(path).dim_metadata[\(position)]", detail: "a block dimension must be dense with a positive size")
            }
            blockSizes[dimension - n] = size
        }
        // Each dense dimension divided by the blocks that split it.
        var reduced = shape
        for (block, dimension) in blockMap.enumerated() {
            guard shape.indices.contains(dimension), reduced[dimension] % blockSizes[block] == 0 else {
                throw ModelError.invalid(
                    what: "\(path).block_map[\(block)]", detail: "block of \(blockSizes[block]) does not split dimension \(dimension) of \(shape)"
                )
            }
            reduced[dimension] /= blockSizes[block]
        }
        var positions = 1
        for (position, dimension) in traversalOrder.enumerated() {
            let size = dimension < n ? reduced[dimension] : blockSizes[dimension - n]
            let what = "\(path).dim_metadata[\(position)]"
            switch dimensionMetadata[position] {
            case .dense(let denseSize):
                guard denseSize == size else {
                    throw ModelError.invalid(what: what, detail: "dense size \(denseSize) differs from the dimension's size \(size)")
                }
                let (product, overflow) = positions.multipliedReportingOverflow(by: size)
                guard !overflow, product <= Model.maxElementCount else {
                    throw ModelError.invalid(what: what, detail: "too many elements")
                }
                positions = product
            case .sparseCSR(let segments, let indices):
                guard segments.count == positions + 1, segments.first == 0, segments.last == indices.count else {
                    throw ModelError.invalid(
                        what: "\(what).array_segments",
                        detail: "expected \(positions + 1) segment bounds from 0 to \(indices.count), found \(segments.count)"
                    )
                }
                for i in 1..<segments.count where segments[i] < segments[i - 1] {
                    throw ModelError.invalid(what: "\(what).array_segments", detail: "segment bounds decrease at \(i)")
                }
                if let bad = indices.first(where: { $0 < 0 || $0 >= size }) {
                    throw ModelError.invalid(what: "\(what).array_indices", detail: "index \(bad) is outside 0..<\(size)")
                }
                positions = indices.count
            }
        }
        return positions
    }
}
