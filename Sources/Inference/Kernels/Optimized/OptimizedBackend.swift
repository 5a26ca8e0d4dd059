/// Faster Swift kernels for operators XNNPACK lacks, used after the XNNPACK backend and before
/// the reference. Each kernel is checked against its reference by the differential tests.
package struct OptimizedBackend: Backend {
    package let name = "optimized"

    package init() {}

    package func makeKernel(for context: KernelContext) throws -> (any Kernel)? {
        switch context.node.op {
        case .mean, .sum: try OptimizedReduceKernel.make(context)
        case .transpose: try OptimizedTransposeKernel.make(context)
        default: nil
        }
    }
}
