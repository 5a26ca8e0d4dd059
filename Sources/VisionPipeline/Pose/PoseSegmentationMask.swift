import Imaging

/// A pose's segmentation mask: the landmark model's 256×256 logits and the crop they were taken
/// from. Their sigmoid is taken when the mask is first rendered or its reach asked, and warped onto
/// the input picture when rendered (docs/pipeline.md §6.6), so that the picture-sized mask is
/// written once, straight into the memory of whoever keeps it, and a mask never read costs neither.
public struct PoseSegmentationMask: Sendable {
    /// The rendered mask's size: the input picture's, pixels.
    public var width: Int { crop.imageWidth }
    public var height: Int { crop.imageHeight }

    /// `sigmoid` of the model's mask logits, in tensor space, taken when first needed.
    let probabilities: MaskProbabilities
    /// The crop the landmark model ran on.
    let crop: TensorCrop
    /// The landmark model's threads, which split the warp's rows.
    let parallel: ParallelLoop

    /// The box of pixels outside which the mask is below `cut`, or with `cut` 0 is 0: a little
    /// larger than the image of the part of the model's mask that holds values of `cut` or more
    /// (nonzero ones). Nil when no pixel can have such a value, as when the region misses the
    /// picture.
    public func reach(ignoringBelow cut: Float = 0) -> PixelRanges? {
        // The logits were checked when the mask was made, so their sigmoid cannot fail here.
        (try? probabilities.image())?.warpBackReach(from: crop, ignoringBelow: cut)
    }

    /// Renders the pixels of `box` (nil: the whole mask) into `values`, row-major, zero-filled by
    /// the caller. Values are in [0, 1] (probability that the pixel shows this person), 0 outside
    /// the pose's region; a pixel's value does not depend on the box.
    public func render(box: PixelRanges? = nil, into values: UnsafeMutableBufferPointer<Float>) throws(PipelineError) {
        do {
            try probabilities.image().warpBack(from: crop, into: values, box: box, parallel: parallel)
        } catch {
            throw .invalidArgument("segmentation mask: \(error)")
        }
    }

    /// The mask rendered into a new image.
    public func rendered() throws(PipelineError) -> FloatImage {
        do {
            return try probabilities.image().warpedBack(from: crop, parallel: parallel)
        } catch {
            throw .invalidArgument("segmentation mask: \(error)")
        }
    }
}
