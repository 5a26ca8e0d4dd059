/// A source of kernels. The interpreter asks its backends in order for each node; the reference
/// backend comes last and runs every supported operator.
package protocol Backend {
    /// Short name used in logs and ``Interpreter/kernelAssignments`` (e.g. `"reference"`).
    var name: String { get }
    /// A kernel for this node, or `nil` when this backend does not run it (the interpreter then
    /// asks the next backend). Throws when the node is invalid or the backend fails.
    func makeKernel(for context: KernelContext) throws -> (any Kernel)?
    /// Why this backend returned `nil` for the node with model index `node`, if it knows.
    func fallbackReason(forNode node: Int) -> String?
    /// The constant inputs of `node` that this backend's kernel for it copies at load and never
    /// reads afterwards (its own packed weights); the interpreter leaves them out of the arena
    /// when no other node reads them.
    func constantsPackedAtLoad(for node: Node, in graph: Graph) -> [Int]
    /// Which of a fused ADD and PRELU this backend's kernel for `node`, a convolution, applies to
    /// its output (``Graph/fusingPointwiseEpilogues(allowing:)``); asked of the first backend.
    func fusableEpilogue(of node: Node, in graph: Graph) -> PointwiseEpilogue.Parts
}

extension Backend {
    /// Why this backend returned `nil` for the node with model index `node`, if it knows.
    /// The interpreter records it in ``Interpreter/fallbacks``. Backends may override this.
    package func fallbackReason(forNode node: Int) -> String? { nil }

    /// None, unless the backend says otherwise.
    package func constantsPackedAtLoad(for node: Node, in graph: Graph) -> [Int] { [] }

    /// None, unless the backend says otherwise.
    package func fusableEpilogue(of node: Node, in graph: Graph) -> PointwiseEpilogue.Parts { [] }
}
