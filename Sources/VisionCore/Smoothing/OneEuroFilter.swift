import Foundation

/// MediaPipe's `OneEuroFilter` (`util/filtering/one_euro_filter.cc`, docs/pipeline.md §8.1) with its
/// timestamp quirks. Time is passed in, in nanoseconds; the filter never reads a clock.
///
/// * `lastTime` starts at −1. A timestamp `≤ lastTime` returns the value unfiltered and changes
///   nothing.
/// * The frequency (30 Hz until then) is updated from the timestamp difference only when neither
///   the last nor the new timestamp is 0. So with a first timestamp of 0, the second frame still
///   uses 30 Hz (quirk 1); with a first timestamp t₀ > 0, the frequency becomes 1e9/(t₀ + 1),
///   which does not affect the first output (quirk 2).
/// * Values are filtered by two float32 ``LowPassFilter``s; everything else is double.
public struct OneEuroFilter: Sendable, Hashable {
    public private(set) var frequency: Double
    public let minCutoff: Double
    public let beta: Double
    public let derivateCutoff: Double
    /// The last accepted timestamp in ns (−1 before the first).
    public private(set) var lastTime: Int64 = -1
    private var x: LowPassFilter
    private var dx: LowPassFilter

    /// A filter; `frequency`, `minCutoff` and `derivateCutoff` must be > 1e-6 (MediaPipe's check).
    public init(frequency: Double = 30, minCutoff: Double, beta: Double, derivateCutoff: Double) throws(VisionCoreError) {
        let epsilon = 0.000001
        guard frequency > epsilon, frequency.isFinite else { throw .invalidArgument("frequency should be > 0") }
        guard minCutoff > epsilon, minCutoff.isFinite else { throw .invalidArgument("min_cutoff should be > 0") }
        guard derivateCutoff > epsilon, derivateCutoff.isFinite else { throw .invalidArgument("derivate_cutoff should be > 0") }
        guard beta.isFinite else { throw .invalidArgument("beta should be finite") }
        self.frequency = frequency
        self.minCutoff = minCutoff
        self.beta = beta
        self.derivateCutoff = derivateCutoff
        x = LowPassFilter(alpha: Float(Self.alpha(cutoff: minCutoff, frequency: frequency)))
        dx = LowPassFilter(alpha: Float(Self.alpha(cutoff: derivateCutoff, frequency: frequency)))
    }

    /// Filters `value` observed at `timestamp` (ns). `valueScale` multiplies the derivative (the
    /// inverse object scale in landmark smoothing).
    public mutating func apply(_ value: Double, timestamp: Int64, valueScale: Double) -> Double {
        if lastTime >= timestamp { return value }
        if lastTime != 0, timestamp != 0 {
            let (difference, overflow) = timestamp.subtractingReportingOverflow(lastTime)
            let seconds = (overflow ? Double(timestamp) - Double(lastTime) : Double(difference)) * 1e-9
            frequency = 1.0 / seconds
        }
        lastTime = timestamp
        let derivative = x.isInitialized ? (value - Double(x.lastRawValue)) * valueScale * frequency : 0
        let smoothedDerivative = Double(dx.apply(Float(derivative), alpha: Float(alpha(cutoff: derivateCutoff))))
        let cutoff = minCutoff + beta * abs(smoothedDerivative)
        return Double(x.apply(Float(value), alpha: Float(alpha(cutoff: cutoff))))
    }

    private func alpha(cutoff: Double) -> Double {
        Self.alpha(cutoff: cutoff, frequency: frequency)
    }

    /// `1/(1 + τ/tₑ)` with `τ = 1/(2π·cutoff)` and `tₑ = 1/frequency`.
    static func alpha(cutoff: Double, frequency: Double) -> Double {
        let te = 1.0 / frequency
        let tau = 1.0 / (2 * Double.pi * cutoff)
        return 1.0 / (1.0 + tau / te)
    }
}
