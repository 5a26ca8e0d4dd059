import Foundation
import Imaging

/// Overlay pictures of still images: PNG or JPEG, chosen by the file name's extension, written
/// atomically.
enum OverlayFile {
    /// The still-image formats an overlay can be written in.
    enum Format {
        case png
        case jpeg
    }

    /// The format for `path` by its extension (`.png`, `.jpg`, `.jpeg`, any case), or nil.
    static func format(of path: String) -> Format? {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": .png
        case "jpg", "jpeg": .jpeg
        default: nil
        }
    }

    /// Draws `output` on a copy of `image` and writes it to `path`.
    static func write(_ output: TaskOutput, on image: Image, to path: String) throws {
        guard let format = format(of: path) else {
            throw OutputError(path: path, reason: "an image's overlay must be a .png, .jpg or .jpeg file")
        }
        var picture = image
        try output.drawOverlay(&picture)
        let bytes: [UInt8]
        switch format {
        case .png: bytes = try picture.pngData(compressionLevel: 3)
        case .jpeg: bytes = try picture.jpegData(quality: 92)
        }
        try AtomicFile.write(bytes, to: path)
    }
}
