import Foundation

/// Whole-file reads and writes with typed errors.
enum FileBytes {
    /// The file's bytes, read straight into the array (no intermediate `Data` and copy): the size
    /// `fstat` gives in one go, then whatever follows up to the end, so that pipes and files that
    /// grew since are read whole too.
    static func read(_ path: String) throws(ImageError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(reading: path, errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(reading: path, errno) }
        var error: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: max(Int(status.st_size), 0)) { buffer, count in
            count = readFully(descriptor, into: buffer, error: &error)
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { chunk in
            while error == 0 {
                let count = readFully(descriptor, into: chunk, error: &error)
                bytes.append(contentsOf: chunk[..<count])
                if count < chunk.count { break }
            }
        }
        guard error == 0 else { throw failure(reading: path, error) }
        return bytes
    }

    static func write(_ bytes: [UInt8], to path: String) throws(ImageError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .io("cannot write \(path): \(error.localizedDescription)")
        }
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

    private static func failure(reading path: String, _ error: Int32) -> ImageError {
        .io("cannot read \(path): \(String(cString: strerror(error)))")
    }
}
