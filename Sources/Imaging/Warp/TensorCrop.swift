import VisionCore
/// The geometry of one ROI-to-tensor crop, bit-exact with MediaPipe's CPU `ImageToTensorCalculator`
/// (OpenCV 4.x `warpPerspective`, docs/pipeline.md §2): compute it once, then apply it to an image
/// with ``crop(_:)`` (the uint8 stage) or ``tensor(_:)`` (normalized floats).
///
/// Steps: the normalized ROI → pixels in float32; the optional letterbox (``padding``); the
/// float32 corners of the rotated rectangle (rounded as ``TensorCropOptions/arithmetic`` says);
/// the 4-point perspective solve in double onto the tensor corners `(0,H) (0,0) (W,0) (W,H)`
/// (mirrored when flipping); its closed-form inverse; and the fixed-point bilinear sampling with
/// 1/32-pixel positions and 15-bit weights.
public struct TensorCrop: Sendable {
    /// The options the crop was made with.
    public let options: TensorCropOptions
    /// The source image size, pixels.
    public let imageWidth: Int
    public let imageHeight: Int
    /// The ROI in pixels, after the letterbox.
    public let roi: PixelRegion
    /// The letterbox padding as fractions of the tensor size (zero without keep-aspect-ratio).
    public let padding: LetterboxPadding
    /// The ROI corners (float32, `[x0, y0, …, x3, y3]`, OpenCV `boxPoints` order), pixels.
    public let corners: [Float]
    /// Image pixels → tensor pixels (OpenCV's `M`).
    public let imageToTensor: PerspectiveTransform
    /// Tensor pixel indices → image pixels (the inverse used for sampling).
    public let tensorToImagePixels: PerspectiveTransform
    /// The 4×4 matrix mapping tensor-normalized `(u, v, 0, 1)` (u, v ∈ [0, 1]) to image-normalized
    /// coordinates (MediaPipe's `MATRIX` output, `GetRotatedSubRectToRectTransformMatrix`, float32).
    public let tensorToImage: Matrix4x4

    /// Plans the crop of `rect` (normalized) from a `imageWidth`×`imageHeight` image.
    public init(_ rect: NormalizedRect, imageWidth: Int, imageHeight: Int, options: TensorCropOptions) throws(ImageError) {
        try ImageLimits(maximumPixelCount: Int.max).check(width: imageWidth, height: imageHeight)
        guard options.width > 0, options.height > 0, options.width <= 16384, options.height <= 16384 else {
            throw .invalidArgument("tensor size \(options.width)×\(options.height) not in 1…16384")
        }
        let values = [rect.xCenter, rect.yCenter, rect.width, rect.height, rect.rotation]
        guard values.allSatisfy(\.isFinite), rect.width > 0, rect.height > 0 else {
            throw .invalidArgument("ROI must be finite with a positive size: \(rect)")
        }
        var roi = PixelRegion(rect, imageWidth: imageWidth, imageHeight: imageHeight)
        var padding = LetterboxPadding.zero
        if options.keepAspectRatio, let letterboxed = roi.letterboxed(tensorWidth: options.width, tensorHeight: options.height) {
            (roi, padding) = letterboxed
        }
        let corners = roi.corners(options.arithmetic)
        let tw = Float(options.width), th = Float(options.height)
        var destination: [Float] = [0, th, 0, 0, tw, 0, tw, th]
        if options.flipHorizontally { destination = [tw, th, tw, 0, 0, 0, 0, th] }
        guard corners.allSatisfy(\.isFinite),
              let forward = PerspectiveTransform.mapping(corners, to: destination),
              let inverse = forward.inverted() else {
            throw .invalidArgument("ROI \(rect) is degenerate for a \(imageWidth)×\(imageHeight) image")
        }
        self.options = options
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.roi = roi
        self.padding = padding
        self.corners = corners
        self.imageToTensor = forward
        self.tensorToImagePixels = inverse
        self.tensorToImage = Matrix4x4.subRectToImage(roi, imageWidth: imageWidth, imageHeight: imageHeight,
                                                       flipHorizontally: options.flipHorizontally)
    }

    /// Maps a tensor-normalized point `(u, v)` to image-normalized coordinates with ``tensorToImage``.
    public func imagePoint(u: Float, v: Float) -> (x: Float, y: Float) {
        tensorToImage.projectXY(x: u, y: v)
    }

    private func checkSize(_ image: Image) throws(ImageError) {
        guard image.width == imageWidth, image.height == imageHeight else {
            throw .invalidArgument("the crop was planned for \(imageWidth)×\(imageHeight), the image is \(image.width)×\(image.height)")
        }
    }

    /// The uint8 stage: the `width × height` RGB crop (``PixelFormat/rgb8``), from any pixel format
    /// (gray replicated, alpha dropped, YUV converted as ``YUV`` documents, or by the image's
    /// ``Image/rgbConverter``), bit-identical to OpenCV's `warpPerspective` of the RGB image.
    ///
    /// An image with an ``Image/rgbConverter`` has only the rectangle the crop's taps fall in
    /// converted (``tapBox``), when its converter converts rectangles.
    public func crop(_ image: Image) throws(ImageError) -> Image {
        try checkSize(image)
        if let converter = image.rgbConverter, let box = tapBox,
           let region = try converter.rgbImage(of: image, covering: box), Self.region(region, covers: box, of: image) {
            return try warped(region.image, origin: (region.x, region.y))
        }
        return try warped(image, origin: (0, 0))
    }

    /// The crop read from `source`, whose top-left pixel is the picture's pixel `origin`.
    private func warped(_ source: Image, origin: (x: Int, y: Int)) throws(ImageError) -> Image {
        let count = options.width * options.height * 3
        // The kernel writes every byte, so the buffer is not zeroed first.
        let kernel = { (out: UnsafeMutablePointer<UInt8>) throws(ImageError) in
            try source.withReader(PerspectiveWarpKernel(inverse: self.tensorToImagePixels, outputWidth: self.options.width,
                                                        outputHeight: self.options.height, border: self.options.border,
                                                        output: out, origin: origin))
        }
        var failure: ImageError?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(ImageError) {
                try kernel(buffer.baseAddress!)
                initialized = count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return Image(uncheckedWidth: options.width, height: options.height, format: .rgb8,
                     planes: [ImagePlane(bytes: pixels, rowStride: options.width * 3)])
    }

    /// The same crop by the plain ``ReferenceWarp`` (converts the whole image to RGB first); for tests.
    package func referenceCrop(_ image: Image) throws(ImageError) -> Image {
        try checkSize(image)
        let pixels = ReferenceWarp.warpPerspective(rgb: image.rgbBytes(), width: image.width, height: image.height,
                                                   inverse: tensorToImagePixels, outputWidth: options.width,
                                                   outputHeight: options.height, border: options.border)
        return Image(uncheckedWidth: options.width, height: options.height, format: .rgb8,
                     planes: [ImagePlane(bytes: pixels, rowStride: options.width * 3)])
    }

    /// The model input: ``crop(_:)`` normalized to ``TensorCropOptions/valueRange`` as
    /// `Float(u8)·scale + offset` in float32 (two roundings, see ``ValueRange/lookupTable``), NHWC.
    public func tensor(_ image: Image) throws(ImageError) -> ImageTensor {
        let rgb = try crop(image)
        return ImageTensor(width: options.width, height: options.height,
                           values: TensorCrop.normalize(rgb.planes[0].bytes, range: options.valueRange,
                                                                      arithmetic: options.arithmetic), crop: self)
    }

    /// Maps bytes to floats by ``ValueRange/map(_:into:)`` (exactly the documented formula).
    package static func normalize(_ bytes: [UInt8], range: ValueRange, arithmetic: CropArithmetic) -> [Float] {
        [Float](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            bytes.withUnsafeBufferPointer { range.map($0, into: buffer.baseAddress!) }
            count = bytes.count
        }
    }
}

extension Image {
    /// The model input tensor for `rect` (normalized, default the whole image): see ``TensorCrop``.
    public func tensor(for rect: NormalizedRect = .fullImage, options: TensorCropOptions) throws(ImageError) -> ImageTensor {
        try TensorCrop(rect, imageWidth: width, imageHeight: height, options: options).tensor(self)
    }
}
