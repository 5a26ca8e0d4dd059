#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The command's words, read from the raw `argv`. Swift's `CommandLine.arguments` repairs bytes
/// that are not UTF-8, which turns a file name Linux allows, such as `\xff\xfe.jpg`, into one that
/// does not exist. Such an argument is opened as it is, and stands in the words for a path through
/// its descriptor (`Platform.descriptorPath`, kept open for the life of the process).
enum RawArguments {
    struct Word {
        /// What the command reads.
        var text: String
        /// How messages show it: the bytes, with each invalid one as `%XX`.
        var display: String
    }

    /// Every word after the program's name.
    static let words: [Word] = (1..<Int(CommandLine.argc)).map { index in
        guard let pointer = CommandLine.unsafeArgv[index] else { return Word(text: "", display: "") }
        let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        let display = FileSystemName.text(of: bytes)
        guard !FileSystemName.isUTF8(bytes) else { return Word(text: display, display: display) }
        let descriptor = open(pointer, O_RDONLY | O_NONBLOCK | O_CLOEXEC)  // non-blocking: a named pipe
        if descriptor >= 0 { return Word(text: Platform.descriptorPath(descriptor), display: display) }
        return Word(text: display, display: display)
    }

    /// `message` with the descriptor paths that stand for arguments shown as the arguments.
    static func displaying(_ message: String) -> String {
        var shown = message
        for word in words where word.text != word.display {
            shown = shown.replacingOccurrences(of: word.text, with: word.display)
        }
        return shown
    }
}
