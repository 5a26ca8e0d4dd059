import Foundation

/// The `--json-out` file of a folder run, made ready for appending, and what it already holds.
///
/// An existing file is read line by line. Complete lines that are JSON objects with a `"file"`
/// key are kept; a file with a result line counts as finished and is skipped. A file whose line is
/// an error is tried again: its old error line is dropped (when it is among the files this run
/// will process). A last line without its newline (a run killed mid-write) and any line that is
/// not such an object are dropped with a warning. If anything is dropped, the kept lines are
/// written to a temporary file that is renamed onto the output in one step, so the file is never
/// seen truncated; then new results are appended line by line.
struct ResumableOutput {
    /// Relative paths that already have a result line.
    let finishedFiles: Set<String>
    /// The sink that appends to the prepared file.
    let sink: JSONLinesSink

    /// Prepares `path`. `candidates` are the files this run would process (errors for them are retried).
    init(path: String, candidates: Set<String>, warn: (String) -> Void) throws(OutputError) {
        var kept: [Substring] = []
        var finished = Set<String>()
        var dropped = 0
        var retried = 0
        var needsRewrite = !FileManager.default.fileExists(atPath: path)
        if !needsRewrite {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw OutputError(path: path, reason: "cannot read the existing results to resume: \(error.localizedDescription)")
            }
            let text = String(decoding: data, as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // The piece after the last newline is empty for a complete file, else a partial record.
            if let last = lines.popLast(), !last.isEmpty {
                dropped += 1
                warn("\(path): dropping an incomplete last line (\(last.utf8.count) bytes) left by an interrupted run")
            }
            for line in lines {
                guard let record = Self.parse(line) else {
                    if !line.isEmpty {
                        dropped += 1
                        warn("\(path): dropping a line that is not a result object: \(line.prefix(80))")
                    } else {
                        dropped += 1
                    }
                    continue
                }
                if record.isError {
                    if candidates.contains(record.file) {
                        retried += 1
                        continue
                    }
                } else {
                    finished.insert(record.file)
                }
                kept.append(line)
            }
            needsRewrite = dropped > 0 || retried > 0
        }
        if needsRewrite {
            var bytes: [UInt8] = []
            for line in kept {
                bytes.append(contentsOf: line.utf8)
                bytes.append(UInt8(ascii: "\n"))
            }
            try AtomicFile.write(bytes, to: path)
        }
        finishedFiles = finished
        sink = try JSONLinesSink.appending(to: path)
    }

    private struct Record {
        var file: String
        var isError: Bool
    }

    private static func parse(_ line: Substring) -> Record? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let file = object["file"] as? String
        else { return nil }
        return Record(file: file, isError: object["error"] != nil)
    }
}
