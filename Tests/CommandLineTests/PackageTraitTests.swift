import Foundation
import Testing
import TestSupport

/// What `vision-tasks` does in a build with or without the package traits (docs/platforms.md):
/// `--version` names them, pictures work in every build, and without `FFmpeg` a video fails with
/// an error that names the trait while the pictures beside it are still processed.
@Suite struct PackageTraitTests {
    static var traits: [String] {
        var traits: [String] = []
        #if XNNPACK
        traits.append("XNNPACK")
        #endif
        #if FFmpeg
        traits.append("FFmpeg")
        #endif
        return traits
    }

    @Test func versionNamesTheTraits() throws {
        let run = try CommandLineTool.run(["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("traits: \(Self.traits.isEmpty ? "none" : Self.traits.joined(separator: ", "))"),
                "\(run.standardOutput)")
    }

    @Test func picturesRunInEveryBuild() throws {
        let run = try CommandLineTool.run(["face-detector", "assets/images/astronaut.png"])
        #expect(run.status == 0, "\(run.standardError)")
        let detections = try #require(try run.jsonObject()["detections"] as? [Any])
        #expect(detections.count == 1)
    }

    #if !FFmpeg
    @Test func videosNameTheMissingTrait() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("clip.mp4")
        try Data(repeating: 0, count: 4096).write(to: video)
        let single = try CommandLineTool.run(["face-detector", video.path])
        #expect(single.status == 1 && single.standardError.contains("trait FFmpeg"), "\(single.status) \(single.standardError)")
        // A folder: the picture is processed, the video is reported.
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "assets/images/astronaut.png", relativeTo: Assets.repositoryRoot),
                                         to: folder.appendingPathComponent("astronaut.png"))
        let batch = try CommandLineTool.run(["face-detector", folder.path, "--quiet"])
        #expect(batch.standardError.contains("trait FFmpeg"), "\(batch.standardError)")
        #expect(batch.standardOutput.contains("astronaut.png"), "\(batch.standardOutput.prefix(300))")
    }
    #endif
}
