/// RESHAPE and SQUEEZE: a copy of the values (nothing when input and output share storage).
final class ReferenceReshapeKernel: Kernel {
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>
    private let count: Int

    init(_ context: KernelContext) throws {
        let p = try ReshapeParameters(context)
        input = context.floats(context.input(0))
        output = context.floats(context.output(0))
        count = p.elementCount
    }

    func invoke() {
        if input != output { output.update(from: input, count: count) }
    }
}
