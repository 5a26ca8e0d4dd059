#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging
import VideoIO

/// Per-frame cost of encoding and decoding 720p video, for `vision-tasks bench` (not a test).
package enum VideoBenchmark {
    /// One measurement.
    package struct Result: Sendable, CustomStringConvertible {
        /// The codec the writer used.
        package let codec: VideoCodec
        /// Frames written and read back.
        package let frames: Int
        /// Frame size in pixels.
        package let width: Int, height: Int
        /// Mean wall time per frame of ``VideoWriter/append(_:timestampMilliseconds:)`` plus its
        /// share of ``VideoWriter/finish()`` (RGB→YUV, encoding, muxing), milliseconds.
        package let encodeMilliseconds: Double
        /// Mean wall time per frame of opening the file plus ``VideoReader/nextFrame()`` (demuxing,
        /// decoding, YUV→RGB), milliseconds.
        package let decodeMilliseconds: Double
        /// Size of the MP4 written, bytes.
        package let fileBytes: Int

        package var description: String {
            func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
            return "\(codec.rawValue) \(width)×\(height), \(frames) frames: encode \(rounded(encodeMilliseconds)) ms/frame, "
                + "decode \(rounded(decodeMilliseconds)) ms/frame, total \(rounded(encodeMilliseconds + decodeMilliseconds)) ms/frame, "
                + "\(fileBytes / 1024) KiB"
        }
    }

    /// Writes `frameCount` synthetic moving 1280×720 frames to an MP4 in `folder`, reads them back,
    /// deletes the file and returns the mean per-frame times.
    package static func transcode720p(frameCount: Int = 60, folder: String = "/tmp",
                                      options: VideoWriter.Options = .init()) throws(VideoError) -> Result {
        let width = 1280, height = 720, frames = max(1, frameCount)
        let canvas = syntheticCanvas(width: width + 4 * frames, height: height + 2 * frames)
        let path = "\(folder)/videoio-bench-\(getpid()).mp4"
        defer { unlink(path) }
        var encodeTime = Duration.zero
        let clock = ContinuousClock()
        let writer = try VideoWriter(path: path, width: width, height: height, framesPerSecond: 30, options: options)
        for index in 0..<frames {
            let image = try crop(canvas, left: 4 * index, top: 2 * index, width: width, height: height)
            let start = clock.now
            try writer.append(image)
            encodeTime += clock.now - start
        }
        let flushStart = clock.now
        try writer.finish()
        encodeTime += clock.now - flushStart
        var decoded = 0
        let decodeStart = clock.now
        let reader = try VideoReader(path: path)
        while try reader.nextFrame() != nil { decoded += 1 }
        let decodeTime = clock.now - decodeStart
        guard decoded == frames else { throw .corrupt("\(path): wrote \(frames) frames, read \(decoded)") }
        var status = stat()
        let bytes = stat(path, &status) == 0 ? Int(status.st_size) : 0
        return Result(codec: writer.codec, frames: frames, width: width, height: height,
                      encodeMilliseconds: milliseconds(encodeTime) / Double(frames),
                      decodeMilliseconds: milliseconds(decodeTime) / Double(frames), fileBytes: bytes)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    /// Smooth colour gradients with a grid of discs and mild noise: camera-like content for the codec.
    private static func syntheticCanvas(width: Int, height: Int) -> (bytes: [UInt8], width: Int, height: Int) {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt32 = 2024
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Int(state >> 29) - 4
                let cellX = x % 96 - 48, cellY = y % 96 - 48
                let disc = cellX * cellX + cellY * cellY < 900 ? 70 : 0
                let offset = (y * width + x) * 3
                bytes[offset] = UInt8(clamping: x * 255 / width / 2 + disc + noise)
                bytes[offset + 1] = UInt8(clamping: y * 255 / height / 2 + 60 + noise)
                bytes[offset + 2] = UInt8(clamping: 200 - disc + (x + y) % 37 + noise)
            }
        }
        return (bytes, width, height)
    }

    private static func crop(_ canvas: (bytes: [UInt8], width: Int, height: Int), left: Int, top: Int,
                             width: Int, height: Int) throws(VideoError) -> Image {
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 3)
        for row in top..<(top + height) {
            let start = (row * canvas.width + left) * 3
            bytes.append(contentsOf: canvas.bytes[start..<(start + width * 3)])
        }
        do { return try Image(width: width, height: height, format: .rgb8, bytes: bytes) } catch {
            throw .invalidArgument("benchmark frame: \(error)")
        }
    }
}
