import Foundation
import Locking
import Testing
import VisionPipeline

/// ML Kit's completions go to the main queue when the program runs it, and never hang when it
/// does not (docs/ios-compatibility.md §3.2).
@Suite struct MainQueueDeliveryTests {
    @Test func aRunningPrimaryQueueRunsTheCompletion() async {
        let primary = DispatchQueue(label: "primary"), fallback = DispatchQueue(label: "fallback")
        let key = DispatchSpecificKey<String>()
        primary.setSpecific(key: key, value: "primary")
        let delivery = MainQueueDelivery(primary: primary, grace: .seconds(5))
        let ranOn: String? = await withCheckedContinuation { continuation in
            delivery.deliver(UncheckedSendable({ continuation.resume(returning: DispatchQueue.getSpecific(key: key)) }), fallback: fallback)
        }
        #expect(ranOn == "primary" && !delivery.hasFallenBack)
    }

    /// A primary queue that never runs (a main queue nobody drains): the completion runs once, on
    /// the fallback queue after the grace period, and later ones go there at once.
    @Test func anIdlePrimaryQueueFallsBackOnce() async throws {
        let primary = DispatchQueue(label: "idle")
        primary.suspend()
        defer { primary.resume() }
        let fallback = DispatchQueue(label: "fallback")
        let delivery = MainQueueDelivery(primary: primary, grace: .milliseconds(50))
        let runs = Locked(0)
        let start = Date()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            delivery.deliver(UncheckedSendable({ runs.withLock { $0 += 1 }; continuation.resume() }), fallback: fallback)
        }
        #expect(Date().timeIntervalSince(start) >= 0.05 && delivery.hasFallenBack)
        let offered: Bool = await withCheckedContinuation { continuation in
            let offered = Locked<Bool?>(nil)
            let value = delivery.deliver(UncheckedSendable({
                runs.withLock { $0 += 1 }
                // Wait for the return value (the completion may run before deliver returns).
                while offered.withLock({ $0 }) == nil { usleep(100) }
                continuation.resume(returning: offered.withLock { $0! })
            }), fallback: fallback)
            offered.withLock { $0 = value }
        }
        #expect(!offered, "after a fallback, completions go straight to the detector's queue")
        // The first completion's block on the primary queue finds it taken and does nothing.
        primary.resume()
        primary.sync {}
        primary.suspend()
        #expect(runs.withLock { $0 } == 2)
    }
}
