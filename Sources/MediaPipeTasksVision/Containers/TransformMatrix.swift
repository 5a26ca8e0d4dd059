import Foundation

/// A matrix of floats with the memory layout and accessor of iOS's `TransformMatrix`.
///
/// For the face landmarker's facial transformation matrix (4×4), ``data`` holds MediaPipe's
/// **column-major** buffer: the mathematical matrix M (with `p_camera ≈ M·[p_canonical; 1]`,
/// centimetres) has element (r, c) at `data[4·c + r]`; the translation is at `data[12...14]` and
/// the 16 values map directly onto `simd_float4x4(columns:)`.
///
/// ``value(atRow:column:)`` mirrors iOS exactly: it returns `data[row·columns + column]`, i.e. it
/// reads the buffer as if it were row-major, so on the facial transformation matrix it returns
/// **Mᵀ**(row, column) (for the square matrices used here iOS's `row·rows + column` is the same
/// formula). Code ported from iOS therefore gets the same numbers. For M itself use
/// ``element(row:column:)``, a VisionTasks extension.
///
/// The object owns its buffer, a copy made at initialization, freed with the object; ``data``
/// is read-only, as iOS declares it (`readonly float *data`). Sizes are `UInt`, as iOS's
/// `NSUInteger` properties; the initializer takes `Int`s, as iOS's `NSInteger` parameters.
public final class TransformMatrix: NSObject, @unchecked Sendable {
    /// Number of rows.
    public let rows: UInt
    /// Number of columns.
    public let columns: UInt
    /// `rows × columns` floats in the layout described above; owned by this object.
    public let data: UnsafeMutablePointer<Float>
    private let count: Int

    /// Copies `rows × columns` floats from `data`. A negative or overflowing size gives an empty
    /// 0×0 matrix.
    public init(data: UnsafePointer<Float>, rows: Int, columns: Int) {
        let (count, overflow) = rows.multipliedReportingOverflow(by: columns)
        let valid = rows >= 0 && columns >= 0 && !overflow
        self.rows = valid ? UInt(rows) : 0
        self.columns = valid ? UInt(columns) : 0
        self.count = valid ? count : 0
        self.data = UnsafeMutablePointer<Float>.allocate(capacity: max(self.count, 1))
        self.data.initialize(from: data, count: self.count)
        super.init()
    }

    /// VisionTasks convenience: a matrix holding `values` (`rows × columns` of them, in the
    /// layout of ``data``). `nil` when the count does not match.
    public convenience init?(values: [Float], rows: Int, columns: Int) {
        let (count, overflow) = rows.multipliedReportingOverflow(by: columns)
        guard rows >= 0, columns >= 0, !overflow, count == values.count else { return nil }
        self.init(data: values, rows: rows, columns: columns)
    }

    deinit {
        data.deallocate()
    }

    /// The buffer value at `row·columns + column`, as iOS's accessor (see the type's description:
    /// for the facial transformation matrix this is Mᵀ). Out-of-range indices return NaN (iOS
    /// raises an exception).
    public func value(atRow row: UInt, column: UInt) -> Float {
        guard row < rows, column < columns else { return .nan }
        return data[Int(row * columns + column)]
    }

    /// VisionTasks extension: element (row, column) of the mathematical matrix whose column-major
    /// buffer is ``data`` (for the facial transformation matrix, M itself: the translation is in
    /// column 3). Out-of-range indices return NaN.
    public func element(row: UInt, column: UInt) -> Float {
        guard row < rows, column < columns else { return .nan }
        return data[Int(column * rows + row)]
    }

    /// VisionTasks convenience: the buffer as an array, in the layout of ``data``.
    public var values: [Float] {
        Array(UnsafeBufferPointer(start: data, count: count))
    }
}
