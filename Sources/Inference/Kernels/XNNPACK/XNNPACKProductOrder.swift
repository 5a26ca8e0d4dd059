#if XNNPACK
import CXNNPACK

/// Whether XNNPACK's matrix products on this processor add each output's terms one after another
/// from the bias, with fused multiply-adds, as our kernels do (docs/engine.md §4.1).
///
/// Debian's 2022 XNNPACK runs fully connected layers and every convolution but the depthwise ones
/// through one family of product kernels, chosen at initialization. For the processors its cpuinfo
/// names AMD Zen (family 17h, the first Zen) or Hygon Dhyana it chooses kernels that add four
/// terms at a time in an order rotated from lane to lane, so most outputs get other bits there than
/// on every other processor, where MediaPipe's goldens were recorded. The order is probed, not
/// inferred from the processor's name: one fully connected layer of 16 outputs from 8 inputs,
/// whose terms differ enough in size that their order shows in the sums.
package enum XNNPACKProductOrder {
    /// The probe's answer, worked out once per process; true where XNNPACK cannot run.
    package static let isSequential: Bool = probe()

    private static let inputCount = 8, outputCount = 16

    private static func probe() -> Bool {
        guard (try? XNNPACKRuntime.ensureInitialized()) != nil else { return true }
        // Inputs of very different sizes, so that a term added before or after the large ones
        // rounds differently; weights in [−1.5, 1.5] and biases in [−0.5, 0.5], all exact in Float.
        let input: [Float] = [3.0e7, 1.25, -2.9999e7, 0.375, 7.5, -0.001, 12.0, 0.5]
        let weights: [Float] = (0..<(outputCount * inputCount)).map { Float(($0 * 7 + $0 / inputCount * 3) % 13 - 6) * 0.25 }
        let bias: [Float] = (0..<outputCount).map { Float($0 % 5 - 2) * 0.25 }
        var product = [Float](repeating: 0, count: outputCount)
        var op: xnn_operator_t?
        guard xnn_create_fully_connected_nc_f32(inputCount, outputCount, inputCount, outputCount, weights, bias,
                                                -.infinity, .infinity, 0, &op) == xnn_status_success, let op else { return true }
        defer { xnn_delete_operator(op) }
        // XNNPACK keeps the pointers from setup to run, so both calls are inside the closures.
        let ran = input.withUnsafeBufferPointer { x in
            product.withUnsafeMutableBufferPointer { y in
                xnn_setup_fully_connected_nc_f32(op, 1, x.baseAddress, y.baseAddress, nil) == xnn_status_success
                    && xnn_run_operator(op, nil) == xnn_status_success
            }
        }
        guard ran else { return true }
        return (0..<outputCount).allSatisfy { o in
            let sum = (0..<inputCount).reduce(bias[o]) { $0.addingProduct(input[$1], weights[o * inputCount + $1]) }
            return sum.bitPattern == product[o].bitPattern
        }
    }
}
#endif
