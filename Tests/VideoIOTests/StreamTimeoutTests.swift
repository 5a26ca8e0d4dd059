import Foundation
import Testing
import VideoIO

@Suite("Streams that stall time out with a typed error")
struct StreamTimeoutTests {
    /// A TCP socket on 127.0.0.1 that accepts connections (in the kernel's backlog) but never sends.
    private final class SilentServer {
        let descriptor: Int32
        let port: UInt16

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(descriptor >= 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            let listening = bound == 0 && listen(descriptor, 4) == 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            if !listening || named != 0 { close(descriptor) }
            try #require(listening && named == 0)
            self.descriptor = descriptor
            self.port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(descriptor) }
    }

    @Test("An HTTP stream that never answers fails with timedOut after the read timeout")
    func silentHTTPServer() throws {
        let server = try SilentServer()
        let start = Date()
        #expect {
            try VideoReader(path: "http://127.0.0.1:\(server.port)/live.mp4", options: .init(readTimeoutSeconds: 0.5))
        } throws: { error in
            if case VideoError.timedOut = error { return true } else { return false }
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
