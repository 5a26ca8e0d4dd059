import Foundation
import Imaging
import MLKitFaceDetection
import MLKitVision
import Testing
import TestSupport

/// `process(_:completion:)`: errors through the completion, and one detector's requests in order.
@Suite(.serialized) struct MLKitProcessTests {
    /// The completion runs off the caller's thread, on the detector's queue, and reports errors.
    @Test func processReportsErrorsThroughTheCompletion() async throws {
        let options = FaceDetectorOptions()
        options.minFaceSize = -1
        let detector = FaceDetector.faceDetector(options: options)
        let tiny = try Image(width: 2, height: 2, format: .rgb8, bytes: [UInt8](repeating: 0, count: 12))
        let outcome: (Bool, Bool) = await withCheckedContinuation { continuation in
            detector.process(VisionImage(image: tiny)) { faces, error in continuation.resume(returning: (faces == nil, error != nil)) }
        }
        #expect(outcome == (true, true))
    }
}
/// `process` requests of one detector run one after another, in order, off the caller's thread.
@Suite(.serialized) struct MLKitProcessQueueTests {
    @Test func completionsArriveInRequestOrder() async throws {
        let detector = FaceDetector.faceDetector()
        let astronaut = try MLKitTestImages.load("astronaut.png")
        let blank = try Image(width: 64, height: 48, format: .rgb8, fill: 90)
        let order: [Int] = await withCheckedContinuation { continuation in
            let log = OrderLog()
            for k in 0..<4 {
                detector.process(VisionImage(image: k % 2 == 0 ? astronaut : blank)) { faces, error in
                    log.append(k * 10 + (faces?.count ?? -1))
                    if k == 3 { continuation.resume(returning: log.values) }
                }
            }
        }
        #expect(order == [1, 10, 21, 30])  // request index ×10 + face count
    }
}

final class OrderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func append(_ value: Int) { lock.lock(); stored.append(value); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return stored }
}
