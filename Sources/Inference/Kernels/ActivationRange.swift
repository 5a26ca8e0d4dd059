import TFLite

/// A fused activation as the clamp `min(max(x, lower), upper)` TFLite applies after the operator.
package struct ActivationRange: Hashable, Sendable {
    package var lower: Float
    package var upper: Float

    package static let none = ActivationRange(lower: -.infinity, upper: .infinity)

    package init(lower: Float, upper: Float) {
        self.lower = lower
        self.upper = upper
    }

    /// The range of `activation`; TANH and SIGN_BIT are not clamps and are rejected.
    package init(_ activation: FusedActivation, reader: NodeReader) throws {
        switch activation {
        case .none: self = .none
        case .relu: self.init(lower: 0, upper: .infinity)
        case .reluN1To1: self.init(lower: -1, upper: 1)
        case .relu6: self.init(lower: 0, upper: 6)
        case .tanh, .signBit: throw reader.invalid("fused activation \(activation) is not supported")
        }
    }

    package var isNone: Bool { lower == -.infinity && upper == .infinity }

    @inline(__always)
    package func apply(_ x: Float) -> Float { Swift.min(Swift.max(x, lower), upper) }
}
