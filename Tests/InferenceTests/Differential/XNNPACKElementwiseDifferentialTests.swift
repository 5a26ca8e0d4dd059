#if XNNPACK
import Inference
import TFLite
import Testing
import TestSupport

/// Binary ops with NumPy broadcasting and fused activations, unary ops and PRELU on XNNPACK
/// against the reference.
@Suite struct XNNPACKElementwiseDifferentialTests {
    /// A pair of shapes that broadcast: dimensions of one operand are randomly 1 or dropped.
    static func broadcastPair(_ rng: inout SplitMix64) -> ([Int], [Int]) {
        let rank = rng.int(in: 1...4)
        let full = (0..<rank).map { _ in rng.pick([1, 2, 3, 5, 13]) }
        var other = full.map { rng.int(in: 0...2) == 0 ? 1 : $0 }
        if rng.bool() { other = Array(other.dropFirst(rng.int(in: 0...(rank - 1)))) }
        if rng.int(in: 0...5) == 0 { other = [] }  // a scalar
        return rng.bool() ? (full, other) : (other, full)
    }

    @Test func binary() throws {
        try runDifferentialCases("ADD/SUB/MUL/DIV/SQUARED_DIFFERENCE", count: 60, seed: 0xB1) { rng in
            let op = rng.pick([BuiltinOperator.add, .sub, .mul, .div, .squaredDifference])
            let (sa, sb) = Self.broadcastPair(&rng)
            let activation = op == .squaredDifference ? FusedActivation.none : rng.pick([FusedActivation.none, .relu, .relu6])
            let constantSide = rng.int(in: 0...3)  // 0: a is constant, 1: b is constant, else neither
            var b = TestGraphBuilder()
            var inputs: [[Float]] = []
            func operand(_ shape: [Int], constant: Bool, _ rng: inout SplitMix64) -> Int {
                let count = shape.reduce(1, *)
                // Divisors stay away from zero.
                let values = rng.floats(count, in: 0.5, 2).enumerated().map { i, v in i % 2 == 0 ? v : -v }
                if constant { return b.constant(values, shape) }
                inputs.append(values)
                return b.input(shape)
            }
            let a = operand(sa, constant: constantSide == 0, &rng)
            let c = operand(sb, constant: constantSide == 1, &rng)
            let options: OperatorOptions = op == .squaredDifference ? .none : .elementwise(fusedActivation: activation)
            let y = try b.node(op, options, [a, c])
            return DifferentialCase(description: "\(op) \(sa) ∘ \(sb) \(activation) constant \(constantSide)",
                                    graph: try b.graph(outputs: [y]), inputs: inputs)
        }
    }

    @Test func unary() throws {
        try runDifferentialCases("NEG/SQRT/LOGISTIC/RELU/RELU6/HARD_SWISH", count: 30, seed: 0x0E) { rng in
            let op = rng.pick([BuiltinOperator.neg, .sqrt, .logistic, .relu, .relu6, .hardSwish])
            let shape = (0..<rng.int(in: 1...4)).map { _ in rng.pick([1, 3, 7, 13, 16]) }
            let low: Double = op == .sqrt ? 0 : -8
            var b = TestGraphBuilder()
            let x = b.input(shape)
            let y = try b.node(op, .none, [x])
            return DifferentialCase(description: "\(op) \(shape)", graph: try b.graph(outputs: [y]),
                                    inputs: [rng.floats(shape.reduce(1, *), in: low, 8)])
        }
    }

    @Test func prelu() throws {
        try runDifferentialCases("PRELU", count: 15, seed: 0x9E1) { rng in
            let shape = [rng.pick([1, 2]), rng.int(in: 1...9), rng.int(in: 1...9), rng.pick([1, 3, 13, 16])]
            let alphaShape = rng.pick([[shape[3]], [1, 1, shape[3]], [1, 1, 1, shape[3]]])
            var b = TestGraphBuilder()
            let x = b.input(shape)
            let alpha = b.constant(rng.floats(shape[3], in: -0.5, 0.5), alphaShape)
            let y = try b.node(.prelu, .none, [x, alpha])
            return DifferentialCase(description: "prelu \(shape) alpha \(alphaShape)", graph: try b.graph(outputs: [y]),
                                    inputs: [rng.floats(shape.reduce(1, *), in: -4, 4)])
        }
    }
}
#endif
