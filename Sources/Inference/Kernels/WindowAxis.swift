import TFLite

/// The output size and padding of a sliding window along one spatial axis, as TFLite computes them.
package struct WindowAxis: Hashable, Sendable {
    package var inputSize: Int
    package var outputSize: Int
    package var kernelSize: Int
    package var stride: Int
    package var dilation: Int
    /// Padding before the first input element (top or left).
    package var padBefore: Int
    /// Padding after the last input element (bottom or right).
    package var padAfter: Int

    /// SAME: `out = ceil(in / stride)`; VALID: `out = ceil((in - effectiveKernel + 1) / stride)`.
    /// The total padding is `max((out - 1) * stride + effectiveKernel - in, 0)`, with
    /// `before = total / 2` (TFLite's rule; the extra element, if any, goes after).
    ///
    /// `folded` zeros (from a PAD folded into the operator) are added before and after the input
    /// first; `in` above is then the padded size.
    package init(padding: Padding, inputSize: Int, kernelSize: Int, stride: Int, dilation: Int,
                 folded: (before: Int, after: Int) = (0, 0), reader: NodeReader) throws {
        guard stride > 0, dilation > 0, kernelSize > 0, inputSize > 0, folded.before >= 0, folded.after >= 0 else {
            throw reader.invalid("window needs positive sizes: input \(inputSize), kernel \(kernelSize), stride \(stride), dilation \(dilation), folded padding \(folded)")
        }
        guard kernelSize <= 1 << 20, dilation <= 1 << 20, stride <= 1 << 20, folded.before <= 1 << 20, folded.after <= 1 << 20 else {
            throw reader.invalid("window sizes are too large")
        }
        let padded = inputSize + folded.before + folded.after
        let effectiveKernel = (kernelSize - 1) * dilation + 1
        let output: Int
        switch padding {
        case .same: output = (padded + stride - 1) / stride
        case .valid: output = (padded - effectiveKernel + stride) / stride
        }
        guard output > 0 else {
            throw reader.invalid("window of \(effectiveKernel) (kernel \(kernelSize), dilation \(dilation)) does not fit input \(padded) with VALID padding")
        }
        let total = max((output - 1) * stride + effectiveKernel - padded, 0)
        self.inputSize = inputSize
        outputSize = output
        self.kernelSize = kernelSize
        self.stride = stride
        self.dilation = dilation
        padBefore = folded.before + total / 2
        padAfter = folded.after + total - total / 2
    }
}

extension WindowAxis {
    /// The kernel taps `k` whose input position `start + k * dilation` lies inside the input
    /// (`0 ..< inputSize`); they are consecutive. The other taps read padding.
    package func validTaps(from start: Int) -> Range<Int> {
        let low = start >= 0 ? 0 : (dilation - 1 - start) / dilation
        let high = start >= inputSize ? 0 : Swift.min(kernelSize, (inputSize - 1 - start) / dilation + 1)
        return low..<Swift.max(low, high)
    }
}
