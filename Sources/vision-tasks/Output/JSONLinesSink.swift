#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

/// Where result lines go: standard output, or the `--json-out` file. Each record is written as one
/// line with a single `write(2)`, so a reader (or a crash) never sees half a record before the
/// next one starts; lines from several threads never interleave.
final class JSONLinesSink: @unchecked Sendable {
    private enum Target {
        case standardOutput
        /// A new file, written to a temporary file and renamed into place by ``finish()``.
        case replacing(TemporaryFile)
        /// An existing file, opened for appending (a resumable folder run).
        case appending(descriptor: Int32, path: String)
    }

    private let lock = Locked(())
    private var target: Target
    private var finished = false
    /// Records written so far.
    private(set) var lineCount = 0

    private init(_ target: Target) { self.target = target }

    /// Lines to standard output.
    static func standardOutput() -> JSONLinesSink { JSONLinesSink(.standardOutput) }

    /// Lines to a new file that replaces `path` atomically when ``finish()`` is called (and is
    /// discarded if the run fails before that).
    static func replacing(_ path: String) throws(OutputError) -> JSONLinesSink {
        JSONLinesSink(.replacing(try TemporaryFile(destination: path)))
    }

    /// Lines appended to `descriptor`, the file at `path` opened for appending and locked by
    /// ``ResumableOutput``; the sink owns it (closing it releases the lock). A line that cannot be
    /// written whole is cut off again, so the file always ends with a complete line.
    static func appending(to descriptor: Int32, path: String) -> JSONLinesSink {
        JSONLinesSink(.appending(descriptor: descriptor, path: path))
    }

    /// Writes `value` as one line.
    func write(_ value: JSONValue) throws(OutputError) {
        var bytes = value.serializedBytes
        bytes.append(UInt8(ascii: "\n"))
        try write(lineBytes: bytes)
    }

    /// Writes `line`, one JSON value already serialized without newlines, as one line.
    func write(serializedLine line: String) throws(OutputError) {
        try write(lineBytes: Array((line + "\n").utf8))
    }

    /// Writes one line, its newline included.
    private func write(lineBytes bytes: [UInt8]) throws(OutputError) {
        try lock.withLock { (_: inout ()) throws(OutputError) in
            guard !finished else { throw OutputError(path: "results", reason: "written after the output was closed") }
            switch target {
            case .standardOutput: try FileDescriptorWriter.writeAll(bytes, to: STDOUT_FILENO, name: "standard output")
            case .replacing(let file): try file.write(bytes)
            case .appending(let descriptor, let path): try FileDescriptorWriter.appendWhole(bytes, to: descriptor, name: path)
            }
            lineCount += 1
        }
    }

    /// Makes everything written durable: renames a replacing file into place, flushes an appended
    /// one to disk. Later writes fail.
    func finish() throws(OutputError) {
        try lock.withLock { (_: inout ()) throws(OutputError) in
            guard !finished else { return }
            finished = true
            switch target {
            case .standardOutput: break
            case .replacing(let file): try file.commit()
            case .appending(let descriptor, let path):
                defer { close(descriptor) }
                guard fsync(descriptor) == 0 else { throw OutputError(path: path, reason: "cannot flush to disk: \(String(cString: strerror(errno)))") }
            }
        }
    }

    /// Gives up a replacing file (the destination stays as it was); appended lines stay.
    func abandon() {
        lock.withLock { _ in
            guard !finished else { return }
            finished = true
            switch target {
            case .standardOutput: break
            case .replacing(let file): file.discard()
            case .appending(let descriptor, _): close(descriptor)
            }
        }
    }
}
