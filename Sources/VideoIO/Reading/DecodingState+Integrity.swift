#if FFmpeg
import CFFmpeg

/// Feeding ``IntegrityCheck`` from the demuxer and the decoder.
extension DecodingState {
    /// What the container of `source` declares that ``IntegrityCheck`` may rely on.
    static func declaredForIntegrity(_ format: UnsafeMutablePointer<AVFormatContext>, streamIndex: Int32,
                                     source: String) -> IntegrityCheck.Declared {
        let isRegularFile = !source.contains("://") && regularFileSize(source) != nil
            && format.pointee.pb.map { avio_size($0) > 0 } == true
        let demuxer = format.pointee.iformat
        let allowsDiscontinuities = demuxer.map { ($0.pointee.flags & AVFMT_TS_DISCONT) != 0 } ?? true
        // MP4 and MOV are checked against their sample index, which lists every frame (a frame
        // shown for seconds is in it, not a hole).
        let hasSampleIndex = demuxer.map { String(cString: $0.pointee.name).hasPrefix("mov,") } ?? false
        var declared = IntegrityCheck.Declared(isRegularFile: isRegularFile,
                                               judgesGaps: isRegularFile && !allowsDiscontinuities && !hasSampleIndex)
        if let stream = format.pointee.streams[Int(streamIndex)] {
            if let rate = positive(stream.pointee.avg_frame_rate) ?? positive(stream.pointee.r_frame_rate), rate <= 1000 {
                declared.frameMilliseconds = 1000 / rate
            }
        }
        let start = format.pointee.start_time
        if start != FFmpegStatus.noTimestamp { declared.startMilliseconds = Double(start) / 1000 }
        let duration = format.pointee.duration
        if isRegularFile, !allowsDiscontinuities, !hasSampleIndex, duration > 0, duration != FFmpegStatus.noTimestamp,
           format.pointee.duration_estimation_method != AVFMT_DURATION_FROM_BITRATE {
            declared.durationMilliseconds = Double(duration) / 1000  // AV_TIME_BASE is microseconds
        }
        return declared
    }

    /// Notes where `packet` (of any stream) ends in time, and where it lies in the file.
    func notePacketForIntegrity(_ packet: UnsafeMutablePointer<AVPacket>) {
        guard let format, packet.pointee.stream_index >= 0, packet.pointee.stream_index < Int32(format.pointee.nb_streams),
              let stream = format.pointee.streams[Int(packet.pointee.stream_index)] else { return }
        var time = packet.pointee.pts
        if time == FFmpegStatus.noTimestamp { time = packet.pointee.dts }
        let base = stream.pointee.time_base
        // Without a time (or a usable time base) the packet still counts for the byte positions.
        let scale = base.num > 0 && base.den > 0 && time != FFmpegStatus.noTimestamp
            ? Double(base.num) / Double(base.den) * 1000 : Double.nan
        integrity.notePacket(milliseconds: Double(time) * scale, durationMilliseconds: Double(packet.pointee.duration) * scale,
                             position: packet.pointee.pos, size: Int(packet.pointee.size))
    }
}
#endif
