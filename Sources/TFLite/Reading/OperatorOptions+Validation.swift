extension OperatorOptions {
    /// Checks that options parsed for `op` are of the kind `op` takes and hold usable values.
    ///
    /// Convolutions, pools and DEPTH_TO_SPACE need their options (strides and sizes have no usable
    /// default); the other operators we parse may omit them (``none``: every field at its default).
    func validate(for op: BuiltinOperator, path: String) throws {
        switch (op, self) {
        case (.conv2D, .conv2D(let o)):
            try Self.require(o.strideW, o.strideH, o.dilationW, o.dilationH, names: "strides and dilations", path: path)
        case (.depthwiseConv2D, .depthwiseConv2D(let o)):
            try Self.require(o.strideW, o.strideH, o.dilationW, o.dilationH, names: "strides and dilations", path: path)
            guard o.depthMultiplier >= 0 else {
                throw ModelError.invalid(what: "\(path).depth_multiplier", detail: "\(o.depthMultiplier) is negative")
            }
        case (.averagePool2D, .pool2D(let o)), (.maxPool2D, .pool2D(let o)):
            try Self.require(o.strideW, o.strideH, o.filterW, o.filterH, names: "strides and filter sizes", path: path)
        case (.depthToSpace, .depthToSpace(let blockSize)):
            try Self.require(blockSize, names: "block_size", path: path)
        case (.add, .elementwise), (.sub, .elementwise), (.mul, .elementwise), (.div, .elementwise),
             (.concatenation, .concatenation), (.fullyConnected, .fullyConnected), (.reshape, .reshape),
             (.resizeBilinear, .resizeBilinear), (.stridedSlice, .stridedSlice), (.squeeze, .squeeze):
            break
        case (let op, .reducer) where Self.reducers.contains(op):
            break
        case (.add, .none), (.sub, .none), (.mul, .none), (.div, .none), (.concatenation, .none),
             (.fullyConnected, .none), (.reshape, .none), (.resizeBilinear, .none), (.stridedSlice, .none),
             (.squeeze, .none):
            break
        case (let op, .none) where Self.reducers.contains(op):
            break
        case (let op, _) where Self.parsedOperators.contains(op):
            throw ModelError.invalid(what: path, detail: "\(op.name) cannot take options \(self)")
        default:
            break  // Operators whose options we do not parse: the engine decides.
        }
    }

    /// MEAN, SUM, REDUCE_PROD, REDUCE_MAX, REDUCE_MIN, REDUCE_ANY, REDUCE_ALL: `ReducerOptions`.
    static let reducers: Set<BuiltinOperator> = [
        .mean, .sum, BuiltinOperator(rawValue: 81), BuiltinOperator(rawValue: 82), BuiltinOperator(rawValue: 89),
        BuiltinOperator(rawValue: 91), BuiltinOperator(rawValue: 140),
    ]

    /// The operators whose options ``OperatorOptions`` parses.
    static let parsedOperators: Set<BuiltinOperator> = reducers.union([
        .conv2D, .depthwiseConv2D, .averagePool2D, .maxPool2D, .add, .sub, .mul, .div, .concatenation,
        .fullyConnected, .reshape, .resizeBilinear, .depthToSpace, .stridedSlice, .squeeze,
    ])

    private static func require(_ values: Int..., names: String, path: String) throws {
        guard values.allSatisfy({ $0 >= 1 }) else {
            throw ModelError.invalid(what: path, detail: "\(names) must be ≥ 1, found \(values)")
        }
    }
}
