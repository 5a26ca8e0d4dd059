/// Why a weighted Procrustes problem has no solution (MediaPipe's `procrustes_solver.cc` checks).
public enum ProcrustesError: Error, Sendable, Hashable, CustomStringConvertible {
    case noPoints
    case countMismatch(sources: Int, targets: Int, weights: Int)
    case negativeWeight(index: Int)
    case totalWeightTooSmall
    case designMatrixNormTooSmall
    case scaleDenominatorTooSmall
    case scaleTooSmall

    public var description: String {
        switch self {
        case .noPoints: "the number of source points must be positive"
        case let .countMismatch(s, t, w): "\(s) source points, \(t) target points and \(w) weights must be equal"
        case let .negativeWeight(index): "point weight \(index) is negative or NaN"
        case .totalWeightTooSmall: "the total point weight is too small"
        case .designMatrixNormTooSmall: "the design matrix norm is too small"
        case .scaleDenominatorTooSmall: "the scale expression denominator is too small"
        case .scaleTooSmall: "the scale is too small"
        }
    }
}

/// The weighted extended orthogonal Procrustes problem of MediaPipe's face geometry
/// (`procrustes_solver.cc`, docs/pipeline.md §5.2): find scale s, rotation R and translation t that
/// minimize `Σ wᵢ‖s·R·aᵢ + t − bᵢ‖²`.
///
/// Float32 as in MediaPipe, except that the 3×3 SVD runs in double (then cast; docs/pipeline.md §5.2) and
/// that long sums over points accumulate in double before rounding to float (Eigen's vectorized
/// float reductions cannot be reproduced bit for bit; a double accumulator is closer to them than a
/// sequential float sum).
public enum WeightedProcrustes {
    static let epsilon: Float = 1e-9

    /// Solves for the transform that maps `sources` onto `targets` (one weight per point) and
    /// returns it as `[[s·R, t], [0 0 0 1]]`.
    public static func solve(sources: [SIMD3<Float>], targets: [SIMD3<Float>], weights: [Float]) throws(ProcrustesError) -> Matrix4x4 {
        let n = sources.count
        guard n > 0 else { throw .noPoints }
        guard targets.count == n, weights.count == n else {
            throw .countMismatch(sources: n, targets: targets.count, weights: weights.count)
        }
        var totalInputWeight: Float = 0
        for (i, w) in weights.enumerated() {
            guard w >= 0 else { throw .negativeWeight(index: i) }
            totalInputWeight += w
        }
        guard totalInputWeight > epsilon else { throw .totalWeightTooSmall }

        let sqrtWeights = weights.map { $0.squareRoot() }
        let weightedSources = zip(sources, sqrtWeights).map { $0 * $1 }
        let weightedTargets = zip(targets, sqrtWeights).map { $0 * $1 }
        let totalWeight = Float(sum(sqrtWeights.map { Double($0 * $0) }))

        var centerSum = SIMD3<Double>(repeating: 0)
        for (a, q) in zip(weightedSources, sqrtWeights) { centerSum += SIMD3<Double>(a * q) }
        let center = SIMD3<Float>(centerSum) / totalWeight
        let centered = zip(weightedSources, sqrtWeights).map { $0 - center * $1 }

        // Design matrix D = Bw·Acᵀ (3×3), row-major.
        var design = [Double](repeating: 0, count: 9)
        for (b, c) in zip(weightedTargets, centered) {
            for r in 0..<3 {
                for k in 0..<3 { design[3 * r + k] += Double(b[r] * c[k]) }
            }
        }
        let designFloat = design.map { Float($0) }
        let designNorm = Float(designFloat.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot())
        guard designNorm > epsilon else { throw .designMatrixNormTooSmall }
        let rotation = optimalRotation(designFloat)

        var numerator = 0.0, denominator = 0.0
        for ((c, a), b) in zip(zip(centered, weightedSources), weightedTargets) {
            let rc = multiply(rotation, c)
            numerator += Double(rc.x * b.x) + Double(rc.y * b.y) + Double(rc.z * b.z)
            denominator += Double(c.x * a.x) + Double(c.y * a.y) + Double(c.z * a.z)
        }
        let numeratorFloat = Float(numerator), denominatorFloat = Float(denominator)
        guard denominatorFloat > epsilon else { throw .scaleDenominatorTooSmall }
        let scale = numeratorFloat / denominatorFloat
        guard scale > epsilon else { throw .scaleTooSmall }

        let rotationAndScale = rotation.map { scale * $0 }
        var translationSum = SIMD3<Double>(repeating: 0)
        for ((a, b), q) in zip(zip(weightedSources, weightedTargets), sqrtWeights) {
            let diff = b - multiply(rotationAndScale, a)
            translationSum += SIMD3<Double>(diff * q)
        }
        let translation = SIMD3<Float>(translationSum) / totalWeight

        let r = rotationAndScale
        return Matrix4x4(uncheckedRowMajor: [r[0], r[1], r[2], translation.x,
                                             r[3], r[4], r[5], translation.y,
                                             r[6], r[7], r[8], translation.z,
                                             0, 0, 0, 1])
    }

    /// `R = U·Vᵀ` from the SVD of the design matrix (in double, cast to float), with U's third
    /// column negated when `det(U)·det(Vᵀ) < 0` so that R is a proper rotation. Row-major.
    static func optimalRotation(_ design: [Float]) -> [Float] {
        let svd = SingularValueDecomposition3(design.map { Double($0) })
        var u = svd.u.map { Float($0) }
        let v = svd.v.map { Float($0) }
        if determinant(u) * determinant(v) < 0 {
            for r in 0..<3 { u[3 * r + 2] = -u[3 * r + 2] }
        }
        var rotation = [Float](repeating: 0, count: 9)
        for r in 0..<3 {
            for c in 0..<3 {
                // (U·Vᵀ)[r][c] = Σₖ U[r][k]·V[c][k]
                rotation[3 * r + c] = u[3 * r] * v[3 * c] + u[3 * r + 1] * v[3 * c + 1] + u[3 * r + 2] * v[3 * c + 2]
            }
        }
        return rotation
    }

    static func determinant(_ m: [Float]) -> Float {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    static func multiply(_ m: [Float], _ p: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(m[0] * p.x + m[1] * p.y + m[2] * p.z,
              m[3] * p.x + m[4] * p.y + m[5] * p.z,
              m[6] * p.x + m[7] * p.y + m[8] * p.z)
    }

    static func sum(_ values: [Double]) -> Double {
        values.reduce(0, +)
    }
}
