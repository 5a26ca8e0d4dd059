import TFLite

/// RESIZE_BILINEAR: input `[N, H, W, C]`, constant int32 size `[OH, OW]`, output `[N, OH, OW, C]`.
package struct ResizeBilinearParameters: Hashable, Sendable {
    package var inputShape: [Int]
    package var outputHeight: Int
    package var outputWidth: Int
    package var alignCorners: Bool
    package var halfPixelCenters: Bool

    package var outputShape: [Int] { [inputShape[0], outputHeight, outputWidth, inputShape[3]] }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        try reader.expectArity(inputs: 2...2)
        switch reader.node.options {
        case .resizeBilinear(let align, let half): (alignCorners, halfPixelCenters) = (align, half)
        case .none: (alignCorners, halfPixelCenters) = (false, false)
        default: throw reader.wrongOptions()
        }
        guard !(alignCorners && halfPixelCenters) else {
            throw reader.invalid("align_corners and half_pixel_centers cannot both be set")
        }
        inputShape = try reader.floatInput(0, rank: 4)
        let size = try reader.int32Constant(1)
        guard size.count == 2, size.allSatisfy({ $0 > 0 && $0 <= 1 << 16 }) else {
            throw reader.invalid("size \(size) must be two positive values")
        }
        outputHeight = size[0]
        outputWidth = size[1]
    }
}
