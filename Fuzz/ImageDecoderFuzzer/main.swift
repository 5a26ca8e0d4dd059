// libFuzzer entry point for the PNG, JPEG, HEIF and WebP decoders and the EXIF orientation readers.
//
// Not part of the package build: scripts/fuzz/image-decoder compiles VisionCore as a module, then
// this file together with Sources/Imaging/**/*.swift (and the CPNG/CJPEG shims and CImageFormats) into one module
// with `-sanitize=fuzzer,address` and the C shims with UBSan, and runs it for a bounded time or
// number of runs on the fixture and asset images. Every input must end in an `ImageError` or in a
// decoded image whose size, format and pixel buffer agree; any trap or sanitizer report is a
// finding.

/// A small pixel limit (512 × 512, more than every fixture image has), so that a mutated header
/// cannot make one execution decode and turn millions of pixels: the size check happens before
/// any pixel memory is allocated, and is itself exercised by larger headers.
let limits = ImageLimits(maximumPixelCount: 512 * 512)

/// Decodes `bytes` as the command line does (format from the signature, then EXIF), checks the
/// result, and turns it upright; also reads the EXIF orientation of every input directly, so
/// that APP1 parsing is reached by inputs libjpeg rejects.
func exercise(_ bytes: [UInt8]) {
    let exif = EXIF.orientation(inJPEG: bytes)
    let webpExif = EXIF.orientation(inWebP: bytes)
    let decoded: DecodedImage
    do {
        decoded = try ImageDecoder.decode(bytes, limits: limits)
    } catch {
        return  // typed throws: always an ImageError
    }
    check(decoded.image)
    switch decoded.fileFormat {
    case .png:
        precondition(decoded.orientation == .up && decoded.exifOrientation == nil, "a PNG has no EXIF orientation")
    case .heif:
        precondition(decoded.orientation == .up && decoded.exifOrientation == nil, "HEIF's transformations are applied")
    case .jpeg, .webp:
        let read = decoded.fileFormat == .jpeg ? exif : webpExif
        precondition(decoded.exifOrientation == read, "EXIF read twice differs")
        let expected = read.flatMap(Orientation.init(exifValue:)) ?? .up
        precondition(decoded.orientation == expected, "orientation \(decoded.orientation) for EXIF \(String(describing: read))")
    }
    do {
        let upright = try decoded.image.oriented(decoded.orientation)
        check(upright)
        let turned = decoded.orientation.clockwiseRotationDegrees % 180 != 0
        precondition(upright.width == (turned ? decoded.image.height : decoded.image.width), "upright width")
        precondition(upright.height == (turned ? decoded.image.width : decoded.image.height), "upright height")
    } catch {
        fatalError("orienting a decoded image failed: \(error)")
    }
}

/// A decoded image is within the limits, in a decoder output format, and its packed pixels have
/// exactly width × height × bytes per pixel bytes.
func check(_ image: Image) {
    precondition(image.width > 0 && image.height > 0, "empty image \(image.width)×\(image.height)")
    precondition(image.width * image.height <= limits.maximumPixelCount, "image beyond the limits")
    precondition([.gray8, .rgb8, .rgba8].contains(image.format), "unexpected format \(image.format)")
    let packed = image.packedBytes()
    precondition(packed.count == image.width * image.height * image.format.bytesPerPixel, "pixel buffer size")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    exercise(bytes)
    return 0
}
