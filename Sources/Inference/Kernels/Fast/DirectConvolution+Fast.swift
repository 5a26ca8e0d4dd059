import CFastKernels

/// The convolutions the other fast kernels leave, for the built-in backend (no XNNPACK):
/// CONV_2D of any shape, DEPTHWISE_CONV_2D with depth multiplier 1 at any stride, and
/// FULLY_CONNECTED (a 1×1 convolution over its rows), by CFastKernels' direct kernel
/// (`DirectConvolution.c`). Sums bias + terms in XNNPACK's order with fused multiply-adds, so the
/// built-in backend gives the XNNPACK backend's results bit for bit. A convolution may carry a
/// fused PRELU (``Node/epilogue``; docs/engine.md §4.3).
final class FastDirectConvolutionKernel: Kernel {
    private let operation: UnsafeMutablePointer<fk_direct_conv>
    private let packed: UnsafeMutableBufferPointer<Float>
    private let tasks: FastRowTasks

    /// The convolution's geometry in the C kernel's terms (weights and pointers aside).
    struct Shape {
        var depthwise = false
        var inputChannels = 0, outputChannels = 0
        /// Input and output sizes, kernel, stride, dilation and padding before, per axis.
        var height = Axis(), width = Axis()
        var hasBias = false
        var activation: ActivationRange

        struct Axis {
            var input = 1, output = 1, kernel = 1, stride = 1, dilation = 1, padBefore = 0

            init() {}

            init(_ axis: WindowAxis) {
                (input, output, kernel) = (axis.inputSize, axis.outputSize, axis.kernelSize)
                (stride, dilation, padBefore) = (axis.stride, axis.dilation, axis.padBefore)
            }
        }

        /// A convolution of one input and one output channel is XNNPACK's depthwise convolution
        /// of one channel (same weights layout), and sums in that order.
        init(_ p: Conv2DParameters) {
            (inputChannels, outputChannels, height, width) = (p.inputChannels, p.outputChannels, Axis(p.height), Axis(p.width))
            (depthwise, hasBias, activation) = (p.inputChannels == 1 && p.outputChannels == 1, p.hasBias, p.activation)
        }

        init(_ p: DepthwiseConv2DParameters) {
            (inputChannels, outputChannels, height, width) = (p.inputChannels, p.outputChannels, Axis(p.height), Axis(p.width))
            (depthwise, hasBias, activation) = (true, p.hasBias, p.activation)
        }

        /// FULLY_CONNECTED: its rows as the pixels of a one-row image.
        init(_ p: FullyConnectedParameters) {
            (inputChannels, outputChannels) = (p.inputSize, p.outputSize)
            (width.input, width.output) = (p.rows, p.rows)
            (hasBias, activation) = (p.hasBias, p.activation)
        }
    }

    /// Whether the kernel runs this node: one image, depth multiplier 1.
    /// The convolutions this kernel takes beside XNNPACK too: first layers, at most 4 input
    /// channels (a picture's), a kernel wider than 1, one image (AVX2 runs them three to six pixels at a
    /// time, 1.3–1.5× XNNPACK 2022's speed on the detectors' first layers, with its bits).
    static func supportsFirstLayer(_ p: Conv2DParameters) -> Bool {
        p.batch == 1 && p.inputChannels <= 4 && p.width.kernelSize > 1
    }

    static func supports(_ node: Node, _ reader: NodeReader) -> Bool {
        switch node.op {
        case .conv2D: (try? Conv2DParameters(reader))?.batch == 1
        case .depthwiseConv2D: (try? DepthwiseConv2DParameters(reader)).map { $0.batch == 1 && $0.depthMultiplier == 1 } ?? false
        case .fullyConnected: (try? FullyConnectedParameters(reader)) != nil
        default: false
        }
    }

    init(_ context: KernelContext, lanes: Int, parallelWorkThreshold: Int) throws {
        let shape: Shape = switch context.node.op {
        case .depthwiseConv2D: Shape(try DepthwiseConv2DParameters(context))
        case .fullyConnected: Shape(try FullyConnectedParameters(context))
        default: Shape(try Conv2DParameters(context))
        }
        guard Self.supports(context.node, NodeReader(context)) else { throw context.invalid("not a convolution the direct kernel runs") }
        guard context.node.epilogue?.residual == nil else { throw context.invalid("the direct kernel applies no fused ADD") }
        let lanes = lanes >= 16 ? 16 : lanes >= 8 ? 8 : 1  // 16: wider first-layer passes (CFastKernels.h)
        let (kh, kw) = (shape.height.kernel, shape.width.kernel)
        packed = .allocate(capacity: fk_direct_conv_packed_count(lanes, shape.depthwise ? 1 : 0, shape.inputChannels,
                                                                 shape.outputChannels, kh, kw))
        fk_direct_conv_pack(lanes, shape.depthwise ? 1 : 0, shape.inputChannels, shape.outputChannels, kh, kw,
                            context.floats(context.input(1)), shape.hasBias ? context.floats(context.input(2)) : nil,
                            packed.baseAddress!)
        let terms = shape.depthwise ? kh * kw : kh * kw * shape.inputChannels
        let work = shape.height.output * shape.width.output * shape.outputChannels * terms
        do {
            tasks = try FastRowTasks(rows: shape.height.output, work: work, threadCount: context.threadCount,
                                     threshold: parallelWorkThreshold)
        } catch {
            packed.deallocate()
            throw error
        }
        operation = .allocate(capacity: 1)
        operation.initialize(to: fk_direct_conv(
            lanes: lanes, input: context.floats(context.input(0)), output: context.floats(context.output(0)),
            packed: packed.baseAddress!,
            input_height: shape.height.input, input_width: shape.width.input, input_channels: shape.inputChannels,
            output_height: shape.height.output, output_width: shape.width.output, output_channels: shape.outputChannels,
            kernel_height: kh, kernel_width: kw, stride_height: shape.height.stride, stride_width: shape.width.stride,
            dilation_height: shape.height.dilation, dilation_width: shape.width.dilation,
            pad_top: shape.height.padBefore, pad_left: shape.width.padBefore, depthwise: shape.depthwise ? 1 : 0,
            output_min: shape.activation.lower, output_max: shape.activation.upper,
            slope: context.node.epilogue?.slope.map { UnsafePointer(context.floats($0)) }, rows_per_task: tasks.rowsPerTask))
    }

    deinit {
        operation.deallocate()
        packed.deallocate()
    }

    func invoke() {
        tasks.run(fk_direct_conv_task, context: UnsafeMutableRawPointer(operation))
    }
}
