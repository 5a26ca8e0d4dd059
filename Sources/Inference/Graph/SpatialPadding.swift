/// Zero rows above and below, and zero columns left and right, of each image of an NHWC tensor.
package struct SpatialPadding: Hashable, Sendable {
    package var top: Int
    package var bottom: Int
    package var left: Int
    package var right: Int

    package init(top: Int, bottom: Int, left: Int, right: Int) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }

    package static let zero = SpatialPadding(top: 0, bottom: 0, left: 0, right: 0)
}
