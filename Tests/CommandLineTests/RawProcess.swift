#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TestSupport

/// Runs the `vision-tasks` binary with arguments given as raw bytes (so they need not be UTF-8,
/// which `Process` cannot pass), optionally through `/bin/sh -c` for resource limits, and watches
/// its peak memory (`VmHWM` in `/proc/PID/status`, a high-water mark, read every 5 ms until it
/// ends; `wait4`'s `ru_maxrss` would count the test process's own memory, inherited at `exec`).
enum RawProcess {
    struct Outcome {
        var status: Int32
        /// The child's peak resident set, in KiB, as last seen before it ended.
        var peakKilobytes: Int
        var standardOutput: Data
        var standardError: String
    }

    /// Runs `vision-tasks arguments…`; with `shellPrefix` the command is
    /// `/bin/sh -c '<shellPrefix> exec "$0" "$@"'` (e.g. `ulimit -f 1;`).
    static func run(_ arguments: [[UInt8]], shellPrefix: String? = nil) throws -> Outcome {
        let binary = try CommandLineTool.binary().path
        let scratch = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("out").path, errPath = scratch.appendingPathComponent("err").path
        var words: [[UInt8]] = [Array(binary.utf8)] + arguments
        var program = binary
        if let shellPrefix {
            program = "/bin/sh"
            words = [Array("/bin/sh".utf8), Array("-c".utf8), Array("\(shellPrefix) exec \"$0\" \"$@\"".utf8)] + words
        }
        var environment = ProcessInfo.processInfo.environment
        environment["VISIONTASKS_ASSETS"] = Assets.repositoryRoot.appendingPathComponent("assets").path
        let environmentWords = environment.map { Array("\($0.key)=\($0.value)".utf8) }

        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?  // an opaque pointer on Apple systems
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv = words.map { strdupBytes($0) } + [nil]
        let envp = environmentWords.map { strdupBytes($0) } + [nil]
        defer { for pointer in argv + envp { pointer?.deallocate() } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var peak = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") {
                peak = max(peak, kilobytes)
            }
            usleep(5_000)
        }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exitStatus, peakKilobytes: peak,
                       standardOutput: try Data(contentsOf: URL(fileURLWithPath: outPath)),
                       standardError: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self))
    }

    private static func strdupBytes(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
    }
}
