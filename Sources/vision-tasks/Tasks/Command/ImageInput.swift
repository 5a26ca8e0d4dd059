import Foundation
import Imaging

/// Still-image inputs: how a task command recognizes them and turns a file into the upright RGB
/// picture the processors take.
enum ImageInput {
    /// Whether `path` is an image file: a regular file with an image format's extension
    /// (``MediaKind/imageExtensions``), or one whose first bytes are an image format's signature.
    /// (A damaged `.png` still counts, so that it fails as an image with the decoder's reason.)
    static func isImage(_ path: String) -> Bool {
        // Only regular files are sniffed: reading from a named pipe or device would block and
        // consume the stream's first bytes.
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            return hasImageExtension(path)
        }
        if hasImageExtension(path) { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: ImageFileFormat.signatureLength)) ?? Data()
        return ImageFileFormat(signatureOf: [UInt8](head)) != nil
    }

    /// Whether `path` ends in an image format's extension (any case).
    static func hasImageExtension(_ path: String) -> Bool {
        MediaKind.imageExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Decodes the image at `path` and makes it upright RGB: a JPEG's or WebP's EXIF orientation is applied
    /// to the pixels, gray and RGBA become RGB. Results are therefore in the coordinates of the
    /// picture as people see it.
    static func loadUprightRGB(_ path: String) throws(InputError) -> Image {
        do {
            let decoded = try ImageDecoder.decode(contentsOfFile: path)
            let upright = try decoded.image.oriented(decoded.orientation)
            return upright.format == .rgb8 ? upright : try upright.converted(to: .rgb8)
        } catch {
            throw InputError(path: path, reason: error.description)
        }
    }

    /// The file name without its folders, extension kept, for naming files derived from the input
    /// (pose masks: `x.jpg` and `x.png` must not share them).
    static func fileName(of path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return name.isEmpty ? "image" : name
    }
}

/// An input that cannot be used: its path and why. Exit status 1.
struct InputError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}
