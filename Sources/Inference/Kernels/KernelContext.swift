import TFLite

/// What a backend needs to build one node's kernel: the graph, the node, and stable pointers to
/// every tensor's storage.
package struct KernelContext {
    package let graph: Graph
    package let node: Node
    /// Threads the kernel may use (the reference backend ignores it).
    package let threadCount: Int
    let arena: Arena
    /// Copies of the node's constants that the arena leaves out (``Backend/constantsPackedAtLoad(for:in:)``),
    /// valid only while the kernel is made.
    let staged: [Int: UnsafeMutablePointer<Float>]

    package init(graph: Graph, node: Node, threadCount: Int, arena: Arena, staged: [Int: UnsafeMutablePointer<Float>] = [:]) {
        self.graph = graph
        self.node = node
        self.threadCount = threadCount
        self.arena = arena
        self.staged = staged
    }

    /// Stable pointer to a float32 tensor's storage (arena slot or constant storage), valid for
    /// the interpreter's lifetime; for a constant the arena leaves out, a copy valid only while the
    /// kernel is made. `tensor` must be a valid index of a float32 tensor.
    package func floats(_ tensor: Int) -> UnsafeMutablePointer<Float> {
        precondition(graph.tensors[tensor].type == .float32, "tensor \(tensor) is not float32")
        if let copy = staged[tensor] { return copy }
        return arena.pointer(to: tensor).assumingMemoryBound(to: Float.self)
    }

    /// Stable pointer to an int32 tensor's storage. `tensor` must be a valid index of an int32 tensor.
    package func int32s(_ tensor: Int) -> UnsafeMutablePointer<Int32> {
        precondition(graph.tensors[tensor].type == .int32, "tensor \(tensor) is not int32")
        return arena.pointer(to: tensor).assumingMemoryBound(to: Int32.self)
    }

    // MARK: Conveniences

    /// The node's `i`-th input tensor index (`-1` when an optional input is omitted).
    package func input(_ i: Int) -> Int { node.inputs[i] }
    /// The node's `i`-th output tensor index.
    package func output(_ i: Int) -> Int { node.outputs[i] }
    package func tensor(_ index: Int) -> GraphTensor { graph.tensors[index] }
    package func shape(_ index: Int) -> [Int] { graph.tensors[index].shape }

    /// An error about this node, for backends that reject what they were given.
    package func invalid(_ detail: String) -> InferenceError {
        .invalidNode(op: node.op.name, node: node.index, detail: detail)
    }
}
