import Foundation
import Imaging
import VideoIO

/// Videos in each container ``VideoWriter`` writes, and the damage done to them by the tests.
enum ContainerFixtures {
    /// `count` RGB frames of `width`×`height` pixels: a gradient that moves, under 16×16 blocks of
    /// pseudo-random brightness that change every frame, so that every frame costs about as many
    /// bytes and a fraction of the file is about that fraction of its time.
    static func frames(count: Int, width: Int, height: Int, seed: UInt64 = 1) throws -> [Image] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        return try (0..<count).map { index in
            let columns = (width + 15) / 16, rows = (height + 15) / 16
            let blocks = (0..<(columns * rows)).map { _ in Int(next() / 4) }
            var bytes = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    let block = blocks[(y / 16) * columns + x / 16]
                    let base = (x + 3 * index) % width * 160 / width
                    let offset = (y * width + x) * 3
                    bytes[offset] = UInt8(min(255, base + block))
                    bytes[offset + 1] = UInt8(min(255, y * 160 / height + block))
                    bytes[offset + 2] = UInt8(min(255, 60 + block))
                }
            }
            return try Image(width: width, height: height, format: .rgb8, bytes: bytes)
        }
    }

    /// Writes `images` into a `container` file at `path` at nominal `fps`, with `timestamps` in
    /// milliseconds if given (else `index / fps` seconds).
    static func write(_ images: [Image], to path: String, container: VideoContainer, fps: Double,
                      timestamps: [Double]? = nil) throws {
        let writer = try VideoWriter(path: path, width: images[0].width, height: images[0].height,
                                     framesPerSecond: fps, options: .init(container: container))
        for (index, image) in images.enumerated() {
            try writer.append(image, timestampMilliseconds: timestamps?[index])
        }
        try writer.finish()
    }

    /// Whether this FFmpeg can write `container` (WebM needs libvpx).
    static func canWrite(_ container: VideoContainer) -> Bool {
        container != .webm || VideoWriter.canEncode(.vp8)
    }

    /// The first `fraction` of the bytes of `path`.
    static func cut(_ path: String, at fraction: Double) throws -> [UInt8] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
    }

    /// The bytes of `path` with those from `start` to `end` (fractions of the size) set to zero.
    static func zeroed(_ path: String, from start: Double, to end: Double) throws -> [UInt8] {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let range = Int(Double(bytes.count) * start)..<Int(Double(bytes.count) * end)
        bytes.replaceSubrange(range, with: [UInt8](repeating: 0, count: range.count))
        return bytes
    }

    /// The bytes of `path` without those from `start` to `end` (fractions of the size).
    static func removed(_ path: String, from start: Double, to end: Double) throws -> [UInt8] {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.removeSubrange(Int(Double(bytes.count) * start)..<Int(Double(bytes.count) * end))
        return bytes
    }

    /// Stores `bytes` as `name` in `folder` and returns its path.
    static func store(_ bytes: [UInt8], _ name: String, in folder: ScratchFolder) throws -> String {
        let path = folder.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
