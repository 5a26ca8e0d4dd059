/// The padding a keep-aspect-ratio crop adds around the picture, as fractions of the tensor width
/// (left, right) and height (top, bottom); MediaPipe's `LETTERBOX_PADDING`.
public struct LetterboxPadding: Sendable, Hashable {
    public var left: Float
    public var top: Float
    public var right: Float
    public var bottom: Float

    public init(left: Float, top: Float, right: Float, bottom: Float) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// No padding.
    public static let zero = LetterboxPadding(left: 0, top: 0, right: 0, bottom: 0)
}
