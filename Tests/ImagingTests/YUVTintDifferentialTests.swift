import Foundation
import Imaging
import TestSupport
import Testing

/// Drawing's YUV 4:2:0 blend in C (CPixelKernels' `vt_yuv420_tint_blend`: sixteen luma samples a
/// step with AVX2, the scalar sample elsewhere) against its plain twin ``ReferenceDrawing``, byte
/// for byte, through ``Image/fillMask(_:color:threshold:)``: NV12, NV21 and I420 of odd and even
/// sizes, masks with values below 0, above 1, NaN, infinities and values at the blend's cut, every
/// opacity, with and without a threshold.
@Suite struct YUVTintDifferentialTests {
    /// Random planes, with a few bytes of row padding now and then.
    static func picture(width: Int, height: Int, format: PixelFormat, random: inout SeededRandom) throws -> Image {
        func plane(rowBytes: Int, rows: Int) -> ImagePlane {
            let stride = rowBytes + (Bool.random(using: &random) ? Int.random(in: 1...5, using: &random) : 0)
            return ImagePlane(bytes: (0..<stride * rows).map { _ in UInt8.random(in: 0...255, using: &random) }, rowStride: stride)
        }
        let (chromaWidth, chromaHeight) = ((width + 1) / 2, (height + 1) / 2)
        let planes = format == .i420
            ? [plane(rowBytes: width, rows: height), plane(rowBytes: chromaWidth, rows: chromaHeight),
               plane(rowBytes: chromaWidth, rows: chromaHeight)]
            : [plane(rowBytes: width, rows: height), plane(rowBytes: 2 * chromaWidth, rows: chromaHeight)]
        return try Image(width: width, height: height, format: format, planes: planes)
    }

    static func mask(width: Int, height: Int, random: inout SeededRandom) throws -> FloatImage {
        // A blob that fades out (so that the box has an edge) with special values sprinkled in.
        let centre = (x: Float.random(in: 0...Float(width), using: &random), y: Float.random(in: 0...Float(height), using: &random))
        let radius = Float.random(in: 1...Float(max(width, height)), using: &random)
        let specials: [Float] = [0, -0, 1, 2, -1, .nan, .infinity, -.infinity, 0.002, 0.0025, 1e-30, .leastNonzeroMagnitude]
        var values: [Float] = []
        for y in 0..<height {
            for x in 0..<width {
                if Int.random(in: 0..<12, using: &random) == 0 {
                    values.append(specials.randomElement(using: &random)!)
                    continue
                }
                let distance = ((Float(x) - centre.x) * (Float(x) - centre.x) + (Float(y) - centre.y) * (Float(y) - centre.y)).squareRoot()
                values.append(1.2 - distance / radius + Float.random(in: -0.2...0.2, using: &random))
            }
        }
        return try FloatImage(width: width, height: height, values: values)
    }

    /// Bytes that differ between two images of the same layout (all of them if the layouts differ).
    static func differences(_ a: Image, _ b: Image) -> Int {
        guard a.planes.count == b.planes.count, zip(a.planes, b.planes).allSatisfy({ $0.bytes.count == $1.bytes.count }) else {
            return Int.max
        }
        return zip(a.planes, b.planes).map { zip($0.bytes, $1.bytes).filter { $0 != $1 }.count }.reduce(0, +)
    }

    @Test func masksBlendAsTheReference() throws {
        var random = SeededRandom(seed: 0x7469_6E74)
        var changed = 0
        for index in 0..<90 {
            let wide = index % 10 == 0
            let width = wide ? Int.random(in: 200...320, using: &random) : Int.random(in: 1...67, using: &random)
            let height = wide ? Int.random(in: 40...90, using: &random) : Int.random(in: 1...41, using: &random)
            let format = [PixelFormat.nv12, .nv21, .i420][index % 3]
            let original = try Self.picture(width: width, height: height, format: format, random: &random)
            var drawn = original, reference = original
            let mask = try Self.mask(width: width, height: height, random: &random)
            let alpha: UInt8 = index % 7 == 0 ? UInt8.random(in: 1...3, using: &random) : UInt8.random(in: 1...255, using: &random)
            let color = Color(red: UInt8.random(in: 0...255, using: &random), green: UInt8.random(in: 0...255, using: &random),
                              blue: UInt8.random(in: 0...255, using: &random), alpha: alpha)
            let threshold: Float? = index % 4 == 3 ? Float.random(in: 0...1, using: &random) : nil
            try drawn.fillMask(mask, color: color, threshold: threshold)
            try reference.referenceFillMask(mask, color: color, threshold: threshold)
            #expect(Self.differences(drawn, reference) == 0,
                    "\(width)×\(height) \(format) alpha \(alpha) threshold \(String(describing: threshold))")
            if Self.differences(drawn, original) > 0 { changed += 1 }
        }
        #expect(changed > 60, "most cases change the picture")
    }

    /// A whole frame's mask in a 720p NV12 picture, the overlay's case.
    @Test func aFrameSizedMaskBlendsAsTheReference() throws {
        var random = SeededRandom(seed: 0x6672_616D)
        let original = try Self.picture(width: 1280, height: 720, format: .nv12, random: &random)
        var drawn = original, reference = original
        // A ramp from 0 at the left and top edges to 2 at the bottom right.
        let values: [Float] = (0..<1280 * 720).map { (i: Int) -> Float in
            let x = Float(i % 1280) / 1280, y = Float(i / 1280) / 360
            return x * y
        }
        let mask = try FloatImage(width: 1280, height: 720, values: values)
        try drawn.fillMask(mask, color: Color(red: 0, green: 90, blue: 255, alpha: 110))
        try reference.referenceFillMask(mask, color: Color(red: 0, green: 90, blue: 255, alpha: 110))
        #expect(Self.differences(drawn, reference) == 0)
        #expect(Self.differences(drawn, original) > 100_000)
    }
}
