#if FFmpeg
import CFFmpeg

/// What the container says about the chosen stream.
extension DecodingState {
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

    static func positive(_ rate: AVRational) -> Double? {
        rate.num > 0 && rate.den > 0 ? Double(rate.num) / Double(rate.den) : nil
    }
}
#endif
