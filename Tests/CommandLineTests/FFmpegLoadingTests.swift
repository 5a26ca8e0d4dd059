import Foundation
import Testing
import TestSupport

/// FFmpeg is loaded only when a video is opened (CFFmpegLoader), so that image-only runs do not pay
/// for its ~150 shared libraries at start-up. Observed with glibc's loader trace (`LD_DEBUG=libs`),
/// which names every library the process initializes.
@Suite struct FFmpegLoadingTests {
    #if os(Linux)
    /// The libraries `vision-tasks arguments…` initialized, from the loader's trace on stderr.
    private func initializedLibraries(_ arguments: [String]) throws -> [String] {
        let run = try DriverTool.run(arguments, environment: ["LD_DEBUG": "libs"])
        #expect(run.status == 0, "\(run.standardError.suffix(500))")
        return run.standardError.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    @Test func imageOnlyRunsDoNotLoadFFmpeg() throws {
        let libraries = try initializedLibraries(["inspect", "assets/models/face_detection_short_range.tflite"])
        // The trace works (it lists the Swift runtime) and lists no FFmpeg library.
        #expect(libraries.contains { $0.contains("libswiftCore") }, "loader trace: \(libraries)")
        let ffmpeg = libraries.filter { $0.contains("libavcodec") || $0.contains("libavformat") || $0.contains("libavutil") || $0.contains("libswscale") }
        #expect(ffmpeg.isEmpty, "FFmpeg loaded at start-up: \(ffmpeg)")
    }

    @Test func openingAVideoLoadsFFmpeg() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("face.mp4").path
        try DriverTool.movingFaceVideo(at: video, frames: 2)
        let libraries = try initializedLibraries(["face-detector", video])
        for name in ["libavutil", "libswscale", "libavcodec", "libavformat"] {
            #expect(libraries.contains { $0.contains(name) }, "\(name) not loaded: \(libraries)")
        }
    }
    #endif
}
