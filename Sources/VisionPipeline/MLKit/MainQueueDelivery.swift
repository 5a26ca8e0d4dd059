import Foundation
import Locking

/// Completions on the main queue, as ML Kit and Firebase document, without hanging programs that
/// never run it (a command-line tool whose main thread neither calls `dispatchMain()` nor runs a
/// `RunLoop`).
///
/// Each completion is posted to the primary queue (``main``: the main queue); if that queue has
/// not run it after `grace`, it runs on the detector's own queue instead (whichever comes first
/// runs it, exactly once). The first time that happens the primary queue is taken not to run: a
/// notice goes to standard error once, and later completions go straight to the detector's
/// queue. Programs choose explicitly with the options' `completionQueue`.
package final class MainQueueDelivery: Sendable {
    /// The delivery on the main queue, with 250 ms of grace.
    static let main = MainQueueDelivery(primary: .main, grace: .milliseconds(250))

    private let primary: DispatchQueue
    private let grace: DispatchTimeInterval
    /// Set once a completion had to fall back.
    private let primaryIdle = Locked(false)

    package init(primary: DispatchQueue, grace: DispatchTimeInterval) {
        self.primary = primary
        self.grace = grace
    }

    /// Whether a completion has fallen back (the primary queue is taken not to run).
    package var hasFallenBack: Bool { primaryIdle.withLock { $0 } }

    /// Runs `completion` once, as the type says; returns whether it was offered to the primary
    /// queue (false once a completion has fallen back).
    @discardableResult
    package func deliver(_ completion: UncheckedSendable<() -> Void>, fallback: DispatchQueue) -> Bool {
        if hasFallenBack {
            fallback.async { completion.value() }
            return false
        }
        let claimed = Locked(false)
        primary.async {
            if Self.claim(claimed) { completion.value() }
        }
        fallback.asyncAfter(deadline: .now() + grace) { [primaryIdle] in
            guard Self.claim(claimed) else { return }
            if Self.claim(primaryIdle) {
                FileHandle.standardError.write(Data(("ML Kit / Firebase: the main queue does not run (no dispatchMain() or RunLoop), so "
                    + "completions run on the detector's queue; set the options' completionQueue to choose\n").utf8))
            }
            completion.value()
        }
        return true
    }

    /// Whether this caller is the first to take `flag`.
    private static func claim(_ flag: Locked<Bool>) -> Bool {
        flag.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }
}
