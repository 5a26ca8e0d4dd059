import TFLite

/// One operator of a ``Graph``.
package struct Node: Hashable, Sendable {
    /// The operator's index in the original model's subgraph (used in error messages).
    package var index: Int
    package var op: BuiltinOperator
    package var options: OperatorOptions
    /// Indices into ``Graph/tensors``; `-1` marks an omitted optional input.
    package var inputs: [Int]
    /// Indices into ``Graph/tensors``.
    package var outputs: [Int]
    /// For a CONV_2D or DEPTHWISE_CONV_2D: zeros around input 0 from a PAD node folded into this
    /// one at load time (see ``Graph/foldingSpatialPads()``). The operator's own SAME or VALID
    /// rule applies to the padded size. `nil`: no PAD was folded.
    package var foldedPadding: SpatialPadding?
    /// For a CONV_2D: the ADD and PRELU that followed it, fused at load for the backend whose
    /// kernel applies them (see ``Graph/fusingPointwiseEpilogues(allowing:)``). Their tensors are
    /// also inputs 3 (the residual, or `-1`) and 4 (the slopes, or `-1`), so that memory planning
    /// sees them read here. `nil`: nothing fused.
    package var epilogue: PointwiseEpilogue?

    package init(index: Int, op: BuiltinOperator, options: OperatorOptions, inputs: [Int], outputs: [Int]) {
        self.index = index
        self.op = op
        self.options = options
        self.inputs = inputs
        self.outputs = outputs
    }
}

/// What a fused convolution does to each output value before storing it (docs/engine.md §4.3).
package struct PointwiseEpilogue: Hashable, Sendable {
    /// The element-wise nodes a kernel can take into its convolution.
    package struct Parts: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// An ADD of a tensor of the output's shape, with its clamp (and a PAD of its channels).
        package static let residual = Parts(rawValue: 1)
        /// A PRELU with one slope per output channel.
        package static let slope = Parts(rawValue: 2)
        package static let all: Parts = [.residual, .slope]
    }

    /// The tensor added element by element (the other operand of the ADD that read the
    /// convolution), of the output's shape; `nil` when no ADD was fused.
    package var residual: Int?
    /// The ADD's own clamp, applied to the sum.
    package var residualActivation: ActivationRange
    /// The float32 constant of per-channel PReLU slopes applied after it; `nil` when no PRELU was
    /// fused.
    package var slope: Int?

    package init(residual: Int? = nil, residualActivation: ActivationRange = .none, slope: Int? = nil) {
        self.residual = residual
        self.residualActivation = residualActivation
        self.slope = slope
    }
}
