import Foundation

/// The inputs of a folder run: every image and video file below a folder (recursively), as paths
/// relative to it, sorted by their UTF-8 bytes so that every machine sees the same order.
///
/// Hidden files and folders (names starting with `.`, which include our own temporary files) are
/// left out, as are files that are neither images nor videos (``MediaKind``) and the folders in
/// `excluding` (e.g. an overlay folder inside the input folder). Symbolic links to files are
/// followed (a dangling one is kept, so its failure is reported); links to folders are not (no
/// cycles).
struct FolderScan {
    /// Relative paths of the input files, sorted.
    var files: [String] = []
    /// Folders that could not be listed, with the reason.
    var unreadable: [(path: String, reason: String)] = []

    init(root: String, excluding: [String] = []) {
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        let excluded = Set(excluding.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        visit(rootURL, relative: "", excluded: excluded)
        files.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private mutating func visit(_ folder: URL, relative: String, excluded: Set<String>) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            unreadable.append((relative.isEmpty ? "." : relative, (error as NSError).localizedDescription))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let path = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard lstat(url.path, &status) == 0 else { continue }
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR {
                if !excluded.contains(url.standardizedFileURL.path) { visit(url, relative: path, excluded: excluded) }
            } else if type == S_IFREG || type == S_IFLNK {
                if type == S_IFLNK {
                    // A dangling link stays in, so that its failure is reported.
                    var target = stat()
                    if stat(url.path, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR { continue }
                }
                if MediaKind(path: name) != nil { files.append(path) }
            }
        }
    }
}
