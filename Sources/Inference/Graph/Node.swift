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

    package init(index: Int, op: BuiltinOperator, options: OperatorOptions, inputs: [Int], outputs: [Int]) {
        self.index = index
        self.op = op
        self.options = options
        self.inputs = inputs
        self.outputs = outputs
    }
}
