#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The inputs of a folder run: every image and video file below a folder (recursively), as paths
/// relative to it (``FolderFile``, the file system's bytes, so names that are not UTF-8 are kept),
/// sorted by those bytes so that every machine sees the same order.
///
/// Hidden files and folders (names starting with `.`, which include our own temporary files) are
/// left out, as are files that are neither images nor videos (``MediaKind``) and the folders in
/// `excluding` (e.g. an overlay folder inside the input folder). Symbolic links to files are
/// followed (a dangling one is kept, so its failure is reported); links to folders are not (no
/// cycles).
struct FolderScan {
    /// Relative paths of the input files, sorted.
    var files: [FolderFile] = []
    /// Folders that could not be listed, with the reason.
    var unreadable: [(path: FolderFile, reason: String)] = []

    init(root: String, excluding: [String] = []) {
        let rootBytes = Array(URL(fileURLWithPath: root).standardizedFileURL.path.utf8)
        let excluded = Set(excluding.map { Array(URL(fileURLWithPath: $0).standardizedFileURL.path.utf8) })
        visit(rootBytes, relative: [], excluded: excluded)
        files.sort()
    }

    private mutating func visit(_ folder: [UInt8], relative: [UInt8], excluded: Set<[UInt8]>) {
        let names: [[UInt8]]
        do {
            names = try Self.entries(of: folder)
        } catch {
            unreadable.append((FolderFile(bytes: relative.isEmpty ? Array(".".utf8) : relative), error.reason))
            return
        }
        for name in names where name.first != UInt8(ascii: ".") {
            let path = folder + [UInt8(ascii: "/")] + name
            let relativePath = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            let cPath = FileSystemName.cString(path)
            var status = stat()
            guard lstat(cPath, &status) == 0 else { continue }
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR {
                if !excluded.contains(path) { visit(path, relative: relativePath, excluded: excluded) }
            } else if type == S_IFREG || type == S_IFLNK {
                if type == S_IFLNK {
                    // A dangling link stays in, so that its failure is reported.
                    var target = stat()
                    if stat(cPath, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR { continue }
                }
                if MediaKind(path: FileSystemName.text(of: name)) != nil { files.append(FolderFile(bytes: relativePath)) }
            }
        }
    }

    private struct ListingError: Error { var reason: String }

    /// The names in `folder` as bytes (without `.` and `..`).
    private static func entries(of folder: [UInt8]) throws(ListingError) -> [[UInt8]] {
        guard let directory = opendir(FileSystemName.cString(folder)) else { throw ListingError(reason: String(cString: strerror(errno))) }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names
    }
}
