import Foundation
import Testing
import TestSupport
import VideoIO

/// `Examples/CameraFaceLandmarker`: an iOS camera delegate, unchanged, fed by VideoIO's
/// `SampleBufferSource` (here from a video file standing in for `/dev/video0`).
@Suite struct CameraExampleTests {
    @Test func theIOSCameraLoopRunsOnAVideo() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("camera.mp4").path
        try ClipFixtures.write(try ClipFixtures.faceFrames(count: 20, width: 320, height: 240), to: path, container: .mp4)
        let run = try CommandLineTool.run([path], binary: "camera-face-landmarker")
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        print("camera example: \(lines.count) lines, last: \(lines.last ?? "")")
        #expect(lines.last == "20 frames read from \(path)")
        // Live-stream mode drops frames that arrive while the landmarker is busy; those it
        // processed found the face.
        let results = lines.dropLast()
        #expect(!results.isEmpty && results.allSatisfy { $0.hasSuffix("ms: 1 face(s)") })
    }
}
