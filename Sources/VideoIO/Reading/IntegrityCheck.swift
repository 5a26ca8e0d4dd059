/// Signs of damage that FFmpeg's demuxers and decoders pass over silently, gathered while a file
/// is read and judged at its end: Matroska and WebM resynchronize after a damaged or missing
/// block of bytes and simply go on, and a Matroska file cut short just ends early.
///
/// - **Truncation**: the container declares a duration, yet the packets of all its streams
///   (video, audio, subtitles) end well before it. "Well" is more than
///   ``truncationToleranceMilliseconds`` or four nominal frame durations, whichever is longer, so a
///   container duration slightly longer than the last frame, and audio longer than the video, pass.
/// - **Holes**: two consecutive video frames lie further apart than
///   ``gapToleranceMilliseconds`` or 25 nominal frame durations, whichever is longer (frames of
///   variable-rate video stay well inside that), and the demuxer skipped bytes to get from one to
///   the other: more than ``skippedBytesTolerance`` between the end of a packet and the start of
///   the next, as when it resynchronizes past damage. A long still, as in a screen recording whose
///   frames come only when the screen changes, has its packets back to back and is not a hole.
///   When the demuxer gives no byte positions, a long gap counts on its own.
/// - **Decode errors**: packets the decoder rejected after the first frame was decoded.
///
/// Only regular files are judged: pipes, devices and network streams have no declared end and
/// may lose data in transit. Formats that allow timestamp discontinuities (FFmpeg's
/// `AVFMT_TS_DISCONT`, such as MPEG-TS) are exempt from the timestamp rules (their clips may be
/// joined), durations estimated from the bit rate are not trusted, and MP4/MOV are judged by
/// their sample index instead (see `DecodingState`), which lists every frame, however long shown.
struct IntegrityCheck {
    /// The shortest shortfall, in milliseconds, against the declared duration that counts as a cut.
    static let truncationToleranceMilliseconds = 500.0
    /// The shortest interval between frames, in milliseconds, that counts as a hole.
    static let gapToleranceMilliseconds = 2000.0
    /// The most bytes between two packets that container framing explains (block and cluster
    /// headers are tens of bytes).
    static let skippedBytesTolerance: Int64 = 4096

    /// What the container declares, and what the rules may use.
    struct Declared {
        /// The container's duration in milliseconds, when trusted for the truncation rule.
        var durationMilliseconds: Double?
        /// The container's start time in milliseconds (0 when it does not say).
        var startMilliseconds: Double = 0
        /// One frame at the stream's nominal frame rate, in milliseconds, when known.
        var frameMilliseconds: Double?
        /// Whether the input is a regular file (the decode-error rule applies).
        var isRegularFile: Bool
        /// Whether the hole rule applies: a regular file whose format neither allows timestamp
        /// discontinuities nor has a sample index.
        var judgesGaps: Bool
    }

    let declared: Declared
    /// The latest end (pts + duration) of any packet of any stream, in milliseconds.
    private(set) var dataEndMilliseconds: Double?
    private var previousFrameMilliseconds: Double?
    private var decodedFrames = 0
    private(set) var gapCount = 0
    /// The first hole: the times of the frames on either side, in milliseconds.
    private(set) var firstGap: (from: Double, to: Double)?
    private(set) var decodeErrorsAfterFirstFrame = 0
    /// Where the last packet ended in the file, in bytes, when known.
    private var packetEndPosition: Int64?
    /// Whether every packet so far had a byte position.
    private var knowsPositions = true
    /// The times (milliseconds) of the packets that came after skipped bytes, in reading order.
    private var packetsAfterSkips: [Double] = []

    init(_ declared: Declared) { self.declared = declared }

    /// Notes a packet of any stream that presents from `milliseconds` for `durationMilliseconds`
    /// and lies at byte `position` (-1 when unknown) for `size` bytes.
    mutating func notePacket(milliseconds: Double, durationMilliseconds: Double, position: Int64, size: Int) {
        if position < 0 {
            knowsPositions = false
        } else {
            if let end = packetEndPosition, position - end > Self.skippedBytesTolerance, milliseconds.isFinite {
                packetsAfterSkips.append(milliseconds)
            }
            packetEndPosition = position + Int64(max(0, size))
        }
        guard milliseconds.isFinite, durationMilliseconds.isFinite else { return }
        let end = milliseconds + max(0, durationMilliseconds)
        if end > (dataEndMilliseconds ?? -.infinity) { dataEndMilliseconds = end }
    }

    /// Notes a decoded video frame presented at `milliseconds` (the container's time, not rebased).
    mutating func noteFrame(milliseconds: Double) {
        defer { decodedFrames += 1 }
        guard milliseconds.isFinite else { return }
        defer { previousFrameMilliseconds = max(previousFrameMilliseconds ?? milliseconds, milliseconds) }
        guard declared.judgesGaps, let previous = previousFrameMilliseconds else { return }
        if milliseconds - previous > gapLimitMilliseconds, bytesWereSkipped(after: previous, upTo: milliseconds) {
            gapCount += 1
            if firstGap == nil { firstGap = (previous, milliseconds) }
        }
    }

    /// Whether a packet presented after `start` and up to `end` came after skipped bytes (true
    /// when positions are unknown, which cannot tell a hole from a still).
    func bytesWereSkipped(after start: Double, upTo end: Double) -> Bool {
        !knowsPositions || packetsAfterSkips.contains { $0 > start && $0 <= end }
    }

    /// Notes a packet the decoder rejected.
    mutating func noteDecodeError() {
        if declared.isRegularFile, decodedFrames > 0 { decodeErrorsAfterFirstFrame += 1 }
    }

    /// The longest interval between frames, in milliseconds, that is not a hole.
    var gapLimitMilliseconds: Double {
        max(Self.gapToleranceMilliseconds, 25 * (declared.frameMilliseconds ?? 0))
    }

    /// How much of the declared duration has no data, in milliseconds, when that counts as a cut.
    var missingMilliseconds: Double? {
        guard let duration = declared.durationMilliseconds, duration > 0, let end = dataEndMilliseconds else { return nil }
        let missing = duration - (end - declared.startMilliseconds)
        let tolerance = max(Self.truncationToleranceMilliseconds, 4 * (declared.frameMilliseconds ?? 0))
        return missing > tolerance ? missing : nil
    }

    /// The damage found in `source` once all of it was read (`frames` frames decoded), or nil.
    func problem(source: String, frames: Int) -> VideoError? {
        if let missing = missingMilliseconds, let duration = declared.durationMilliseconds {
            let end = (dataEndMilliseconds ?? 0) - declared.startMilliseconds
            return .truncated("\(source): the container says it lasts \(Self.seconds(duration)) s but its data ends at "
                              + "\(Self.seconds(end)) s (\(Self.seconds(missing)) s missing); \(frames) frame(s) decoded")
        }
        if let gap = firstGap {
            let more = gapCount > 1 ? " and \(gapCount - 1) more" : ""
            return .corrupt("\(source): frames are missing: a gap of \(Self.seconds(gap.to - gap.from)) s between the frames at "
                            + "\(Self.seconds(gap.from - declared.startMilliseconds)) s and "
                            + "\(Self.seconds(gap.to - declared.startMilliseconds)) s\(more) (gaps over "
                            + "\(Self.seconds(gapLimitMilliseconds)) s are damage); \(frames) frame(s) decoded")
        }
        if decodeErrorsAfterFirstFrame > 0 {
            return .corrupt("\(source): \(decodeErrorsAfterFirstFrame) damaged packet(s) failed to decode and were skipped; "
                            + "\(frames) frame(s) decoded")
        }
        return nil
    }

    /// `milliseconds` as seconds with up to 3 decimals, e.g. `"6.133"`, `"20"`.
    static func seconds(_ milliseconds: Double) -> String {
        guard milliseconds.isFinite else { return "\(milliseconds)" }
        let whole = Int64(abs(milliseconds).rounded().clamped(to: 0...9e15))
        var text = (milliseconds < 0 && whole > 0 ? "-" : "") + String(whole / 1000)
        var fraction = String(whole % 1000)
        guard fraction != "0" else { return text }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
        return text
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
