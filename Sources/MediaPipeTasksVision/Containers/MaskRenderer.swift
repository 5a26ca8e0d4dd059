import Imaging

/// How a task's ``Mask`` is made when its values are first read: for any cut, the box outside which
/// every value is below it, and the values within any box (a pose's segmentation mask warped onto
/// the picture).
package struct MaskRenderer: Sendable {
    /// For a value `cut`, a box (the mask's pixels) outside which every value is below `cut`, or
    /// with `cut` 0 is 0; nil when that holds for every value.
    package let reach: @Sendable (_ cut: Float) -> PixelRanges?
    /// Writes the values of the box's pixels, row-major, into zero-filled memory of the box's size.
    package let render: @Sendable (PixelRanges, UnsafeMutableBufferPointer<Float>) -> Void

    package init(reach: @escaping @Sendable (_ cut: Float) -> PixelRanges?,
                 render: @escaping @Sendable (PixelRanges, UnsafeMutableBufferPointer<Float>) -> Void) {
        self.reach = reach
        self.render = render
    }
}
