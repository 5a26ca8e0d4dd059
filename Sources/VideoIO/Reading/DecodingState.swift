#if FFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFFmpeg
import Imaging

/// The FFmpeg objects behind a ``VideoReader``, freed together.
final class DecodingState {
    var format: UnsafeMutablePointer<AVFormatContext>?
    var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    let deadline: UnsafeMutablePointer<vt_deadline>
    private let converter = RGBConverter()
    /// Converts the frames whose conversion ``VideoReader/Options/defersRGBConversion`` left to
    /// the thread that reads them; made for the first frame.
    private lazy var deferredConversion = DeferredRGBConversion()
    let streamIndex: Int32
    let timeBase: AVRational
    private var draining = false
    /// The input has ended: the frames returned now are the ones the decoder held back.
    var isDraining: Bool { draining }
    private var finished = false
    private var consecutiveErrors = 0
    private(set) var skippedPackets = 0
    private var firstTimestamp: Int64?
    private var lastTimestamp: Int64?
    private var producedFrames = 0
    /// Signs of damage the demuxer and decoder pass over, judged at the end of the file.
    var integrity: IntegrityCheck

    init(format: UnsafeMutablePointer<AVFormatContext>, codec: UnsafeMutablePointer<AVCodecContext>,
         deadline: UnsafeMutablePointer<vt_deadline>, streamIndex: Int32, timeBase: AVRational,
         integrity: IntegrityCheck) throws(VideoError) {
        self.format = format
        self.codec = codec
        self.deadline = deadline
        self.streamIndex = streamIndex
        self.timeBase = timeBase
        self.integrity = integrity
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
                notePacketForIntegrity(packet)
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
        integrity.noteDecodeError()
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
        if let problem = integrity.problem(source: source, frames: producedFrames) { throw problem }
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
        integrity.noteFrame(milliseconds: Double(pts) * Double(timeBase.num) / Double(timeBase.den) * 1000)
        let origin = options.rebasesTimestamps ? (firstTimestamp ?? pts) : 0
        if firstTimestamp == nil { firstTimestamp = pts }
        let milliseconds = Double(pts &- origin) * Double(timeBase.num) / Double(timeBase.den) * 1000
        // Frames read whole are converted here, while they are in the cache.
        let defers = options.defersRGBConversion && (options.keepsYUV || !deferredConversion.handsOutRGB(frameIndex: producedFrames))
        let yuvImage = options.keepsYUV || defers ? Self.i420Image(frame, limits: options.limits) : nil
        defer { producedFrames += 1 }
        if let yuvImage, defers {
            var image = yuvImage
            image.rgbConverter = FrameRGBConverter(deferredConversion, decodedAs: AVPixelFormat(rawValue: frame.pointee.format),
                                                   limits: options.limits, source: source)
            return VideoFrame(image: image, timestampMilliseconds: milliseconds, index: producedFrames,
                              isKeyFrame: frame.pointee.key_frame != 0, yuvImage: options.keepsYUV ? yuvImage : nil)
        }
        let image = try converter.rgbImage(from: frame, limits: options.limits, source: source)
        return VideoFrame(image: image, timestampMilliseconds: milliseconds, index: producedFrames,
                          isKeyFrame: frame.pointee.key_frame != 0, yuvImage: yuvImage)
    }
}
#endif
