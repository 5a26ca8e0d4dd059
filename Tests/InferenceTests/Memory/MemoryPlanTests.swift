import Inference
import TFLite
import Testing
import TestSupport

@Suite struct MemoryPlanTests {
    /// No two tensors that are live at the same step share a byte; offsets are 64-byte aligned.
    func expectSound(_ graph: Graph, _ plan: MemoryPlan) {
        let planned = plan.lifetimes.enumerated().compactMap { index, lifetime in
            lifetime.map { (index, $0.steps, plan.offsets[index]!, $0.bytes) }
        }
        for (index, _, offset, bytes) in planned {
            #expect(offset % 64 == 0)
            #expect(bytes >= graph.tensors[index].byteCount)
            #expect(offset + bytes <= plan.arenaByteCount)
        }
        var conflicts = 0
        for i in planned.indices {
            for j in planned.indices where j > i {
                let (a, b) = (planned[i], planned[j])
                if a.1.overlaps(b.1) && a.2 < b.2 + b.3 && b.2 < a.2 + a.3 { conflicts += 1 }
            }
        }
        #expect(conflicts == 0)
        let lastStep = graph.nodes.count
        for input in graph.inputs { #expect(plan.lifetimes[input]?.steps == 0...lastStep) }
        for output in graph.outputs { #expect(plan.lifetimes[output]?.steps.upperBound == lastStep) }
    }

    @Test func chainReusesSlotsButNeverTheInput() throws {
        // x -> relu -> relu -> relu -> y, 4 KiB each: x lives throughout; t1 and y can share,
        // t2 needs its own slot: 3 slots instead of 4.
        var tensors = [GraphTensor(name: "x", shape: [1024], type: .float32, isGraphInput: true)]
        var nodes: [Node] = []
        for i in 0..<3 {
            tensors.append(GraphTensor(name: "t\(i)", shape: [1024], type: .float32, isGraphOutput: i == 2))
            nodes.append(Node(index: i, op: .relu, options: .none, inputs: [i], outputs: [i + 1]))
        }
        let graph = try Graph(checking: Graph(tensors: tensors, nodes: nodes, inputs: [0], outputs: [3]))
        let plan = MemoryPlan(graph: graph)
        expectSound(graph, plan)
        #expect(plan.activationByteCount == 4 * 4096)
        #expect(plan.arenaByteCount == 3 * 4096)
    }

    @Test(arguments: LiteRTGolden.stems)
    func realModelPlansAreSoundAndShare(stem: String) throws {
        let interpreter = try Interpreter(model: LiteRTGolden.load(stem).loadModel(), options: .init(backend: .reference))
        expectSound(interpreter.graph, interpreter.plan)
        #expect(interpreter.plan.arenaByteCount * 4 < interpreter.plan.activationByteCount)
    }
}
