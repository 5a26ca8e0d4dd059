import Benchmarks
import Foundation
import Testing
import VideoIO

@Suite("Video benchmark")
struct BenchmarkTests {
    /// Runs the 720p transcode benchmark on a few frames (set VIDEOIO_BENCH_FRAMES for more, VIDEOIO_BENCH_THREADS for the encoder's threads,
    /// VIDEOIO_BENCH_CODEC=mpeg4 for the fallback codec) and
    /// checks its bookkeeping; the timings are printed, not asserted.
    @Test("720p encode + decode benchmark runs and reports")
    func transcode720p() throws {
        let frames = ProcessInfo.processInfo.environment["VIDEOIO_BENCH_FRAMES"].flatMap(Int.init) ?? 6
        let codec: VideoCodecPreference = ProcessInfo.processInfo.environment["VIDEOIO_BENCH_CODEC"] == "mpeg4" ? .exactly(.mpeg4) : .automatic
        let threads = ProcessInfo.processInfo.environment["VIDEOIO_BENCH_THREADS"].flatMap(Int.init) ?? 0
        let result = try VideoBenchmark.transcode720p(frameCount: frames, folder: FileManager.default.temporaryDirectory.path,
                                                      options: .init(codec: codec, encoderThreads: threads))
        print("VideoBenchmark: \(result)")
        #expect(result.frames == frames && result.width == 1280 && result.height == 720)
        #expect(result.encodeMilliseconds > 0 && result.decodeMilliseconds > 0 && result.fileBytes > 0)
        #expect(result.codec == (VideoWriter.isH264Available && codec == .automatic ? .h264 : .mpeg4))
    }
}
