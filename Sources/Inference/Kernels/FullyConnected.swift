import TFLite

/// FULLY_CONNECTED: input `[..., K]` read as `[rows, K]`, weights `[O, K]`, optional bias `[O]`;
/// output `[rows, O]`, or the input's shape with its last dimension set to `O` when
/// `keep_num_dims` is set.
package struct FullyConnectedParameters: Hashable, Sendable {
    package var rows: Int
    package var inputSize: Int
    package var outputSize: Int
    package var hasBias: Bool
    package var activation: ActivationRange
    package var outputShape: [Int]

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        try reader.expectArity(inputs: 2...3)
        let fused: FusedActivation, keepNumDims: Bool
        switch reader.node.options {
        case .fullyConnected(let activation, let keep): (fused, keepNumDims) = (activation, keep)
        case .none: (fused, keepNumDims) = (.none, false)
        default: throw reader.wrongOptions()
        }
        let input = try reader.floatInput(0)
        let weights = try reader.floatInput(1, rank: 2)
        let total = input.reduce(1, *)
        guard weights[1] > 0, total % weights[1] == 0, !input.isEmpty else {
            throw reader.invalid("input \(input) does not divide into rows of \(weights[1]) (weights \(weights))")
        }
        hasBias = reader.hasInput(2)
        if hasBias {
            let bias = try reader.floatInput(2)
            guard bias.reduce(1, *) == weights[0] else { throw reader.invalid("bias \(bias) does not match \(weights[0]) outputs") }
        }
        rows = total / weights[1]
        inputSize = weights[1]
        outputSize = weights[0]
        activation = try ActivationRange(fused, reader: reader)
        if keepNumDims {
            guard input.last == weights[1] else { throw reader.invalid("keep_num_dims needs the input's last dimension \(input) to equal \(weights[1])") }
            outputShape = input.dropLast() + [outputSize]
        } else {
            outputShape = [rows, outputSize]
        }
    }
}
