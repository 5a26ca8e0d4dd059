import Foundation
import Imaging
import TestSupport
import VideoIO

/// Frames cut from `assets/images/astronaut.png` (512×512), moving by known shifts, and helpers to
/// compare decoded frames with them.
enum VideoFixtures {
    static func astronaut() throws -> Image {
        try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path).image.converted(to: .rgb8)
    }

    /// `count` crops of `width`×`height` pixels whose top-left corner moves by (`dx`, `dy`) per frame.
    static func movingCrops(count: Int, width: Int, height: Int, dx: Int = 6, dy: Int = 3) throws -> [Image] {
        let source = try astronaut()
        let plane = source.planes[0]
        return try (0..<count).map { index in
            let left = index * dx, top = index * dy
            precondition(left + width <= source.width && top + height <= source.height, "crop leaves the fixture")
            var bytes = [UInt8]()
            bytes.reserveCapacity(width * height * 3)
            for row in top..<(top + height) {
                let start = row * plane.rowStride + left * 3
                bytes.append(contentsOf: plane.bytes[start..<(start + width * 3)])
            }
            return try Image(width: width, height: height, format: .rgb8, bytes: bytes)
        }
    }

    /// Peak signal-to-noise ratio of two RGB images of the same size, in dB.
    static func psnr(_ a: Image, _ b: Image) -> Double {
        let x = a.packedBytes(), y = b.packedBytes()
        precondition(x.count == y.count)
        var squared = 0.0
        for index in x.indices {
            let difference = Double(x[index]) - Double(y[index])
            squared += difference * difference
        }
        let mse = squared / Double(x.count)
        return mse == 0 ? 100 : 10 * log10(255 * 255 / mse)
    }

    /// Reads every frame of `path` (at most `limit`).
    static func readAll(_ path: String, options: VideoReader.Options = .init(), limit: Int = 10_000) throws -> (VideoReader, [VideoFrame]) {
        let reader = try VideoReader(path: path, options: options)
        var frames: [VideoFrame] = []
        while frames.count < limit, let frame = try reader.nextFrame() { frames.append(frame) }
        return (reader, frames)
    }

    /// Writes `images` to `path` at `fps`, with `timestamps` in milliseconds if given.
    @discardableResult
    static func write(_ images: [Image], to path: String, fps: Double, timestamps: [Double]? = nil,
                      options: VideoWriter.Options = .init()) throws -> VideoWriter {
        let writer = try VideoWriter(path: path, width: images[0].width, height: images[0].height,
                                     framesPerSecond: fps, options: options)
        for (index, image) in images.enumerated() {
            try writer.append(image, timestampMilliseconds: timestamps?[index])
        }
        try writer.finish()
        return writer
    }
}

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct ScratchFolder {
    let url: URL

    init(_ name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("videoio-\(name)-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
