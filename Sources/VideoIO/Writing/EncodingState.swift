#if FFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFFmpeg
import Imaging
import Locking

/// The FFmpeg objects behind a ``VideoWriter`` and its temporary file.
final class EncodingState {
    let codec: VideoCodec
    /// The container being written.
    let container: VideoContainer
    private(set) var frameCount = 0
    private(set) var lastTimestamp: Int64?

    private let destination: String
    private let temporaryPath: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    private let stream: UnsafeMutablePointer<AVStream>
    private let frameDuration: Int64
    /// Whether the encoder takes ``Imaging/PixelFormat/i420`` images as they are (4:2:0 frames).
    let takesI420: Bool
    /// The colour space of the encoded video.
    let yuvColorSpace: YUVColorSpace
    private var closed = false
    private lazy var fitter = FrameFitter()

    /// Milliseconds: the encoder's time base.
    private static let timeBase = AVRational(num: 1, den: 1000)
    private static let temporaryCounter = Locked(0)

    init(path: String, width: Int, height: Int, framesPerSecond: Double, options: VideoWriter.Options) throws(VideoError) {
        destination = path
        temporaryPath = Self.temporaryPath(for: path)
        yuvColorSpace = options.yuvColorSpace
        frameDuration = max(1, Int64((1000 / framesPerSecond).rounded()))

        let container = options.container
        self.container = container
        let chosen = try EncoderChoice.choose(options.codec, for: container)
        codec = chosen.0
        let odd = width % 2 != 0 || height % 2 != 0
        if codec != .h264, odd {
            throw .invalidArgument("\(codec == .vp8 ? "VP8" : "MPEG-4 Part 2") needs an even width and height, got \(width)×\(height)")
        }
        // 4:2:0 cannot represent odd sizes; H.264's High 4:4:4 profile can.
        let pixelFormat = odd ? AV_PIX_FMT_YUV444P : AV_PIX_FMT_YUV420P
        takesI420 = !odd

        var format: UnsafeMutablePointer<AVFormatContext>?
        let allocated = avformat_alloc_output_context2(&format, nil, container.muxerName, temporaryPath)
        guard allocated >= 0, let format else {
            throw FFmpegStatus.error(allocated, "creating the \(container.displayName) muxer", subject: path)
        }
        self.format = format
        guard let stream = avformat_new_stream(format, nil) else {
            avformat_free_context(format)
            throw .ffmpeg("\(path): out of memory adding a stream")
        }
        self.stream = stream
        // From here on the deinit (reached through `abandon` in failures below) frees everything.
        encoder = avcodec_alloc_context3(chosen.1)
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let encoder, let frame, packet != nil else {
            abandon()
            throw .ffmpeg("\(path): out of memory allocating the encoder")
        }
        encoder.pointee.width = Int32(width)
        encoder.pointee.height = Int32(height)
        encoder.pointee.pix_fmt = pixelFormat
        encoder.pointee.time_base = Self.timeBase
        encoder.pointee.framerate = av_d2q(framesPerSecond, 100_000)
        encoder.pointee.gop_size = Int32(clamping: max(1, Int((framesPerSecond * 2).rounded())))
        encoder.pointee.thread_count = Int32(clamping: max(0, options.encoderThreads))
        let space = options.yuvColorSpace
        let is709 = space.matrix == .bt709
        encoder.pointee.colorspace = space.ffmpegMatrix
        encoder.pointee.color_range = space.ffmpegRange
        encoder.pointee.color_primaries = is709 ? AVCOL_PRI_BT709 : AVCOL_PRI_SMPTE170M
        encoder.pointee.color_trc = is709 ? AVCOL_TRC_BT709 : AVCOL_TRC_SMPTE170M
        switch codec {
        case .h264:
            _ = av_opt_set(encoder.pointee.priv_data, "preset", options.h264Preset, 0)
            if let quantizer = options.constantQuantizer {
                _ = av_opt_set(encoder.pointee.priv_data, "qp", String(min(max(quantizer, 0), 51)), 0)
            } else {
                _ = av_opt_set(encoder.pointee.priv_data, "crf", String(min(max(options.constantRateFactor, 0), 51)), 0)
            }
        case .mpeg4:
            encoder.pointee.flags |= AV_CODEC_FLAG_QSCALE
            encoder.pointee.global_quality = Int32(FF_QP2LAMBDA) * Int32(min(max(options.mpeg4Quantizer, 1), 31))
            encoder.pointee.max_b_frames = 0
        case .vp8:
            // Real-time speed at a constant quality, with a ceiling (in bits per second) of about
            // 1 bit per pixel per frame, which only very busy pictures reach. The speed is fixed
            // at 8 (a negative `cpu-used`): with a positive one, libvpx's real-time mode picks each
            // frame's speed from how long the frames before took, so that the same pictures gave
            // a different file on a busy machine.
            _ = av_opt_set(encoder.pointee.priv_data, "deadline", "realtime", 0)
            _ = av_opt_set(encoder.pointee.priv_data, "cpu-used", "-8", 0)
            _ = av_opt_set(encoder.pointee.priv_data, "crf", String(min(max(options.constantRateFactor / 2, 4), 63)), 0)
            encoder.pointee.bit_rate = Int64(min(Double(width * height) * framesPerSecond, 4e8))
        }
        if (format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 {
            encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        let opened = avcodec_open2(encoder, chosen.1, nil)
        guard opened >= 0 else {
            abandon()
            throw FFmpegStatus.error(opened, "opening the \(codec.rawValue) encoder", subject: path)
        }
        let copied = avcodec_parameters_from_context(stream.pointee.codecpar, encoder)
        guard copied >= 0 else {
            abandon()
            throw FFmpegStatus.error(copied, "configuring the \(container.displayName) stream", subject: path)
        }
        stream.pointee.time_base = Self.timeBase
        stream.pointee.avg_frame_rate = encoder.pointee.framerate

        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.colorspace = encoder.pointee.colorspace
        frame.pointee.color_range = encoder.pointee.color_range
        let buffered = av_frame_get_buffer(frame, 0)
        guard buffered >= 0 else {
            abandon()
            throw FFmpegStatus.error(buffered, "allocating a frame", subject: path)
        }
        scaler = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGB24, Int32(width), Int32(height), pixelFormat,
                                SWS_BILINEAR, nil, nil, nil)
        guard let scaler else {
            abandon()
            throw .ffmpeg("\(path): swscale cannot convert RGB to \(pixelFormat == AV_PIX_FMT_YUV420P ? "yuv420p" : "yuv444p")")
        }
        // RGB in full range to the stream's matrix and range.
        let coefficients = sws_getCoefficients(is709 ? SWS_CS_ITU709 : SWS_CS_ITU601)
        _ = sws_setColorspaceDetails(scaler, coefficients, 1, coefficients, space.isFullRange ? 1 : 0, 0, 1 << 16, 1 << 16)

        let ioOpened = avio_open(&format.pointee.pb, temporaryPath, AVIO_FLAG_WRITE)
        guard ioOpened >= 0 else {
            abandon()
            throw FFmpegStatus.error(ioOpened, "creating the temporary file \(temporaryPath)", subject: path)
        }
        var muxerOptions: OpaquePointer?
        if options.fastStart, container == .mp4 { _ = av_dict_set(&muxerOptions, "movflags", "+faststart", 0) }
        let headerWritten = avformat_write_header(format, &muxerOptions)
        av_dict_free(&muxerOptions)
        guard headerWritten >= 0 else {
            abandon()
            throw FFmpegStatus.error(headerWritten, "writing the \(container.displayName) header", subject: path)
        }
    }

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&encoder)
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
        }
    }

    /// A hidden file next to `path`, unique within this process and across processes:
    /// `.<name>.partial-<pid>@<host>-<serial>` (``LeftoverTag``), so that a later run can tell
    /// one left by a killed process.
    private static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let serial = temporaryCounter.withLock { counter in
            counter += 1
            return counter
        }
        return "\(folder).\(name).partial-\(LeftoverTag.current)-\(serial)"
    }

    // MARK: Encoding

    /// `image` (RGB) scaled to fit `width`×`height`, between black bands (``FrameFitter``).
    func fit(_ image: Image, width: Int, height: Int, destination: String) throws(VideoError) -> Image {
        try fitter.fit(image, width: width, height: height, destination: destination)
    }

    /// Encodes an ``Imaging/PixelFormat/rgb8`` image, or an ``Imaging/PixelFormat/i420`` one when
    /// ``takesI420``.
    func encode(_ image: Image, pts: Int64) throws(VideoError) {
        guard let frame, let encoder, let scaler else { throw .invalidArgument("\(destination): the writer is closed") }
        let writable = av_frame_make_writable(frame)
        guard writable >= 0 else { throw FFmpegStatus.error(writable, "preparing a frame", subject: destination) }
        if image.format == .i420 {
            guard takesI420 else { throw .invalidArgument("\(destination): this encoder does not take I420 frames") }
            copyPlanes(of: image, into: frame)
        } else {
            try convertRGB(image, into: frame, scaler: scaler)
        }
        frame.pointee.pts = pts
        let sent = avcodec_send_frame(encoder, frame)
        guard sent >= 0 else { throw FFmpegStatus.error(sent, "encoding frame \(frameCount)", subject: destination) }
        lastTimestamp = pts
        frameCount += 1
        try writePackets()
    }

    /// Converts the RGB pixels of `image` into the YUV planes of `frame`.
    private func convertRGB(_ image: Image, into frame: UnsafeMutablePointer<AVFrame>, scaler: OpaquePointer) throws(VideoError) {
        let height = Int32(image.height)
        let converted = scaleRGB24(scaler, image, into: frame.planePointers, strides: frame.lineSizes)
        guard converted == height else {
            throw .ffmpeg("\(destination): swscale converted \(converted) of \(height) rows")
        }
    }

    /// Copies the three planes of an I420 `image` (the frame's size) into the yuv420p `frame`.
    private func copyPlanes(of image: Image, into frame: UnsafeMutablePointer<AVFrame>) {
        let chromaWidth = (image.width + 1) / 2, chromaHeight = (image.height + 1) / 2
        let sizes = [(image.width, image.height), (chromaWidth, chromaHeight), (chromaWidth, chromaHeight)]
        let planes = frame.planePointers, lineSizes = frame.lineSizes
        for (index, (width, height)) in sizes.enumerated() {
            guard let destination = planes[index] else { continue }
            let destinationStride = Int(lineSizes[index]), sourceStride = image.planes[index].rowStride
            image.planes[index].withUnsafeBufferPointer { source in
                for row in 0..<height {
                    (destination + row * destinationStride).update(from: source.baseAddress! + row * sourceStride, count: width)
                }
            }
        }
    }

    /// Moves every packet the encoder has ready into the muxer.
    private func writePackets() throws(VideoError) {
        guard let encoder, let packet, let format else { return }
        while true {
            let received = avcodec_receive_packet(encoder, packet)
            if received == FFmpegStatus.again || received == FFmpegStatus.endOfFile { return }
            guard received >= 0 else { throw FFmpegStatus.error(received, "encoding", subject: destination) }
            if packet.pointee.duration <= 0 { packet.pointee.duration = frameDuration }
            av_packet_rescale_ts(packet, encoder.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = av_interleaved_write_frame(format, packet)  // takes the packet's data, leaves it blank
            guard written >= 0 else { throw FFmpegStatus.error(written, "writing a packet", subject: destination) }
        }
    }

    /// Flushes, writes the trailer, closes the file and renames it onto the destination.
    func finish() throws(VideoError) {
        guard let encoder, let format, !closed else { throw .invalidArgument("\(destination): the writer is closed") }
        let flushed = avcodec_send_frame(encoder, nil)
        guard flushed >= 0 else { throw FFmpegStatus.error(flushed, "flushing the encoder", subject: destination) }
        try writePackets()
        let trailer = av_write_trailer(format)
        guard trailer >= 0 else { throw FFmpegStatus.error(trailer, "writing the \(container.displayName) trailer", subject: destination) }
        let closedIO = avio_closep(&format.pointee.pb)
        guard closedIO >= 0 else { throw FFmpegStatus.error(closedIO, "closing the temporary file", subject: destination) }
        guard rename(temporaryPath, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            throw .ioFailed("\(destination): renaming \(temporaryPath) onto it: \(reason)")
        }
        closed = true
    }

    /// Closes the temporary file (if open) and deletes it.
    func abandon() {
        guard !closed else { return }
        closed = true
        if let format, format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
        unlink(temporaryPath)
    }
}
#endif
