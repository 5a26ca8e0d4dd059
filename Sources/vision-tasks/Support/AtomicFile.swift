#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Whole-file writes that never leave a half-written file behind: the bytes go to a hidden
/// temporary file in the destination's folder, which is flushed to disk and then renamed onto the
/// destination (a rename within one file system replaces the old file in one step).
enum AtomicFile {
    /// Writes `bytes` to `path` atomically, creating missing parent folders.
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(OutputError) {
        let file = try TemporaryFile(destination: path)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }
}

/// A hidden temporary file beside its destination, renamed onto it by ``commit()``.
final class TemporaryFile: @unchecked Sendable {
    /// Where ``commit()`` puts the file.
    let destination: String
    /// The temporary file's own path (same folder, hidden name).
    let temporaryPath: String
    private(set) var descriptor: Int32

    /// Creates the temporary file (and the destination's missing parent folders).
    init(destination: String) throws(OutputError) {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError("cannot create the folder \(folder): \(error.localizedDescription)")
        }
        var template = Array((folder + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputError("cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))") }
        descriptor = fd
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(fd, 0o644)
    }

    /// Appends `bytes` (all of them, retrying short writes and interruptions).
    func write(_ bytes: some Collection<UInt8>) throws(OutputError) {
        try FileDescriptorWriter.writeAll(Array(bytes), to: descriptor, name: destination)
    }

    /// Flushes the data to disk and renames the file onto ``destination``.
    func commit() throws(OutputError) {
        guard descriptor >= 0 else { throw OutputError("\(destination): already committed or discarded") }
        if fsync(descriptor) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw OutputError("cannot flush \(destination): \(reason)")
        }
        close(descriptor)
        descriptor = -1
        guard rename(temporaryPath, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw OutputError("cannot rename the temporary file onto \(destination): \(reason)")
        }
    }

    /// Removes the temporary file; the destination stays as it was.
    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }

    deinit { discard() }
}

/// Writes whole buffers to a file descriptor.
enum FileDescriptorWriter {
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(OutputError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw OutputError("cannot write \(name): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}

/// Writing a result file failed (disk full, permissions, a missing folder, ...).
struct OutputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
