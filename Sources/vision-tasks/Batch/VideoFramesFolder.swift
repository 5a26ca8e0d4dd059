import Foundation

/// Where a folder run with `--json-out FILE` puts each video's frames: one JSON Lines file per
/// video, `FILE.frames/<relative path>.jsonl` (one object per frame, as a video run alone prints
/// them), written to a temporary file and renamed into place when the video is done. The video's
/// line in FILE is then `{"file":…,"framesFile":"<FILE's name>.frames/<relative path>.jsonl",
/// "frameCount":N}`, with `framesFile` relative to FILE's folder, so FILE's lines stay short
/// however long the video is, and resuming never reads the frames.
struct VideoFramesFolder {
    /// The folder, `FILE.frames`.
    let path: String
    /// The folder relative to FILE's folder (FILE's name plus `.frames`).
    let reference: String

    init(resultsFile: String) {
        path = resultsFile + ".frames"
        reference = (resultsFile as NSString).lastPathComponent + ".frames"
    }

    /// Runs `video`, writes its frames file, and returns the video's line.
    func run(_ video: VideoFileRun, of file: FolderFile, processor: any TaskProcessor) throws -> String {
        let name = file.text + ".jsonl"
        let destination = path + "/" + name
        let frames = try TemporaryFile(destination: destination)
        var count = 0
        try video.run(processor: processor, emit: { frame in
            try frames.write(Array((frame.serialized + "\n").utf8))
            count += 1
        })
        try frames.commit()
        return JSONValue.object([
            ("file", file.json), ("framesFile", .string(reference + "/" + name)), ("frameCount", .number(count)),
        ]).serialized
    }
}
