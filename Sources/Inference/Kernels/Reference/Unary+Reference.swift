import Foundation

/// NEG, SQRT, RSQRT, RELU, RELU6, LOGISTIC, TANH, HARD_SWISH: one plain loop.
final class ReferenceUnaryKernel: Kernel {
    private let p: UnaryParameters
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>

    init(_ context: KernelContext) throws {
        p = try UnaryParameters(context)
        input = context.floats(context.input(0))
        output = context.floats(context.output(0))
    }

    func invoke() {
        switch p.operation {
        case .negate: run { -$0 }
        case .squareRoot: run { $0.squareRoot() }
        case .reciprocalSquareRoot: run { 1 / $0.squareRoot() }
        case .relu: run { max($0, 0) }
        case .relu6: run { min(max($0, 0), 6) }
        case .logistic: run { 1 / (1 + Foundation.exp(-$0)) }
        case .tanh: run { Foundation.tanh($0) }
        case .hardSwish: run { $0 * min(max($0 + 3, 0), 6) / 6 }
        }
    }

    @inline(__always)
    private func run(_ function: (Float) -> Float) {
        for i in 0..<p.elementCount { output[i] = function(input[i]) }
    }
}
