import Foundation
import Imaging
import MediaPipeTasksVision

/// Writes pose segmentation masks as 8-bit gray PNG files (`--masks DIR`), atomically.
///
/// Names: `DIR/<input>.pose<k>.png` for an image, `DIR/<input>.<t>ms.pose<k>.png` for a video or
/// live frame at `t` ms, `k` counting the poses of the result from 0. `<input>` is the input's file
/// name with its extension (`x.jpg` and `x.png` get their own masks); in a folder run it is the
/// path relative to the folder, so DIR mirrors the folder's tree (`a/x.jpg` → `DIR/a/x.jpg.pose0.png`,
/// apart from a top-level `a_x.jpg`). The bytes are the mask's `uint8Data` (value × 255, truncated,
/// as MediaPipe's iOS layer converts).
struct PoseMaskWriter: Sendable {
    let directory: String

    /// Writes `masks` and returns the path of each file (DIR joined with the file name).
    func write(_ masks: [Mask], inputName: String, timestampInMilliseconds: Int?) throws -> [String] {
        guard !masks.isEmpty else { return [] }
        let frame = timestampInMilliseconds.map { ".\($0)ms" } ?? ""
        let base = (directory as NSString).appendingPathComponent(inputName)
        let folder = (base as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: folder, reason: "cannot create the masks folder: \(error.localizedDescription)")
        }
        return try masks.enumerated().map { index, mask in
            let path = "\(base)\(frame).pose\(index).png"
            // The fastest level, runs and Huffman codes (docs/image-decoding.md §4): a mask is long
            // runs around a thin band of edges.
            let bytes = UnsafeBufferPointer(start: mask.uint8Data, count: mask.width * mask.height)
            try AtomicFile.write(try Image.pngData(gray: bytes, width: mask.width, height: mask.height, compressionLevel: 1),
                                 to: path)
            return path
        }
    }
}
