#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// The owner written into the names of hidden work files (a video's `.partial-…` file, the
/// command line's `.tmp-…` files): `<pid>@<host>`. A file whose owner ran on this host and is no
/// longer alive was left by a killed process and may be removed; a file from another host (a
/// shared folder on a cluster) or from a live process is never touched.
public enum LeftoverTag {
    /// This process's tag, `<pid>@<host>`.
    public static let current: String = "\(getpid())@\(hostName)"

    /// Whether `tag` (as made by ``current``) names a process of this host that has ended.
    /// A tag without a host (`<pid>` alone, as older versions wrote) is taken as this host's.
    public static func isDead(_ tag: Substring) -> Bool {
        let parts = tag.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let pid = pid_t(parts[0]), pid > 0 else { return false }
        if parts.count == 2, parts[1] != hostName[...] { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    private static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(cBuffer: buffer)
        return name.isEmpty ? "localhost" : name
    }()
}
