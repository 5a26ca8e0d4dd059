import Foundation
import Imaging
import Testing
import TestSupport

/// Overlays, `--json-out`, bad inputs and help, through the binary.
@Suite struct CommandBehaviourTests {
    /// Counts pixels of `a` and `b` (same size, RGB) that differ inside `region` (pixels).
    private func changedPixels(_ a: Image, _ b: Image, x: Range<Int>, y: Range<Int>) -> Int {
        let first = a.packedBytes(), second = b.packedBytes()
        var count = 0
        for row in y {
            for column in x {
                let i = (row * a.width + column) * 3
                if first[i] != second[i] || first[i + 1] != second[i + 1] || first[i + 2] != second[i + 2] { count += 1 }
            }
        }
        return count
    }

    @Test func faceMeshOverlayHasTheInputsSizeAndMarksTheFaceOnly() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let overlay = folder.appendingPathComponent("mesh.png").path
        let jsonOut = folder.appendingPathComponent("result.json").path
        let run = try CommandLineTool.run(["face-landmarker", "assets/images/astronaut.png", "--overlay", overlay, "--json-out", jsonOut])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty, "--json-out keeps standard output empty")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonOut))) as? [String: Any])
        let face = try #require((json["faceLandmarks"] as? [[[String: Any]]])?.first)
        let xs = face.compactMap { ($0["x"] as? NSNumber)?.doubleValue }, ys = face.compactMap { ($0["y"] as? NSNumber)?.doubleValue }
        try #require(xs.count == 478 && ys.count == 478)

        let input = try CommandLineTool.uprightRGB("astronaut.png")
        let drawn = try Image(contentsOfFile: overlay)
        #expect(drawn.width == input.width && drawn.height == input.height)
        try #require(drawn.format == .rgb8)
        // The box around the landmarks, in pixels: the mesh covers much of it.
        let left = Int(xs.min()! * Double(input.width)), right = Int(xs.max()! * Double(input.width))
        let top = Int(ys.min()! * Double(input.height)), bottom = Int(ys.max()! * Double(input.height))
        let faceChanged = changedPixels(input, drawn, x: left..<right, y: top..<bottom)
        #expect(faceChanged > (right - left) * (bottom - top) / 4, "the mesh covers the face: \(faceChanged) pixels changed")
        // A corner far from the face (the astronaut's face is in the upper middle) is untouched.
        let corner = changedPixels(input, drawn, x: 0..<64, y: (input.height - 64)..<input.height)
        #expect(bottom < input.height - 64 && left > 64)
        #expect(corner == 0, "\(corner) pixels changed in the bottom-left corner")
    }

    @Test func poseOverlayTintsThePersonWithoutListingMasks() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let overlay = folder.appendingPathComponent("pose.png").path
        let run = try CommandLineTool.run(["pose-landmarker", "assets/images/bus.jpg", "--overlay", overlay])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try run.jsonObject()
        #expect((json["segmentationMasks"] as? [Any])?.isEmpty == true, "masks are listed only when asked for")
        let pose = try #require((json["landmarks"] as? [[[String: Any]]])?.first)
        let xs = pose.compactMap { ($0["x"] as? NSNumber)?.doubleValue }, ys = pose.compactMap { ($0["y"] as? NSNumber)?.doubleValue }
        try #require(xs.count == 33 && ys.count == 33)

        let input = try CommandLineTool.uprightRGB("bus.jpg")
        let drawn = try Image(contentsOfFile: overlay)
        #expect(drawn.width == input.width && drawn.height == input.height)
        let left = max(0, Int(xs.min()! * Double(input.width))), right = min(input.width, Int(xs.max()! * Double(input.width)))
        let top = max(0, Int(ys.min()! * Double(input.height))), bottom = min(input.height, Int(ys.max()! * Double(input.height)))
        let changed = changedPixels(input, drawn, x: left..<right, y: top..<bottom)
        // The skeleton alone covers a few percent of the person's box; the tinted mask most of the body.
        #expect(changed > (right - left) * (bottom - top) * 3 / 10, "\(changed) of \((right - left) * (bottom - top)) pixels changed")
        let corner = changedPixels(input, drawn, x: (input.width - 64)..<input.width, y: (input.height - 64)..<input.height)
        #expect(corner == 0, "\(corner) pixels changed in the bottom-right corner")
    }

    @Test func jpegOverlayOfTheFaceDetector() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let overlay = folder.appendingPathComponent("boxes.JPG").path
        let run = try CommandLineTool.run(["face-detector", "assets/images/astronaut.png", "--overlay", overlay])
        #expect(run.status == 0, "\(run.standardError)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: overlay)))
        #expect(ImageFileFormat(signatureOf: bytes) == .jpeg)
        let drawn = try Image(decoding: bytes)
        #expect(drawn.width == 512 && drawn.height == 512)
    }

    @Test func corruptAndMissingImagesFailWithTheirPath() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corrupt = folder.appendingPathComponent("corrupt.png").path
        let png = [UInt8](try Data(contentsOf: Assets.image("astronaut.png")))
        try Data(png.prefix(png.count / 3)).write(to: URL(fileURLWithPath: corrupt))
        let garbage = folder.appendingPathComponent("garbage.jpg").path
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(to: URL(fileURLWithPath: garbage))
        let missing = folder.appendingPathComponent("missing.png").path
        let overlay = folder.appendingPathComponent("never.png").path
        for (task, path) in [("face-landmarker", corrupt), ("mlkit-face-detector", garbage), ("pose-landmarker", missing)] {
            let run = try CommandLineTool.run([task, path, "--overlay", overlay])
            #expect(run.status == 1, "\(task) \(path): status \(run.status)")
            #expect(run.standardError.contains(path), "stderr names the file: \(run.standardError)")
            #expect(run.standardOutput.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: overlay), "no overlay for a failed input")
    }

    @Test func videoAndLiveStreamModesGiveTheImageModesDetections() throws {
        let image = try CommandLineTool.run(["face-detector", "assets/images/astronaut.png"])
        #expect(image.status == 0, "\(image.standardError)")
        for mode in ["video", "live-stream"] {
            let run = try CommandLineTool.run(["face-detector", "assets/images/astronaut.png", "--running-mode", mode])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput == image.standardOutput, "\(mode) mode: the detector keeps no state")
            #expect(run.standardOutput.contains("\"boundingBox\""))
        }
        let tracked = try CommandLineTool.run(["mlkit-face-detector", "assets/images/astronaut.png", "--running-mode", "live-stream", "--tracking"])
        #expect(tracked.status == 0, "\(tracked.standardError)")
        let faces = try #require(try tracked.jsonObject()["faces"] as? [[String: Any]])
        try #require(faces.count == 1)
        #expect(faces[0]["trackingID"] is NSNumber, "--tracking gives a trackingID")
        #expect(faces[0]["smilingProbability"] == nil, "no classification: no smilingProbability key")
    }

    @Test func everyTaskCommandHasHelpWithItsOptionsAndExamples() throws {
        let expectedOptions = [
            "face-landmarker": ["--num-faces", "--min-face-detection-confidence", "--min-face-presence-confidence",
                                "--min-tracking-confidence", "--output-face-blendshapes",
                                "--output-facial-transformation-matrixes", "--small-faces", "--landmark-smoothing"],
            "pose-landmarker": ["--num-poses", "--min-pose-detection-confidence", "--min-pose-presence-confidence",
                                "--output-segmentation-masks", "--masks", "--every-person"],
            "face-detector": ["--min-detection-confidence", "--min-suppression-threshold"],
            "mlkit-face-detector": ["--performance-mode", "--landmark-mode", "--contour-mode", "--classification-mode",
                                    "--min-face-size", "--tracking"],
        ]
        for (task, options) in expectedOptions {
            let run = try CommandLineTool.run([task, "--help"])
            #expect(run.status == 0)
            for option in options + ["--model", "--threads", "--backend", "--overlay", "--json-out", "--running-mode", "--quiet", "Examples:"] {
                #expect(run.standardOutput.contains(option), "\(task) --help lacks \(option)")
            }
            #expect(run.standardOutput.contains("vision-tasks \(task) "), "\(task) examples")
        }
        let wrong = try CommandLineTool.run(["face-landmarker", "assets/images/astronaut.png", "--num-faces", "0"])
        #expect(wrong.status == 64)
        #expect(wrong.standardError.contains("--num-faces"))
    }
}

/// The container's runtime tree (`scripts/runtime-tree`, the `Containerfile`'s last stage): the
/// binary, its libraries and the assets, run in an empty root, images and a video through FFmpeg.
/// A library or asset the tree lacks, or a runtime package the Containerfile does not install,
/// fails it. Needs root (chroot), as CI and `scripts/setup` have.
@Suite struct RuntimeTreeTests {
    @Test func everyTaskRunsFromTheTreeInAnEmptyRoot() throws {
        try #require(geteuid() == 0, "scripts/runtime-tree needs root for chroot")
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("clip.mp4").path
        try ClipFixtures.write(try ClipFixtures.faceFrames(count: 6, width: 320, height: 240), to: clip, container: .mp4)
        let tree = folder.appendingPathComponent("tree").path
        let run = try CommandLineTool.run([tree, clip], executable: Assets.repositoryRoot.appendingPathComponent("scripts/runtime-tree"))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("vision-tasks "), "the health check prints the version")
        #expect(run.standardError.contains("6 video frames processed from the tree"), "\(run.standardError)")
        #expect(run.standardError.contains("every task ran from the tree in an empty root"))
    }
}
