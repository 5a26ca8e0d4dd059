extension InterpreterOptions.Backend {
    /// The backends the interpreter asks, in order, before falling back to the reference backend.
    ///
    /// With `.xnnpack`, our fast kernels take the nodes XNNPACK runs slowly (``FastBackend``, on
    /// AVX-512 processors), XNNPACK the rest it supports, and optimized Swift kernels some of what
    /// it lacks. Between fast kernels XNNPACK gets one runtime per node (or per pair it fuses):
    /// many multi-node runtimes each plan their own workspace and run slower (see
    /// ``XNNPACKBackend/fusesOnlyWhatXNNPACKFuses``).
    func makeBackends(threadCount: Int) throws -> [any Backend] {
        switch self {
        case .reference:
            []
        case .xnnpack where FastBackend.isVectorized:
            [FastBackend(), XNNPACKBackend(fusesOnlyWhatXNNPACKFuses: true, leavesNode: FastBackend.claims), OptimizedBackend()]
        case .xnnpack:
            [XNNPACKBackend(), OptimizedBackend()]
        }
    }
}
