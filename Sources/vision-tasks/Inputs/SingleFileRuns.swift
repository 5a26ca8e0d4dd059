import Imaging

/// One image file: image running mode, one JSON object, optionally a PNG or JPEG overlay.
struct SingleImageRun {
    let path: String
    let options: InputOptions

    func run(spec: any TaskCommandSpec) throws {
        let image = try ImageInput.load(path)
        let processor = try spec.makeProcessor(runningMode: .image)
        let output = try processor.processImage(image)
        if let overlay = options.overlay {
            var canvas = image
            try output.drawOverlay(&canvas)
            try ImageInput.writeOverlay(canvas, to: overlay)
        }
        let sink = try options.jsonOut.map { path throws(OutputError) in try JSONLinesSink.replacing(path) } ?? .standardOutput()
        try sink.write(output.json)
        try sink.finish()
    }
}

/// One video file: video running mode, JSON Lines (one object per frame, in order, as they are
/// made), optionally an MP4 overlay, a progress bar in frames.
///
/// On SIGINT/SIGTERM it stops after the current frame and keeps everything so far: the lines, the
/// `--json-out` file and a shorter but complete overlay. If the video turns out damaged midway, the
/// results so far are kept too and the error is reported.
struct SingleVideoRun {
    let path: String
    let options: InputOptions

    func run(spec: any TaskCommandSpec) throws {
        let processor = try spec.makeProcessor(runningMode: .video)
        let sink = try options.jsonOut.map { path throws(OutputError) in try JSONLinesSink.replacing(path) } ?? .standardOutput()
        let progress = ProgressBar(total: nil, unit: "frames", quiet: options.quiet)
        let video = VideoFileRun(path: path, overlayPath: options.overlay, keepsPartialOverlay: true)
        do {
            try video.run(processor: processor, totalFrames: progress.setTotal, emit: { try sink.write($0) },
                          frameDone: { progress.advance() })
        } catch {
            progress.finish()
            try sink.finish()
            throw error
        }
        progress.finish()
        try sink.finish()
    }
}
