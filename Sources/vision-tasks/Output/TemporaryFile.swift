#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import VideoIO

/// A hidden temporary file beside its destination, renamed onto it by ``commit()``:
/// `.<name>.tmp-<pid>@<host>-XXXXXX`. Making the first one in a folder removes those that killed
/// runs left there (``LeftoverFiles``).
final class TemporaryFile: @unchecked Sendable {
    /// Where ``commit()`` puts the file.
    let destination: String
    /// The temporary file's own path (same folder, hidden name).
    let temporaryPath: String
    private(set) var descriptor: Int32

    /// Creates the temporary file (and the destination's missing parent folders).
    init(destination: String) throws(OutputError) {
        self.destination = destination
        let folder = try ParentFolder.create(for: destination)
        LeftoverFiles.remove(besides: destination)
        var template = Array((folder + "/." + URL(fileURLWithPath: destination).lastPathComponent + ".tmp-" + LeftoverTag.current + "-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputError(path: destination, reason: "cannot create a temporary file in its folder: \(String(cString: strerror(errno)))") }
        descriptor = fd
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(fd, 0o644)
    }

    /// Appends `bytes` (all of them, retrying short writes and interruptions); if that fails (a
    /// full disk), the file is cut back to what it held before.
    func write(_ bytes: some Collection<UInt8>) throws(OutputError) {
        try FileDescriptorWriter.appendWhole(Array(bytes), to: descriptor, name: destination)
    }

    /// Flushes the data to disk and renames the file onto ``destination``.
    func commit() throws(OutputError) {
        guard descriptor >= 0 else { throw OutputError(path: destination, reason: "already committed or discarded") }
        if fsync(descriptor) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw OutputError(path: destination, reason: "cannot flush to disk: \(reason)")
        }
        close(descriptor)
        descriptor = -1
        guard rename(temporaryPath, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw OutputError(path: destination, reason: "cannot rename the temporary file onto it: \(reason)")
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
    /// Writes `bytes` at the end of the regular file `descriptor`, all or nothing: when a write
    /// fails partway (a full disk, a file size limit), the file is truncated back to its old end,
    /// so it never ends in half a record.
    static func appendWhole(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(OutputError) {
        let end = lseek(descriptor, 0, SEEK_END)
        do {
            try writeAll(bytes, to: descriptor, name: name)
        } catch {
            if end >= 0, ftruncate(descriptor, end) == 0 { lseek(descriptor, end, SEEK_SET) }
            throw error
        }
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(OutputError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Platform.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw OutputError(path: name, reason: "cannot write: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}

