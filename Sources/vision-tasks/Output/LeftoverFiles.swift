import Foundation
import Locking
import VideoIO

/// Hidden work files that a killed run left beside its outputs: `.<name>.tmp-<tag>-XXXXXX`
/// (``TemporaryFile``) and `.<name>.partial-<tag>-<serial>` (a video overlay being encoded), with
/// the owner's ``VideoIO/LeftoverTag``. The first time a run writes into a folder, it removes
/// those there whose owner ran on this host and has ended; files of live processes and of other
/// hosts stay. Each folder is looked at once per process, so a folder of many outputs costs one
/// listing.
enum LeftoverFiles {
    private static let cleanedFolders = Locked<Set<String>>([])

    /// Removes the dead processes' work files in the folder of `destination`, unless this process
    /// already did; returns how many were removed.
    @discardableResult
    static func remove(besides destination: String) -> Int {
        let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().standardizedFileURL.path
        guard cleanedFolders.withLock({ $0.insert(folder).inserted }),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return 0 }
        var removed = 0
        for name in names {
            guard let tag = ownerTag(of: name), LeftoverTag.isDead(tag) else { continue }
            if unlink(folder + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }

    /// The owner tag in `name` when it is one of our work files, else nil: hidden, then
    /// `.tmp-<pid>@<host>-` and the six characters `mkstemp` chose, or `.partial-<pid>@<host>-`
    /// (`.partial-<pid>-` from older versions) and a serial number.
    static func ownerTag(of name: String) -> Substring? {
        guard name.hasPrefix(".") else { return nil }
        for (marker, needsHost) in [(".tmp-", true), (".partial-", false)] {
            guard let range = name.range(of: marker, options: .backwards) else { continue }
            let rest = name[range.upperBound...]
            guard let dash = rest.lastIndex(of: "-") else { return nil }
            let tag = rest[..<dash], suffix = rest[rest.index(after: dash)...]
            let suffixFits = needsHost ? suffix.count == 6 && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                : !suffix.isEmpty && suffix.allSatisfy(\.isWholeNumber)
            guard suffixFits, !needsHost || tag.contains("@") else { return nil }
            return tag
        }
        return nil
    }
}
