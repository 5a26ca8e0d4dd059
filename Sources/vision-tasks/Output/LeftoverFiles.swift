import Foundation
import VideoIO

/// Hidden work files that a killed run left beside an output: `.<name>.tmp-<tag>-XXXXXX`
/// (``TemporaryFile``) and `.<name>.partial-<tag>-<serial>` (a video overlay being encoded), with
/// the owner's ``VideoIO/LeftoverTag``. Before a run writes an output, it removes those whose owner
/// ran on this host and has ended; files of live processes and of other hosts stay.
enum LeftoverFiles {
    /// Removes the dead processes' work files beside `destination`; returns how many were removed.
    @discardableResult
    static func remove(besides destination: String) -> Int {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        guard !name.isEmpty, let siblings = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for sibling in siblings {
            guard let tag = ownerTag(of: sibling, workFileOf: name), LeftoverTag.isDead(tag) else { continue }
            if unlink(folder + "/" + sibling) == 0 { removed += 1 }
        }
        return removed
    }

    /// The owner tag in `sibling` when it is a work file of `name`, else nil.
    static func ownerTag(of sibling: String, workFileOf name: String) -> Substring? {
        for kind in ["tmp", "partial"] {
            let prefix = "." + name + "." + kind + "-"
            guard sibling.hasPrefix(prefix) else { continue }
            let rest = sibling.dropFirst(prefix.count)
            guard let dash = rest.lastIndex(of: "-") else { return nil }
            return rest[..<dash]
        }
        return nil
    }
}
