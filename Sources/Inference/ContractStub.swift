// TEMPORARY: the engine contract's core types, until branch `engine` lands them. Deleted at merge.
import TFLite

package enum ElementType { case float32, int32 }
package enum ConstantData { case float32([Float]); case int32([Int32]) }
package struct GraphTensor {
    package var name: String; package var shape: [Int]; package var type: ElementType
    package var constant: ConstantData?
    package var isGraphInput: Bool; package var isGraphOutput: Bool
}
package struct Node {
    package var index: Int
    package var op: BuiltinOperator
    package var options: OperatorOptions
    package var inputs: [Int]; package var outputs: [Int]
}
package struct Graph { package var tensors: [GraphTensor]; package var nodes: [Node]; package var inputs: [Int]; package var outputs: [Int] }
package protocol Kernel: AnyObject { func invoke() }
package struct KernelContext {
    package let graph: Graph
    package let node: Node
    package let floatPointers: [UnsafeMutablePointer<Float>?]
    package func floats(_ tensor: Int) -> UnsafeMutablePointer<Float> { floatPointers[tensor]! }
    package let threadCount: Int
}
package protocol Backend {
    var name: String { get }
    func makeKernel(for context: KernelContext) throws -> (any Kernel)?
}
package enum InferenceError: Error {
    case xnnpack(status: Int, during: String)
    case invalidGraph(detail: String)
}
