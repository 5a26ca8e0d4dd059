/// A 4×4 float32 matrix stored row-major.
///
/// Used for the tensor→image projection (`ImageToTensorCalculator`'s MATRIX output) and for the
/// facial transformation matrix. `columnMajor` gives the layout that MediaPipe's `MatrixData`
/// and the iOS `TransformMatrix.data` use.
public struct Matrix4x4: Sendable, Hashable {
    /// The 16 elements, row by row: element (r, c) is `rowMajor[4·r + c]`.
    public var rowMajor: [Float]

    /// A matrix from 16 row-major elements; any other count gives `nil`.
    public init?(rowMajor: [Float]) {
        guard rowMajor.count == 16 else { return nil }
        self.rowMajor = rowMajor
    }

    /// The identity matrix.
    public static let identity = Matrix4x4(uncheckedRowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    init(uncheckedRowMajor values: [Float]) {
        precondition(values.count == 16)
        self.rowMajor = values
    }

    /// Element at `row`, `column` (both in 0..<4).
    public subscript(row: Int, column: Int) -> Float {
        get { rowMajor[4 * row + column] }
        set { rowMajor[4 * row + column] = newValue }
    }

    /// The 16 elements column by column: MediaPipe's `MatrixData.packed_data` (layout unset =
    /// column-major), the iOS `TransformMatrix.data` (translation at 12...14) and the order of
    /// `simd_float4x4(columns:)`. Note that iOS's `valueAt(row:column:)` reads this buffer as if it
    /// were row-major, so it returns the transpose (docs/pipeline.md §5.3).
    public var columnMajor: [Float] {
        (0..<16).map { rowMajor[4 * ($0 % 4) + $0 / 4] }
    }

    /// Maps the point `(x, y, z)` by the top two rows as `LandmarkProjectionCalculator::ProjectXY`
    /// does: `x' = x·m00 + y·m01 + z·m02 + m03`, `y'` likewise, in float32.
    public func projectXY(x: Float, y: Float, z: Float = 0) -> (x: Float, y: Float) {
        let m = rowMajor
        return (x * m[0] + y * m[1] + z * m[2] + m[3], x * m[4] + y * m[5] + z * m[6] + m[7])
    }
}
