import Foundation
import Imaging
import Testing
import TestSupport
import VideoIO

/// Runs the built `vision-tasks` binary for the input-driver tests (folders, videos, streams),
/// with control over the environment, and makes their inputs.
enum DriverTool {
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String

        /// Standard output as JSON Lines: every line must be a complete JSON object.
        func lines(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
            try DriverTool.parseLines(standardOutput, sourceLocation: sourceLocation)
        }
    }

    /// A process for `vision-tasks arguments…`, with standard output and error going to files in
    /// `folder`; `environment` is added to (or, for nil values, removed from) the test's own.
    static func process(_ arguments: [String], environment: [String: String?] = [:], outputs folder: URL) throws
        -> (process: Process, standardOutput: URL, standardError: URL) {
        let process = Process()
        process.executableURL = try CommandLineTool.binary()
        process.arguments = arguments
        process.currentDirectoryURL = Assets.repositoryRoot
        var merged = ProcessInfo.processInfo.environment
        merged["VISIONTASKS_ASSETS"] = Assets.repositoryRoot.appendingPathComponent("assets").path
        for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN"] { merged[name] = nil }
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
        let out = folder.appendingPathComponent("stdout-\(UUID().uuidString)"), err = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        return (process, out, err)
    }

    /// Runs `vision-tasks arguments…` to the end.
    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> Run {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (process, out, err) = try process(arguments, environment: environment, outputs: scratch)
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   standardOutput: try String(contentsOf: out, encoding: .utf8),
                   standardError: try String(contentsOf: err, encoding: .utf8))
    }

    /// Parses JSON Lines text: every line (including the last) ends with a newline and is an object.
    static func parseLines(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        guard !text.isEmpty else { return [] }
        #expect(text.hasSuffix("\n"), "the last line is complete", sourceLocation: sourceLocation)
        return try text.split(separator: "\n").map { line in
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(value as? [String: Any], "not a JSON object: \(line.prefix(120))", sourceLocation: sourceLocation)
        }
    }

    /// A fresh empty folder under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vision-tasks-drivers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A folder of inputs: the fixture images, copies of some in nested folders, a file that is not
    /// an input (`notes.txt`), a hidden file, and, if `corrupt`, a damaged `sub/broken.png`.
    /// Returns the folder and the relative paths of its inputs, sorted.
    static func imageFolder(corrupt: Bool) throws -> (folder: URL, inputs: [String]) {
        let folder = try temporaryFolder()
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("sub/deeper"), withIntermediateDirectories: true)
        var inputs: [String] = []
        func copy(_ name: String, to relative: String) throws {
            try manager.copyItem(at: Assets.image(name), to: folder.appendingPathComponent(relative))
            inputs.append(relative)
        }
        for name in ["astronaut.png", "bus.jpg", "t1.jpg", "zidane.jpg"] { try copy(name, to: name) }
        try copy("astronaut.png", to: "sub/astronaut copy.png")
        try copy("zidane.jpg", to: "sub/deeper/zidane-2.JPG")
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try copy("bus.jpg", to: ".hidden.jpg")
        inputs.removeLast()
        if corrupt {
            // A PNG signature and a header chunk with a bad length: recognized as PNG, fails to decode.
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            bytes += [0xFF, 0xFF, 0xFF, 0xF0] + Array("IHDR".utf8) + [UInt8](repeating: 0xAB, count: 40)
            try Data(bytes).write(to: folder.appendingPathComponent("sub/broken.png"))
            inputs.append("sub/broken.png")
        }
        return (folder, inputs.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// `image` moved right by `dx` and down by `dy` pixels (uncovered pixels repeat the edge).
    static func shifted(_ image: Image, dx: Int, dy: Int) throws -> Image {
        let source = image.packedBytes()
        var bytes = [UInt8](repeating: 0, count: source.count)
        for y in 0..<image.height {
            let sourceY = min(max(y - dy, 0), image.height - 1)
            for x in 0..<image.width {
                let sourceX = min(max(x - dx, 0), image.width - 1)
                let from = (sourceY * image.width + sourceX) * 3, to = (y * image.width + x) * 3
                bytes[to] = source[from]
                bytes[to + 1] = source[from + 1]
                bytes[to + 2] = source[from + 2]
            }
        }
        return try Image(width: image.width, height: image.height, format: .rgb8, bytes: bytes)
    }

    /// An MP4 of `count` frames of the astronaut, moving 2 pixels right and 1 down per frame, at
    /// `framesPerSecond` (25 by default). `fastStart` puts the index first, so the file can be read
    /// from a pipe.
    static func movingFaceVideo(at path: String, frames count: Int, framesPerSecond: Double = 25, fastStart: Bool = false,
                                yuvColorSpace: YUVColorSpace = .bt601VideoRange) throws {
        let decoded = try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path)
        let face = decoded.image.format == .rgb8 ? decoded.image : try decoded.image.converted(to: .rgb8)
        let writer = try VideoWriter(path: path, width: face.width, height: face.height, framesPerSecond: framesPerSecond,
                                     options: .init(fastStart: fastStart, yuvColorSpace: yuvColorSpace))
        for index in 0..<count {
            try writer.append(try shifted(face, dx: 2 * index, dy: index))
        }
        try writer.finish()
    }
}
