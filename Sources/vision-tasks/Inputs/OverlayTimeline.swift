/// Presentation times for an overlay video, in whole milliseconds from its first frame (at 0): the
/// input frames' own container times, so that the overlay lasts as long as the input and its
/// frames show for as long as the input's do, also where those times are broken.
///
/// The task's timestamps (``TimestampClock``) cannot serve: they must increase, so every frame
/// whose time goes back gets the previous one plus 1 ms, and clips joined end to end (each
/// starting at its own zero) would play their second part in a blink. Here, a frame more than two
/// nominal frame durations behind the previous one starts a new segment one frame duration after
/// it, and the frames after it keep the container's spacing from there. A frame that repeats the
/// previous time or goes back less than that (jitter) gets the previous time plus 1 ms, and one
/// without a usable time comes one frame duration after the previous.
struct OverlayTimeline {
    /// One frame at the input's nominal frame rate, in milliseconds.
    let frameMilliseconds: Double
    /// Added to container times from the last discontinuity on, in milliseconds.
    private var offset = 0.0
    private var last: Int?

    /// - Parameter framesPerSecond: the input's nominal frame rate (frames per second, > 0).
    init(framesPerSecond: Double) {
        frameMilliseconds = 1000 / framesPerSecond
    }

    /// The overlay time in milliseconds of the frame the container presents at `milliseconds`;
    /// strictly greater than the previous call's result.
    mutating func next(_ milliseconds: Double) -> Int {
        guard milliseconds.isFinite else {
            let value = last.map { $0 + max(1, Int(frameMilliseconds.rounded())) } ?? 0
            last = value
            return value
        }
        if last == nil { offset = -milliseconds }
        var shifted = milliseconds + offset
        if let last, shifted.rounded() <= Double(last) {
            if Double(last) - shifted > 2 * frameMilliseconds {
                let target = Double(last) + frameMilliseconds
                offset += target - shifted
                shifted = target
            } else {
                shifted = Double(last + 1)
            }
        }
        let value = max(Int(shifted.rounded().clamped(to: -9e15...9e15)), (last ?? Int.min) &+ 1)
        last = value
        return value
    }
}
