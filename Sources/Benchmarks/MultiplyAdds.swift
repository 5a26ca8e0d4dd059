import CFMAPeak
import Inference
import TFLite

/// The multiply-adds of one invocation: what a model's speed is compared with the processor's
/// multiply-add peak on (`vision-tasks bench model`, `bench peak`).
package enum MultiplyAdds {
    /// The multiply-adds of `graph`'s convolutions, depthwise convolutions and fully connected
    /// layers (one per weight per output value; bias additions
    /// and every other operator count nothing).
    package static func count(in graph: Graph) -> Int {
        graph.nodes.indices.reduce(0) { $0 + count(ofNode: $1, in: graph) }
    }

    /// The multiply-adds of `graph.nodes[index]` alone: zero unless it is a convolution, a
    /// depthwise convolution or a fully connected layer.
    package static func count(ofNode index: Int, in graph: Graph) -> Int {
        let node = graph.nodes[index]
        func shape(_ input: Int) -> [Int] {
            input < node.inputs.count && node.inputs[input] >= 0 ? graph.tensors[node.inputs[input]].shape : []
        }
        let outputs = node.outputs.first.map { graph.tensors[$0].shape.reduce(1, *) } ?? 0
        let weights = shape(1)
        switch node.op {
        case .conv2D where weights.count == 4:                 // [O, KH, KW, I]
            return outputs * weights[1] * weights[2] * weights[3]
        case .depthwiseConv2D where weights.count == 4:        // [1, KH, KW, C]
            return outputs * weights[1] * weights[2]
        case .fullyConnected where weights.count == 2:         // [O, I]
            return outputs * weights[1]
        default:
            return 0
        }
    }

    /// The multiply-adds per second one thread of this processor reaches in a loop of nothing but
    /// independent fused multiply-adds, measured for about `seconds`, and the vector width used
    /// (floats: 16 with AVX-512F, 8 with AVX2 and FMA, else 1).
    package static func peakPerSecond(measuringFor seconds: Double = 1) -> (rate: Double, lanes: Int) {
        var lanes: Int32 = 0
        let rate = vt_fma_peak(seconds, &lanes)
        return (rate, Int(lanes))
    }
}
