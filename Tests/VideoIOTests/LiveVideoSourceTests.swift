import Foundation
import Imaging
import Testing
import VideoIO

@Suite("Live-stream reading drops frames while the consumer is busy")
struct LiveVideoSourceTests {
    @Test("A slow consumer gets the newest frames in order; delivered + dropped = all frames")
    func slowConsumer() throws {
        let folder = try ScratchFolder("live")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 30, width: 160, height: 120, dx: 4, dy: 2)
        let path = folder.path("live.mp4")
        try VideoFixtures.write(images, to: path, fps: 30)

        let live = try LiveVideoSource(path: path)
        #expect(live.info.width == 160 && live.info.height == 120)
        var received: [VideoFrame] = []
        while let frame = try live.nextFrame() {
            received.append(frame)
            usleep(40_000)  // a busy consumer: the decoder finishes the whole file meanwhile
        }
        let counts = live.frameCounts
        #expect(counts.delivered == received.count)
        #expect(counts.delivered + counts.dropped == 30)
        #expect(counts.dropped > 0)
        #expect(received.last?.index == 29)  // the newest frame is never dropped
        for (earlier, later) in zip(received, received.dropFirst()) {
            #expect(later.index > earlier.index)
            #expect(later.timestampMilliseconds > earlier.timestampMilliseconds)
        }
        // Content follows the index: the frame shown is the one decoded.
        if let last = received.last {
            #expect(VideoFixtures.psnr(last.image, images[last.index]) > 30)
        }
    }

    @Test("At the end of the stream the frames not yet taken are all delivered, oldest first")
    func framesKeptAtTheEnd() throws {
        let folder = try ScratchFolder("live-end")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 30, width: 160, height: 120, dx: 4, dy: 2)
        let path = folder.path("live.mp4")
        try VideoFixtures.write(images, to: path, fps: 30)

        let live = try LiveVideoSource(path: path, backlogLimit: 5)
        #expect(live.backlogLimit == 5)
        let started = ContinuousClock.now
        while !live.hasEnded, ContinuousClock.now - started < .seconds(30) { usleep(10_000) }
        try #require(live.hasEnded, "the decoder reaches the end of a 30-frame file")
        var received: [Int] = []
        while let frame = try live.nextFrame() { received.append(frame.index) }
        #expect(received == [25, 26, 27, 28, 29], "the last five frames, in order")
        #expect(live.frameCounts.delivered == 5 && live.frameCounts.dropped == 25)
    }

    @Test("After stop() only the newest kept frame is delivered")
    func stopKeepsOnlyTheNewest() throws {
        let folder = try ScratchFolder("live-stop-kept")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 30, width: 160, height: 120, dx: 4, dy: 2)
        let path = folder.path("live.mp4")
        try VideoFixtures.write(images, to: path, fps: 30)

        let live = try LiveVideoSource(path: path, backlogLimit: 8)
        let started = ContinuousClock.now
        while !live.hasEnded, ContinuousClock.now - started < .seconds(30) { usleep(10_000) }
        live.stop()
        var received: [Int] = []
        while let frame = try live.nextFrame() { received.append(frame.index) }
        #expect(received == [29])
        #expect(live.frameCounts.delivered + live.frameCounts.dropped == 30)
    }

    @Test("stop() ends the stream early and is idempotent")
    func stopEarly() throws {
        let folder = try ScratchFolder("live-stop")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 30, width: 160, height: 120, dx: 4, dy: 2)
        let path = folder.path("live.mp4")
        try VideoFixtures.write(images, to: path, fps: 30)
        let live = try LiveVideoSource(path: path)
        _ = try live.nextFrame()
        live.stop()
        live.stop()
        var after = 0
        while try live.nextFrame() != nil { after += 1 }
        #expect(after <= 1)
        #expect(live.frameCounts.delivered + live.frameCounts.dropped <= 30)
    }

    @Test("Opening a missing stream fails on the caller's thread")
    func missing() throws {
        #expect(throws: VideoError.self) { try LiveVideoSource(path: "/nonexistent/stream-\(getpid()).mp4") }
    }
}

@Suite("The live source's frame slot")
struct LatestFrameSlotTests {
    static func frame(_ index: Int) throws -> VideoFrame {
        VideoFrame(image: try Image(width: 2, height: 2, format: .rgb8, bytes: [UInt8](repeating: 0, count: 12)),
                   timestampMilliseconds: Double(index) * 40, index: index, isKeyFrame: false)
    }

    /// While the stream lasts a take keeps the newest only; once the decoder hands out what it
    /// held back (the input has ended), a take between those frames drops nothing, even before
    /// the producer closes the stream.
    @Test func framesHeldBackToTheEndSurviveTakesBeforeTheClose() throws {
        let slot = LatestFrameSlot(backlogLimit: 8)
        slot.put(try Self.frame(0))
        slot.put(try Self.frame(1))
        #expect(try slot.take()?.index == 1, "frame 0 was dropped: the consumer was busy")
        slot.put(try Self.frame(2))
        slot.put(try Self.frame(3), endOfInput: true)
        #expect(try slot.take()?.index == 2)
        slot.put(try Self.frame(4), endOfInput: true)
        #expect(try slot.take()?.index == 3)
        slot.close(.success(()))
        #expect(try slot.take()?.index == 4)
        #expect(try slot.take() == nil)
        #expect(slot.counts.delivered == 4 && slot.counts.dropped == 1)
    }
}
