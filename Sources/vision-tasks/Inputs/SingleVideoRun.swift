import VideoIO

/// One video file (or a stream with `--running-mode video|image`): video running mode by default,
/// JSON Lines (one object per frame, in order, as they are made, written on their own thread),
/// optionally an MP4 overlay, a progress bar in frames.
///
/// On SIGINT/SIGTERM it stops after the current frame and keeps everything so far: the lines, the
/// `--json-out` file and a shorter but complete overlay. If the video turns out damaged midway, the
/// results so far are kept too and the error is reported.
struct SingleVideoRun {
    let path: String
    let mode: VideoFileRun.Mode
    let options: DriverOptions

    func run(spec: any TaskCommandSpec) throws {
        // FFmpeg loads while the models do.
        VideoReader.loadFFmpegInBackground()
        let processor = try spec.makeProcessor(runningMode: mode == .video ? .video : .image)
        processor.setInputName(ImageInput.fileName(of: path))
        let sink = try options.jsonOut.map { path throws(OutputError) in try JSONLinesSink.replacing(path) } ?? .standardOutput()
        let lines = BackgroundLineWriter(sink: sink)
        let progress = ProgressBar(total: nil, unit: "frames", quiet: options.quiet)
        let video = VideoFileRun(path: path, overlayPath: options.overlay, keepsPartialOverlay: true, mode: mode)
        let start = ContinuousClock.now
        do {
            let times = try video.run(processor: processor, totalFrames: progress.setTotal, emit: { try lines.write($0) },
                                      frameDone: { progress.advance() })
            if !options.quiet {
                let seconds = milliseconds(ContinuousClock.now - start) / 1000
                let rate = ProgressBar.formatRate(Double(times.frames) / max(seconds, 1e-9))
                progress.log("vision-tasks: \(times.frames) frames in \(formatMilliseconds(seconds)) s (\(rate) frames/s); \(times.perFrameSummary)")
            }
        } catch {
            progress.finish()
            try lines.finish()
            try sink.finish()
            throw error
        }
        progress.finish()
        try lines.finish()
        try sink.finish()
    }
}
