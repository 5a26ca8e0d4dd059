#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

/// A one-line progress display on standard error: a bar when the total is known, the count, the
/// rate and the estimated time left, e.g. `[#########-----------] 45/200 files  3.9 files/s  ETA 0:40`.
///
/// It is redrawn at most ten times a second, is thread-safe, and draws nothing when disabled (by
/// `--quiet`, or when standard error is not a terminal). ``log(_:)`` prints a message above it.
final class ProgressBar: @unchecked Sendable {
    private let lock = Locked(())
    private let enabled: Bool
    private let unit: String
    private var total: Int?
    private var done = 0
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?
    private var isShown = false

    /// Whether a bar would be visible: standard error is a terminal and `quiet` is false.
    static func isVisible(quiet: Bool) -> Bool { !quiet && isatty(STDERR_FILENO) == 1 }

    /// - Parameters:
    ///   - total: the number of items (`nil` when unknown, e.g. a stream).
    ///   - unit: what is counted, plural (`"files"`, `"frames"`).
    init(total: Int?, unit: String, quiet: Bool) {
        self.total = total
        self.unit = unit
        self.enabled = Self.isVisible(quiet: quiet)
    }

    /// Sets the number of items once it is known (e.g. from a video's header).
    func setTotal(_ total: Int?) {
        lock.withLock { _ in self.total = total }
    }

    /// Counts `count` more finished items.
    func advance(by count: Int = 1) {
        lock.withLock { _ in
            done += count
            guard enabled else { return }
            let now = ContinuousClock.now
            if let lastDraw, now - lastDraw < .milliseconds(100), done != total { return }
            lastDraw = now
            draw(now: now)
        }
    }

    /// Prints `message` on its own line on standard error, above the bar.
    func log(_ message: String) {
        lock.withLock { _ in
            var text = enabled && isShown ? "\r\u{1B}[K" : ""
            text += message + "\n"
            writeToStandardError(text)
            if enabled && isShown { draw(now: ContinuousClock.now) }
        }
    }

    /// Removes the bar (call once at the end).
    func finish() {
        lock.withLock { _ in
            guard enabled, isShown else { return }
            writeToStandardError("\r\u{1B}[K")
            isShown = false
        }
    }

    private func draw(now: ContinuousClock.Instant) {
        let seconds = Self.seconds(now - start)
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var line = ""
        if let total, total > 0 {
            let width = 20
            let filled = min(width, done * width / total)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            line += "\(done)/\(total) \(unit)"
        } else {
            line += "\(done) \(unit)"
        }
        line += "  " + Self.formatRate(rate) + " \(unit)/s"
        if let total, rate > 0, done < total {
            line += "  ETA " + Self.formatDuration(Double(total - done) / rate)
        } else {
            line += "  " + Self.formatDuration(seconds)
        }
        let columns = Self.terminalColumns()
        if line.count >= columns { line = String(line.prefix(max(0, columns - 1))) }
        writeToStandardError("\r\u{1B}[K" + line)
        isShown = true
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func formatRate(_ rate: Double) -> String {
        rate >= 100 ? String(Int(rate.rounded())) : String((rate * 10).rounded() / 10)
    }

    /// `m:ss`, or `h:mm:ss` from an hour on.
    static func formatDuration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e7 else { return "--:--" }
        let whole = Int(seconds.rounded())
        let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    private static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}

/// Writes `text` to standard error unbuffered.
func writeToStandardError(_ text: String) {
    try? FileDescriptorWriter.writeAll(Array(text.utf8), to: STDERR_FILENO, name: "standard error")
}
