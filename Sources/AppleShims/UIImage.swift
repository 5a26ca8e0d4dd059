#if !canImport(UIKit)
import Foundation
import Imaging

/// A stand-in for UIKit's `UIImage` where there is no UIKit (Linux, macOS): decoded pixels, an
/// orientation and a scale, so that iOS code that builds an `MPImage` or a `VisionImage` from a
/// `UIImage` compiles unchanged.
///
/// Only what the MediaPipe and ML Kit samples use is provided: loading (``init(contentsOfFile:)``,
/// ``init(named:)``, ``init(data:)``), ``imageOrientation``, ``size`` and ``scale``. The pixels are
/// an `Imaging.Image` as stored in the file; the orientation is not applied to them.
public final class UIImage: NSObject, @unchecked Sendable {
    /// UIKit's `UIImage.Orientation`: the same 8 cases (`.up`, `.down`, `.left`, `.right` and the
    /// four mirrored ones) with the same raw values.
    public typealias Orientation = Imaging.Orientation

    /// VisionTasks extension: the pixels as stored (orientation not applied).
    public let pixels: Imaging.Image
    /// How the stored pixels must be turned to be upright (from the EXIF tag for JPEG files).
    public let imageOrientation: Orientation
    /// Pixels per point: 1, or 2 / 3 for files named `…@2x` / `…@3x` as UIKit does.
    public let scale: CGFloat

    /// The upright size in points: the stored size, width and height swapped for the 90° and
    /// 270° orientations, divided by ``scale``.
    public var size: CGSize {
        let upright = imageOrientation.uprightSize(width: pixels.width, height: pixels.height)
        return CGSize(width: CGFloat(upright.width) / scale, height: CGFloat(upright.height) / scale)
    }

    /// VisionTasks extension (like UIKit's `init(cgImage:scale:orientation:)`): wraps decoded
    /// pixels. A `scale` that is not positive and finite counts as 1.
    public init(pixels: Imaging.Image, scale: CGFloat = 1, orientation: Orientation = .up) {
        self.pixels = pixels
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.imageOrientation = orientation
        super.init()
    }

    /// Decodes the PNG or JPEG file at `path`; `nil` when it cannot be read or decoded (as
    /// UIKit). A JPEG's EXIF orientation becomes ``imageOrientation``; a name ending in `@2x` or
    /// `@3x` sets ``scale``.
    public convenience init?(contentsOfFile path: String) {
        guard let decoded = try? ImageDecoder.decode(contentsOfFile: path) else { return nil }
        self.init(pixels: decoded.image, scale: UIImage.scale(ofFileNamed: path), orientation: decoded.orientation)
    }

    /// Decodes PNG or JPEG bytes; `nil` when they cannot be decoded. The EXIF orientation becomes
    /// ``imageOrientation``.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes PNG or JPEG bytes with the given scale; `nil` when they cannot be decoded.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let decoded = try? ImageDecoder.decode([UInt8](data)) else { return nil }
        self.init(pixels: decoded.image, scale: scale, orientation: decoded.orientation)
    }

    /// Loads an image by name, as UIKit looks in the app bundle: `name` is searched in
    /// `Bundle.main`'s resource and bundle folders, then in the current directory; a name without
    /// an extension also tries `.png`, `.jpg` and `.jpeg`. An absolute path is used as is. `nil`
    /// when nothing is found or decodable.
    public convenience init?(named name: String) {
        guard let path = UIImage.locate(named: name) else { return nil }
        self.init(contentsOfFile: path)
    }

    static func scale(ofFileNamed path: String) -> CGFloat {
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    static func locate(named name: String) -> String? {
        let folders = [Bundle.main.resourcePath, Bundle.main.bundlePath, FileManager.default.currentDirectoryPath]
        return locate(named: name, searchingIn: folders.compactMap { $0 })
    }

    /// The path ``init(named:)`` loads for `name` when searching `folders` in order.
    package static func locate(named name: String, searchingIn folders: [String]) -> String? {
        guard !name.isEmpty else { return nil }
        let fileManager = FileManager.default
        if name.hasPrefix("/") { return fileManager.fileExists(atPath: name) ? name : nil }
        let names = URL(fileURLWithPath: name).pathExtension.isEmpty
            ? ["png", "jpg", "jpeg"].map { "\(name).\($0)" } : [name]
        for folder in folders {
            for candidate in names {
                let path = URL(fileURLWithPath: folder).appendingPathComponent(candidate).path
                if fileManager.fileExists(atPath: path) { return path }
            }
        }
        return nil
    }
}
#endif
