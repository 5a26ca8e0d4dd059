import Dispatch
import Foundation
import MediaPipeTasksVision
import Testing
import TestSupport
import VisionPipeline

/// MediaPipe's live-stream flow limiter, made deterministic: the first callback blocks until every
/// frame has been submitted, so exactly the first and the last frame are processed.
@Suite struct LiveStreamFlowTests {
    private struct Delivery: Sendable {
        let timestamp: Int
        let queueLabel: String?
        let succeeded: Bool
    }

    @Test func slowDelegateKeepsOneFrameInFlightAndDropsReplacedFrames() throws {
        let inFlight = Locked(0)
        let maxInFlight = Locked(0)
        let processed = Locked<[Int]>([])
        let runner = VisionTaskRunner<Int>(taskName: "faceLandmarker", runningMode: .liveStream, process: { _, timestamp in
            let now = inFlight.withValue { $0 += 1; return $0 }
            maxInFlight.withValue { $0 = max($0, now) }
            Thread.sleep(forTimeInterval: 0.002)
            processed.withValue { $0.append(timestamp) }
            inFlight.withValue { $0 -= 1 }
            return timestamp * 2
        })
        let release = DispatchSemaphore(value: 0)
        let deliveries = Locked<[Delivery]>([])
        let deliver: VisionTaskRunner<Int>.Deliver = { outcome, timestamp in
            let label = DispatchQueue.getSpecific(key: VisionTaskQueueKey.key)
            let output = try? outcome.get()
            deliveries.withValue {
                $0.append(Delivery(timestamp: timestamp, queueLabel: label, succeeded: output == timestamp * 2))
            }
            if timestamp == 0 { _ = release.wait(timeout: .now() + 20) }  // the slow delegate
        }
        let image = try TestImages.pipelineImage()
        let frameCount = 20
        try runner.submit(image, timestampInMilliseconds: 0, deliver: deliver)
        #expect(waitUntil { deliveries.current.count == 1 }, "frame 0 is delivered and its delegate is now blocked")
        let started = Date()
        for index in 1..<frameCount {
            try runner.submit(image, timestampInMilliseconds: index * 33, deliver: deliver)
        }
        #expect(Date().timeIntervalSince(started) < 5, "detectAsync returns at once while the delegate is busy")
        release.signal()
        #expect(waitUntil { runner.liveStreamCounters.delivered + runner.liveStreamCounters.dropped == frameCount })

        let results = deliveries.current
        #expect(results.map(\.timestamp) == [0, (frameCount - 1) * 33], "only the first and the newest frame are processed")
        #expect(processed.current == [0, (frameCount - 1) * 33], "dropped frames never reach the graph")
        #expect(results.allSatisfy { $0.succeeded })
        #expect(results.allSatisfy { $0.queueLabel == runner.callbackQueue.label }, "callbacks run on the task's queue")
        #expect(maxInFlight.current == 1)
        #expect(runner.liveStreamCounters == LiveStreamCounters(submitted: frameCount, dropped: frameCount - 2, delivered: 2))
    }

    @Test func steadyStreamDeliversInIncreasingOrderWithoutOverlap() throws {
        let inFlight = Locked(0)
        let maxInFlight = Locked(0)
        let runner = VisionTaskRunner<Int>(taskName: "poseLandmarker", runningMode: .liveStream, process: { _, timestamp in
            let now = inFlight.withValue { $0 += 1; return $0 }
            maxInFlight.withValue { $0 = max($0, now) }
            Thread.sleep(forTimeInterval: 0.001)
            inFlight.withValue { $0 -= 1 }
            return timestamp
        })
        let stamps = Locked<[Int]>([])
        let image = try TestImages.pipelineImage()
        for index in 0..<200 {
            try runner.submit(image, timestampInMilliseconds: index) { outcome, timestamp in
                stamps.withValue { $0.append(timestamp) }
            }
            if index % 7 == 0 { Thread.sleep(forTimeInterval: 0.001) }
        }
        #expect(waitUntil { runner.liveStreamCounters.delivered + runner.liveStreamCounters.dropped == 200 })
        let delivered = stamps.current
        #expect(!delivered.isEmpty && delivered.last == 199, "the newest frame is never dropped")
        #expect(zip(delivered, delivered.dropFirst()).allSatisfy { $0 < $1 }, "strictly increasing timestamps")
        #expect(maxInFlight.current == 1)
        let counters = runner.liveStreamCounters
        #expect(counters.delivered == delivered.count && counters.dropped == 200 - delivered.count)
    }

    @Test func failuresAreDeliveredWithUnsetTimestamp() throws {
        let runner = VisionTaskRunner<Int>(taskName: "faceDetector", runningMode: .liveStream, process: { _, _ throws(PipelineError) in
            throw .inference("engine failed")
        })
        let received = Locked<[(Int, String?)]>([])
        try runner.submit(try TestImages.pipelineImage(), timestampInMilliseconds: 42) { outcome, timestamp in
            var message: String?
            if case .failure(let error) = outcome { message = error.localizedDescription }
            received.withValue { $0.append((timestamp, message)) }
        }
        #expect(waitUntil { received.current.count == 1 })
        #expect(received.current.first?.0 == Int.min)
        #expect(received.current.first?.1 == "INTERNAL: engine failed")
    }

    @Test func resetDropsTheWaitingFrame() throws {
        let release = DispatchSemaphore(value: 0)
        let calls = Locked(0)
        let runner = VisionTaskRunner<Int>(taskName: "faceLandmarker", runningMode: .liveStream, process: { _, timestamp in
            if calls.withValue({ $0 += 1; return $0 }) == 1 { _ = release.wait(timeout: .now() + 20) }  // a slow first frame
            return timestamp
        })
        let stamps = Locked<[Int]>([])
        let image = try TestImages.pipelineImage()
        let deliver: VisionTaskRunner<Int>.Deliver = { _, timestamp in stamps.withValue { $0.append(timestamp) } }
        try runner.submit(image, timestampInMilliseconds: 0, deliver: deliver)
        try runner.submit(image, timestampInMilliseconds: 10, deliver: deliver)  // waits
        let resetDone = Locked(false)
        DispatchQueue.global().async {
            runner.reset()  // drops frame 10, then waits for frame 0's graph call
            resetDone.withValue { $0 = true }
        }
        #expect(waitUntil { runner.liveStreamCounters.dropped == 1 })
        release.signal()
        #expect(waitUntil { resetDone.current && runner.liveStreamCounters.delivered == 1 })
        try runner.submit(image, timestampInMilliseconds: 0, deliver: deliver)  // a new stream from 0
        #expect(waitUntil { runner.liveStreamCounters.delivered == 2 })
        #expect(stamps.current == [0, 0])
    }
}
