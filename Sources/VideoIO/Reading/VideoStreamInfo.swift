/// What the container says about the video stream being read.
public struct VideoStreamInfo: Sendable, Equatable {
    /// Frame width in pixels (of the coded stream; frames may change size mid-stream).
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Frames per second (average, else nominal rate), or `nil` when the container does not say.
    public let framesPerSecond: Double?
    /// Duration in milliseconds, or `nil` when unknown (live streams, some containers).
    public let durationMilliseconds: Double?
    /// The number of frames the container declares, or `nil` when it does not.
    public let frameCount: Int?
    /// FFmpeg's short name of the codec, e.g. `"h264"`.
    public let codecName: String
    /// FFmpeg's short name of the container format, e.g. `"mov,mp4,m4a,3gp,3g2,mj2"`.
    public let containerName: String
}
