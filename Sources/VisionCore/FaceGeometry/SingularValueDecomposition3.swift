/// The singular value decomposition `M = U·diag(s)·Vᵀ` of a 3×3 matrix, in double, by one-sided
/// Jacobi rotations (Hestenes). Singular values come out in descending order and U and V are full
/// orthonormal bases (rank-deficient inputs get completed columns), like Eigen's `JacobiSVD` with
/// `ComputeFullU | ComputeFullV`.
struct SingularValueDecomposition3 {
    /// Row-major 3×3.
    var u: [Double]
    var singularValues: [Double]
    /// Row-major 3×3 (V, not Vᵀ).
    var v: [Double]

    /// Decomposes the row-major 3×3 `matrix`. Non-finite input gives non-finite output, never a trap.
    init(_ matrix: [Double]) {
        precondition(matrix.count == 9)
        // Columns of the working matrix and of V.
        var a = [[Double]](repeating: [0, 0, 0], count: 3)
        var vColumns = [[Double]](repeating: [0, 0, 0], count: 3)
        for c in 0..<3 {
            for r in 0..<3 { a[c][r] = matrix[3 * r + c] }
            vColumns[c][c] = 1
        }
        for _ in 0..<64 {
            var rotated = false
            for (p, q) in [(0, 1), (0, 2), (1, 2)] {
                let alpha = Self.dot(a[p], a[p]), beta = Self.dot(a[q], a[q]), gamma = Self.dot(a[p], a[q])
                guard gamma != 0, abs(gamma) > 1e-15 * (alpha * beta).squareRoot() else { continue }
                let zeta = (beta - alpha) / (2 * gamma)
                let t = (zeta >= 0 ? 1.0 : -1.0) / (abs(zeta) + (1 + zeta * zeta).squareRoot())
                let c = 1 / (1 + t * t).squareRoot(), s = c * t
                guard c.isFinite, s.isFinite else { continue }
                for r in 0..<3 {
                    let ap = a[p][r], aq = a[q][r]
                    a[p][r] = c * ap - s * aq
                    a[q][r] = s * ap + c * aq
                    let vp = vColumns[p][r], vq = vColumns[q][r]
                    vColumns[p][r] = c * vp - s * vq
                    vColumns[q][r] = s * vp + c * vq
                }
                rotated = true
            }
            if !rotated { break }
        }
        let norms = a.map { Self.dot($0, $0).squareRoot() }
        let order = [0, 1, 2].sorted { norms[$0] > norms[$1] || (norms[$0] == norms[$1] && $0 < $1) }
        singularValues = order.map { norms[$0] }
        let largest = singularValues[0]
        var uColumns: [[Double]] = []
        for (k, index) in order.enumerated() {
            let sigma = norms[index]
            if sigma > largest * 1e-12, sigma > 0 {
                uColumns.append(a[index].map { $0 / sigma })
            } else if k == 2, uColumns.count == 2 {
                uColumns.append(Self.cross(uColumns[0], uColumns[1]))
            } else {
                uColumns.append(Self.completion(of: uColumns))
            }
        }
        u = Self.rowMajor(columns: uColumns)
        v = Self.rowMajor(columns: order.map { vColumns[$0] })
    }

    static func dot(_ x: [Double], _ y: [Double]) -> Double { x[0] * y[0] + x[1] * y[1] + x[2] * y[2] }

    static func cross(_ x: [Double], _ y: [Double]) -> [Double] {
        [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]]
    }

    /// A unit vector orthogonal to the given orthonormal columns (0, 1 or 2 of them).
    static func completion(of columns: [[Double]]) -> [Double] {
        if columns.count == 2 { return cross(columns[0], columns[1]) }
        var best: [Double] = [1, 0, 0]
        var bestNorm = -1.0
        for axis in 0..<3 {
            var e: [Double] = [0, 0, 0]
            e[axis] = 1
            for column in columns {
                let d = dot(e, column)
                e = zip(e, column).map { $0 - d * $1 }
            }
            let n = dot(e, e).squareRoot()
            if n > bestNorm {
                bestNorm = n
                best = e.map { $0 / n }
            }
        }
        return best
    }

    static func rowMajor(columns: [[Double]]) -> [Double] {
        (0..<9).map { columns[$0 % 3][$0 / 3] }
    }
}
