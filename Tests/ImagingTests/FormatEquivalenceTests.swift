import Imaging
import Testing
import VisionCore

/// Every pixel format of the same picture gives the same crop and tensor.
@Suite struct FormatEquivalenceTests {
    static let options: [TensorCropOptions] = [
        TensorCropOptions(width: 128, height: 128, keepAspectRatio: true, border: .zero, valueRange: .minusOneToOne),
        TensorCropOptions(width: 96, height: 64, border: .replicate, valueRange: .zeroToOne),
        TensorCropOptions(width: 64, height: 64, border: .replicate, flipHorizontally: true),
    ]
    static let rects: [NormalizedRect] = [
        .fullImage,
        NormalizedRect(xCenter: 0.4, yCenter: 0.35, width: 0.5, height: 0.6, rotation: 0.7),
        NormalizedRect(xCenter: 0.95, yCenter: 0.1, width: 0.4, height: 0.3, rotation: -2.2),
    ]

    /// A copy of `image` with `padding` extra bytes at the end of every row of every plane.
    static func padded(_ image: Image, by padding: Int) throws -> Image {
        var planes: [ImagePlane] = []
        for (index, plane) in image.planes.enumerated() {
            let rowBytes = index == 0 ? image.width * image.format.bytesPerPixel
                : (image.format == .i420 ? (image.width + 1) / 2 : ((image.width + 1) / 2) * 2)
            let rows = index == 0 ? image.height : (image.height + 1) / 2
            var bytes: [UInt8] = []
            for row in 0..<rows {
                bytes += plane.bytes[row * plane.rowStride..<row * plane.rowStride + rowBytes]
                bytes += [UInt8](repeating: 0xAB, count: padding)
            }
            planes.append(ImagePlane(bytes: bytes, rowStride: rowBytes + padding))
        }
        return try Image(width: image.width, height: image.height, format: image.format, planes: planes)
    }

    static func crops(_ image: Image, _ rgbReference: Image) throws {
        for rect in rects {
            for options in options {
                let crop = try TensorCrop(rect, imageWidth: image.width, imageHeight: image.height, options: options)
                let expected = try crop.tensor(rgbReference)
                let got = try crop.tensor(image)
                #expect(got.values == expected.values, "\(image.format) \(rect) \(options.width)×\(options.height)")
                #expect(try crop.crop(image) == crop.referenceCrop(image), "fast and reference kernels, \(image.format)")
            }
        }
    }

    @Test func rgbaBgraGrayAndStridesMatchRGB() throws {
        let astronaut = try TestImages.asset("astronaut.png")
        let rgb = try astronaut.converted(to: .rgb8)
        for format in [PixelFormat.rgba8, .bgra8] {
            let image = try rgb.converted(to: format)
            #expect(image.rgbBytes() == rgb.rgbBytes())
            try Self.crops(image, rgb)
            try Self.crops(try Self.padded(image, by: 5), rgb)
        }
        // Gray: the same as the RGB image with the gray value in every channel.
        let gray = try rgb.converted(to: .gray8)
        let grayAsRGB = try Image(width: gray.width, height: gray.height, format: .rgb8,
                                  bytes: gray.planes[0].bytes.flatMap { [$0, $0, $0] })
        try Self.crops(gray, grayAsRGB)
        try Self.crops(try Self.padded(gray, by: 3), grayAsRGB)
        try Self.crops(try Self.padded(rgb, by: 7), rgb)
    }

    @Test(arguments: [PixelFormat.nv12, .nv21, .i420])
    func yuvMatchesItsRGBConversion(format: PixelFormat) throws {
        let rgb = try TestImages.asset("zidane.jpg")
        let yuv = try rgb.converted(to: format)
        let converted = try yuv.converted(to: .rgb8)
        // The round trip is close to the original (video-range 4:2:0 loses a little).
        let original = rgb.rgbBytes(), back = converted.rgbBytes()
        let meanError = zip(original, back).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / original.count
        #expect(meanError < 6, "mean |RGB → \(format) → RGB| error \(meanError)")
        try Self.crops(yuv, converted)
        try Self.crops(try Self.padded(yuv, by: 6), converted)
    }

    @Test func nv12AndNV21AndI420ConvertIdentically() throws {
        let rgb = try TestImages.pattern(width: 64, height: 48)
        let nv12 = try rgb.converted(to: .nv12).rgbBytes()
        #expect(try rgb.converted(to: .nv21).rgbBytes() == nv12)
        #expect(try rgb.converted(to: .i420).rgbBytes() == nv12)
        #expect(throws: ImageError.self) { try TestImages.pattern(width: 5, height: 4).converted(to: .nv12) }
    }

    @Test func oddSizedYUVIsSampledSafely() throws {
        // 5×3: chroma planes are 3×2; every pixel, including the last column and row, converts.
        let y = [UInt8](repeating: 120, count: 15), u = [UInt8](repeating: 90, count: 6), v = [UInt8](repeating: 200, count: 6)
        let image = try Image(width: 5, height: 3, format: .i420, planes: [
            ImagePlane(bytes: y, rowStride: 5), ImagePlane(bytes: u, rowStride: 3), ImagePlane(bytes: v, rowStride: 3)])
        let rgb = image.rgbBytes()
        #expect(rgb.count == 45)
        #expect(Set(stride(from: 0, to: 45, by: 3).map { rgb[$0] }).count == 1, "uniform input, uniform output")
        let crop = try TensorCrop(NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 1.2, height: 1.2, rotation: 0.3),
                                  imageWidth: 5, imageHeight: 3, options: TensorCropOptions(width: 16, height: 16))
        #expect(try crop.crop(image) == crop.referenceCrop(image))
    }
}
