import Foundation
import Imaging
import TestSupport
import VideoIO

/// Videos for the command-line tests of joined clips and damaged containers, made with the
/// package's own ``VideoWriter``.
enum ClipFixtures {
    /// `count` frames of `width`×`height` pixels showing the astronaut's face, which moves 1 pixel
    /// right per frame: her top-left 320×240 (from x = 60) when `width` ≤ 320, else the top of the
    /// picture centred on grey.
    static func faceFrames(count: Int, width: Int, height: Int) throws -> [Image] {
        let decoded = try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path)
        let face = decoded.image.format == .rgb8 ? decoded.image : try decoded.image.converted(to: .rgb8)
        let source = face.packedBytes()
        let left = width <= 320 ? -60 : (width - face.width) / 2
        return try (0..<count).map { index in
            var bytes = [UInt8](repeating: 128, count: width * height * 3)
            for y in 0..<min(height, face.height) {
                for x in 0..<width {
                    let sourceX = x - left - index
                    guard sourceX >= 0, sourceX < face.width else { continue }
                    let from = (y * face.width + sourceX) * 3, to = (y * width + x) * 3
                    bytes[to] = source[from]
                    bytes[to + 1] = source[from + 1]
                    bytes[to + 2] = source[from + 2]
                }
            }
            return try Image(width: width, height: height, format: .rgb8, bytes: bytes)
        }
    }

    /// `count` frames of `width`×`height` pixels of 16×16 blocks of pseudo-random brightness that
    /// change every frame, so that every frame costs about as many bytes.
    static func noiseFrames(count: Int, width: Int, height: Int) throws -> [Image] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        return try (0..<count).map { _ in
            let columns = (width + 15) / 16
            let blocks = (0..<(columns * ((height + 15) / 16))).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            var bytes = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    let value = blocks[(y / 16) * columns + x / 16]
                    bytes[(y * width + x) * 3] = value
                    bytes[(y * width + x) * 3 + 1] = value / 2
                    bytes[(y * width + x) * 3 + 2] = 255 - value
                }
            }
            return try Image(width: width, height: height, format: .rgb8, bytes: bytes)
        }
    }

    /// Writes `images` as a `container` file at 25 frames per second.
    static func write(_ images: [Image], to path: String, container: VideoContainer) throws {
        let writer = try VideoWriter(path: path, width: images[0].width, height: images[0].height,
                                     framesPerSecond: 25, options: .init(container: container))
        for image in images { try writer.append(image) }
        try writer.finish()
    }

    /// MPEG-TS clips joined byte by byte into `path` (each clip's timestamps start at the muxer's
    /// 1.4 s again, so they go back at every join).
    static func joinedTransportStream(at path: String, clips: [[Image]]) throws {
        var joined = Data()
        for (index, clip) in clips.enumerated() {
            let part = path + ".part\(index).ts"
            try write(clip, to: part, container: .mpegTS)
            joined.append(try Data(contentsOf: URL(fileURLWithPath: part)))
            try FileManager.default.removeItem(atPath: part)
        }
        try joined.write(to: URL(fileURLWithPath: path))
    }
}

extension ClipFixtures {
    /// The `timestampInMilliseconds` of every line.
    static func timestamps(_ lines: [[String: Any]]) -> [Int] {
        lines.compactMap { ($0["timestampInMilliseconds"] as? NSNumber)?.intValue }
    }

    /// The number of faces the detector found on each line (-1 for a line without `detections`).
    static func detections(_ lines: [[String: Any]]) -> [Int] {
        lines.map { ($0["detections"] as? [Any])?.count ?? -1 }
    }

    /// Mean brightness (0…255) of the rows `rows` of the RGB `image`.
    static func brightness(_ image: Image, rows: Range<Int>) -> Double {
        let bytes = image.packedBytes(), rowBytes = image.width * 3
        let slice = bytes[(rows.lowerBound * rowBytes)..<(rows.upperBound * rowBytes)]
        return Double(slice.reduce(0) { $0 + Int($1) }) / Double(slice.count)
    }
}
