/// A YUV picture's own conversion to RGB, for pictures whose source prescribes one other than
/// ``YUV``'s arithmetic: a decoded video frame, whose RGB pixels are the ones its reader's
/// converter (libswscale, in VideoIO) gives. Set as an image's ``Image/rgbConverter``.
///
/// Whatever reads such an image as RGB gets this conversion's pixels: ``TensorCrop/crop(_:)``
/// converts only the rectangle its taps fall in, everything else the whole picture.
public protocol RGBConverting: AnyObject, Sendable {
    /// The whole of `image` (the picture this converter belongs to) as ``PixelFormat/rgb8``.
    func rgbImage(of image: Image) throws(ImageError) -> Image

    /// Pixels of `image` as ``PixelFormat/rgb8``: a rectangle that holds every pixel of `box`
    /// (columns `box.xs`, rows `box.ys`, not empty, inside the picture), each pixel the same bytes
    /// as in ``rgbImage(of:)``, and the picture's column and row of the rectangle's top-left pixel;
    /// `nil` when this converter would rather convert the whole picture (always, or for this box:
    /// one as large as the picture, or an empty one or one reaching past it, which a crop never asks).
    func rgbImage(of image: Image, covering box: PixelRanges) throws(ImageError) -> (image: Image, x: Int, y: Int)?
}
