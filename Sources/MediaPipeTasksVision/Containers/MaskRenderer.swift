import Imaging

/// How a task's ``Mask`` is made when its values are first read: the box outside which every value
/// is 0, and the values within any box (a pose's segmentation mask warped onto the picture).
package struct MaskRenderer: Sendable {
    /// Every value outside this box (the mask's pixels) is 0; nil when every value is.
    package let reach: PixelRanges?
    /// Writes the values of the box's pixels, row-major, into zero-filled memory of the box's size.
    package let render: @Sendable (PixelRanges, UnsafeMutableBufferPointer<Float>) -> Void

    package init(reach: PixelRanges?, render: @escaping @Sendable (PixelRanges, UnsafeMutableBufferPointer<Float>) -> Void) {
        self.reach = reach
        self.render = render
    }
}
