import Imaging
import Testing

/// The tensor layout, value ranges and geometry helpers of ``TensorCrop``.
@Suite struct TensorCropTests {
    @Test func valueRangeFollowsMediaPipe() {
        let range = ValueRange(mean: 127.5, std: 127.5)
        #expect(range == .minusOneToOne)
        #expect(ValueRange(mean: 0, std: 255) == .zeroToOne)
        let table = range.lookupTable
        // 255 lands within an ulp of 1 (scale is float32(2/255)), exactly as in MediaPipe.
        #expect(table[0] == -1 && abs(table[255] - 1) <= Float(1).ulp)
        for value in 0..<256 {
            // Exact emulation of a float32 multiply, then a float32 add (each step rounded once).
            let product = Float(Double(value) * Double(range.scale))
            #expect(table[value] == Float(Double(product) + Double(range.offset)))
        }
        // A single rounding of the whole multiply-add (what MediaPipe 0.10.21 was documented to
        // do) differs from MediaPipe 1.2.3's two roundings for many values of [-1, 1].
        let fused = (0..<256).map { Float(Double($0) * Double(range.scale) + Double(range.offset)) }
        #expect(fused != table, "the two-rounding convertTo is observable")
        // With offset 0 ([0, 1]) both agree.
        let zeroOffset = ValueRange.zeroToOne
        #expect(zeroOffset.lookupTable == (0..<256).map { Float(Double($0) * Double(zeroOffset.scale)) })
    }

    /// `ValueRange.map` over a long buffer (its loop in vector lanes) gives each byte the two-rounding
    /// value of the table, for ranges with and without an offset.
    @Test func mappedBytesAreTheTablesValues() {
        let bytes = (0..<4099).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 8) }
        for range in [ValueRange.minusOneToOne, .zeroToOne, ValueRange(mean: 123.7, std: 58.4), ValueRange(min: -3.5, max: 0.25)] {
            var values = [Float](repeating: .nan, count: bytes.count)
            values.withUnsafeMutableBufferPointer { out in
                bytes.withUnsafeBufferPointer { range.map($0, into: out.baseAddress!) }
            }
            let expected = bytes.map { byte in
                Float(Double(Float(Double(byte) * Double(range.scale))) + Double(range.offset))
            }
            #expect(values == expected, "\(range)")
        }
    }

    @Test func tensorIsNHWCRGB() throws {
        // A 2×1 image: red, blue. A 2×1 tensor of the full image samples them directly at scale 1.
        let image = try Image(width: 2, height: 1, format: .rgb8, bytes: [255, 0, 0, 0, 0, 255])
        let tensor = try image.tensor(options: TensorCropOptions(width: 2, height: 1, valueRange: .zeroToOne))
        #expect(tensor.width == 2 && tensor.height == 1)
        #expect(tensor.values == [1, 0, 0, 0, 0, 1])
        #expect(tensor.crop.padding == .zero)
    }

    @Test func letterboxPaddingOfALandscapeImage() throws {
        // docs/pipeline.md §2.1: full-image ROI, square tensor → [0, (1 − H/W)/2, 0, (1 − H/W)/2].
        let crop = try TensorCrop(.fullImage, imageWidth: 1280, imageHeight: 720,
                                  options: TensorCropOptions(width: 128, height: 128, keepAspectRatio: true))
        let expected = (1 - Float(720) / 1280) / 2
        #expect(crop.padding.left == 0 && crop.padding.right == 0)
        #expect(abs(crop.padding.top - expected) < 1e-6 && crop.padding.bottom == crop.padding.top)
        #expect(crop.roi.width == 1280 && crop.roi.height == 1280)
        // The matrix maps the tensor centre to the image centre and the tensor's top edge above it.
        let centre = crop.imagePoint(u: 0.5, v: 0.5)
        #expect(abs(centre.x - 0.5) < 1e-6 && abs(centre.y - 0.5) < 1e-6)
        #expect(abs(crop.imagePoint(u: 0, v: 0).y - (0.5 - 1280 / 720 / 2)) < 1e-5)
    }

    @Test func flipMirrorsTheCrop() throws {
        let image = try TestImages.pattern(width: 64, height: 64)
        let plain = try TensorCrop(.fullImage, imageWidth: 64, imageHeight: 64, options: TensorCropOptions(width: 64, height: 64))
        let flipped = try TensorCrop(.fullImage, imageWidth: 64, imageHeight: 64,
                                     options: TensorCropOptions(width: 64, height: 64, flipHorizontally: true))
        let a = try plain.crop(image).planes[0].bytes, b = try flipped.crop(image).planes[0].bytes
        // Tensor pixel index i of the flipped crop samples the image at x = 64 − i (a corner; see
        // OrientationTests), clamped by REPLICATE: that is plain column 64 − i, or 63 for i = 0.
        var mismatches = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let source = min(64 - x, 63)
                if a[(y * 64 + source) * 3..<(y * 64 + source) * 3 + 3] != b[(y * 64 + x) * 3..<(y * 64 + x) * 3 + 3] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(flipped.imagePoint(u: 0, v: 0).x == 1 && flipped.imagePoint(u: 1, v: 0).x == 0)
    }
}
