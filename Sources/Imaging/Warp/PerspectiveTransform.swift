/// A 3×3 projective transform in double precision, row-major, mapping `(x, y, 1)` to
/// `(X, Y, W)` → `(X/W, Y/W)`.
public struct PerspectiveTransform: Sendable, Hashable {
    /// Row-major 3×3 coefficients.
    public var m: [Double]

    /// Wraps 9 row-major coefficients; `nil` for any other count.
    public init?(_ m: [Double]) {
        guard m.count == 9 else { return nil }
        self.m = m
    }

    init(coefficients m: [Double]) {
        self.m = m
    }

    /// The transform that maps the 4 `source` points onto the 4 `destination` points, solved as
    /// OpenCV's `getPerspectiveTransform` (DECOMP_LU) does: the 8×8 system is built from the float32
    /// points (the products `x·u` in float32), then Gaussian elimination with partial pivoting in
    /// double, then back substitution dividing by the pivots (checked bit for bit against OpenCV 4.11
    /// by the goldens). Points are
    /// `[x0, y0, …, x3, y3]`. `nil` when the system is singular (a pivot below `100·DBL_EPSILON`) or
    /// the arrays do not hold 8 floats each.
    public static func mapping(_ source: [Float], to destination: [Float]) -> PerspectiveTransform? {
        guard source.count == 8, destination.count == 8 else { return nil }
        var a = [Double](repeating: 0, count: 64)
        var b = [Double](repeating: 0, count: 8)
        for i in 0..<4 {
            let x = source[2 * i], y = source[2 * i + 1]
            let u = destination[2 * i], v = destination[2 * i + 1]
            a[i * 8 + 0] = Double(x); a[i * 8 + 1] = Double(y); a[i * 8 + 2] = 1
            a[(i + 4) * 8 + 3] = Double(x); a[(i + 4) * 8 + 4] = Double(y); a[(i + 4) * 8 + 5] = 1
            a[i * 8 + 6] = Double(-x * u)
            a[i * 8 + 7] = Double(-y * u)
            a[(i + 4) * 8 + 6] = Double(-x * v)
            a[(i + 4) * 8 + 7] = Double(-y * v)
            b[i] = Double(u)
            b[i + 4] = Double(v)
        }
        guard solveLU(&a, &b, size: 8) else { return nil }
        return PerspectiveTransform(coefficients: b + [1])
    }

    /// Solves `a·x = b` in place (x replaces b), in the order of operations of OpenCV's `LUImpl`
    /// (row swaps on a strictly larger |pivot|, elimination with `−1/pivot`).
    private static func solveLU(_ a: inout [Double], _ b: inout [Double], size n: Int) -> Bool {
        let epsilon = Double.ulpOfOne * 100
        for i in 0..<n {
            var pivotRow = i
            for j in (i + 1)..<max(i + 1, n) where abs(a[j * n + i]) > abs(a[pivotRow * n + i]) {
                pivotRow = j
            }
            if !(abs(a[pivotRow * n + i]) >= epsilon) { return false }
            if pivotRow != i {
                for j in i..<n { a.swapAt(i * n + j, pivotRow * n + j) }
                b.swapAt(i, pivotRow)
            }
            let d = -1 / a[i * n + i]
            for j in (i + 1)..<max(i + 1, n) {
                let alpha = a[j * n + i] * d
                for k in (i + 1)..<n { a[j * n + k] += alpha * a[i * n + k] }
                b[j] += alpha * b[i]
            }
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var s = b[i]
            for k in (i + 1)..<max(i + 1, n) { s -= a[i * n + k] * b[k] }
            b[i] = s / a[i * n + i]
        }
        return true
    }

    /// The inverse by the closed-form cofactor formula of OpenCV's `invert` for 3×3 doubles;
    /// `nil` when the determinant is 0 (or not finite).
    public func inverted() -> PerspectiveTransform? {
        func s(_ r: Int, _ c: Int) -> Double { m[r * 3 + c] }
        var d = s(0, 0) * (s(1, 1) * s(2, 2) - s(1, 2) * s(2, 1))
            - s(0, 1) * (s(1, 0) * s(2, 2) - s(1, 2) * s(2, 0))
            + s(0, 2) * (s(1, 0) * s(2, 1) - s(1, 1) * s(2, 0))
        guard d != 0, d.isFinite else { return nil }
        d = 1 / d
        return PerspectiveTransform(coefficients: [
            (s(1, 1) * s(2, 2) - s(1, 2) * s(2, 1)) * d,
            (s(0, 2) * s(2, 1) - s(0, 1) * s(2, 2)) * d,
            (s(0, 1) * s(1, 2) - s(0, 2) * s(1, 1)) * d,
            (s(1, 2) * s(2, 0) - s(1, 0) * s(2, 2)) * d,
            (s(0, 0) * s(2, 2) - s(0, 2) * s(2, 0)) * d,
            (s(0, 2) * s(1, 0) - s(0, 0) * s(1, 2)) * d,
            (s(1, 0) * s(2, 1) - s(1, 1) * s(2, 0)) * d,
            (s(0, 1) * s(2, 0) - s(0, 0) * s(2, 1)) * d,
            (s(0, 0) * s(1, 1) - s(0, 1) * s(1, 0)) * d,
        ])
    }
}
