/// FULLY_CONNECTED, plain loops: `out[r, o] = activation(sum_k in[r, k] * W[o, k] + bias[o])`,
/// summed over k in order, in Float.
final class ReferenceFullyConnectedKernel: Kernel {
    private let p: FullyConnectedParameters
    private let input: UnsafeMutablePointer<Float>    // [rows, K]
    private let weights: UnsafeMutablePointer<Float>  // [O, K]
    private let bias: UnsafeMutablePointer<Float>?    // [O]
    private let output: UnsafeMutablePointer<Float>   // [rows, O]

    init(_ context: KernelContext) throws {
        p = try FullyConnectedParameters(context)
        input = context.floats(context.input(0))
        weights = context.floats(context.input(1))
        bias = p.hasBias ? context.floats(context.input(2)) : nil
        output = context.floats(context.output(0))
    }

    func invoke() {
        let (k, o) = (p.inputSize, p.outputSize)
        for r in 0..<p.rows {
            let row = input + r * k
            for j in 0..<o {
                let w = weights + j * k
                var sum: Float = 0
                for i in 0..<k { sum += row[i] * w[i] }
                output[r * o + j] = p.activation.apply(sum + (bias?[j] ?? 0))
            }
        }
    }
}
