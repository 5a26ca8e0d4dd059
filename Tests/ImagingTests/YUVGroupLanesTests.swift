import CPixelKernels
import TestSupport
import Testing

/// The YUV 4:2:0 crop's group paths (CPixelKernels' `vt_yuv420_blend_groups` and
/// `vt_yuv420_blend_replicated_groups`) in 16 lanes against the same steps in 8, byte for byte and
/// in what they return, on random NV12, NV21 and I420 planes (tiny ones included, padded rows,
/// planes allocated to their last readable byte) and positions in and around the picture. The
/// warp tests (`WarpDifferentialTests`, the goldens) hold the widest width this processor runs to
/// the per-pixel path; this holds the AVX2 steps to it on an AVX-512 processor.
@Suite struct YUVGroupLanesTests {
    /// One random picture's planes, each allocated to exactly its bytes.
    final class Planes {
        let luma: UnsafeMutableBufferPointer<UInt8>
        let u: UnsafeMutableBufferPointer<UInt8>
        let v: UnsafeMutableBufferPointer<UInt8>?
        var image: vt_yuv420

        init(width: Int, height: Int, format: PixelFormat, fullRange: Bool, random: inout SeededRandom) {
            func plane(rowBytes: Int, rows: Int, stride: Int, _ random: inout SeededRandom) -> UnsafeMutableBufferPointer<UInt8> {
                // The last row ends at its last byte, as a tightly cropped buffer does.
                let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: stride * (rows - 1) + rowBytes)
                for i in buffer.indices { buffer[i] = .random(in: 0...255, using: &random) }
                return buffer
            }
            func padding(_ random: inout SeededRandom) -> Int { Bool.random(using: &random) ? Int.random(in: 1...9, using: &random) : 0 }
            let (chromaWidth, chromaHeight) = ((width + 1) / 2, (height + 1) / 2)
            let lumaStride = width + padding(&random)
            luma = plane(rowBytes: width, rows: height, stride: lumaStride, &random)
            let interleaved = format != .i420
            let uStride = (interleaved ? 2 : 1) * chromaWidth + padding(&random)
            u = plane(rowBytes: (interleaved ? 2 : 1) * chromaWidth, rows: chromaHeight, stride: uStride, &random)
            let vStride = interleaved ? uStride : chromaWidth + padding(&random)
            v = interleaved ? nil : plane(rowBytes: chromaWidth, rows: chromaHeight, stride: vStride, &random)
            // NV21 holds V first: its U samples start one byte on.
            let uBase = UnsafePointer(u.baseAddress!), first = format == .nv21 ? uBase + 1 : uBase
            let second = v.map { UnsafePointer($0.baseAddress!) } ?? (format == .nv21 ? uBase : uBase + 1)
            let firstCount = u.count - (format == .nv21 ? 1 : 0), secondCount = v?.count ?? u.count - (format == .nv21 ? 0 : 1)
            image = vt_yuv420(
                luma: luma.baseAddress, u: first, v: second, luma_count: luma.count, u_count: firstCount, v_count: secondCount,
                luma_stride: lumaStride, u_stride: uStride, v_stride: vStride, chroma_step: interleaved ? 2 : 1,
                width: Int32(width), height: Int32(height),
                cy: fullRange ? 1 << 20 : 1_220_542, cub: fullRange ? 1_858_076 : 2_116_026, cug: fullRange ? -360_857 : -409_993,
                cvg: fullRange ? -748_683 : -852_492, cvr: fullRange ? 1_470_104 : 1_673_527, luma_offset: fullRange ? 0 : 16)
        }

        deinit {
            luma.deallocate()
            u.deallocate()
            v?.deallocate()
        }
    }

    enum PixelFormat: CaseIterable { case nv12, nv21, i420 }

    typealias Path = (UnsafePointer<vt_yuv420>, Int32, UnsafePointer<Int32>, Int, Int, Int, UnsafeMutablePointer<UInt8>) -> Int

    /// What `path` returns and writes in `lanes` lanes for groups `first ..< end` of `positions`.
    static func run(_ path: Path, _ planes: Planes, lanes: Int32, positions: [Int32], first: Int, end: Int,
                    overwriting: Int) -> (blended: Int, bytes: [UInt8]) {
        var out = [UInt8](repeating: 0xA5, count: 12 * end + 4)
        let blended = withUnsafePointer(to: planes.image) { image in
            positions.withUnsafeBufferPointer { positions in
                out.withUnsafeMutableBufferPointer { path(image, lanes, positions.baseAddress!, first, end, overwriting, $0.baseAddress!) }
            }
        }
        return (blended, out)
    }

    @Test(.enabled(if: vt_yuv420_blend_lanes() >= 16, "needs AVX-512 F and BW"))
    func sixteenLanesMatchEight() {
        var random = SeededRandom(seed: 420)
        var blendedGroups = 0, stoppedEarly = 0
        for trial in 0..<400 {
            let width = trial % 10 == 0 ? Int.random(in: 1...4, using: &random) : Int.random(in: 5...90, using: &random)
            let height = trial % 10 == 1 ? Int.random(in: 1...4, using: &random) : Int.random(in: 5...70, using: &random)
            let format = PixelFormat.allCases[trial % 3]
            let planes = Planes(width: width, height: height, format: format, fullRange: trial % 4 == 0, random: &random)
            // Positions (1/32 px) mostly inside, some up to 3 px outside each side.
            let end = Int.random(in: 1...19, using: &random)
            let positions: [Int32] = (0..<end).flatMap { _ in
                let outside = Int.random(in: 0..<6, using: &random) == 0
                func span(_ side: Int, _ random: inout SeededRandom) -> Int32 {
                    outside ? Int32.random(in: -96...Int32(32 * side + 96), using: &random)
                        : Int32.random(in: 0...Int32(32 * max(side - 1, 0)), using: &random)
                }
                return (0..<4).map { _ in span(width, &random) } + (0..<4).map { _ in span(height, &random) }
            }
            let first = Int.random(in: 0..<end, using: &random), overwriting = Int.random(in: 0...end, using: &random)
            for (name, path) in [("groups", vt_yuv420_blend_groups), ("replicated", vt_yuv420_blend_replicated_groups)] as [(String, Path)] {
                let eight = Self.run(path, planes, lanes: 8, positions: positions, first: first, end: end, overwriting: overwriting)
                let sixteen = Self.run(path, planes, lanes: 16, positions: positions, first: first, end: end, overwriting: overwriting)
                #expect(eight.blended == sixteen.blended, "\(name) \(format) \(width)×\(height), groups \(first)..<\(end)")
                let difference = eight.bytes.indices.first { eight.bytes[$0] != sixteen.bytes[$0] }
                #expect(difference == nil, "\(name) \(format) \(width)×\(height), groups \(first)..<\(end): first byte differing")
                blendedGroups += eight.blended
                if name == "groups", eight.blended < end - first { stoppedEarly += 1 }
            }
        }
        // Both the steps that blend and the stops at a tap outside were exercised.
        #expect(blendedGroups > 2000)
        #expect(stoppedEarly > 50)
    }
}
