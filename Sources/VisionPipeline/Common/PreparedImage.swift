import Imaging
import VisionCore

/// A `PipelineImage` made ready for the graphs: pixels whose orientation is a pure rotation, the
/// full-image ROI that turns them upright, and whether x must be mirrored back at the end.
///
/// MediaPipe only knows rotations: the full-image ROI gets rotation `−degrees·π/180` (sizes swapped
/// for 90°/270°), and results come back in the input's pixel grid because every crop's matrix maps
/// tensor coordinates to the stored image. A mirrored orientation (beyond MediaPipe) is handled by
/// mirroring the pixels once, running the rotation-only pipeline, and mapping `x → 1 − x` back.
struct PreparedImage {
    let image: Image
    /// The whole picture, upright: `NormalizedRect.fullImage(orientation:)` of the rotation.
    let fullImageRect: NormalizedRect
    /// Results must be mirrored back (`x → 1 − x`) into the input's pixel grid.
    let isMirrored: Bool

    init(_ input: PipelineImage) throws(PipelineError) {
        guard input.image.width > 0, input.image.height > 0 else {
            throw .invalidArgument("the image is empty (\(input.image.width)×\(input.image.height))")
        }
        var rotation = input.orientation
        var image = input.image
        if input.orientation.isMirrored {
            do {
                image = try input.image.oriented(.upMirrored)
            } catch {
                throw .invalidArgument("cannot mirror the image: \(error)")
            }
            rotation = switch input.orientation.clockwiseRotationDegrees {
            case 90: .right
            case 180: .down
            case 270: .left
            default: .up
            }
        }
        self.image = image
        isMirrored = input.orientation.isMirrored
        fullImageRect = NormalizedRect.fullImage(orientation: rotation, imageWidth: image.width, imageHeight: image.height)
    }

    var width: Int { image.width }
    var height: Int { image.height }

    /// A normalized x in the input's pixel grid.
    func inputX(_ x: Float) -> Float { isMirrored ? 1 - x : x }
}
