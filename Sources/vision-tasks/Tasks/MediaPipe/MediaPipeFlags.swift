import Inference
import MediaPipeTasksVision

extension TaskRunningMode {
    /// The MediaPipe running mode of this mode.
    var mediaPipe: RunningMode {
        switch self {
        case .image: .image
        case .video: .video
        case .liveStream: .liveStream
        }
    }

    /// The live-stream sink, in live-stream mode.
    var liveStreamSink: TaskLiveStreamSink? {
        if case .liveStream(let sink) = self { return sink }
        return nil
    }
}

extension LandmarkSmoothingMode {
    /// `--landmark-smoothing`, for the face and pose landmarkers.
    static func option(default defaultValue: LandmarkSmoothingMode, subject: String) -> Option<LandmarkSmoothingMode> {
        .choice("landmark-smoothing", ["mediapipe": .mediaPipe, "all-tracked": .allTracked, "off": .off], default: defaultValue,
                help: "video: smooth the landmarks of the first \(subject) as MediaPipe does, of every tracked one, or not at all")
    }
}
