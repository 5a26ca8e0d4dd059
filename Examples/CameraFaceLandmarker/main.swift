// A camera loop written as on iOS, run on Linux: `CameraFeed` is what an iOS app's
// AVCaptureVideoDataOutputSampleBufferDelegate looks like with MediaPipe's FaceLandmarker in
// live-stream mode, unchanged; only the last lines, which start the camera, differ (VideoIO's
// SampleBufferSource instead of an AVCaptureSession).
//
//     swift run -c release camera-face-landmarker [/dev/video0 | VIDEO_FILE | URL]
//
// Prints one line per processed frame: its time and the faces found. On Apple platforms the
// camera is AVFoundation's (an AVCaptureSession): SampleBufferSource exists only where CoreMedia
// does not.
#if !canImport(CoreMedia)
import Foundation
import MediaPipeTasksVision
import VideoIO

final class CameraFeed: NSObject, AVCaptureVideoDataOutputSampleBufferDelegate, FaceLandmarkerLiveStreamDelegate {
    private var faceLandmarker: FaceLandmarker?
    private(set) var processedFrames = 0

    init(modelPath: String) throws {
        super.init()
        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath
        options.runningMode = .liveStream
        options.numFaces = 2
        options.faceLandmarkerLiveStreamDelegate = self
        faceLandmarker = try FaceLandmarker(options: options)
    }

    // As on iOS: each camera frame goes to the landmarker with its presentation time.
    func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection) {
        guard let image = try? MPImage(sampleBuffer: sampleBuffer, orientation: .up) else { return }
        let timestamp = CMSampleBufferGetPresentationTimeStamp(sampleBuffer)
        let milliseconds = Int(CMTimeGetSeconds(timestamp) * 1000)
        try? faceLandmarker?.detectAsync(image: image, timestampInMilliseconds: milliseconds)
    }

    // As on iOS: results arrive on the landmarker's own queue.
    func faceLandmarker(_ faceLandmarker: FaceLandmarker, didFinishDetection result: FaceLandmarkerResult?,
                        timestampInMilliseconds: Int, error: Error?) {
        processedFrames += 1
        if let result {
            print("\(timestampInMilliseconds) ms: \(result.faceLandmarks.count) face(s)")
        } else {
            print("\(timestampInMilliseconds) ms: \(error.map { "\($0)" } ?? "no result")")
        }
    }
}

let input = CommandLine.arguments.dropFirst().first ?? "/dev/video0"
let assets = ProcessInfo.processInfo.environment["VISIONTASKS_ASSETS"] ?? "assets"
do {
    let feed = try CameraFeed(modelPath: assets + "/models/face_landmarker.task")
    let frames = try SampleBufferSource(path: input).run(delegate: feed)
    Thread.sleep(forTimeInterval: 0.5)  // let the last live-stream result arrive
    print("\(frames) frames read from \(input)")
} catch {
    FileHandle.standardError.write(Data("camera-face-landmarker: \(error)\n".utf8))
    exit(1)
}
#else
print("camera-face-landmarker: on Apple platforms, start the camera with an AVCaptureSession")
#endif
