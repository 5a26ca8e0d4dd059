import Foundation
import MediaPipeTasksVision
import Testing

/// The connection sets: counts, composition, index ranges and the right-iris fix.
@Suite struct ConnectionTests {
    private func pairs(_ connections: [Connection]) -> [[UInt]] { connections.map { [$0.start, $0.end] } }

    @Test func faceSetCounts() {
        #expect(FaceLandmarker.lipsConnections().count == 40)
        #expect(FaceLandmarker.leftEyeConnections().count == 16)
        #expect(FaceLandmarker.leftEyebrowConnections().count == 8)
        #expect(FaceLandmarker.leftIrisConnections().count == 4)
        #expect(FaceLandmarker.rightEyeConnections().count == 16)
        #expect(FaceLandmarker.rightEyebrowConnections().count == 8)
        #expect(FaceLandmarker.rightIrisConnections().count == 4)
        #expect(FaceLandmarker.faceOvalConnections().count == 36)
        #expect(FaceLandmarker.contoursConnections().count == 132)
        #expect(FaceLandmarker.tesselationConnections().count == 2556)
        #expect(FaceLandmarker.faceConnections().count == 2728)
    }

    @Test func rightIrisIsTheRightIrisNotUpstreamsLeftCopy() {
        #expect(pairs(FaceLandmarker.rightIrisConnections(corrected: true)) == [[469, 470], [470, 471], [471, 472], [472, 469]])
        // As iOS by default: the left iris's pairs (docs/ios-compatibility.md).
        #expect(pairs(FaceLandmarker.rightIrisConnections()) == pairs(FaceLandmarker.leftIrisConnections()))
        #expect(Set(pairs(FaceLandmarker.contoursConnections(corrected: true))).isSuperset(of: [[469, 470], [472, 469]]))
        #expect(pairs(FaceLandmarker.leftIrisConnections()) == [[474, 475], [475, 476], [476, 477], [477, 474]])
    }

    @Test func compositeSetsFollowMediaPipesOrder() {
        let contours = [FaceLandmarker.lipsConnections(), FaceLandmarker.leftEyeConnections(),
                        FaceLandmarker.leftEyebrowConnections(), FaceLandmarker.leftIrisConnections(),
                        FaceLandmarker.rightEyeConnections(), FaceLandmarker.rightEyebrowConnections(),
                        FaceLandmarker.rightIrisConnections(), FaceLandmarker.faceOvalConnections()].flatMap { $0 }
        #expect(FaceLandmarker.contoursConnections() == contours)
        #expect(FaceLandmarker.faceConnections()
            == FaceLandmarker.lipsConnections() + contours + FaceLandmarker.tesselationConnections())
    }

    @Test func knownPairsAndIndexRanges() {
        #expect(pairs(Array(FaceLandmarker.lipsConnections().prefix(2))) == [[61, 146], [146, 91]])
        #expect(pairs(Array(FaceLandmarker.faceOvalConnections().suffix(1))) == [[109, 10]], "the oval is closed")
        #expect(pairs(Array(FaceLandmarker.tesselationConnections().prefix(3))) == [[127, 34], [34, 139], [139, 127]])
        #expect(FaceLandmarker.faceConnections().allSatisfy { $0.start < 478 && $0.end < 478 })
        #expect(FaceLandmarker.tesselationConnections().allSatisfy { $0.start < 468 && $0.end < 468 })
    }

    @Test func poseSkeleton() {
        let pose = PoseLandmarker.poseLandmarks
        #expect(pose.count == 35)
        #expect(pose.allSatisfy { $0.start < 33 && $0.end < 33 })
        #expect(pairs(Array(pose.prefix(3))) == [[0, 1], [1, 2], [2, 3]])
        #expect(pairs(Array(pose.suffix(2))) == [[27, 31], [28, 32]])
        #expect(pose.contains(Connection(start: 11, end: 12)), "the shoulders")
    }
}
