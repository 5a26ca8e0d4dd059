import Inference
import TFLite
import Testing
import TestSupport

@Suite struct InterpreterTests {
    func reluModel() -> Model {
        var m = SyntheticModel()
        let x = m.activation([1, 3], name: "x")
        let y = m.activation([1, 3], name: "y")
        m.op(.relu, [x], [y])
        return m.model(inputs: [x], outputs: [y])
    }

    @Test func describesInputsAndOutputs() throws {
        let interpreter = try Interpreter(model: reluModel(), options: .init(backend: .reference))
        #expect(interpreter.inputs == [TensorInfo(name: "x", shape: [1, 3])])
        #expect(interpreter.outputs == [TensorInfo(name: "y", shape: [1, 3])])
        #expect(interpreter.kernelAssignments.map(\.backend) == ["reference"])
    }

    /// The XNNPACK backend exists only in builds with the package trait `XNNPACK`; without it,
    /// asking for it is a typed error and ``InterpreterOptions/Backend/fastest`` is the built-in one.
    @Test func xnnpackBackendOnlyWithItsTrait() throws {
        #if XNNPACK
        let interpreter = try Interpreter(model: reluModel(), options: .init(backend: .xnnpack))
        #expect(interpreter.kernelAssignments.map(\.backend) == ["xnnpack"])
        #expect(InterpreterOptions.Backend.fastest == .xnnpack)
        #else
        #expect(throws: InferenceError.backendUnavailable(name: "xnnpack")) {
            try Interpreter(model: reluModel(), options: .init(backend: .xnnpack))
        }
        #expect(InterpreterOptions.Backend.fastest == .builtIn)
        #endif
        let builtIn = try Interpreter(model: reluModel(), options: .init(backend: .builtIn))
        #expect(builtIn.kernelAssignments.map(\.backend) == ["reference"])
    }

    @Test func badInputCallsThrowTypedErrors() throws {
        let interpreter = try Interpreter(model: reluModel(), options: .init(backend: .reference))
        #expect(throws: InferenceError.inputSizeMismatch(index: 0, expected: 3, actual: 2)) {
            try interpreter.copyInput([1, 2], at: 0)
        }
        #expect(throws: InferenceError.tensorIndexOutOfRange(index: 1, count: 1)) {
            try interpreter.copyInput([1, 2, 3], at: 1)
        }
        #expect(throws: InferenceError.tensorIndexOutOfRange(index: 2, count: 1)) {
            try interpreter.withOutput(at: 2) { $0.count }
        }
    }

    @Test func inputFilledInPlaceAndOutputReadWithoutCopy() throws {
        let interpreter = try Interpreter(model: reluModel(), options: .init(backend: .reference))
        try interpreter.withInput(at: 0) { buffer in
            for i in buffer.indices { buffer[i] = Float(i) - 1 }
        }
        try interpreter.invoke()
        #expect(try interpreter.withOutput(at: 0) { Array($0) } == [0, 0, 1])
    }

    @Test func invokeTwiceGivesTheSameOutputsAndKeepsTheInput() throws {
        let golden = try LiteRTGolden.load("face_detector")
        let interpreter = try Interpreter(model: golden.loadModel(), options: .init(backend: .reference))
        let input = golden.inputs(for: golden.seeds[0])[0]
        try interpreter.copyInput(input, at: 0)
        try interpreter.invoke()
        let first = (0..<interpreter.outputs.count).map { interpreter.output(at: $0) }
        try interpreter.invoke()
        #expect((0..<interpreter.outputs.count).map { interpreter.output(at: $0) } == first)
        #expect(try interpreter.withInput(at: 0) { Array($0) } == input)
    }
}

/// A backend that runs nothing, to check fallback bookkeeping.
private struct DecliningBackend: Backend {
    var name: String { "declining" }
    func makeKernel(for context: KernelContext) throws -> (any Kernel)? { nil }
    func fallbackReason(forNode node: Int) -> String? { "test backend declines node \(node)" }
}

@Suite struct FallbackTests {
    @Test func declinedNodesFallBackToTheReferenceWithTheirReason() throws {
        let tensors = [
            GraphTensor(name: "x", shape: [2], type: .float32, isGraphInput: true),
            GraphTensor(name: "y", shape: [2], type: .float32, isGraphOutput: true),
        ]
        let graph = try Graph(checking: Graph(
            tensors: tensors, nodes: [Node(index: 7, op: .neg, options: .none, inputs: [0], outputs: [1])],
            inputs: [0], outputs: [1]))
        let interpreter = try Interpreter(graph: graph, backends: [DecliningBackend()], threadCount: 1)
        #expect(interpreter.kernelAssignments.map(\.backend) == ["reference"])
        #expect(interpreter.fallbacks.map(\.reason) == ["test backend declines node 7"])
        #expect(interpreter.fallbacks.map(\.backend) == ["declining"])
        try interpreter.copyInput([1, -2], at: 0)
        try interpreter.invoke()
        #expect(interpreter.output(at: 0) == [-1, 2])
    }
}
