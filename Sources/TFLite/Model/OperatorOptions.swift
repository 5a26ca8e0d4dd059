/// The builtin options of an operator (the `builtin_options` union of `schema.fbs`), parsed for the
/// operators the engine runs. Other option tables are kept as ``other(unionType:)``.
public enum OperatorOptions: Hashable, Sendable {
    case none
    case conv2D(Conv2DOptions)
    case depthwiseConv2D(DepthwiseConv2DOptions)
    case pool2D(Pool2DOptions)
    /// ADD, SUB, MUL and DIV: only a fused activation.
    case elementwise(fusedActivation: FusedActivation)
    case concatenation(axis: Int, fusedActivation: FusedActivation)
    case fullyConnected(fusedActivation: FusedActivation, keepNumDims: Bool)
    /// RESHAPE's optional static new shape (the second input, when present, takes precedence).
    case reshape(newShape: [Int])
    case resizeBilinear(alignCorners: Bool, halfPixelCenters: Bool)
    case depthToSpace(blockSize: Int)
    case stridedSlice(StridedSliceOptions)
    /// MEAN, SUM and the other reducers.
    case reducer(keepDims: Bool)
    case squeeze(dimensions: [Int])
    /// A union member we do not parse; `unionType` is its `BuiltinOptions` code.
    case other(unionType: Int)
}

/// Activation fused into an operator's output.
public enum FusedActivation: Int8, Hashable, Sendable {
    case none = 0, relu = 1, reluN1To1 = 2, relu6 = 3, tanh = 4, signBit = 5
}

/// TFLite padding: SAME pads so that `out = ceil(in / stride)`, VALID does not pad.
public enum Padding: Int8, Hashable, Sendable {
    case same = 0, valid = 1
}

public struct Conv2DOptions: Hashable, Sendable {
    public var padding: Padding
    public var strideW: Int, strideH: Int
    public var dilationW: Int, dilationH: Int
    public var fusedActivation: FusedActivation

    public init(padding: Padding, strideW: Int, strideH: Int, dilationW: Int = 1, dilationH: Int = 1, fusedActivation: FusedActivation = .none) {
        self.padding = padding
        self.strideW = strideW
        self.strideH = strideH
        self.dilationW = dilationW
        self.dilationH = dilationH
        self.fusedActivation = fusedActivation
    }
}

public struct DepthwiseConv2DOptions: Hashable, Sendable {
    public var padding: Padding
    public var strideW: Int, strideH: Int
    public var depthMultiplier: Int
    public var dilationW: Int, dilationH: Int
    public var fusedActivation: FusedActivation

    public init(padding: Padding, strideW: Int, strideH: Int, depthMultiplier: Int = 1, dilationW: Int = 1, dilationH: Int = 1, fusedActivation: FusedActivation = .none) {
        self.padding = padding
        self.strideW = strideW
        self.strideH = strideH
        self.depthMultiplier = depthMultiplier
        self.dilationW = dilationW
        self.dilationH = dilationH
        self.fusedActivation = fusedActivation
    }
}

public struct Pool2DOptions: Hashable, Sendable {
    public var padding: Padding
    public var strideW: Int, strideH: Int
    public var filterW: Int, filterH: Int
    public var fusedActivation: FusedActivation

    public init(padding: Padding, strideW: Int, strideH: Int, filterW: Int, filterH: Int, fusedActivation: FusedActivation = .none) {
        self.padding = padding
        self.strideW = strideW
        self.strideH = strideH
        self.filterW = filterW
        self.filterH = filterH
        self.fusedActivation = fusedActivation
    }
}

/// STRIDED_SLICE masks: bit i refers to dimension i.
public struct StridedSliceOptions: Hashable, Sendable {
    public var beginMask: Int32, endMask: Int32
    public var ellipsisMask: Int32, newAxisMask: Int32, shrinkAxisMask: Int32
    public var offset: Bool

    public init(beginMask: Int32 = 0, endMask: Int32 = 0, ellipsisMask: Int32 = 0, newAxisMask: Int32 = 0, shrinkAxisMask: Int32 = 0, offset: Bool = false) {
        self.beginMask = beginMask
        self.endMask = endMask
        self.ellipsisMask = ellipsisMask
        self.newAxisMask = newAxisMask
        self.shrinkAxisMask = shrinkAxisMask
        self.offset = offset
    }
}
