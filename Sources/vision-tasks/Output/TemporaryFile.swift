#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
            throw OutputError(path: destination, reason: "cannot create the folder \(folder): \(error.localizedDescription)")
        }
        var template = Array((folder + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputError(path: destination, reason: "cannot create a temporary file in its folder: \(String(cString: strerror(errno)))") }
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
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(OutputError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw OutputError(path: name, reason: "cannot write: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
