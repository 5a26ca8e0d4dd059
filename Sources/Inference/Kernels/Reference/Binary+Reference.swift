/// ADD, SUB, MUL, DIV, SQUARED_DIFFERENCE with numpy broadcasting: the output's rows (shape
/// padded to 6-D, `Shape6D.forEachRow`), each operand advancing by its own strides (0 where
/// broadcast).
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
        let s = shape, count = s[5]
        let activation = p.activation
        let (xs, ys) = (lhsStrides[5], rhsStrides[5])
        Shape6D.forEachRow(of: s, strides: lhsStrides, rhsStrides) { row, aOffset, bOffset in
            let x = lhs + aOffset, y = rhs + bOffset, out = output + row * count
            // Contiguous rows, or a row against one broadcast value: loops the compiler
            // vectorizes. Each computes the same values as the general loop.
            if xs == 1 && ys == 1 {
                for i5 in 0..<count { out[i5] = activation.apply(operation(x[i5], y[i5])) }
            } else if xs == 1 && ys == 0 {
                let b = y[0]
                for i5 in 0..<count { out[i5] = activation.apply(operation(x[i5], b)) }
            } else if xs == 0 && ys == 1 {
                let a = x[0]
                for i5 in 0..<count { out[i5] = activation.apply(operation(a, y[i5])) }
            } else {
                for i5 in 0..<count { out[i5] = activation.apply(operation(x[i5 * xs], y[i5 * ys])) }
            }
        }
    }
}
