/// CONCATENATION: for each index over the dimensions before the axis, each input's contiguous
/// block (its axis extent times the inner size) is copied in turn, then the activation applied.
final class ReferenceConcatenationKernel: Kernel {
    private let inputs: [UnsafeMutablePointer<Float>]
    private let blockSizes: [Int]  // per input: axis extent * inner size
    private let output: UnsafeMutablePointer<Float>
    private let outerCount: Int
    private let outputCount: Int
    private let activation: ActivationRange

    init(_ context: KernelContext) throws {
        let p = try ConcatenationParameters(context)
        inputs = context.node.inputs.map { context.floats($0) }
        output = context.floats(context.output(0))
        let inner = p.inputShapes[0][(p.axis + 1)...].reduce(1, *)
        blockSizes = p.inputShapes.map { $0[p.axis] * inner }
        outerCount = p.inputShapes[0][..<p.axis].reduce(1, *)
        outputCount = p.outputShape.reduce(1, *)
        activation = p.activation
    }

    func invoke() {
        var out = output
        for outer in 0..<outerCount {
            for (input, block) in zip(inputs, blockSizes) {
                out.update(from: input + outer * block, count: block)
                out += block
            }
        }
        if !activation.isNone {
            for i in 0..<outputCount { output[i] = activation.apply(output[i]) }
        }
    }
}
