import Imaging
import Testing
import VisionCore

/// The fast warp kernel (vectorized groups, per-pixel border path, unclamped position rows) against the
/// plain ``ReferenceWarp`` on seeded random ROIs: rotations, up- and downscaling, ROIs partly or wholly
/// off the image, both borders, odd tensor sizes, every pixel format, padded strides.
@Suite struct WarpDifferentialTests {
    /// A small deterministic generator (64-bit LCG), so that failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * next()
        }
        mutating func integer(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() * Double(range.count))
        }
    }

    /// A noisy RGB image (every tap differs from its neighbours, so any wrong tap or weight shows).
    static func noise(width: Int, height: Int, seed: UInt64) throws -> Image {
        var random = Random(state: seed)
        let bytes = (0..<width * height * 3).map { _ in UInt8(random.integer(0...255)) }
        return try Image(width: width, height: height, format: .rgb8, bytes: bytes)
    }

    /// `image` with `padding` extra bytes after every row (RGB8 only).
    static func padded(_ image: Image, by padding: Int) throws -> Image {
        let rowBytes = image.width * 3
        var bytes: [UInt8] = []
        for row in 0..<image.height {
            bytes += image.planes[0].bytes[row * rowBytes..<(row + 1) * rowBytes]
            bytes += [UInt8](repeating: 0x5A, count: padding)
        }
        return try Image(width: image.width, height: image.height, format: .rgb8, bytes: bytes, rowStride: rowBytes + padding)
    }

    /// `count` seeded random crops of a `width`×`height` picture: ROIs rotated, up- and downscaled,
    /// partly or wholly off the picture, letterboxed or flipped at times, the two borders in turn.
    static func randomCrops(count: Int, seed: UInt64, width: Int, height: Int) throws -> [TensorCrop] {
        var random = Random(state: seed)
        return try (0..<count).map { index in
            let rect = NormalizedRect(xCenter: Float(random.uniform(-0.3...1.3)), yCenter: Float(random.uniform(-0.3...1.3)),
                                      width: Float(random.uniform(0.02...1.6)), height: Float(random.uniform(0.02...1.6)),
                                      rotation: Float(random.uniform(-3.2...3.2)))
            let options = TensorCropOptions(width: random.integer(1...150), height: random.integer(1...90),
                                            keepAspectRatio: random.next() < 0.3,
                                            border: index % 2 == 0 ? .zero : .replicate,
                                            flipHorizontally: random.next() < 0.2)
            return try TensorCrop(rect, imageWidth: width, imageHeight: height, options: options)
        }
    }

    static func randomCrops(_ image: Image, count: Int, seed: UInt64) throws -> Int {
        var mismatches = 0
        for crop in try randomCrops(count: count, seed: seed, width: image.width, height: image.height)
        where try crop.crop(image) != crop.referenceCrop(image) {
            mismatches += 1
            Issue.record("\(image.format) \(image.width)×\(image.height) stride \(image.planes[0].rowStride): \(crop.roi), \(crop.options)")
        }
        return mismatches
    }

    @Test func rgbMatchesReferenceOnRandomROIs() throws {
        let image = try Self.noise(width: 203, height: 117, seed: 1)
        #expect(try Self.randomCrops(image, count: 120, seed: 2) == 0)
        // Padding changes the row stride and lets the group path read the last row.
        #expect(try Self.randomCrops(try Self.padded(image, by: 5), count: 40, seed: 3) == 0)
        #expect(try Self.randomCrops(try Self.padded(image, by: 1), count: 40, seed: 4) == 0)
    }

    @Test func everyFormatMatchesReferenceOnRandomROIs() throws {
        let rgb = try Self.noise(width: 96, height: 70, seed: 5)
        for format in [PixelFormat.rgba8, .bgra8, .gray8, .nv12, .nv21, .i420] {
            #expect(try Self.randomCrops(try rgb.converted(to: format), count: 30, seed: 6) == 0, "\(format)")
        }
    }

    @Test func tinyAndWideImagesMatchReference() throws {
        // 1- and 2-pixel images have no interior; a row stride ≥ 32768 disables the RGB8 group path.
        for (width, height) in [(1, 1), (2, 2), (1, 9), (9, 1), (11_000, 3)] {
            let image = try Self.noise(width: width, height: height, seed: UInt64(width * 31 + height))
            #expect(try Self.randomCrops(image, count: 12, seed: 7) == 0, "\(width)×\(height)")
        }
    }

    /// YUV 4:2:0 crops (the AVX2 group path where the processor has it) in every colour space, on
    /// random ROIs and odd tensor sizes, and whole-image crops that reach the planes' last bytes.
    @Test func yuvCropsMatchReferenceInEveryColourSpace() throws {
        let rgb = try Self.noise(width: 202, height: 118, seed: 9)
        let spaces: [YUVColorSpace] = [.bt601VideoRange, .bt709VideoRange, .bt601FullRange, .bt709FullRange]
        for format in [PixelFormat.nv12, .nv21, .i420] {
            for space in spaces {
                var yuv = try rgb.converted(to: format)
                yuv.yuvColorSpace = space
                #expect(try Self.randomCrops(yuv, count: 12, seed: 10) == 0, "\(format) \(space)")
                for (width, height) in [(202, 118), (256, 160), (61, 37)] {
                    let crop = try TensorCrop(.fullImage, imageWidth: yuv.width, imageHeight: yuv.height,
                                              options: TensorCropOptions(width: width, height: height, border: .replicate))
                    #expect(try crop.crop(yuv) == crop.referenceCrop(yuv), "\(format) \(space) \(width)×\(height)")
                }
            }
        }
    }

    /// I420 crops (the group path reads U and V from their own planes): odd sizes, planes whose
    /// rows are padded past their samples, ROIs reaching past the edges, both borders.
    @Test func i420CropsMatchReference() throws {
        for (width, height, padding) in [(203, 117, 0), (202, 118, 3), (97, 61, 9)] {
            var random = Random(state: UInt64(width * height))
            let planes = (0..<3).map { index in
                let rowBytes = index == 0 ? width : (width + 1) / 2, rows = index == 0 ? height : (height + 1) / 2
                let bytes = (0..<rows).flatMap { _ in
                    (0..<rowBytes).map { _ in UInt8(random.integer(0...255)) } + [UInt8](repeating: 0xA5, count: padding)
                }
                return ImagePlane(bytes: bytes, rowStride: rowBytes + padding)
            }
            let i420 = try Image(width: width, height: height, format: .i420, planes: planes)
            #expect(try Self.randomCrops(i420, count: 40, seed: UInt64(height)) == 0, "\(width)×\(height), rows padded by \(padding)")
        }
    }

    @Test func fullImageCropsMatchReference() throws {
        // Crops that cover the whole image touch every edge, including the last row, where the group
        // path must not read past the buffer.
        let image = try Self.noise(width: 64, height: 48, seed: 8)
        for (width, height) in [(64, 48), (128, 96), (67, 33), (256, 256)] {
            for border in BorderMode.allCases {
                let crop = try TensorCrop(.fullImage, imageWidth: 64, imageHeight: 48,
                                          options: TensorCropOptions(width: width, height: height, border: border))
                #expect(try crop.crop(image) == crop.referenceCrop(image), "\(width)×\(height) \(border)")
            }
        }
    }
}
