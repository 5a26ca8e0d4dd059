/// An 8-bit image in one of the ``PixelFormat``s, with row strides.
///
/// Coordinates: pixel `(x, y)` has its top-left corner at `(x, y)` and its centre at
/// `(x + 0.5, y + 0.5)`; x grows to the right, y grows downwards, as stored (no orientation applied;
/// see ``Orientation``).
public struct Image: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The layout of ``planes``.
    public let format: PixelFormat
    /// ``PixelFormat/planeCount`` planes: the interleaved pixels, or Y then the chroma plane(s).
    public internal(set) var planes: [ImagePlane]
    /// For the YUV formats, how the samples encode RGB (BT.601 video range unless set); conversions
    /// to RGB, drawing and the video writer follow it. Ignored for the other formats.
    public var yuvColorSpace: YUVColorSpace = .bt601VideoRange
    /// For a YUV image whose source prescribes its own conversion to RGB (a video reader's frame,
    /// see ``RGBConverting``), that conversion, which every RGB reading of the pixels then goes
    /// through instead of ``yuvColorSpace``'s arithmetic; `nil` for the others. Images are equal
    /// only with the same converter (the same object) or none.
    public var rgbConverter: (any RGBConverting)?

    /// Wraps existing planes after checking that they are large enough for `width`×`height` pixels of
    /// `format`, and that the size is within `limits`.
    public init(width: Int, height: Int, format: PixelFormat, planes: [ImagePlane],
                limits: ImageLimits = .default) throws(ImageError) {
        try limits.check(width: width, height: height)
        guard planes.count == format.planeCount else {
            throw .invalidArgument("\(format) needs \(format.planeCount) plane(s), got \(planes.count)")
        }
        for (index, plane) in planes.enumerated() {
            let geometry = format.planeGeometry(index, width: width, height: height)
            guard plane.rowStride >= geometry.minimumRowBytes else {
                throw .bufferTooSmall("plane \(index) stride \(plane.rowStride) < \(geometry.minimumRowBytes) bytes")
            }
            let (rows, overflow1) = (geometry.height - 1).multipliedReportingOverflow(by: plane.rowStride)
            let (needed, overflow2) = rows.addingReportingOverflow(geometry.minimumRowBytes)
            guard !overflow1, !overflow2, plane.count >= needed else {
                throw .bufferTooSmall("plane \(index) has \(plane.count) bytes, needs \(needed)")
            }
        }
        self.width = width
        self.height = height
        self.format = format
        self.planes = planes
    }

    /// Wraps the bytes of a single-plane format (``PixelFormat/rgb8``, `rgba8`, `bgra8`, `gray8`).
    /// `rowStride` defaults to `width × bytesPerPixel`.
    public init(width: Int, height: Int, format: PixelFormat, bytes: [UInt8], rowStride: Int? = nil,
                limits: ImageLimits = .default) throws(ImageError) {
        guard format.planeCount == 1 else {
            throw .invalidArgument("\(format) has \(format.planeCount) planes; use init(width:height:format:planes:)")
        }
        let (tight, overflow) = width.multipliedReportingOverflow(by: format.bytesPerPixel)
        guard !overflow else { throw .tooLarge(width: width, height: height, limit: limits.maximumPixelCount) }
        try self.init(width: width, height: height, format: format,
                      planes: [ImagePlane(bytes: bytes, rowStride: rowStride ?? tight)], limits: limits)
    }

    /// A new image whose bytes are all `fill` (black for RGB formats; for YUV pass 16 for black luma
    /// yourself, chroma planes are set to 128). Rows are tightly packed.
    public init(width: Int, height: Int, format: PixelFormat, fill: UInt8 = 0,
                limits: ImageLimits = .default) throws(ImageError) {
        try limits.check(width: width, height: height)
        var planes: [ImagePlane] = []
        for index in 0..<format.planeCount {
            let geometry = format.planeGeometry(index, width: width, height: height)
            let value: UInt8 = index == 0 ? fill : 128
            planes.append(ImagePlane(bytes: [UInt8](repeating: value, count: geometry.minimumRowBytes * geometry.height),
                                     rowStride: geometry.minimumRowBytes))
        }
        self.width = width
        self.height = height
        self.format = format
        self.planes = planes
    }

    /// Internal initializer for already validated, tightly packed data.
    init(uncheckedWidth width: Int, height: Int, format: PixelFormat, planes: [ImagePlane]) {
        self.width = width
        self.height = height
        self.format = format
        self.planes = planes
    }

    /// Whether both have the same size, format, planes (bytes and strides), colour space and
    /// converter (the same object, or none).
    public static func == (a: Image, b: Image) -> Bool {
        a.width == b.width && a.height == b.height && a.format == b.format && a.yuvColorSpace == b.yuvColorSpace
            && a.rgbConverter.map(ObjectIdentifier.init) == b.rgbConverter.map(ObjectIdentifier.init) && a.planes == b.planes
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(format)
        hasher.combine(planes)
        hasher.combine(yuvColorSpace)
        hasher.combine(rgbConverter.map(ObjectIdentifier.init))
    }

    /// The pixels as tightly packed rows (no stride padding) of plane `index`, e.g. for hashing.
    public func packedBytes(plane index: Int = 0) -> [UInt8] {
        let geometry = format.planeGeometry(index, width: width, height: height)
        let plane = planes[index]
        if plane.rowStride == geometry.minimumRowBytes, plane.count == geometry.minimumRowBytes * geometry.height {
            return plane.bytes
        }
        var out = [UInt8]()
        out.reserveCapacity(geometry.minimumRowBytes * geometry.height)
        plane.withUnsafeBufferPointer { bytes in
            for row in 0..<geometry.height {
                let start = row * plane.rowStride
                out.append(contentsOf: bytes[start..<start + geometry.minimumRowBytes])
            }
        }
        return out
    }
}
