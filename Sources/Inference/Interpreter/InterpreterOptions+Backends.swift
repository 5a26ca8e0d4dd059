extension InterpreterOptions.Backend {
    /// The backends the interpreter asks, in order, before falling back to the reference backend.
    ///
    /// The XNNPACK backend plugs in here (branch `xnnpack`).
    func makeBackends(threadCount: Int) throws -> [any Backend] {
        switch self {
        case .reference: []
        case .xnnpack: [XNNPACKBackend(), OptimizedBackend()]
        }
    }
}
