/// A group of independent Float sums that the reference kernels accumulate together: a SIMD
/// vector (one output per lane) or a single `Float`. Every lane does plain Float arithmetic, so a
/// sum gives the same result whichever width it is computed in.
protocol FloatLanes {
    /// All lanes zero.
    init()
    init(repeating value: Float)
    /// Reads consecutive floats, one per lane (no alignment needed).
    static func load(_ pointer: UnsafePointer<Float>) -> Self
    /// Writes the lanes to consecutive floats.
    func store(to pointer: UnsafeMutablePointer<Float>)
    static func + (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    static func += (lhs: inout Self, rhs: Self)
    /// ``ActivationRange/apply(_:)`` on every lane, with the same results.
    func clamped(to range: ActivationRange) -> Self
}

extension FloatLanes where Self: SIMD, Scalar == Float {
    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>) -> Self {
        UnsafeRawPointer(pointer).loadUnaligned(as: Self.self)
    }

    @inline(__always)
    func store(to pointer: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: self, as: Self.self)
    }
}

// `clamped` is written per concrete type: there the lane comparisons compile to vector compares
// (in a generic context they would run lane by lane).

extension SIMD4: FloatLanes where Scalar == Float {
    @inline(__always)
    func clamped(to range: ActivationRange) -> Self {
        // As Swift.max then Swift.min: the bound wins when `x <= lower` and when `x > upper`.
        let lower = Self(repeating: range.lower), upper = Self(repeating: range.upper)
        let raised = replacing(with: lower, where: self .<= lower)
        return raised.replacing(with: upper, where: raised .> upper)
    }
}

extension SIMD8: FloatLanes where Scalar == Float {
    @inline(__always)
    func clamped(to range: ActivationRange) -> Self {
        let lower = Self(repeating: range.lower), upper = Self(repeating: range.upper)
        let raised = replacing(with: lower, where: self .<= lower)
        return raised.replacing(with: upper, where: raised .> upper)
    }
}

extension Float: FloatLanes {
    @inline(__always)
    init(repeating value: Float) { self = value }

    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>) -> Float { pointer.pointee }

    @inline(__always)
    func store(to pointer: UnsafeMutablePointer<Float>) { pointer.pointee = self }

    @inline(__always)
    func clamped(to range: ActivationRange) -> Float { range.apply(self) }
}
