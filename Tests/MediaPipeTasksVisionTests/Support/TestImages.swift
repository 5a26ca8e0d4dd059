import Foundation
import Imaging
import MediaPipeTasksVision
import VisionPipeline

/// Small synthetic inputs for tests that do not need a real picture.
enum TestImages {
    /// A `width`×`height` RGB image with a gradient (every pixel different enough to tell
    /// orientations apart).
    static func gradient(width: Int = 4, height: Int = 3) throws -> Imaging.Image {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8(truncatingIfNeeded: x * 40), UInt8(truncatingIfNeeded: y * 60), 7]
            }
        }
        return try Imaging.Image(width: width, height: height, format: .rgb8, bytes: bytes)
    }

    static func pipelineImage() throws -> PipelineImage {
        PipelineImage(try gradient())
    }
}

/// The fields of a thrown task error.
struct ThrownTaskError {
    let domain: String
    let code: Int
    let message: String

    /// Runs `body`; returns the error it throws (nil when it does not throw).
    static func from(_ body: () throws -> Void) -> ThrownTaskError? {
        do {
            try body()
            return nil
        } catch {
            let nsError = error as NSError
            return ThrownTaskError(domain: nsError.domain, code: nsError.code, message: nsError.localizedDescription)
        }
    }

    /// Whether this is MediaPipe's error with `code` and exactly `message`.
    func matches(_ code: TasksErrorCode, _ message: String) -> Bool {
        domain == "com.google.mediapipe.tasks" && self.code == Int(code.rawValue) && self.message == message
    }
}

/// A value guarded by a lock, for recording from callbacks.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withValue<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }

    var current: Value { withValue { $0 } }
}
