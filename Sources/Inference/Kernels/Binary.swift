import TFLite

/// The element-wise binary operators, with numpy broadcasting.
package enum BinaryOperation: Hashable, Sendable {
    case add, subtract, multiply, divide, squaredDifference

    package init?(_ op: BuiltinOperator) {
        switch op {
        case .add: self = .add
        case .sub: self = .subtract
        case .mul: self = .multiply
        case .div: self = .divide
        case .squaredDifference: self = .squaredDifference
        default: return nil
        }
    }
}

/// ADD, SUB, MUL, DIV, SQUARED_DIFFERENCE: `out = activation(lhs ∘ rhs)` over the broadcast shape.
package struct BinaryParameters: Hashable, Sendable {
    package var operation: BinaryOperation
    package var broadcast: Broadcast
    package var lhsShape: [Int]
    package var rhsShape: [Int]
    package var activation: ActivationRange

    package var outputShape: [Int] { broadcast.outputShape }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        guard let operation = BinaryOperation(reader.node.op) else { throw reader.invalid("not a binary operator") }
        try reader.expectArity(inputs: 2...2)
        let fused: FusedActivation
        switch reader.node.options {
        case .elementwise(let activation): fused = activation
        case .none, .other: fused = .none
        default: throw reader.wrongOptions()
        }
        lhsShape = try reader.floatInput(0)
        rhsShape = try reader.floatInput(1)
        guard max(lhsShape.count, rhsShape.count) <= 6 else { throw reader.invalid("rank above 6 is not supported") }
        guard let broadcast = Broadcast(lhsShape, rhsShape) else {
            throw reader.invalid("shapes \(lhsShape) and \(rhsShape) do not broadcast")
        }
        self.operation = operation
        self.broadcast = broadcast
        activation = try ActivationRange(fused, reader: reader)
    }
}
