import Testing
import VisionCore

@Suite struct AnchorTests {
    @Test func faceShortRange() {
        let anchors = SSDAnchorOptions.faceShortRange.anchors()
        #expect(anchors.count == 896)
        // 16×16 grid × 2, then 8×8 × 6.
        #expect(anchors[0] == Anchor(xCenter: 0.03125, yCenter: 0.03125, width: 1, height: 1))
        #expect(anchors[1] == anchors[0])
        #expect(anchors[2].xCenter == 0.09375 && anchors[2].yCenter == 0.03125)  // (1 + 0.5)/16
        #expect(anchors[32].xCenter == 0.03125 && anchors[32].yCenter == 0.09375)  // next row
        #expect(anchors[511] == Anchor(xCenter: 0.96875, yCenter: 0.96875, width: 1, height: 1))
        #expect(anchors[512] == Anchor(xCenter: 0.0625, yCenter: 0.0625, width: 1, height: 1))
        #expect(anchors[517] == anchors[512] && anchors[518].xCenter == 0.1875)
        #expect(anchors[895] == Anchor(xCenter: 0.9375, yCenter: 0.9375, width: 1, height: 1))
    }

    @Test func faceFullRange() {
        let anchors = SSDAnchorOptions.faceFullRange.anchors()
        #expect(anchors.count == 2304)
        #expect(anchors[0].xCenter == Float(0.5) / 48 && anchors[0].yCenter == Float(0.5) / 48)
        #expect(anchors[1].xCenter == Float(1.5) / 48)
        #expect(anchors[2303].xCenter == Float(47.5) / 48 && anchors[2303].yCenter == Float(47.5) / 48)
    }

    @Test func pose() {
        let anchors = SSDAnchorOptions.pose.anchors()
        #expect(anchors.count == 2254)
        #expect(anchors[0].xCenter == Float(0.5) / 28)
        #expect(anchors[1567].xCenter == Float(27.5) / 28 && anchors[1567].yCenter == Float(27.5) / 28)
        #expect(anchors[1568].xCenter == Float(0.5) / 14)
        #expect(anchors[1960].xCenter == Float(0.5) / 7 && anchors[1965] == anchors[1960])
        #expect(anchors[2253].xCenter == Float(6.5) / 7 && anchors[2253].yCenter == Float(6.5) / 7)
        #expect(anchors.allSatisfy { $0.width == 1 && $0.height == 1 })
    }

    @Test func scaledAnchorSizes() {
        // Two layers, strides 8 and 16 on a 16×16 input, ratios [1, 2], interpolated ratio 1.
        // Layer 0: scale 0.2 → (0.2, 0.2), (0.2·√2, 0.2/√2), interpolated √(0.2·0.8) = 0.4.
        // Layer 1: scale 0.8 → …, interpolated √(0.8·1).
        let options = SSDAnchorOptions(inputWidth: 16, inputHeight: 16, minScale: 0.2, maxScale: 0.8, strides: [8, 16],
                                       aspectRatios: [1, 2], interpolatedScaleAspectRatio: 1, fixedAnchorSize: false)
        let anchors = options.anchors()
        #expect(anchors.count == 2 * 2 * 3 + 1 * 3)
        #expect(isClose(anchors[0].width, 0.2) && isClose(anchors[0].height, 0.2))
        #expect(isClose(anchors[1].width, 0.2 * Float(2).squareRoot()) && isClose(anchors[1].height, 0.2 / Float(2).squareRoot()))
        #expect(isClose(anchors[2].width, 0.4) && isClose(anchors[2].height, 0.4))
        #expect(isClose(anchors[14].width, Float(0.8).squareRoot()) && anchors[14].xCenter == 0.5)
        #expect(SSDAnchorOptions(inputWidth: 0, inputHeight: 16, strides: [8]).anchors().isEmpty)
        #expect(SSDAnchorOptions(inputWidth: 16, inputHeight: 16, strides: [0]).anchors().isEmpty)
    }
}
