#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every subcommand, in the order `--help` lists them.
let commands: [any Command.Type] = [
    TaskCommand<FaceLandmarkerTask>.self,
    TaskCommand<PoseLandmarkerTask>.self,
    TaskCommand<HandLandmarkerTask>.self,
    TaskCommand<HolisticTask>.self,
    TaskCommand<FaceDetectorTask>.self,
    TaskCommand<MLKitFaceDetectorTask>.self,
    RunCommand.self,
    InspectCommand.self,
    BenchCommand.self,
]

/// The package traits this binary was built with (docs/platforms.md).
let builtTraits: [String] = {
    var traits: [String] = []
    #if XNNPACK
    traits.append("XNNPACK")
    #endif
    #if FFmpeg
    traits.append("FFmpeg")
    #endif
    return traits
}()

/// The tool's version, printed by `--version` (a container's health check).
let version = "vision-tasks 0.9.0 (MediaPipe Tasks 1.2.3 results; face, pose and hand landmarkers; "
    + "traits: \(builtTraits.isEmpty ? "none" : builtTraits.joined(separator: ", ")))"

let overview = """
    vision-tasks: MediaPipe face, pose and hand models on our own inference engine.

    Usage: vision-tasks <command> [arguments] [options]
           vision-tasks <command> --help
           vision-tasks --version

    Commands:
    \(commands.map { "  " + $0.name.padding(toLength: 21, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))
    """

/// Exit statuses: 0 success, 1 the work failed, 64 the command was called wrongly (EX_USAGE), 75
/// the results file is being written by another run (EX_TEMPFAIL), 130 stopped by SIGINT/SIGTERM
/// (the output so far flushed).
@MainActor func main() -> Int32 {
    let words = RawArguments.words.map(\.text)
    if words.first == "--version" {
        print(version)
        return 0
    }
    guard let first = words.first, first != "--help", first != "-h", first != "help" else {
        print(overview)
        return words.isEmpty ? 64 : 0
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        printToStandardError("vision-tasks: unknown command '\(first)'\n\n\(overview)")
        return 64
    }
    let rest = Array(words.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        print(command.help)
        return 0
    }
    do {
        let arguments = try ArgumentList(rest, options: command.options)
        try command.init(arguments: arguments).run()
        return 0
    } catch is Interrupted {
        return 130
    } catch let error as OutputInUse {
        printToStandardError(RawArguments.displaying("vision-tasks \(command.name): \(error)"))
        return 75
    } catch let error as UsageError {
        printToStandardError("vision-tasks \(command.name): \(error)\n\n\(command.help)")
        return 64
    } catch {
        printToStandardError(RawArguments.displaying("vision-tasks \(command.name): \(error)"))
        return 1
    }
}

Platform.keepAllocatorMemory()
exit(main())
