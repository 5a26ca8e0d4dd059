#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VideoIO

/// What the command's input argument is, which decides how it is read and the running mode.
enum InputKind: Equatable {
    /// A PNG or JPEG file: image running mode, one JSON object.
    case image(String)
    /// A video file: video running mode, JSON Lines (one object per frame).
    case video(String)
    /// A URL (`rtsp://`, `http(s)://`, `udp://`, `file://`, …), a capture device (`CaptureDevice`:
    /// `/dev/video*` on Linux, any character device) or a named pipe: live-stream running mode,
    /// frames dropped while busy.
    case stream(String)
    /// A folder: every image and video below it, JSON Lines (one object per file).
    case folder(String)

    /// Classifies `argument`.
    ///
    /// A regular file is an image when it starts with a PNG or JPEG signature or has an image
    /// extension (so a damaged `.jpg` is reported as a bad image), and a video otherwise.
    static func classify(_ argument: String) throws(InputError) -> InputKind {
        if argument.contains("://") || CaptureDevice.isDevice(argument) { return .stream(argument) }
        var status = stat()
        guard stat(argument, &status) == 0 else {
            throw InputError(path: argument, reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder(argument)
        case S_IFIFO, S_IFCHR, S_IFSOCK: return .stream(argument)
        default: break
        }
        if ImageInput.isImage(argument) {
            return .image(argument)
        }
        return .video(argument)
    }
}

extension InputKind {
    var isFolder: Bool {
        if case .folder = self { return true }
        return false
    }
}
