extension Graph {
    /// Which nodes read and write each tensor, by position in ``Graph/nodes``: what the load-time
    /// foldings and fusions ask before they merge one node into another.
    struct DataFlow {
        /// Positions of the nodes reading each tensor, once per input that names it.
        let readers: [[Int]]
        /// Position of the node writing each tensor; `nil` for graph inputs and constants.
        let producer: [Int?]
        private let isGraphOutput: [Bool]

        init(_ graph: Graph) {
            var readers = [[Int]](repeating: [], count: graph.tensors.count)
            var producer = [Int?](repeating: nil, count: graph.tensors.count)
            for (position, node) in graph.nodes.enumerated() {
                for input in node.inputs where input >= 0 { readers[input].append(position) }
                for output in node.outputs where output >= 0 { producer[output] = position }
            }
            self.readers = readers
            self.producer = producer
            isGraphOutput = graph.tensors.map(\.isGraphOutput)
        }

        /// The position of the one node reading `tensor`, when exactly one does (through one
        /// input) and `tensor` is not a graph output: a tensor that folding its producer into its
        /// reader may leave unwritten.
        func soleReader(of tensor: Int) -> Int? {
            readers[tensor].count == 1 && !isGraphOutput[tensor] ? readers[tensor][0] : nil
        }
    }
}
