#if FFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFFmpeg
import CFFmpegLoader
import Imaging

/// Opening an input and preparing its decoder.
extension DecodingState {
    static func open(_ source: String, options: VideoReader.Options) throws(VideoError) -> DecodingState {
        if !source.contains("://"), let size = regularFileSize(source), size == 0 {
            throw .corrupt("\(source): the file is empty (0 bytes)")
        }
        let deadline = UnsafeMutablePointer<vt_deadline>.allocate(capacity: 1)
        deadline.pointee = vt_deadline(deadline_ns: 0, stop_requested: 0)
        var format: UnsafeMutablePointer<AVFormatContext>? = avformat_alloc_context()
        guard let allocated = format else {
            deadline.deallocate()
            throw .ffmpeg("out of memory allocating a format context")
        }
        vt_set_interrupt_deadline(allocated, deadline)
        var inputFormat: UnsafePointer<AVInputFormat>?
        var name = source
        if let device = CaptureDevice.input(for: source) {
            DeviceRegistry.registerOnce()
            inputFormat = av_find_input_format(device.format)
            name = device.name
            guard inputFormat != nil else {
                avformat_free_context(allocated)
                deadline.deallocate()
                throw .unsupportedCodec("\(source): this FFmpeg has no \(device.format) capture input")
            }
        }
        arm(deadline, options)
        let opened = avformat_open_input(&format, name, inputFormat, nil)  // frees the context on failure
        guard opened >= 0, let format else {
            deadline.deallocate()
            throw FFmpegStatus.error(opened, "opening the input", subject: source)
        }
        // From here on, `cleanup` releases everything if a later step fails.
        var codec: UnsafeMutablePointer<AVCodecContext>?
        var formatToClose: UnsafeMutablePointer<AVFormatContext>? = format
        func cleanup() {
            avcodec_free_context(&codec)
            avformat_close_input(&formatToClose)
            deadline.deallocate()
        }
        arm(deadline, options)
        let probed = avformat_find_stream_info(format, nil)
        guard probed >= 0 else {
            cleanup()
            throw FFmpegStatus.error(probed, "reading the stream information", subject: source)
        }
        var decoder: UnsafePointer<AVCodec>?
        let found = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard found >= 0, let decoder else {
            let streamCount = Int(format.pointee.nb_streams)
            let reason: VideoError
            if found == FFmpegStatus.decoderNotFound {
                reason = .unsupportedCodec("\(source): no decoder for the video stream's codec in this FFmpeg")
            } else {
                reason = .noVideoStream("\(source): none of its \(streamCount) stream(s) is a usable video stream")
            }
            cleanup()
            throw reason
        }
        guard let stream = format.pointee.streams[Int(found)], let parameters = stream.pointee.codecpar else {
            cleanup()
            throw .corrupt("\(source): stream \(found) has no codec parameters")
        }
        codec = avcodec_alloc_context3(decoder)
        guard let codecContext = codec else {
            cleanup()
            throw .ffmpeg("out of memory allocating a decoder")
        }
        let copied = avcodec_parameters_to_context(codecContext, parameters)
        guard copied >= 0 else {
            cleanup()
            throw FFmpegStatus.error(copied, "configuring the decoder", subject: source)
        }
        codecContext.pointee.thread_count = Int32(clamping: max(0, options.decoderThreads))
        codecContext.pointee.pkt_timebase = stream.pointee.time_base
        let codecOpened = avcodec_open2(codecContext, decoder, nil)
        guard codecOpened >= 0 else {
            cleanup()
            throw FFmpegStatus.error(codecOpened, "opening the \(String(cString: decoder.pointee.name)) decoder", subject: source)
        }
        var timeBase = stream.pointee.time_base
        if timeBase.num <= 0 || timeBase.den <= 0 { timeBase = AVRational(num: 1, den: 1_000_000) }
        // If this throws, the new object's deinit has already released everything.
        let declared = declaredForIntegrity(format, streamIndex: found, source: source)
        return try DecodingState(format: format, codec: codecContext, deadline: deadline,
                                 streamIndex: found, timeBase: timeBase, integrity: IntegrityCheck(declared))
    }

    static func arm(_ deadline: UnsafeMutablePointer<vt_deadline>, _ options: VideoReader.Options) {
        guard let seconds = options.readTimeoutSeconds, seconds > 0, seconds.isFinite else {
            deadline.pointee.deadline_ns = 0
            return
        }
        deadline.pointee.deadline_ns = vt_monotonic_ns() &+ Int64(min(seconds, 1e9) * 1e9)
    }

    /// The size in bytes of `path` when it is a regular file, else nil (pipes, devices, missing).
    static func regularFileSize(_ path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(status.st_size)
    }
}

/// Loads libavdevice and registers its inputs once per process (see `vt_ffmpeg_register_devices`).
enum DeviceRegistry {
    private static let registered: Bool = vt_ffmpeg_register_devices() == 0

    /// Whether libavdevice could be loaded.
    @discardableResult
    static func registerOnce() -> Bool { registered }
}
#endif
