#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the lines of an open file in fixed-size chunks, keeping only the first bytes of each, so
/// that memory does not grow with the length of a line.
enum LineScanner {
    struct Line {
        /// Where the line starts in the file, in bytes.
        var offset: Int
        /// Its length in bytes, without the newline.
        var length: Int
        /// Its first bytes, at most the scanner's `headLimit`.
        var head: [UInt8]
        /// Its last byte (before the newline), nil for an empty line.
        var lastByte: UInt8?
        /// Whether a newline ends it (false only for a last line cut off by a crash).
        var isComplete: Bool
    }

    /// Calls `body` with every line of `descriptor` from its start, in order, reading
    /// `chunkSize` bytes at a time.
    static func scan(_ descriptor: Int32, path: String, headLimit: Int, chunkSize: Int = 1 << 20,
                     _ body: (Line) throws(OutputError) -> Void) throws(OutputError) {
        var chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
        var fileOffset = 0
        var line = Line(offset: 0, length: 0, head: [], lastByte: nil, isComplete: false)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(fileOffset)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, reason: "cannot read the existing results to resume: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            var start = 0
            while start < count {
                let newline = chunk[start..<count].firstIndex(of: UInt8(ascii: "\n"))
                let end = newline ?? count
                if end > start {
                    if line.head.count < headLimit { line.head += chunk[start..<min(end, start + headLimit - line.head.count)] }
                    line.lastByte = chunk[end - 1]
                    line.length += end - start
                }
                guard newline != nil else { break }
                line.isComplete = true
                try body(line)
                line = Line(offset: fileOffset + end + 1, length: 0, head: [], lastByte: nil, isComplete: false)
                start = end + 1
            }
            fileOffset += count
        }
        if line.length > 0 { try body(line) }
    }
}
