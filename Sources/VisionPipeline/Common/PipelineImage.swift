import Imaging

/// The picture a graph works on: its pixels and how they are oriented.
///
/// The graphs rotate their regions of interest by the orientation (as MediaPipe does with the
/// image's rotation) but report every coordinate in the input's own, un-rotated pixel grid.
public struct PipelineImage: Sendable {
    /// The pixels as stored.
    public var image: Image
    /// How the stored pixels must be turned to appear upright.
    public var orientation: Orientation

    public init(_ image: Image, orientation: Orientation = .up) {
        self.image = image
        self.orientation = orientation
    }
}
