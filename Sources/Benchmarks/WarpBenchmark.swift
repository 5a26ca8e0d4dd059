import Imaging
import VisionCore
/// Timings of the ROI-to-tensor warp, for `vision-tasks bench` (not a test).
public enum WarpBenchmark {
    /// One measurement.
    public struct Result: Sendable, CustomStringConvertible {
        /// What was measured.
        public let name: String
        /// Median time of one call, milliseconds.
        public let medianMilliseconds: Double
        /// Fastest call, milliseconds.
        public let minimumMilliseconds: Double
        /// Number of timed calls.
        public let iterations: Int

        public var description: String {
            let median = (medianMilliseconds * 1000).rounded() / 1000, minimum = (minimumMilliseconds * 1000).rounded() / 1000
            return "\(name): median \(median) ms, min \(minimum) ms over \(iterations) runs"
        }
    }

    /// Times a rotated 256×256 crop (REPLICATE border, pose-landmark style) from a 1920×1080 RGB
    /// image on the calling thread: the uint8 crop alone and the crop plus [0, 1] normalization; a
    /// body-sized crop from a 1280×720 frame that reaches past its top and bottom (ZERO border, then
    /// REPLICATE); then the uint8 crop from the 1920×1080 picture as NV12 and as I420, and the
    /// REPLICATE body crop from the 1280×720 frame in both. The REPLICATE, NV12 and I420 rotated
    /// crops are timed again with the picture evicted from the cache before each call (64 MB
    /// touched, untimed), as a video frame is by the time its crop is taken.
    public static func rotatedCrop(iterations: Int = 300) throws(ImageError) -> [Result] {
        let width = 1920, height = 1080
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt32 = 12345
        for i in bytes.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes[i] = UInt8(truncatingIfNeeded: state >> 24)
        }
        let image = try Image(width: width, height: height, format: .rgb8, bytes: bytes)
        let rect = NormalizedRect(xCenter: 0.52, yCenter: 0.48, width: 0.3, height: 0.3 * 1920 / 1080, rotation: 0.4)
        let crop = try TensorCrop(rect, imageWidth: width, imageHeight: height,
                                  options: TensorCropOptions(width: 256, height: 256, border: .replicate))
        var results: [Result] = []
        results.append(try measure("rotated 256×256 crop from 1920×1080 RGB (uint8)", iterations) { () throws(ImageError) in
            _ = try crop.crop(image)
        })
        results.append(try measure("rotated 256×256 crop + normalization (float32 NHWC)", iterations) { () throws(ImageError) in
            _ = try crop.tensor(image)
        })
        // A whole-body ROI on a 720p frame, as the pose landmarker tracks one: square, 1.4 times the
        // frame's height, so that its top and bottom fifths lie outside the picture.
        let frame = try Image(width: 1280, height: 720, format: .rgb8, bytes: Array(bytes[0..<1280 * 720 * 3]))
        let body = NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 1.4 * 720 / 1280, height: 1.4, rotation: 0.05)
        let bodyCrop = try TensorCrop(body, imageWidth: 1280, imageHeight: 720,
                                      options: TensorCropOptions(width: 256, height: 256, border: .zero))
        results.append(try measure("256×256 crop from 1280×720 RGB, ROI 40 % outside (ZERO border)", iterations) { () throws(ImageError) in
            _ = try bodyCrop.crop(frame)
        })
        let replicated = try TensorCrop(body, imageWidth: 1280, imageHeight: 720,
                                        options: TensorCropOptions(width: 256, height: 256, border: .replicate))
        results.append(try measure("the same crop with a REPLICATE border", iterations) { () throws(ImageError) in
            _ = try replicated.crop(frame)
        })
        // As in a video run, where the decoder's frame has left the cache by the time the task crops it.
        var evictor = [UInt8](repeating: 1, count: 64 << 20)
        let evict = {
            evictor.withUnsafeMutableBufferPointer { buffer in
                for offset in stride(from: 0, to: buffer.count, by: 64) { buffer[offset] &+= 1 }
            }
        }
        results.append(try measure("the same crop from a frame out of the cache", iterations, before: evict) { () throws(ImageError) in
            _ = try replicated.crop(frame)
        })
        for format in [PixelFormat.nv12, .i420] {
            let yuv = try image.converted(to: format)
            results.append(try measure("rotated 256×256 crop from 1920×1080 \(format) (uint8 RGB)", iterations) { () throws(ImageError) in
                _ = try crop.crop(yuv)
            })
            results.append(try measure("the same crop from \(format) out of the cache", iterations, before: evict) { () throws(ImageError) in
                _ = try crop.crop(yuv)
            })
            let yuvFrame = try frame.converted(to: format)
            results.append(try measure("the body crop from 1280×720 \(format), REPLICATE border", iterations) { () throws(ImageError) in
                _ = try replicated.crop(yuvFrame)
            })
        }
        return results
    }

    /// Times `body` `iterations` times after a tenth as many untimed runs; `before` runs untimed
    /// before each timed call.
    private static func measure(_ name: String, _ iterations: Int, before: () -> Void = {},
                                _ body: () throws(ImageError) -> Void) throws(ImageError) -> Result {
        let clock = ContinuousClock()
        for _ in 0..<max(iterations / 10, 3) { try body() }   // warm-up
        var times: [Double] = []
        times.reserveCapacity(iterations)
        for _ in 0..<iterations {
            before()
            let start = clock.now
            try body()
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        times.sort()
        return Result(name: name, medianMilliseconds: times[times.count / 2], minimumMilliseconds: times[0], iterations: iterations)
    }
}
