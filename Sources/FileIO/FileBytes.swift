import Foundation

/// File reads and writes: the one way the package reads a model, a bundle or a picture from
/// disk (whole, a bundle's directory from its end, or one of its members).
public enum FileBytes {
    /// The file's bytes, read straight into the array (no intermediate `Data` and copy): the size
    /// `fstat` gives in one go, then whatever follows up to the end, so that pipes and files that
    /// grew since are read whole too.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        try withOpenFile(path) { (descriptor, size) throws(FileError) in
            var error: Int32 = 0
            var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                prefault(UnsafeMutableRawBufferPointer(buffer))
                count = readFully(descriptor, into: buffer, error: &error)
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { chunk in
                while error == 0 {
                    let count = readFully(descriptor, into: chunk, error: &error)
                    bytes.append(contentsOf: chunk[..<count])
                    if count < chunk.count { break }
                }
            }
            guard error == 0 else { throw FileError(path: path, reading: true, code: error) }
            return bytes
        }
    }

    /// The file's last `maximumCount` bytes (all of it when it is shorter) and the offset they
    /// start at: the end of a large file without reading the rest, such as a zip archive's
    /// directory.
    public static func readTail(_ path: String, maximumCount: Int) throws(FileError) -> (bytes: [UInt8], offset: Int) {
        try withOpenFile(path) { (descriptor, size) throws(FileError) in
            let offset = max(size - max(maximumCount, 0), 0)
            guard lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else {
                throw FileError(path: path, reading: true, code: errno)
            }
            var error: Int32 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: size - offset) { buffer, count in
                count = readFully(descriptor, into: buffer, error: &error)
            }
            guard error == 0 else { throw FileError(path: path, reading: true, code: error) }
            return (bytes, offset)
        }
    }

    /// The bytes of `range` of the file (fewer when the file ends inside it), read straight into
    /// the array: a zip archive's member without the rest of the archive.
    public static func read(_ path: String, range: Range<Int>) throws(FileError) -> [UInt8] {
        try withOpenFile(path) { (descriptor, size) throws(FileError) in
            let count = min(range.count, max(size - range.lowerBound, 0))
            guard count > 0 else { return [] }
            guard lseek(descriptor, off_t(range.lowerBound), SEEK_SET) == off_t(range.lowerBound) else {
                throw FileError(path: path, reading: true, code: errno)
            }
            var error: Int32 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                prefault(UnsafeMutableRawBufferPointer(buffer))
                initialized = readFully(descriptor, into: buffer, error: &error)
            }
            guard error == 0 else { throw FileError(path: path, reading: true, code: error) }
            return bytes
        }
    }

    /// Writes `bytes` to `path` atomically (a temporary file renamed over it).
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FileError(path: path, reading: false, reason: error.localizedDescription)
        }
    }

    /// Opens `path` for reading and runs `body` with its descriptor and the size `fstat` gives
    /// (0 if negative), closing it afterwards.
    private static func withOpenFile<Result>(
        _ path: String, _ body: (_ descriptor: Int32, _ size: Int) throws(FileError) -> Result
    ) throws(FileError) -> Result {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, reading: true, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError(path: path, reading: true, code: errno) }
        return try body(descriptor, max(Int(status.st_size), 0))
    }

    /// Reads until `buffer` is full or the file ends; returns how many bytes were read. A failure
    /// other than an interruption ends the reading and sets `error`.
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, error: inout Int32) -> Int {
        var count = 0
        while count < buffer.count, let start = buffer.baseAddress {
            let got = Foundation.read(descriptor, start + count, buffer.count - count)
            if got > 0 {
                count += got
            } else if got < 0, errno == EINTR {
                continue
            } else {
                if got < 0 { error = errno }
                break
            }
        }
        return count
    }
}

/// A file that could not be read or written, with the system's reason.
public struct FileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    /// Whether reading failed (else writing).
    public let reading: Bool
    /// The system's words for the failure (e.g. "No such file or directory").
    public let reason: String

    init(path: String, reading: Bool, code: Int32) {
        self.init(path: path, reading: reading, reason: String(cString: strerror(code)))
    }

    init(path: String, reading: Bool, reason: String) {
        self.path = path
        self.reading = reading
        self.reason = reason
    }

    /// "cannot read PATH: REASON" (or write).
    public var description: String { "cannot \(reading ? "read" : "write") \(path): \(reason)" }
}
