import Foundation
import Testing
import TestSupport
import TFLite

/// Bundles opened from their file (``TaskBundle/init(contentsOfFile:)``): the directory read from
/// the file's end, each member read from the file alone when it is asked for.
@Suite("Task bundles read from their file")
struct TaskBundleFileTests {
    /// Every member of the real bundles (whose models lie before the end that is read) reads the
    /// same as from the whole archive in memory.
    @Test(arguments: [RealModels.faceLandmarkerTask, RealModels.poseLandmarkerTask])
    func membersMatchTheArchiveInMemory(_ url: URL) throws {
        let fromFile = try TaskBundle(contentsOf: url)
        let inMemory = try TaskBundle(bytes: try RealModels.fileBytes(url))
        #expect(fromFile.memberNames == inMemory.memberNames)
        for name in inMemory.memberNames {
            #expect(try fromFile.data(named: name) == inMemory.data(named: name), "\(name)")
        }
    }

    /// An archive longer than the end that is read, its first members before it: a stored one of
    /// 200,000 bytes, a deflated one, and a short one.
    static func largeArchive() -> (bytes: [UInt8], members: [String: [UInt8]]) {
        var rng = SeededRandom(seed: 0xF11E_B0B5)
        let stored = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let deflated = Array(String(repeating: "a line of text to deflate\n", count: 6_000).utf8)
        let members = ["stored.bin": stored, "deflated.txt": deflated, "notes.txt": Array("notes".utf8)]
        var writer = ZipWriter()
        for name in ["stored.bin", "deflated.txt", "notes.txt"] {
            writer.add(name, members[name]!, deflate: name == "deflated.txt")
        }
        return (writer.archive(), members)
    }

    /// Mutated copies of the large archive, each written to a file and opened from it: every
    /// member read either ends in a ``ModelError`` or passes its checksum with the original
    /// bytes, and nothing traps.
    @Test(.timeLimit(.minutes(1)))
    func mutatedFilesFailCleanly() throws {
        let folder = try Self.folder("mutated")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (original, members) = Self.largeArchive()
        let path = folder.appendingPathComponent("bundle.zip").path
        // The local headers and the directory more often than the payload.
        let directory = max(0, original.count - 300)..<original.count
        let mutator = Mutator(original: original, targets: [0..<64, 200_040..<200_120, directory])
        var rng = SeededRandom(seed: 0xB0B5_F11E)
        var errors = 0, intact = 0
        let count = 160
        for index in 0..<count {
            let kinds: [Mutator.Kind] = [.truncate, .flipBits, .overwriteWord, .copyWord]
            #expect(FileManager.default.createFile(atPath: path, contents: Data(mutator.mutate(kinds[index % kinds.count], &rng))))
            do {
                let bundle = try TaskBundle(contentsOfFile: path)
                let originals = Array(members.values)
                if try HostileBundleTests.readsEveryMember(of: bundle, as: originals, "mutation \(index)") { intact += 1 } else { errors += 1 }
            } catch is ModelError {
                errors += 1
            } catch {
                Issue.record("mutation \(index) threw a non-ModelError: \(error)")
            }
        }
        #expect(errors > count / 4 && intact > 0, "errors \(errors), intact \(intact) of \(count)")
    }

    /// The file cut short, or its member overwritten, after the bundle was opened: the members
    /// read from it that it no longer holds end in a ``ModelError`` naming them; the last one,
    /// within the end read when the bundle was opened, still reads.
    @Test func fileChangedAfterOpening() throws {
        let folder = try Self.folder("changed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (original, members) = Self.largeArchive()
        let path = folder.appendingPathComponent("bundle.zip").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(original)))
        let bundle = try TaskBundle(contentsOfFile: path)
        #expect(try bundle.data(named: "stored.bin") == members["stored.bin"])

        var overwritten = original
        overwritten[1_000] ^= 0xFF
        #expect(FileManager.default.createFile(atPath: path, contents: Data(overwritten)))
        let checksum = #expect(throws: ModelError.self) { _ = try bundle.data(named: "stored.bin") }
        #expect(checksum?.description.contains("CRC-32") == true)

        #expect(FileManager.default.createFile(atPath: path, contents: Data(original.prefix(100_000))))
        for name in ["stored.bin", "deflated.txt"] {
            let error = #expect(throws: ModelError.self) { _ = try bundle.data(named: name) }
            #expect(error?.description.contains(name) == true, "\(name): \(String(describing: error))")
        }
        #expect(try bundle.data(named: "notes.txt") == members["notes.txt"])
    }

    private static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-file-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
