import Imaging
import TestSupport
import Testing
import VisionCore

/// ROI → tensor crops are bit-identical to OpenCV 4.11's warpPerspective (MediaPipe's CPU path).
@Suite struct WarpGoldenTests {
    static func crop(for golden: Goldens.Warp, image: Image) throws -> TensorCrop {
        let roi = golden.roi.map(float32(hex:))
        let rect = NormalizedRect(xCenter: roi[0], yCenter: roi[1], width: roi[2], height: roi[3], rotation: roi[4])
        let options = TensorCropOptions(width: golden.tensorWidth, height: golden.tensorHeight,
                                        keepAspectRatio: golden.keepAspectRatio,
                                        border: golden.border == "zero" ? .zero : .replicate,
                                        valueRange: ValueRange(min: golden.range[0], max: golden.range[1]),
                                        flipHorizontally: golden.flipHorizontally,
                                        // The goldens come from opencv-python 4.11's boxPoints.
                                        arithmetic: .openCV)
        return try TensorCrop(rect, imageWidth: image.width, imageHeight: image.height, options: options)
    }

    @Test func coversTheRequiredCases() {
        let warps = Goldens.shared.warps
        #expect(warps.count >= 20)
        #expect(Set(warps.map(\.border)) == ["zero", "replicate"])
        #expect(Set(warps.map(\.tensorWidth)).isSuperset(of: [128, 192, 224, 256]))
        #expect(warps.contains { $0.keepAspectRatio })
        #expect(warps.contains { float32(hex: $0.roi[4]) != 0 })
        #expect(Set(warps.map(\.image)) == ["astronaut.png", "bus.jpg", "zidane.jpg", "t1.jpg"])
    }

    @Test(arguments: Goldens.shared.warps.map(\.name))
    func matchesOpenCV(name: String) throws {
        let golden = try #require(Goldens.shared.warps.first { $0.name == name })
        let image = try TestImages.asset(golden.image)
        let crop = try Self.crop(for: golden, image: image)

        #expect(crop.corners.map(\.bitPattern) == golden.corners.map { float32(hex: $0).bitPattern }, "boxPoints")
        #expect(crop.imageToTensor.m.map(\.bitPattern) == golden.perspective.map { float64(hex: $0).bitPattern },
                "getPerspectiveTransform")
        #expect(crop.tensorToImagePixels.m.map(\.bitPattern) == golden.inverse.map { float64(hex: $0).bitPattern },
                "invert")
        let padding = golden.padding.map(float32(hex:))
        #expect([crop.padding.left, crop.padding.top, crop.padding.right, crop.padding.bottom] == padding)
        #expect(crop.tensorToImage.rowMajor == golden.matrix.map(float32(hex:)), "4×4 matrix")

        let rgb = try crop.crop(image)
        for sample in golden.samples {
            let i = (sample.y * golden.tensorWidth + sample.x) * 3
            #expect(rgb.planes[0].bytes[i..<i + 3].map(Int.init) == sample.rgb, "pixel (\(sample.x), \(sample.y))")
        }
        #expect(SHA256.hex(rgb.planes[0].bytes) == golden.cropSha256, "uint8 crop differs from OpenCV")
        let tensor = try crop.tensor(image)
        #expect(tensor.values.count == golden.tensorWidth * golden.tensorHeight * 3)
        #expect(SHA256.hex(tensor.values) == golden.tensorSha256, "normalized tensor differs")
    }

    @Test(arguments: Goldens.shared.warps.filter { $0.image != "bus.jpg" }.prefix(6).map(\.name))
    func referenceKernelMatchesOpenCVToo(name: String) throws {
        let golden = try #require(Goldens.shared.warps.first { $0.name == name })
        let image = try TestImages.asset(golden.image)
        let crop = try Self.crop(for: golden, image: image)
        #expect(SHA256.hex(try crop.referenceCrop(image).planes[0].bytes) == golden.cropSha256)
    }
}
