/// ADD, SUB, MUL, DIV, SQUARED_DIFFERENCE with numpy broadcasting: six nested loops over the
/// output (shape padded to 6-D), each operand advancing by its own strides (0 where broadcast).
final class ReferenceBinaryKernel: Kernel {
    private let p: BinaryParameters
    private let lhs: UnsafeMutablePointer<Float>
    private let rhs: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>
    private let shape: [Int]       // output, 6-D
    private let lhsStrides: [Int]  // 6-D, 0 where broadcast
    private let rhsStrides: [Int]

    init(_ context: KernelContext) throws {
        p = try BinaryParameters(context)
        lhs = context.floats(context.input(0))
        rhs = context.floats(context.input(1))
        output = context.floats(context.output(0))
        shape = Shape6D(p.outputShape).dimensions
        lhsStrides = Shape6D.padded(p.broadcast.lhsStrides)
        rhsStrides = Shape6D.padded(p.broadcast.rhsStrides)
    }

    func invoke() {
        switch p.operation {
        case .add: run { $0 + $1 }
        case .subtract: run { $0 - $1 }
        case .multiply: run { $0 * $1 }
        case .divide: run { $0 / $1 }
        case .squaredDifference: run { ($0 - $1) * ($0 - $1) }
        }
    }

    @inline(__always)
    private func run(_ operation: (Float, Float) -> Float) {
        let s = shape, a = lhsStrides, b = rhsStrides
        let activation = p.activation
        var out = output
        for i0 in 0..<s[0] {
            for i1 in 0..<s[1] {
                for i2 in 0..<s[2] {
                    for i3 in 0..<s[3] {
                        for i4 in 0..<s[4] {
                            let aBase = i0 * a[0] + i1 * a[1] + i2 * a[2] + i3 * a[3] + i4 * a[4]
                            let bBase = i0 * b[0] + i1 * b[1] + i2 * b[2] + i3 * b[3] + i4 * b[4]
                            let x = lhs + aBase, y = rhs + bBase
                            let (xs, ys) = (a[5], b[5])
                            // Contiguous rows, or a row against one broadcast value: loops the
                            // compiler vectorizes. Each computes the same values as the general loop.
                            if xs == 1 && ys == 1 {
                                for i5 in 0..<s[5] { out[i5] = activation.apply(operation(x[i5], y[i5])) }
                            } else if xs == 1 && ys == 0 {
                                let b = y[0]
                                for i5 in 0..<s[5] { out[i5] = activation.apply(operation(x[i5], b)) }
                            } else if xs == 0 && ys == 1 {
                                let a = x[0]
                                for i5 in 0..<s[5] { out[i5] = activation.apply(operation(a, y[i5])) }
                            } else {
                                for i5 in 0..<s[5] { out[i5] = activation.apply(operation(x[i5 * xs], y[i5 * ys])) }
                            }
                            out += s[5]
                        }
                    }
                }
            }
        }
    }
}
