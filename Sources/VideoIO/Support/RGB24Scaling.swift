#if FFmpeg
import CFFmpeg
import Imaging

/// Runs `context` (RGB24 input) over the ``Imaging/PixelFormat/rgb8`` `image` into
/// `destinations`, and returns the output rows written.
///
/// swscale's RGB24 input reads up to 8 bytes past a row's last pixel, which past the image's last
/// row is past its buffer. So the rows but the last two are read in place and the last two from a
/// copy with room after it: two slices, which swscale turns into the same output as one call
/// (checked on 100×3 to 1920×1080 pictures, into YUV and scaled; `RGBInputRowsTests`).
func scaleRGB24(_ context: OpaquePointer, _ image: Image, into destinations: [UnsafeMutablePointer<UInt8>?],
                strides destinationStrides: [Int32]) -> Int32 {
    let plane = image.planes[0]
    let height = image.height, tail = min(2, height)
    let rowBytes = image.width * 3
    // swscale reads four plane pointers and strides even for packed formats.
    let sourceStrides: [Int32] = [Int32(clamping: plane.rowStride), 0, 0, 0]
    var written: Int32 = 0
    if height > tail {
        written = plane.withUnsafeBufferPointer { bytes in
            sws_scale(context, [bytes.baseAddress, nil, nil, nil], sourceStrides, 0, Int32(height - tail),
                      destinations, destinationStrides)
        }
    }
    var lastRows = [UInt8](repeating: 0, count: plane.rowStride * tail + 16)
    plane.withUnsafeBufferPointer { bytes in
        for row in 0..<tail {
            let start = (height - tail + row) * plane.rowStride
            lastRows.replaceSubrange(row * plane.rowStride..<row * plane.rowStride + rowBytes,
                                     with: bytes[start..<start + rowBytes])
        }
    }
    written += lastRows.withUnsafeBufferPointer { bytes in
        sws_scale(context, [bytes.baseAddress, nil, nil, nil], sourceStrides, Int32(height - tail), Int32(tail),
                  destinations, destinationStrides)
    }
    return written
}
#endif
