import Foundation
import MediaPipeTasksVision
import Testing

/// `TransformMatrix`: the iOS layout (column-major buffer) and accessor quirk.
@Suite struct TransformMatrixTests {
    /// A mathematical 4×4 matrix M with a distinct value per element: M[r][c] = 10·r + c, and a
    /// translation column.
    private let columnMajor: [Float] = (0..<16).map { index in Float(10 * (index % 4) + index / 4) }

    @Test func dataIsTheColumnMajorBuffer() throws {
        let matrix = try #require(TransformMatrix(values: columnMajor, rows: 4, columns: 4))
        #expect(matrix.rows == 4 && matrix.columns == 4)
        #expect((0..<16).map { matrix.data[$0] } == columnMajor)
        // The translation column (3) of M sits at data[12...14].
        #expect([matrix.data[12], matrix.data[13], matrix.data[14]] == [3, 13, 23])
    }

    @Test func valueAtRowColumnReadsTheBufferAsRowMajorLikeIOS() throws {
        let matrix = try #require(TransformMatrix(values: columnMajor, rows: 4, columns: 4))
        for row in UInt(0)..<4 {
            for column in UInt(0)..<4 {
                #expect(matrix.value(atRow: row, column: column) == matrix.data[Int(row * 4 + column)])
                // …which is Mᵀ, as on iOS; element(row:column:) gives M.
                #expect(matrix.value(atRow: row, column: column) == Float(10 * column + row))
                #expect(matrix.element(row: row, column: column) == Float(10 * row + column))
            }
        }
    }

    @Test func initCopiesAndOutOfRangeIsNaN() throws {
        var source: [Float] = [1, 2, 3, 4, 5, 6]
        let matrix = source.withUnsafeBufferPointer { TransformMatrix(data: $0.baseAddress!, rows: 2, columns: 3) }
        source[0] = 99
        #expect(matrix.values == [1, 2, 3, 4, 5, 6])
        #expect(matrix.value(atRow: 1, column: 2) == 6)
        #expect(matrix.value(atRow: 2, column: 0).isNaN && matrix.value(atRow: 0, column: 3).isNaN)
        #expect(matrix.element(row: 5, column: 5).isNaN)
        #expect(TransformMatrix(values: [1, 2, 3], rows: 2, columns: 2) == nil)
        let empty = source.withUnsafeBufferPointer { TransformMatrix(data: $0.baseAddress!, rows: -1, columns: 4) }
        #expect(empty.rows == 0 && empty.columns == 0 && empty.values.isEmpty)
    }
}
