#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A results file held by one run at a time: opened (created if missing, with its folders) for
/// reading and appending, with an exclusive `flock(2)` lock that lasts until its descriptor is
/// closed, which the kernel does when the process ends however it ends. A second run that wants
/// the same file is refused at once (``OutputInUse``) rather than writing over the first one's
/// lines.
enum LockedOutputFile {
    /// The locked descriptor of `path`.
    /// - Throws: ``OutputInUse`` when another process holds the lock, ``OutputError`` when the
    ///   file cannot be opened.
    static func open(_ path: String) throws -> Int32 {
        try ParentFolder.create(for: path)
        // A run that rewrites the file renames a new one onto the path while holding both locks;
        // a lock on the replaced file is no lock at all, so check that the path still names it.
        for _ in 0..<8 {
            let descriptor = Platform.open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw OutputError(path: path, reason: "cannot open for appending: \(String(cString: strerror(errno)))")
            }
            try lock(descriptor, path: path)
            var opened = stat(), named = stat()
            if fstat(descriptor, &opened) == 0, stat(path, &named) == 0, opened.st_ino == named.st_ino, opened.st_dev == named.st_dev {
                return descriptor
            }
            close(descriptor)
        }
        throw OutputInUse(path: path)
    }

    /// Takes the exclusive lock on `descriptor` without waiting; closes it on failure.
    static func lock(_ descriptor: Int32, path: String) throws {
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return }
        let code = errno
        close(descriptor)
        if code == EWOULDBLOCK { throw OutputInUse(path: path) }
        throw OutputError(path: path, reason: "cannot lock: \(String(cString: strerror(code)))")
    }
}

/// Another run holds the lock on the results file. Exit status 75 (EX_TEMPFAIL): try again later.
struct OutputInUse: Error, CustomStringConvertible {
    var path: String
    var description: String {
        "\(path): another vision-tasks run is writing this file; wait for it to end, or give each run its own "
            + "--json-out (with shards, \"{shard}\" in the name becomes the shard index)"
    }
}
