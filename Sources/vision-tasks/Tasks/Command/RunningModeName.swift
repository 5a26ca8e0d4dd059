/// `--running-mode`: the running mode a run uses instead of its input's default (images: `image`,
/// video files: `video`, streams and capture devices: `live-stream`).
enum RunningModeName: String, Sendable, CaseIterable {
    case image
    case video
    case liveStream = "live-stream"
}
