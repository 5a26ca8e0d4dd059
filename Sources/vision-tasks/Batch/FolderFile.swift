#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of a folder run: its path relative to the folder, as the file system's bytes. A Linux
/// name may hold any byte but `/` and NUL, so the path need not be UTF-8 (``FileSystemName``).
/// Files sort by these bytes, so every machine sees the same order.
struct FolderFile: Hashable, Comparable, Sendable {
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    init(_ path: String) { bytes = Array(path.utf8) }

    /// The path as text, for messages and the names of files derived from it (overlays, masks,
    /// frames): itself when UTF-8, else with each invalid byte as `%XX`.
    var text: String { FileSystemName.text(of: bytes) }

    /// The `"file"` value of its line: the exact bytes, escaped as ``JSONValue/fileSystemName(_:)``.
    var json: JSONValue { .fileSystemName(bytes) }

    static func < (lhs: FolderFile, rhs: FolderFile) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }

    /// Calls `body` with a path that opens this file below `root`: the joined path when it is
    /// UTF-8 (Swift's strings are), else a path through an open descriptor
    /// (`Platform.descriptorPath`), valid while `body` runs.
    /// - Throws: ``InputError`` if the file cannot be opened, or what `body` throws.
    func withOpenablePath<T>(under root: String, _ body: (String) throws -> T) throws -> T {
        let joined = root.hasSuffix("/") ? root : root + "/"
        if FileSystemName.isUTF8(bytes) { return try body(joined + text) }
        let descriptor = open(FileSystemName.cString(Array(joined.utf8) + bytes), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(path: joined + text, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        return try body(Platform.descriptorPath(descriptor))
    }
}
