import TFLite

/// The element-wise unary operators.
package enum UnaryOperation: Hashable, Sendable {
    case negate, squareRoot, reciprocalSquareRoot, relu, relu6, logistic, tanh, hardSwish

    package init?(_ op: BuiltinOperator) {
        switch op {
        case .neg: self = .negate
        case .sqrt: self = .squareRoot
        case .rsqrt: self = .reciprocalSquareRoot
        case .relu: self = .relu
        case .relu6: self = .relu6
        case .logistic: self = .logistic
        case .tanh: self = .tanh
        case .hardSwish: self = .hardSwish
        default: return nil
        }
    }
}

/// NEG, SQRT, RSQRT, RELU, RELU6, LOGISTIC, TANH, HARD_SWISH: same shape in and out.
package struct UnaryParameters: Hashable, Sendable {
    package var operation: UnaryOperation
    package var shape: [Int]

    package var outputShape: [Int] { shape }
    package var elementCount: Int { shape.reduce(1, *) }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        guard let operation = UnaryOperation(reader.node.op) else { throw reader.invalid("not a unary operator") }
        try reader.expectArity(inputs: 1...1)
        self.operation = operation
        shape = try reader.floatInput(0)
    }
}
