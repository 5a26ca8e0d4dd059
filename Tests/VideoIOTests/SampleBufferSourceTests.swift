import AppleShims
import Foundation
import Imaging
import Testing
import VideoIO

/// Camera code written for iOS gets `CMSampleBuffer`s: `SampleBufferSource` hands each frame of a
/// file to `captureOutput(_:didOutput:from:)` as a BGRA pixel buffer with its presentation time.
@Suite struct SampleBufferSourceTests {
    final class Recorder: NSObject, AVCaptureVideoDataOutputSampleBufferDelegate, @unchecked Sendable {
        var times: [Double] = []
        var sizes: [(Int, Int)] = []
        var formats: Set<OSType> = []
        var firstFrame: Imaging.Image?

        func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection) {
            guard let pixelBuffer = CMSampleBufferGetImageBuffer(sampleBuffer) else { return }
            times.append(CMTimeGetSeconds(CMSampleBufferGetPresentationTimeStamp(sampleBuffer)))
            sizes.append((CVPixelBufferGetWidth(pixelBuffer), CVPixelBufferGetHeight(pixelBuffer)))
            formats.insert(CVPixelBufferGetPixelFormatType(pixelBuffer))
            if firstFrame == nil { firstFrame = try? Imaging.Image(pixelBuffer: pixelBuffer) }
        }
    }

    @Test func deliversEveryFrameOfAFileAsSampleBuffers() throws {
        let folder = try ScratchFolder("sample-buffers")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 10, width: 192, height: 144)
        let path = folder.path("clip.mp4")
        try VideoFixtures.write(images, to: path, fps: 25)
        let recorder = Recorder()
        let count = try SampleBufferSource(path: path).run(delegate: recorder)
        #expect(count == 10 && recorder.times.count == 10)
        #expect(recorder.sizes.allSatisfy { $0 == (192, 144) })
        #expect(recorder.formats == [kCVPixelFormatType_32BGRA])
        // 25 frames per second from 0.
        for (index, time) in recorder.times.enumerated() { #expect(abs(time - Double(index) * 0.04) < 1e-3) }
        // The pixels are the decoded frame's, in BGRA.
        let (_, decoded) = try VideoFixtures.readAll(path)
        let first = try #require(recorder.firstFrame)
        #expect(try first.converted(to: .rgb8) == decoded[0].image)
    }

    @Test func aMissingInputIsATypedError() {
        #expect(throws: VideoError.self) { try SampleBufferSource(path: "/nonexistent-\(getpid()).mp4") }
    }
}
