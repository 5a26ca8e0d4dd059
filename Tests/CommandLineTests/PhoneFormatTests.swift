import Foundation
import Imaging
import MediaPipeTasksVision
import Testing
import TestSupport

/// Photos as phones and the web store them (HEIC, WebP) go through the tool like PNG and JPEG: in
/// a folder, each gives its line, with the landmarks of the face the PNG gives.
@Suite struct PhoneFormatTests {
    /// Mean distance between two meshes' landmarks, in fractions of the picture.
    private func meanDistance(_ a: [Any], _ b: [Any]) throws -> Float {
        try #require(a.count == 478 && b.count == 478)
        var total: Float = 0
        for (p, q) in zip(a, b) {
            let p = try JSONCheck.object(p, keys: ["x", "y", "z"], "landmark"), q = try JSONCheck.object(q, keys: ["x", "y", "z"], "landmark")
            let dx = try JSONCheck.float(p["x"], "x") - JSONCheck.float(q["x"], "x")
            let dy = try JSONCheck.float(p["y"], "y") - JSONCheck.float(q["y"], "y")
            total += (dx * dx + dy * dy).squareRoot()
        }
        return total / 478
    }

    @Test func heicAndWebPPhotosInAFolderGiveTheirFaces() throws {
        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Assets.image("astronaut.png"), to: folder.appendingPathComponent("a.png"))
        for name in ["astronaut.heic", "astronaut.webp"] {
            try FileManager.default.copyItem(at: Assets.fixture("images/\(name)"), to: folder.appendingPathComponent("b-" + name))
        }
        let run = try CommandLineTool.run(["face-landmarker", folder.path, "--quiet"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.compactMap { $0["file"] as? String } == ["a.png", "b-astronaut.heic", "b-astronaut.webp"])
        let meshes = try lines.map { line in try JSONCheck.array(try JSONCheck.array(line["faceLandmarks"], "faces").first, "mesh") }
        for (name, mesh) in zip(["HEIC", "WebP"], meshes.dropFirst()) {
            // Lossy copies of the PNG (mean pixel difference 1.6 and 2.8): the mesh moves by a
            // fraction of a pixel of the 512×512 picture.
            let distance = try meanDistance(mesh, meshes[0])
            #expect(distance < 1.0 / 512, "\(name) mesh is \(distance * 512) px from the PNG's on average")
        }

        // The line is the task's result on the decoded picture, as for any image.
        let landmarker = try FaceLandmarker(modelPath: Assets.model("face_landmarker.task").path)
        let heic = try landmarker.detect(image: MPImage(image: CommandLineTool.uprightRGB(atPath: Assets.fixture("images/astronaut.heic").path)))
        let first = try JSONCheck.object(meshes[1].first, keys: ["x", "y", "z"], "landmark")
        try JSONCheck.expectFloat(first["x"], equals: heic.faceLandmarks[0][0].x, "x")
        try JSONCheck.expectFloat(first["y"], equals: heic.faceLandmarks[0][0].y, "y")
    }
}
