#if canImport(Glibc)
import Glibc
#endif

// libFuzzer target for the reader a resumed folder run uses on an existing results file: the
// streaming line scanner over a file descriptor (with small chunks and heads), the
// head parser of each line, and the name escaping it must invert. It must never crash, and:
// - the scanned lines tile the input exactly (offset, length, newline);
// - a line's head is its first bytes; its last byte is the line's last byte;
// - a name written as `"file"` reads back as the same bytes, whatever the bytes.

/// A scratch file (unlinked at once) that holds each input.
private let memoryFile: Int32 = {
    var template = Array("/tmp/resume-reader-fuzz-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if descriptor < 0 { fatalError("cannot create a scratch file") }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return descriptor
}()

private func check(_ condition: Bool, _ message: StaticString) {
    if !condition { fatalError("\(message)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []

    // The scanner, over the bytes as a file.
    check(ftruncate(memoryFile, 0) == 0, "truncate")
    if !bytes.isEmpty { check(pwrite(memoryFile, bytes, bytes.count, 0) == bytes.count, "write") }
    // Small heads and chunks, so that lines cross chunk boundaries and heads are cut.
    let headLimit = 1 + Int(bytes.first ?? 0) % 64
    let chunkSize = 1 + Int(bytes.last ?? 0) % 97
    var expectedOffset = 0
    do {
        try LineScanner.scan(memoryFile, path: "fuzz", headLimit: headLimit, chunkSize: chunkSize) { line throws(OutputError) in
            check(line.offset == expectedOffset, "lines are contiguous")
            let end = line.offset + line.length
            check(end <= bytes.count, "a line ends inside the file")
            check(!bytes[line.offset..<end].contains(UInt8(ascii: "\n")), "no newline inside a line")
            check(line.head == Array(bytes[line.offset..<min(end, line.offset + headLimit)]), "the head is the first bytes")
            check(line.lastByte == (line.length > 0 ? bytes[end - 1] : nil), "the last byte")
            if line.isComplete { check(end < bytes.count && bytes[end] == UInt8(ascii: "\n"), "a newline ends a complete line") }
            else { check(end == bytes.count, "only the last line may be incomplete") }
            expectedOffset = end + (line.isComplete ? 1 : 0)
            _ = ResultLineHead(head: line.head[...], lastByte: line.lastByte)
            _ = ResultLineHead.canStartResultLine(line.head[...])
        }
    } catch {
        fatalError("reading a memory file failed: \(error)")
    }
    check(expectedOffset == bytes.count, "the lines cover the file")

    // The input as a line, whole, and the input as a name that must survive the round trip.
    _ = ResultLineHead(head: bytes[...], lastByte: bytes.last)
    let name = bytes.filter { $0 != 0 && $0 != UInt8(ascii: "/") }
    if !name.isEmpty {
        let line = Array(JSONValue.object([("file", .fileSystemName(name)), ("detections", .array([]))]).serialized.utf8)
        let head = ResultLineHead(head: line[...], lastByte: line.last)
        check(head?.file == name && head?.isError == false, "a written name reads back as its bytes")
        check(FileSystemName.text(of: name).utf8.count >= name.count, "the text shows every byte")
    }
    return 0
}
