#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFFmpeg
import Imaging

/// The FFmpeg objects behind a ``VideoReader``, freed together.
final class DecodingState {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let deadline: UnsafeMutablePointer<vt_deadline>
    private let converter = RGBConverter()
    private let streamIndex: Int32
    private let timeBase: AVRational
    private var draining = false
    private var finished = false
    private var consecutiveErrors = 0
    private(set) var skippedPackets = 0
    private var firstTimestamp: Int64?
    private var lastTimestamp: Int64?
    private var producedFrames = 0

    private init(format: UnsafeMutablePointer<AVFormatContext>, codec: UnsafeMutablePointer<AVCodecContext>,
                 deadline: UnsafeMutablePointer<vt_deadline>, streamIndex: Int32, timeBase: AVRational) throws(VideoError) {
        self.format = format
        self.codec = codec
        self.deadline = deadline
        self.streamIndex = streamIndex
        self.timeBase = timeBase
        self.packet = av_packet_alloc()
        self.frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw .ffmpeg("out of memory allocating a packet or frame") }
    }

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
        deadline.deallocate()
    }

    // MARK: Opening

    static func open(_ source: String, options: VideoReader.Options) throws(VideoError) -> DecodingState {
        if !source.contains("://"), let size = fileSize(source), size == 0 {
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
        if source.hasPrefix("/dev/video") {
            DeviceRegistry.registerOnce()
            inputFormat = av_find_input_format("video4linux2")
            guard inputFormat != nil else {
                avformat_free_context(allocated)
                deadline.deallocate()
                throw .unsupportedCodec("\(source): this FFmpeg has no video4linux2 capture input")
            }
        }
        arm(deadline, options)
        let opened = avformat_open_input(&format, source, inputFormat, nil)  // frees the context on failure
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
        return try DecodingState(format: format, codec: codecContext, deadline: deadline,
                                 streamIndex: found, timeBase: timeBase)
    }

    private static func arm(_ deadline: UnsafeMutablePointer<vt_deadline>, _ options: VideoReader.Options) {
        guard let seconds = options.readTimeoutSeconds, seconds > 0, seconds.isFinite else {
            deadline.pointee.deadline_ns = 0
            return
        }
        deadline.pointee.deadline_ns = vt_monotonic_ns() &+ Int64(min(seconds, 1e9) * 1e9)
    }

    private static func fileSize(_ path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    // MARK: Stream information

    func streamInfo() -> VideoStreamInfo {
        guard let format, let codec, let stream = format.pointee.streams[Int(streamIndex)] else {
            return VideoStreamInfo(width: 0, height: 0, framesPerSecond: nil, durationMilliseconds: nil,
                                   frameCount: nil, codecName: "", containerName: "")
        }
        let rate = Self.positive(stream.pointee.avg_frame_rate) ?? Self.positive(stream.pointee.r_frame_rate)
        var duration: Double?
        if stream.pointee.duration > 0, stream.pointee.duration != FFmpegStatus.noTimestamp {
            duration = Double(stream.pointee.duration) * Double(timeBase.num) / Double(timeBase.den) * 1000
        } else if format.pointee.duration > 0, format.pointee.duration != FFmpegStatus.noTimestamp {
            duration = Double(format.pointee.duration) / Double(AV_TIME_BASE) * 1000
        }
        let frameCount = stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil
        let container = format.pointee.iformat.map { String(cString: $0.pointee.name) } ?? ""
        return VideoStreamInfo(width: Int(codec.pointee.width), height: Int(codec.pointee.height),
                               framesPerSecond: rate, durationMilliseconds: duration, frameCount: frameCount,
                               codecName: String(cString: avcodec_get_name(codec.pointee.codec_id)),
                               containerName: container)
    }

    private static func positive(_ rate: AVRational) -> Double? {
        rate.num > 0 && rate.den > 0 ? Double(rate.num) / Double(rate.den) : nil
    }

    // MARK: Decoding

    /// Makes the current and every later blocking read fail; safe to call from another thread.
    func interrupt() { vt_deadline_request_stop(deadline) }

    func next(source: String, options: VideoReader.Options) throws(VideoError) -> VideoFrame? {
        guard !finished, let format, let codec, let packet, let frame else { return nil }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                consecutiveErrors = 0
                return try makeFrame(frame, source: source, options: options)
            }
            if received == FFmpegStatus.endOfFile {
                return try finish(source: source)
            }
            if received != FFmpegStatus.again {
                try recordDecodeError(received, source: source, options: options)
                continue
            }
            if draining { return try finish(source: source) }
            // The decoder wants input: feed it the next packet of our stream.
            Self.arm(deadline, options)
            while true {
                let read = av_read_frame(format, packet)
                if read == FFmpegStatus.endOfFile {
                    draining = true
                    _ = avcodec_send_packet(codec, nil)
                    break
                }
                if read == FFmpegStatus.again {
                    // A non-blocking device or stream has nothing yet: wait briefly, within the deadline.
                    if vt_deadline_passed(deadline) != 0 {
                        finished = true
                        throw .timedOut("\(source): no data within the read timeout after \(producedFrames) frame(s)")
                    }
                    usleep(2_000)
                    continue
                }
                if read < 0 {
                    finished = true
                    throw FFmpegStatus.error(read, "reading a packet after \(producedFrames) frame(s)", subject: source)
                }
                defer { av_packet_unref(packet) }
                guard packet.pointee.stream_index == streamIndex else { continue }
                let sent = avcodec_send_packet(codec, packet)
                if sent < 0, sent != FFmpegStatus.again {
                    try recordDecodeError(sent, source: source, options: options)
                }
                break
            }
        }
    }

    private func recordDecodeError(_ code: Int32, source: String, options: VideoReader.Options) throws(VideoError) {
        skippedPackets += 1
        consecutiveErrors += 1
        if consecutiveErrors > options.maximumConsecutiveDecodeErrors {
            finished = true
            throw .corrupt("\(source): \(consecutiveErrors) packets in a row failed to decode (last: \(FFmpegStatus.message(code)))")
        }
    }

    private func finish(source: String) throws(VideoError) -> VideoFrame? {
        finished = true
        if let (fileSize, indexEnd) = indexBeyondEndOfFile() {
            throw .truncated("\(source): the file has \(fileSize) bytes but its index refers to data up to byte "
                             + "\(indexEnd); \(producedFrames) frame(s) decoded before the cut")
        }
        if producedFrames == 0, skippedPackets > 0 {
            throw .corrupt("\(source): no frame could be decoded (\(skippedPackets) damaged packet(s))")
        }
        return nil
    }

    /// For containers with a sample index (MP4, MOV, indexed Matroska): the file size and the end
    /// of the last indexed sample, when the index points past the end of the file (a cut file).
    private func indexBeyondEndOfFile() -> (Int64, Int64)? {
        guard let format, let io = format.pointee.pb, let stream = format.pointee.streams[Int(streamIndex)] else { return nil }
        let fileSize = avio_size(io)
        guard fileSize > 0 else { return nil }  // not seekable or unknown size: nothing to compare
        var end: Int64 = 0
        let count = avformat_index_get_entries_count(stream)
        var index: Int32 = 0
        while index < count {
            if let entry = avformat_index_get_entry(stream, index) {
                let entryEnd = entry.pointee.pos &+ Int64(entry.pointee.size)
                if entryEnd > end { end = entryEnd }
            }
            index += 1
        }
        return end > fileSize ? (fileSize, end) : nil
    }

    private func makeFrame(_ frame: UnsafeMutablePointer<AVFrame>, source: String,
                           options: VideoReader.Options) throws(VideoError) -> VideoFrame {
        var pts = frame.pointee.best_effort_timestamp
        if pts == FFmpegStatus.noTimestamp { pts = frame.pointee.pts }
        if pts == FFmpegStatus.noTimestamp {
            // No timestamp at all: continue from the previous one by the nominal frame duration.
            let rate = codec.flatMap { Self.positive($0.pointee.framerate) } ?? 30
            let step = max(1, Int64((Double(timeBase.den) / Double(timeBase.num) / rate).rounded()))
            pts = (lastTimestamp ?? -step) &+ step
        }
        lastTimestamp = pts
        let origin = options.rebasesTimestamps ? (firstTimestamp ?? pts) : 0
        if firstTimestamp == nil { firstTimestamp = pts }
        let milliseconds = Double(pts &- origin) * Double(timeBase.num) / Double(timeBase.den) * 1000
        let image = try converter.rgbImage(from: frame, limits: options.limits, source: source)
        defer { producedFrames += 1 }
        return VideoFrame(image: image, timestampMilliseconds: milliseconds, index: producedFrames,
                          isKeyFrame: frame.pointee.key_frame != 0)
    }
}

/// Registers libavdevice's inputs once per process.
enum DeviceRegistry {
    private static let registered: Bool = {
        avdevice_register_all()
        return true
    }()

    static func registerOnce() { _ = registered }
}
