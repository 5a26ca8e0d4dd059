#if XNNPACK
extension XNNPACKOperation {
    /// A rough count of the arithmetic this operation does: multiply-adds for convolutions, one
    /// unit per output element for everything else. Only compared against
    /// ``XNNPACKBackend/parallelWorkThreshold``, to keep small runs off the thread pool.
    func estimatedWork(in graph: Graph) -> Int {
        let outputs = graph.tensors[output].shape.reduce(1) { $0.multipliedReportingOverflow(by: max($1, 1)).partialValue }
        let perOutput: Int
        switch kind {
        case .convolution(let w, _, let groupInputChannels, _):
            perOutput = w.kernelHeight * w.kernelWidth * groupInputChannels
        case .depthwiseConvolution(let w, _, _), .maxPooling(let w):
            perOutput = w.kernelHeight * w.kernelWidth
        case .globalAveragePooling:
            let input = graph.tensors[inputs[0]].shape
            perOutput = input.count == 4 ? input[1] * input[2] : 1
        default:
            perOutput = 1
        }
        return outputs.multipliedReportingOverflow(by: perOutput).partialValue
    }
}

extension XNNPACKOperation {
    /// Whether XNNPACK fuses `next`, which runs right after this operation, into it (or this one
    /// into `next`) inside one runtime: a constant PAD into the convolution reading it, or a clamp
    /// into the operation producing its input.
    func isFused(with next: XNNPACKOperation) -> Bool {
        switch (kind, next.kind) {
        case (.constantPad, .convolution), (.constantPad, .depthwiseConvolution):
            return next.inputs.first == output
        case (_, .clamp):
            return next.inputs.first == output
        default:
            return false
        }
    }
}
#endif
