import CFastKernels

extension KernelContext {
    /// The ADD and PRELU folded into this node (``Node/epilogue``) as CFastKernels applies them
    /// after a convolution's clamp (docs/engine.md §4.3), all zeros when none were;
    /// `outputChannels` is the residual's channel count when it has as many.
    func fusedEpilogue(outputChannels: Int) -> fk_epilogue {
        let epilogue = node.epilogue
        return fk_epilogue(
            residual: epilogue?.residual.map { UnsafePointer(floats($0)) },
            residual_channels: epilogue?.residual.map { shape($0).last ?? 0 } ?? outputChannels,
            residual_min: epilogue?.residualActivation.lower ?? -.infinity,
            residual_max: epilogue?.residualActivation.upper ?? .infinity,
            slope: epilogue?.slope.map { UnsafePointer(floats($0)) })
    }
}
