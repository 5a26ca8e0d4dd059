import Imaging
import TestSupport
import Testing
import VisionCore

/// The float inverse warpAffine of segmentation masks equals OpenCV 4.11's (docs/pipeline.md §6.6).
@Suite struct MaskWarpGoldenTests {
    static func mask(size: Int) throws -> FloatImage {
        var values = [Float](repeating: 0, count: size * size)
        for y in 0..<size { for x in 0..<size { values[y * size + x] = Float((x * 37 + y * 91) % 256) / Float(255) } }
        return try FloatImage(width: size, height: size, values: values)
    }

    @Test(arguments: Goldens.shared.masks.map(\.name))
    func matchesOpenCV(name: String) throws {
        let golden = try #require(Goldens.shared.masks.first { $0.name == name })
        let mask = try Self.mask(size: golden.maskSize)
        let affine = golden.affine.map(float32(hex:))
        let warped = try mask.warpedAffine(inverseMap: affine, width: golden.width, height: golden.height)
        for sample in golden.samples {
            #expect(warped[sample.x, sample.y].bitPattern == float32(hex: sample.value).bitPattern, "(\(sample.x), \(sample.y))")
        }
        #expect(SHA256.hex(warped.values) == golden.sha256)
        let reference = ReferenceWarp.warpAffine(mask, affine: affine, outputWidth: golden.width, outputHeight: golden.height)
        #expect(reference.map(\.bitPattern) == warped.values.map(\.bitPattern))
    }

    @Test func warpedBackLandsInsideTheROI() throws {
        let image = try TestImages.pattern(width: 300, height: 200)
        let crop = try TensorCrop(NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.4, height: 0.6, rotation: 0.3),
                                  imageWidth: image.width, imageHeight: image.height,
                                  options: TensorCropOptions(width: 256, height: 256))
        let ones = try FloatImage(width: 256, height: 256, repeating: 1)
        let back = try ones.warpedBack(from: crop)
        #expect(back.width == 300 && back.height == 200)
        #expect(back[150, 100] == 1, "the ROI centre is inside")
        #expect(back[5, 5] == 0 && back[295, 195] == 0, "corners are outside the ROI")
        // The map T agrees with the golden construction for the same ROI (up to float rounding).
        let t = FloatImage.maskInverseMap(crop: crop, maskWidth: 256, maskHeight: 256)
        let u = t[0] * 150 + t[1] * 100 + t[2], v = t[3] * 150 + t[4] * 100 + t[5]
        #expect(abs(u - 128) < 1e-3 && abs(v - 128) < 1e-3, "the image centre maps to the mask centre")
    }
}
