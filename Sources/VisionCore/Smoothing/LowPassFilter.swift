/// MediaPipe's `LowPassFilter` (`util/filtering/low_pass_filter.cc`): an exponential moving
/// average with float32 storage.
///
/// The first value passes through; after that the output is `α·v + (1 − α)·previous`, where `α·v`
/// is a float32 product and the rest is evaluated in double before rounding back to float, as the
/// C++ expression `alpha_ * value + (1.0 - alpha_) * stored_value_` does.
public struct LowPassFilter: Sendable, Hashable {
    /// The smoothing factor in [0, 1].
    public private(set) var alpha: Float
    /// Whether a value has been filtered since creation.
    public private(set) var isInitialized = false
    /// The last input value.
    public private(set) var lastRawValue: Float = 0
    /// The last output value.
    public private(set) var lastValue: Float = 0

    /// A filter with smoothing factor `alpha`; a value outside [0, 1] leaves α at 0 (as MediaPipe,
    /// which logs and ignores it, leaving the member uninitialized).
    public init(alpha: Float) {
        self.alpha = 0
        setAlpha(alpha)
    }

    /// Sets α if it is in [0, 1]; otherwise keeps the current one (MediaPipe logs and ignores it).
    public mutating func setAlpha(_ newAlpha: Float) {
        guard newAlpha >= 0, newAlpha <= 1 else { return }
        alpha = newAlpha
    }

    /// Filters `value`.
    public mutating func apply(_ value: Float) -> Float {
        let result: Float
        if isInitialized {
            result = Float(Double(alpha * value) + (1.0 - Double(alpha)) * Double(lastValue))
        } else {
            result = value
            isInitialized = true
        }
        lastRawValue = value
        lastValue = result
        return result
    }

    /// Sets α (if valid) and filters `value`.
    public mutating func apply(_ value: Float, alpha newAlpha: Float) -> Float {
        setAlpha(newAlpha)
        return apply(value)
    }
}
