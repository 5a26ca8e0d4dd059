import Testing
import TestSupport
import TFLite

/// Corrupted zip bundles must end in a ``ModelError`` or in members that read correctly.
@Suite("Hostile bundles")
struct HostileBundleTests {
    static let mutationsPerArchive = 400

    /// A small bundle of real bytes: a stored and a deflated copy of a metadata file and a model
    /// fragment, plus the `zip -9` fixture.
    static func archives() throws -> [(name: String, bytes: [UInt8])] {
        let face = try TaskBundle(contentsOf: RealModels.faceLandmarkerTask)
        let geometry = try face.data(named: "geometry_pipeline_metadata_landmarks.binarypb")
        var writer = ZipWriter()
        writer.add("geometry.binarypb", geometry)
        writer.add("geometry-deflated.binarypb", geometry, deflate: true)
        writer.add("empty", [])
        writer.add("empty-deflated", [], deflate: true)
        let fixture = try RealModels.fileBytes(Assets.fixture("bundles/deflated.zip"))
        return [("written", writer.archive()), ("zip -9 fixture", fixture)]
    }

    @Test(.timeLimit(.minutes(1)))
    func mutatedBundlesFailCleanly() throws {
        var total = 0, errors = 0, intact = 0
        var rng = SeededRandom(seed: 0x21B_0B5E)
        for (name, original) in try Self.archives() {
            let pristine = try TaskBundle(bytes: original)
            let expected = try pristine.memberNames.map { try pristine.data(named: $0) }
            // Hit the headers and directory more often than the payload.
            let directory = max(0, original.count - 300)..<original.count
            let mutator = Mutator(original: original, targets: [0..<min(64, original.count), directory])
            for index in 0..<Self.mutationsPerArchive {
                let kinds: [Mutator.Kind] = [.truncate, .flipBits, .overwriteWord, .copyWord]
                let mutated = mutator.mutate(kinds[index % kinds.count], &rng)
                total += 1
                do {
                    let bundle = try TaskBundle(bytes: mutated)
                    if try Self.readsEveryMember(of: bundle, as: expected, "\(name) mutation \(index)") { intact += 1 } else { errors += 1 }
                } catch is ModelError {
                    errors += 1
                } catch {
                    Issue.record("\(name) mutation \(index) threw a non-ModelError: \(error)")
                }
            }
        }
        #expect(total == 2 * Self.mutationsPerArchive)
        #expect(errors > total / 4 && intact > 0, "errors \(errors), intact \(intact) of \(total)")
    }

    /// Whether every member of `bundle` reads; a member that reads passed its CRC-32, so it must
    /// be one of the `originals`. A member that does not read must end in a ``ModelError``.
    static func readsEveryMember(of bundle: TaskBundle, as originals: [[UInt8]], _ context: String) throws -> Bool {
        var allRead = true
        for member in bundle.memberNames {
            do {
                let data = try bundle.data(named: member)
                #expect(originals.contains(data), "\(context): \(member) read wrong bytes")
            } catch is ModelError {
                allRead = false
            }
        }
        return allRead
    }
}
