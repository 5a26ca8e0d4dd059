import Foundation
import Imaging
import Testing
import TestSupport

/// Runs the built `vision-tasks` binary and parses what it prints.
enum CommandLineTool {
    /// What one run of the tool did.
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String

        /// Standard output parsed as one JSON object.
        func jsonObject() throws -> [String: Any] {
            let value = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8))
            return try #require(value as? [String: Any], "stdout is not a JSON object: \(standardOutput.prefix(200))")
        }
    }

    /// The package's executable `name` (`vision-tasks` or an example): next to the running test
    /// bundle (`.build/<configuration>/`), else in the repository's `.build/release` or
    /// `.build/debug`.
    static func binary(named name: String = "vision-tasks") throws -> URL {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent(name))
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name))
        candidates.append(Assets.repositoryRoot.appendingPathComponent(".build/release/\(name)"))
        candidates.append(Assets.repositoryRoot.appendingPathComponent(".build/debug/\(name)"))
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "\(name) binary not found in \(candidates.map(\.path))")
    }

    /// Runs `binary arguments…` (`vision-tasks` by default) in the repository root with the
    /// set-up folder as assets.
    static func run(_ arguments: [String], binary name: String = "vision-tasks") throws -> Run {
        try run(arguments, executable: try binary(named: name))
    }

    /// Runs `executable arguments…` as ``run(_:binary:)`` does.
    static func run(_ arguments: [String], executable: URL) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Assets.repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["VISIONTASKS_ASSETS"] = Assets.repositoryRoot.appendingPathComponent("assets").path
        process.environment = environment
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout"), errURL = folder.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(status: process.terminationStatus,
                   standardOutput: try String(contentsOf: outURL, encoding: .utf8),
                   standardError: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// A fresh empty folder under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vision-tasks-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The fixture image as the tool feeds it to the tasks: decoded, made upright, RGB.
    static func uprightRGB(_ name: String) throws -> Image {
        try uprightRGB(atPath: Assets.image(name).path)
    }

    /// The image file at `path` as the tool feeds it to the tasks.
    static func uprightRGB(atPath path: String) throws -> Image {
        let decoded = try ImageDecoder.decode(contentsOfFile: path)
        let upright = try decoded.image.oriented(decoded.orientation)
        return upright.format == .rgb8 ? upright : try upright.converted(to: .rgb8)
    }
}

/// Checks on parsed JSON values.
enum JSONCheck {
    /// `value` as an object whose keys are exactly `keys`.
    static func object(_ value: Any?, keys: Set<String>, _ what: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let object = try #require(value as? [String: Any], "\(what) is not an object", sourceLocation: sourceLocation)
        #expect(Set(object.keys) == keys, "\(what) keys", sourceLocation: sourceLocation)
        return object
    }

    /// `value` as an array.
    static func array(_ value: Any?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Any] {
        try #require(value as? [Any], "\(what) is not an array", sourceLocation: sourceLocation)
    }

    /// `value` as a number read back as the `Float` it was printed from.
    static func float(_ value: Any?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Float {
        let number = try #require(value as? NSNumber, "\(what) is not a number", sourceLocation: sourceLocation)
        return Float(number.doubleValue)
    }

    /// Expects the number `value` to print the library's `expected` Float (equal, or one ulp
    /// apart from a decimal → Double → Float double rounding).
    static func expectFloat(_ value: Any?, equals expected: Float, _ what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = try float(value, what, sourceLocation: sourceLocation)
        #expect(abs(actual - expected) <= expected.ulp, "\(what): \(actual) ≠ \(expected)", sourceLocation: sourceLocation)
    }
}
