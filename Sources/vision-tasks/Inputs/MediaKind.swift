import Imaging

/// Whether a file in a folder is a still image or a video, by its file-name extension
/// (case-insensitive). Other files are not inputs and are left out of a folder run.
enum MediaKind: Equatable {
    case image
    case video

    /// Extensions of the formats the image layer decodes (PNG, JPEG, HEIF, WebP).
    static let imageExtensions = ImageFileFormat.allFileExtensions
    /// Extensions of common video containers (FFmpeg decides what it can actually read).
    static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "mpg", "mpeg", "ts", "mts", "m2ts", "flv", "wmv", "3gp", "ogv", "y4m",
    ]

    /// The kind of `path` by its extension, or `nil` for files that are neither.
    init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let fileExtension = path[path.index(after: dot)...].lowercased()
        if Self.imageExtensions.contains(fileExtension) {
            self = .image
        } else if Self.videoExtensions.contains(fileExtension) {
            self = .video
        } else {
            return nil
        }
    }
}
