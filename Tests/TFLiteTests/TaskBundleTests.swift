import Foundation
import Testing
import TestSupport
import TFLite

@Suite("Task bundles (zip)")
struct TaskBundleTests {
    @Test func faceLandmarkerMembers() throws {
        let bundle = try TaskBundle(contentsOf: RealModels.faceLandmarkerTask)
        #expect(bundle.memberNames == [
            "face_detector.tflite", "face_landmarks_detector.tflite",
            "geometry_pipeline_metadata_landmarks.binarypb", "face_blendshapes.tflite",
        ])
        #expect(bundle.modelNames.count == 3)
        #expect(try bundle.data(named: "face_detector.tflite").count == 229_746)
        #expect(try bundle.data(named: "geometry_pipeline_metadata_landmarks.binarypb").count == 19_376)
        let detector = try bundle.model(named: "face_detector.tflite")
        #expect(detector.subgraphs[0].tensors[detector.subgraphs[0].inputs[0]].shape == [1, 128, 128, 3])
        #expect(bundle.contains("face_blendshapes.tflite") && !bundle.contains("face_blendshapes"))
    }

    /// MediaPipe models that carry metadata append a zip of their associated files (here empty),
    /// so the model file itself is also a valid archive.
    @Test func modelWithMetadataIsAlsoAZip() throws {
        let bundle = try TaskBundle(bytes: try RealModels.bytes("face_detector.tflite"))
        #expect(bundle.memberNames.isEmpty)
    }

    @Test func missingMemberIsNamed() throws {
        let bundle = try TaskBundle(contentsOf: RealModels.faceLandmarkerTask)
        let error = #expect(throws: ModelError.self) { _ = try bundle.data(named: "hand_landmarker.tflite") }
        #expect(error?.description.contains("hand_landmarker.tflite") == true)
    }

    /// Tests/Fixtures/bundles/deflated.zip was written by `zip -9` (scripts/fixtures/make-deflated-bundle).
    @Test func inflatesMembersWrittenByZip() throws {
        let bundle = try TaskBundle(contentsOf: Assets.fixture("bundles/deflated.zip"))
        #expect(bundle.memberNames == ["lines.txt", "numbers.txt"])
        var lines = ""
        for n in 1...3000 {
            lines += "line \(n): \(String(repeating: "ab", count: n % 17)) \(n * n % 9973)\n"
        }
        let numbers = (1...4000).map { "\($0 * 7919 % 65521)\n" }.joined()
        #expect(try bundle.data(named: "lines.txt") == Array(lines.utf8))
        #expect(try bundle.data(named: "numbers.txt") == Array(numbers.utf8))
    }

    /// A real model, deflated (as stored deflate blocks) inside a bundle we write, reads the same.
    @Test func readsADeflatedModel() throws {
        let bytes = try RealModels.bytes("face_detection_short_range.tflite")
        var writer = ZipWriter()
        writer.add("notes.txt", Array("two models".utf8))
        writer.add("face_detector.tflite", bytes, deflate: true)
        let bundle = try TaskBundle(bytes: writer.archive())
        #expect(bundle.memberNames == ["notes.txt", "face_detector.tflite"])
        #expect(try bundle.data(named: "face_detector.tflite") == bytes)
        let model = try bundle.model(named: "face_detector.tflite")
        #expect(model.subgraphs[0].operators.count == 164)
        #expect(try bundle.data(named: "notes.txt") == Array("two models".utf8))
    }

    @Test func checksumMismatchIsReported() throws {
        var writer = ZipWriter()
        writer.add("a.bin", [UInt8](repeating: 7, count: 1000), deflate: true)
        var archive = writer.archive()
        // The member's payload starts after the 30-byte local header and the 5-byte name, then a
        // 5-byte stored-block header; change one payload byte.
        archive[30 + 5 + 5 + 10] ^= 0xFF
        let bundle = try TaskBundle(bytes: archive)
        let error = #expect(throws: ModelError.self) { _ = try bundle.data(named: "a.bin") }
        #expect(error?.description.contains("CRC-32") == true)
    }

    /// A deflated member that declares more bytes than its stream holds, or fewer, is rejected.
    @Test func declaredSizeMustMatchTheStream() throws {
        var writer = ZipWriter()
        writer.add("a.bin", [UInt8](repeating: 3, count: 1000), deflate: true)
        let archive = writer.archive()
        let centralStart = 30 + 5 + 1000 + 5
        for declared in [100_000, 999] {
            var changed = archive
            for i in 0..<4 { changed[centralStart + 24 + i] = UInt8(truncatingIfNeeded: declared >> (8 * i)) }
            let message = try bundleError(changed, member: "a.bin")
            #expect(message.contains("not a valid deflate stream of \(declared) bytes"), "\(message)")
        }
        // A declared size beyond deflate's best ratio is refused before inflating.
        var bomb = archive
        for i in 0..<4 { bomb[centralStart + 24 + i] = UInt8(truncatingIfNeeded: 900_000_000 >> (8 * i)) }
        #expect(try bundleError(bomb, member: "a.bin").contains("impossible compression ratio"))
    }

    @Test func rejectsUnsupportedArchives() throws {
        var writer = ZipWriter()
        writer.add("a.bin", [1, 2, 3])
        let archive = writer.archive()
        let centralStart = 30 + 5 + 3
        // Not a zip at all, and too small.
        #expect(throws: ModelError.self) { _ = try TaskBundle(bytes: Array("hello, world".utf8)) }
        #expect(throws: ModelError.self) { _ = try TaskBundle(bytes: Array(try RealModels.bytes("pose_landmark_full.tflite").prefix(70_000))) }
        // Encrypted member (general-purpose flag bit 0, in the central directory).
        var encrypted = archive
        encrypted[centralStart + 8] |= 1
        #expect(try bundleError(encrypted, member: "a.bin").contains("encrypted"))
        // Unknown compression method 12 (bzip2).
        var bzip2 = archive
        bzip2[centralStart + 10] = 12
        #expect(try bundleError(bzip2, member: "a.bin").contains("method 12"))
        // zip64 marker in the end record's entry count.
        var zip64 = archive
        let end = zip64.count - 22
        zip64[end + 8] = 0xFF; zip64[end + 9] = 0xFF; zip64[end + 10] = 0xFF; zip64[end + 11] = 0xFF
        let error = #expect(throws: ModelError.self) { _ = try TaskBundle(bytes: zip64) }
        #expect(error?.description.contains("zip64") == true)
    }

    /// The member names read from a bundle file's end are those of the whole archive: for the real
    /// bundles (their directory within the last bytes), for an archive whose directory starts
    /// further back than the end that is read (read whole then), and for one whose comment fills
    /// the end; a file that is no archive throws.
    @Test func memberNamesFromTheFileEnd() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-tail-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for url in [RealModels.faceLandmarkerTask, Assets.fixture("bundles/deflated.zip")] {
            #expect(try TaskBundle.memberNames(ofFileAt: url.path) == TaskBundle(contentsOf: url).memberNames, "\(url.lastPathComponent)")
        }
        // 3,000 members of 60-byte names: a directory of about 300 KB, most of it before the end read.
        var many = ZipWriter()
        let names = (0..<3000).map { String(format: "member-%054d", $0) }
        for name in names { many.add(name, [UInt8(truncatingIfNeeded: name.count)]) }
        // A comment of 65,535 bytes after the end record.
        var commented = ZipWriter()
        commented.add("a.tflite", [UInt8](repeating: 1, count: 200_000))
        commented.add("b.tflite", [2, 3])
        var withComment = commented.archive()
        let comment = 0xFFFF
        withComment[withComment.count - 2] = UInt8(comment & 0xFF)
        withComment[withComment.count - 1] = UInt8(comment >> 8)
        withComment += [UInt8](repeating: 0x50, count: comment)
        for (name, bytes, expected) in [("many.zip", many.archive(), names), ("commented.zip", withComment, ["a.tflite", "b.tflite"])] {
            let path = folder.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(try TaskBundle.memberNames(ofFileAt: path) == expected, "\(name)")
        }
        let notAZip = folder.appendingPathComponent("not.zip").path
        #expect(FileManager.default.createFile(atPath: notAZip, contents: Data(repeating: 0x41, count: 300_000)))
        #expect(throws: ModelError.self) { _ = try TaskBundle.memberNames(ofFileAt: notAZip) }
        #expect(throws: ModelError.self) { _ = try TaskBundle.memberNames(ofFileAt: folder.appendingPathComponent("absent.task").path) }
    }

    private func bundleError(_ archive: [UInt8], member: String) throws -> String {
        let bundle = try TaskBundle(bytes: archive)
        do {
            _ = try bundle.data(named: member)
        } catch let error as ModelError {
            return error.description
        }
        Issue.record("reading \(member) should have failed")
        return ""
    }
}
