extension InterpreterOptions.Backend {
    /// The backends the interpreter asks, in order, before falling back to the reference backend.
    ///
    /// With `.xnnpack`, our fast kernels take the nodes XNNPACK runs slowly (``FastBackend``),
    /// XNNPACK the rest it supports, and optimized Swift kernels some of what it lacks.
    func makeBackends(threadCount: Int) throws -> [any Backend] {
        switch self {
        case .reference: []
        case .xnnpack: [FastBackend(), XNNPACKBackend(leavesNode: FastBackend.claims), OptimizedBackend()]
        }
    }
}
