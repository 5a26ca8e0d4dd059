/// Faster Swift kernels for operators XNNPACK lacks, used after the XNNPACK backend and before
/// the reference. Each kernel is checked against its reference by the differential tests.
package struct SwiftGapBackend: Backend {
    package let name = "swift-gap"

    package init() {}

    package func makeKernel(for context: KernelContext) throws -> (any Kernel)? {
        switch context.node.op {
        case .mean, .sum: try SwiftGapReduceKernel.make(context)
        case .transpose: try SwiftGapTransposeKernel.make(context)
        default: nil
        }
    }
}
