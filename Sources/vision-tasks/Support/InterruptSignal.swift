#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Locking

/// SIGINT (Ctrl-C) and SIGTERM (what Kubernetes and Slurm send to stop a job) as a flag that the
/// drivers poll between frames and files, so a run can stop cleanly with all output flushed.
///
/// The signals are delivered through a `DispatchSource` on a background queue, not a C signal
/// handler, so the reaction runs as ordinary code. A second signal ends the process at once
/// (exit status 130), for when a clean stop hangs.
final class InterruptSignal: @unchecked Sendable {
    private let lock = Locked(())
    private var raised = false
    private var reactions: [@Sendable () -> Void] = []
    private var sources: [any DispatchSourceSignal] = []

    /// The process-wide instance; installed on first use.
    static let shared = InterruptSignal()

    private init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [unowned self] in self.deliver() }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether SIGINT or SIGTERM has arrived.
    var isRaised: Bool { lock.withLock { _ in raised } }

    /// Runs `reaction` (on a background queue) when the signal arrives, or now if it already has.
    func onInterrupt(_ reaction: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock { (_: inout ()) -> Bool in
            if raised { return true }
            reactions.append(reaction)
            return false
        }
        if runNow { reaction() }
    }

    private func deliver() {
        let pending = lock.withLock { (_: inout ()) -> [@Sendable () -> Void]? in
            if raised { return nil }
            raised = true
            defer { reactions = [] }
            return reactions
        }
        guard let pending else {
            writeToStandardError("\nvision-tasks: interrupted again; stopping now\n")
            _exit(130)
        }
        writeToStandardError("\nvision-tasks: stopping after the current work (interrupt again to stop at once)\n")
        for reaction in pending { reaction() }
    }
}

/// A run stopped by SIGINT or SIGTERM after flushing its output.
struct Interrupted: Error, CustomStringConvertible {
    var description: String { "interrupted" }
}
