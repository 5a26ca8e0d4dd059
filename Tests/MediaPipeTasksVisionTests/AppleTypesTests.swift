import Foundation
import Imaging
import MediaPipeTasksVision
import Testing
import TestSupport

/// iOS's camera and image types as the tasks take them: `CVPixelBuffer` (BGRA, NV12, I420),
/// `CMSampleBuffer` and `UIImage`; and the option and container details of the iOS headers.
@Suite struct AppleTypesTests {
    static func astronaut() throws -> Imaging.Image {
        try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path).image.converted(to: .rgb8)
    }

    @Test(arguments: [(PixelFormat.bgra8, kCVPixelFormatType_32BGRA, 0), (.nv12, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, 2),
                      (.i420, kCVPixelFormatType_420YpCbCr8Planar, 3)])
    func pixelBuffersKeepTheirPixels(format: PixelFormat, code: OSType, planes: Int) throws {
        let image = try Self.astronaut().converted(to: format)
        let buffer = try #require(CVPixelBuffer(image: image))
        #expect(CVPixelBufferGetWidth(buffer) == 512 && CVPixelBufferGetHeight(buffer) == 512)
        #expect(CVPixelBufferGetPixelFormatType(buffer) == code && CVPixelBufferGetPlaneCount(buffer) == planes)
        #expect(CVPixelBufferLockBaseAddress(buffer, .readOnly) == kCVReturnSuccess)
        #expect(CVPixelBufferGetBaseAddress(buffer) != nil && CVPixelBufferGetBaseAddressOfPlane(buffer, 9) == nil)
        CVPixelBufferUnlockBaseAddress(buffer, .readOnly)
        #expect(try Imaging.Image(pixelBuffer: buffer) == image)
    }

    /// A BGRA pixel buffer and a sample buffer of it give exactly the faces of the same pixels as
    /// an image; a buffer's size is reported as stored, whatever the orientation, as iOS does.
    @Test func tasksTakePixelAndSampleBuffers() throws {
        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = Assets.model("face_landmarker.task").path
        let landmarker = try FaceLandmarker(options: options)
        let bgra = try Self.astronaut().converted(to: .bgra8)
        let reference = try landmarker.detect(image: MPImage(image: bgra)).faceLandmarks
        try #require(reference.count == 1)
        let pixelBuffer = try #require(CVPixelBuffer(image: bgra))
        let fromPixelBuffer = try MPImage(pixelBuffer: pixelBuffer)
        #expect(fromPixelBuffer.imageSourceType == .pixelBuffer && fromPixelBuffer.pixelBuffer === pixelBuffer)
        #expect(fromPixelBuffer.image == nil && fromPixelBuffer.sampleBuffer == nil && fromPixelBuffer.orientation == .up)
        #expect(try landmarker.detect(image: fromPixelBuffer).faceLandmarks == reference)

        let sampleBuffer = CMSampleBuffer(imageBuffer: pixelBuffer, presentationTimeStamp: CMTimeMake(value: 90, timescale: 30))
        let fromSampleBuffer = try MPImage(sampleBuffer: sampleBuffer)
        #expect(fromSampleBuffer.imageSourceType == .sampleBuffer && fromSampleBuffer.sampleBuffer === sampleBuffer)
        #expect(try landmarker.detect(image: fromSampleBuffer).faceLandmarks == reference)
        let wide = try #require(CVPixelBuffer(image: try bgra.oriented(.left)))
        let turned = try MPImage(sampleBuffer: CMSampleBuffer(imageBuffer: wide, presentationTimeStamp: CMTime(value: 0, timescale: 1)),
                                 orientation: .right)
        #expect(turned.width == 512 && turned.height == 512 && turned.orientation == .right)
        #expect(try landmarker.detect(image: turned).faceLandmarks.count == 1)
        let strip = try #require(CVPixelBuffer(image: try Imaging.Image(width: 64, height: 32, format: .bgra8, fill: 128)))
        let stored = try MPImage(pixelBuffer: strip, orientation: .right)
        #expect(stored.width == 64 && stored.height == 32)
        #expect(CMTimeGetSeconds(CMSampleBufferGetPresentationTimeStamp(sampleBuffer)) == 3)
    }

    /// `baseOptions` is copied on assignment, as iOS declares it (`copy`).
    @Test func baseOptionsAreCopiedOnAssignment() {
        let shared = BaseOptions()
        shared.modelAssetPath = "a.task"
        let options = FaceDetectorOptions()
        options.baseOptions = shared
        shared.modelAssetPath = "b.task"
        #expect(options.baseOptions.modelAssetPath == "a.task" && options.baseOptions !== shared)
        options.baseOptions.modelAssetPath = "c.task"
        #expect(options.baseOptions.modelAssetPath == "c.task")
    }

    /// Keypoints compare by value, consistently with their hash.
    @Test func keypointsCompareByValue() {
        let a = NormalizedKeypoint(location: CGPoint(x: 0.25, y: 0.5), label: "eye", score: 0.9)
        let b = NormalizedKeypoint(location: CGPoint(x: 0.25, y: 0.5), label: "eye", score: 0.9)
        let c = NormalizedKeypoint(location: CGPoint(x: 0.25, y: 0.5), label: nil, score: 0.9)
        #expect(a == b && a.hash == b.hash && a != c)
        #expect(Set([a, b, c]).count == 2)
    }
}
