#if FFmpeg
import CFFmpeg

extension UnsafeMutablePointer where Pointee == AVFrame {
    /// The frame's first four plane pointers, as swscale takes them (nil past the format's planes).
    var planePointers: [UnsafeMutablePointer<UInt8>?] {
        let data = pointee.data
        return [data.0, data.1, data.2, data.3]
    }

    /// The byte strides of ``planePointers``' rows (negative for rows stored bottom-up).
    var lineSizes: [Int32] {
        let sizes = pointee.linesize
        return [sizes.0, sizes.1, sizes.2, sizes.3]
    }
}
#endif
