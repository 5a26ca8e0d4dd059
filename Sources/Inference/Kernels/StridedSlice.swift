import TFLite

/// STRIDED_SLICE with constant int32 `begin`, `end` and `strides` and TensorFlow's masks:
/// begin/end masks (ignore the given bound), ellipsis (all remaining dimensions), new axis
/// (insert a dimension of 1) and shrink (take one index, drop the dimension). Negative indices
/// count from the end; bounds are clamped. With `offset`, `end` is relative to `begin`.
///
/// The kernel walks the input's dimensions: element `i` along dimension `d` is input index
/// `begin[d] + i * stride[d]`, for `i` in `0..<sizes[d]`.
package struct StridedSliceParameters: Hashable, Sendable {
    package var inputShape: [Int]
    /// Per input dimension: first index, step and number of elements taken.
    package var begin: [Int]
    package var stride: [Int]
    package var sizes: [Int]
    /// The output shape: ``sizes`` without shrunk dimensions, with inserted new axes.
    package var outputShape: [Int]

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        try reader.expectArity(inputs: 4...4)
        guard case .stridedSlice(let options) = reader.node.options else { throw reader.wrongOptions() }
        inputShape = try reader.floatInput(0)
        let rank = inputShape.count
        guard rank <= 6 else { throw reader.invalid("rank above 6 is not supported") }
        let sparseBegin = try reader.int32Constant(1)
        let sparseEnd = try reader.int32Constant(2)
        let sparseStrides = try reader.int32Constant(3)
        guard sparseBegin.count == sparseEnd.count, sparseBegin.count == sparseStrides.count, sparseBegin.count <= 16 else {
            throw reader.invalid("begin, end and strides must have the same length (\(sparseBegin.count), \(sparseEnd.count), \(sparseStrides.count))")
        }
        func bit(_ mask: Int32, _ i: Int) -> Bool { i < 32 && (mask >> Int32(i)) & 1 == 1 }

        // 1. Expand the sparse spec (with ellipsis and new axes) to one entry per input dimension.
        var sparseCount = sparseBegin.count
        var ellipsisMask = options.ellipsisMask
        if ellipsisMask == 0 {
            // Without an ellipsis, unspecified trailing dimensions are taken whole.
            ellipsisMask = 1 << Int32(sparseCount)
            sparseCount += 1
        }
        guard (0..<sparseCount).filter({ bit(ellipsisMask, $0) }).count == 1 else {
            throw reader.invalid("at most one ellipsis is allowed (mask \(options.ellipsisMask))")
        }
        struct DenseSpec { var begin = 0, end = 0, stride = 1, beginMasked = true, endMasked = true, shrink = false }
        var dense = [DenseSpec](repeating: DenseSpec(), count: rank)
        enum OutputDimension { case input(Int), newAxis }
        var gather: [OutputDimension] = []
        var full = 0
        for i in 0..<sparseCount {
            if bit(ellipsisMask, i) {
                let newAxesAfter = (i + 1..<sparseCount).filter { bit(options.newAxisMask, $0) }.count
                let next = min(rank - (sparseCount - i) + 1 + newAxesAfter, rank)
                while full < next {
                    gather.append(.input(full))
                    full += 1
                }
            } else if bit(options.newAxisMask, i) {
                gather.append(.newAxis)
            } else {
                guard full < rank else { throw reader.invalid("the slice spec has more dimensions than the input \(inputShape)") }
                dense[full] = DenseSpec(
                    begin: sparseBegin[i], end: sparseEnd[i], stride: sparseStrides[i],
                    beginMasked: bit(options.beginMask, i), endMasked: bit(options.endMask, i),
                    shrink: bit(options.shrinkAxisMask, i))
                if !dense[full].shrink { gather.append(.input(full)) }
                full += 1
            }
        }
        // Dimensions after the spec (possible when new axes are counted against the rank).
        while full < rank {
            gather.append(.input(full))
            full += 1
        }

        // 2. Resolve each dimension's start, step and count.
        begin = []
        stride = []
        sizes = []
        for (d, spec) in dense.enumerated() {
            let size = inputShape[d]
            if spec.shrink {
                let index = spec.begin < 0 ? spec.begin + size : spec.begin
                guard index >= 0 && index < size else {
                    throw reader.invalid("shrink index \(spec.begin) is out of range for dimension \(d) of \(inputShape)")
                }
                begin.append(index); stride.append(1); sizes.append(1)
                continue
            }
            guard spec.stride != 0 else { throw reader.invalid("stride 0 in dimension \(d)") }
            let forward = spec.stride > 0
            let low = forward ? 0 : -1, high = forward ? size : size - 1
            func canonical(_ x: Int, masked: Bool, isBegin: Bool) -> Int {
                if masked { return forward ? (isBegin ? 0 : size) : (isBegin ? size - 1 : -1) }
                let x = x < 0 ? x + size : x
                return min(max(x, low), high)
            }
            let start = canonical(spec.begin, masked: spec.beginMasked, isBegin: true)
            var stop = canonical(spec.end, masked: spec.endMasked, isBegin: false)
            if options.offset && !spec.endMasked { stop = min(max(start + spec.end, low), high) }
            let length = stop - start
            var count = 0
            if length != 0 && (length < 0) == (spec.stride < 0) {
                count = length / spec.stride + (length % spec.stride != 0 ? 1 : 0)
            }
            begin.append(start); stride.append(spec.stride); sizes.append(count)
        }
        let taken = sizes
        outputShape = gather.map {
            switch $0 {
            case .input(let d): taken[d]
            case .newAxis: 1
            }
        }
    }
}
