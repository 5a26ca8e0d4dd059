#if FFmpeg
import CFFmpegLoader
import Imaging

/// FFmpeg's shared libraries, which VideoIO loads on first use rather than at process start (see
/// CFFmpegLoader.h): every entry point that calls FFmpeg calls ``load()`` first.
enum FFmpegLibraries {
    /// Loads FFmpeg once per process (later calls are cheap and report the first outcome).
    /// - Throws: ``VideoError/ffmpeg(_:)`` naming the missing library or function.
    static func load() throws(VideoError) {
        var reason = [CChar](repeating: 0, count: 512)
        guard vt_ffmpeg_load(&reason, reason.count) != 0 else { return }
        let text = String(cBuffer: reason)
        throw .ffmpeg("the FFmpeg libraries could not be loaded (install FFmpeg's shared libraries): \(text)")
    }

    /// Whether ``load()`` succeeds.
    static var areAvailable: Bool {
        do { try load() } catch { return false }
        return true
    }
}
#endif
