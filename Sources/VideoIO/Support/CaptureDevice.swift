/// Cameras as this platform names them (docs/platforms.md §5): V4L2's `/dev/video*` on Linux;
/// on macOS, AVFoundation's `avfoundation:INDEX` (FFmpeg's device index, e.g. `avfoundation:0`).
public enum CaptureDevice {
    /// Whether `source` names a capture device on this platform (not a file or URL).
    public static func isDevice(_ source: String) -> Bool { input(for: source) != nil }

    /// FFmpeg's input format for a device source and the name it opens, or `nil` for files and URLs.
    static func input(for source: String) -> (format: String, name: String)? {
        #if os(Linux)
        source.hasPrefix("/dev/video") ? ("video4linux2", source) : nil
        #elseif os(macOS)
        source.hasPrefix("avfoundation:") ? ("avfoundation", String(source.dropFirst("avfoundation:".count))) : nil
        #else
        nil
        #endif
    }
}
