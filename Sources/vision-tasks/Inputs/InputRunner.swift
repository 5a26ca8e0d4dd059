#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a task command on its input argument, whatever kind it is (``InputKind``): the shared
/// back end of `face-landmarker`, `pose-landmarker`, `face-detector` and `mlkit-face-detector`.
///
/// Results go to standard output or `--json-out`, progress and failures to standard error. A run
/// stopped by SIGINT/SIGTERM flushes its output and exits with status 130, except a live stream,
/// for which a signal is the normal end (status 0).
enum InputRunner {
    static func run(_ input: String, spec: any TaskCommandSpec, options: InputOptions) throws {
        let kind = try InputKind.classify(input)
        _ = InterruptSignal.shared
        do {
            switch kind {
            case .image(let path):
                try SingleImageRun(path: path, options: options).run(spec: spec)
            case .video(let path):
                try SingleVideoRun(path: path, options: options).run(spec: spec)
            case .stream(let source):
                try LiveStreamRun(source: source, options: options).run(spec: spec)
            case .folder(let path):
                try FolderBatch(root: path, options: options).run(spec: spec)
            }
        } catch is Interrupted {
            exit(130)
        }
    }
}
