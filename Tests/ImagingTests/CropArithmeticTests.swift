import Imaging
import Testing
import VisionCore

/// The two corner roundings of ``CropArithmetic``: MediaPipe 1.2.3's binary and OpenCV 4.x's source.
@Suite struct CropArithmeticTests {
    @Test func cornersDifferOnlyInTheLastTwoPoints() throws {
        // A rotated ROI whose corners round differently with the two orders of operations.
        var differing = 0
        for step in 0..<200 {
            let rect = NormalizedRect(xCenter: 0.3 + Float(step) * 0.0013, yCenter: 0.61, width: 0.37, height: 0.41,
                                      rotation: 0.1 + Float(step) * 0.01)
            let mediaPipe = try TensorCrop(rect, imageWidth: 801, imageHeight: 577,
                                           options: TensorCropOptions(width: 256, height: 256))
            let openCV = try TensorCrop(rect, imageWidth: 801, imageHeight: 577,
                                        options: TensorCropOptions(width: 256, height: 256, arithmetic: .openCV))
            #expect(Array(mediaPipe.corners.prefix(4)) == Array(openCV.corners.prefix(4)))
            for (a, b) in zip(mediaPipe.corners, openCV.corners) {
                #expect(abs(a - b) <= 2 * max(a.ulp, b.ulp))
            }
            if mediaPipe.corners != openCV.corners { differing += 1 }
        }
        #expect(differing > 0, "the reassociated corners are observable")
    }
}
