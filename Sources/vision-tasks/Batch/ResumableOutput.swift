#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--json-out` file of a folder run, locked for this run (``LockedOutputFile``), cleaned up
/// and made ready for appending, and the files it already has.
///
/// The old file is read as a stream (``LineScanner``), keeping only each line's head
/// (``ResultLineHead``), so resuming needs memory for the file names, not for the lines. Then:
/// - a file with a result line is finished and skipped; only its last result line is kept
///   (duplicates from earlier runs go);
/// - a file with only error lines is retried when it is among `candidates` (its error lines go);
///   otherwise (another shard's file) its last error line is kept;
/// - a last line without its newline (a run killed mid-write) is cut off;
/// - other lines that are not result lines are dropped, with a warning.
///
/// A file whose first line is not one of ours is refused and left as it is: it is someone else's
/// file, not an output to resume. When lines are dropped, the kept ones are copied to a temporary
/// file that is renamed onto the output in one step, so the file is never seen half-written.
struct ResumableOutput {
    /// Files that already have a result line.
    let finishedFiles: Set<FolderFile>
    /// The sink that appends to the prepared file; it holds the lock until it is finished.
    let sink: JSONLinesSink

    /// Prepares `path`. `candidates` are the files this run would process (errors for them are retried).
    /// - Throws: ``OutputInUse`` when another run holds the file, ``OutputError`` otherwise.
    init(path: String, candidates: Set<FolderFile>, warn: (String) -> Void) throws {
        var descriptor = try LockedOutputFile.open(path)
        do {
            let plan = try Plan(descriptor: descriptor, path: path, candidates: candidates)
            plan.report(path: path, warn: warn)
            if plan.needsRewrite {
                descriptor = try plan.rewrite(from: descriptor, path: path)
            } else if let cut = plan.incompleteLastLine, ftruncate(descriptor, off_t(cut)) != 0 {
                throw OutputError(path: path, reason: "cannot cut off the incomplete last line: \(String(cString: strerror(errno)))")
            }
            finishedFiles = plan.finished
        } catch {
            close(descriptor)
            throw error
        }
        sink = JSONLinesSink.appending(to: descriptor, path: path)
    }
}

/// Which lines of an existing output stay.
private struct Plan {
    /// Byte ranges of the lines kept (newline included), in file order.
    var kept: [Range<Int>] = []
    var finished = Set<FolderFile>()
    var incompleteLastLine: Int?
    var duplicates = 0
    var retried = 0
    var foreign: [String] = []
    var foreignCount = 0

    var needsRewrite: Bool { duplicates + retried + foreignCount > 0 }

    /// Room for a path of 4,096 bytes written with six-byte escapes, and the key after it.
    static let headLimit = 32 << 10

    init(descriptor: Int32, path: String, candidates: Set<FolderFile>) throws {
        struct Entry {
            var range: Range<Int>
            var file: FolderFile
        }
        var entries: [Entry] = []
        var lastResult: [FolderFile: Int] = [:]
        var lastError: [FolderFile: Int] = [:]
        var isFirst = true
        try LineScanner.scan(descriptor, path: path, headLimit: Self.headLimit) { line throws(OutputError) in
            defer { isFirst = false }
            if isFirst, !ResultLineHead.canStartResultLine(line.head[...]) {
                throw OutputError(path: path, reason: "this file is not the output of a folder run (its first line does not "
                    + "start with {\"file\":), so it is neither resumed nor changed; give --json-out a new file or one "
                    + "that an earlier run wrote")
            }
            guard line.isComplete else {
                incompleteLastLine = line.offset
                return
            }
            guard let head = ResultLineHead(head: line.head[...], lastByte: line.lastByte) else {
                foreignCount += 1
                if foreign.count < 3 { foreign.append(String(decoding: line.head.prefix(80), as: UTF8.self)) }
                return
            }
            let file = FolderFile(bytes: head.file)
            if head.isError { lastError[file] = entries.count } else { lastResult[file] = entries.count }
            entries.append(Entry(range: line.offset..<line.offset + line.length + 1, file: file))
        }
        for (index, entry) in entries.enumerated() {
            let file = entry.file
            let keeps: Bool
            if let result = lastResult[file] {
                keeps = result == index
                finished.insert(file)
            } else if candidates.contains(file) {
                keeps = false
                retried += 1
                continue
            } else {
                keeps = lastError[file] == index
            }
            if keeps { kept.append(entry.range) } else { duplicates += 1 }
        }
    }

    func report(path: String, warn: (String) -> Void) {
        if incompleteLastLine != nil { warn("\(path): cutting off an incomplete last line left by an interrupted run") }
        if duplicates > 0 {
            warn("\(path): dropping \(duplicates) superseded line(s) (each file keeps one line: its last result, else its last error)")
        }
        for head in foreign { warn("\(path): dropping a line that is not a result line: \(head)") }
        if foreignCount > foreign.count { warn("\(path): dropping \(foreignCount - foreign.count) more line(s) that are not result lines") }
    }

    /// Copies the kept lines to a new file that replaces `path`, locked before it is renamed into
    /// place; returns its descriptor, open for appending (the old one is closed).
    func rewrite(from old: Int32, path: String) throws -> Int32 {
        let file = try TemporaryFile(destination: path)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        for range in kept {
            var offset = range.lowerBound
            while offset < range.upperBound {
                let wanted = min(buffer.count, range.upperBound - offset)
                let count = buffer.withUnsafeMutableBytes { pread(old, $0.baseAddress, wanted, off_t(offset)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw OutputError(path: path, reason: "cannot read the existing results to resume: the file changed or is unreadable") }
                try file.write(buffer[..<count])
                offset += count
            }
        }
        let descriptor = open(file.temporaryPath, O_RDWR | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: "cannot reopen the rewritten results: \(String(cString: strerror(errno)))") }
        try LockedOutputFile.lock(descriptor, path: path)
        do { try file.commit() } catch {
            close(descriptor)
            throw error
        }
        close(old)
        return descriptor
    }
}
