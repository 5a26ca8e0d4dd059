#if XNNPACK
import Inference
import TFLite
import Testing
import TestSupport

/// PAD, RESHAPE, RESIZE_BILINEAR, DEPTH_TO_SPACE and MEAN over H and W on XNNPACK against the reference.
@Suite struct XNNPACKLayoutDifferentialTests {
    @Test func pad() throws {
        try runDifferentialCases("PAD", count: 20, seed: 0x9AD) { rng in
            let rank = rng.int(in: 1...4)
            let shape = (0..<rank).map { _ in rng.int(in: 1...7) }
            let paddings = (0..<(2 * rank)).map { _ in Int32(rng.pick([0, 0, 1, 2, 3])) }
            var b = TestGraphBuilder()
            let x = b.input(shape)
            let p = b.constant(int32: paddings, [rank, 2])
            let y = try b.node(.pad, .none, [x, p])
            return DifferentialCase(description: "pad \(shape) by \(paddings)", graph: try b.graph(outputs: [y]),
                                    inputs: [rng.floats(shape.reduce(1, *), in: -1, 1)])
        }
    }

    @Test func reshape() throws {
        try runDifferentialCases("RESHAPE", count: 10, seed: 0x5E5) { rng in
            let shape = [1, rng.int(in: 1...6), rng.int(in: 1...6), rng.pick([1, 2, 13])]
            let count = shape.reduce(1, *)
            var b = TestGraphBuilder()
            let x = b.input(shape)
            let newShape = rng.bool() ? [1, count] : [1, -1, shape[3]]
            let s = b.constant(int32: newShape.map { Int32($0) }, [newShape.count])
            let y = try b.node(.reshape, .reshape(newShape: newShape), [x, s])
            return DifferentialCase(description: "reshape \(shape) to \(newShape)", graph: try b.graph(outputs: [y]),
                                    inputs: [rng.floats(count, in: -1, 1)])
        }
    }

    @Test func resizeBilinear() throws {
        try runDifferentialCases("RESIZE_BILINEAR", count: 24, seed: 0x2E5) { rng in
            let shape = [rng.pick([1, 2]), rng.int(in: 1...9), rng.int(in: 1...9), rng.pick([1, 3, 13])]
            let size = [rng.int(in: 1...19), rng.int(in: 1...19)]
            let (alignCorners, halfPixel) = rng.pick([(false, true), (true, false), (false, false)])
            var b = TestGraphBuilder()
            let x = b.input(shape)
            let s = b.constant(int32: size.map { Int32($0) }, [2])
            let y = try b.node(.resizeBilinear, .resizeBilinear(alignCorners: alignCorners, halfPixelCenters: halfPixel), [x, s])
            return DifferentialCase(description: "resize \(shape) to \(size) align \(alignCorners) half \(halfPixel)",
                                    graph: try b.graph(outputs: [y]), inputs: [rng.floats(shape.reduce(1, *), in: -1, 1)],
                                    reductionLength: 4)
        }
    }

    @Test func depthToSpace() throws {
        try runDifferentialCases("DEPTH_TO_SPACE", count: 10, seed: 0xD25) { rng in
            let block = rng.pick([2, 3])
            let shape = [rng.pick([1, 2]), rng.int(in: 1...6), rng.int(in: 1...6), block * block * rng.pick([1, 3, 5])]
            var b = TestGraphBuilder()
            let x = b.input(shape)
            let y = try b.node(.depthToSpace, .depthToSpace(blockSize: block), [x])
            return DifferentialCase(description: "depth_to_space \(shape) block \(block)", graph: try b.graph(outputs: [y]),
                                    inputs: [rng.floats(shape.reduce(1, *), in: -1, 1)])
        }
    }

    @Test func meanOverHeightAndWidth() throws {
        try runDifferentialCases("MEAN", count: 10, seed: 0x3EA) { rng in
            let shape = [rng.pick([1, 2]), rng.int(in: 1...9), rng.int(in: 1...9), rng.pick([1, 3, 13, 16])]
            var b = TestGraphBuilder()
            let x = b.input(shape)
            let axes = b.constant(int32: rng.bool() ? [1, 2] : [2, 1], [2])
            let y = try b.node(.mean, .reducer(keepDims: true), [x, axes])
            return DifferentialCase(description: "mean \(shape) over H, W", graph: try b.graph(outputs: [y]),
                                    inputs: [rng.floats(shape.reduce(1, *), in: -1, 1)], reductionLength: shape[1] * shape[2])
        }
    }
}
#endif
