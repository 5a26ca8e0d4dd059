import CPixelKernels

/// YUV 4:2:0 (NV12, NV21, I420), converted per pixel by `decoder` (the image's colour space).
/// `chromaStep` is 2 for the interleaved NV formats and 1 for I420.
struct YUV420Reader<Decoder: YUVToRGB>: PixelReader {
    let decoder: Decoder
    let luma: UnsafePointer<UInt8>
    let lumaStride: Int
    let u: UnsafePointer<UInt8>
    let uStride: Int
    let v: UnsafePointer<UInt8>
    let vStride: Int
    let chromaStep: Int
    let width: Int
    let height: Int
    /// The same planes and the decoder's coefficients for the AVX2 group path.
    private let image: YUV420Planes

    /// A reader of planes of `lumaCount`, `uCount` and `vCount` readable bytes.
    init(decoder: Decoder, luma: UnsafePointer<UInt8>, lumaCount: Int, lumaStride: Int, u: UnsafePointer<UInt8>, uCount: Int,
         uStride: Int, v: UnsafePointer<UInt8>, vCount: Int, vStride: Int, chromaStep: Int, width: Int, height: Int) {
        self.decoder = decoder
        self.luma = luma
        self.lumaStride = lumaStride
        self.u = u
        self.uStride = uStride
        self.v = v
        self.vStride = vStride
        self.chromaStep = chromaStep
        self.width = width
        self.height = height
        let c = decoder.coefficients
        image = YUV420Planes(vt_yuv420(
            luma: luma, u: u, v: v, luma_count: lumaCount, u_count: uCount, v_count: vCount, luma_stride: lumaStride,
            u_stride: uStride, v_stride: vStride, chroma_step: chromaStep, width: Int32(clamping: width),
            height: Int32(clamping: height), cy: c.cy, cub: c.cub, cug: c.cug, cvg: c.cvg, cvr: c.cvr, luma_offset: c.lumaOffset))
    }

    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let cx = (x >> 1) &* chromaStep, cy = y >> 1
        let value = decoder.rgb(y: luma[y &* lumaStride &+ x], u: u[cy &* uStride &+ cx], v: v[cy &* vStride &+ cx])
        return (value.r, value.g, value.b)
    }

    // Spelled out here (as the protocol's default does) so that the specialized warp inlines it.
    @inline(__always)
    func blendInterior(_ x: Int, _ y: Int, fx: UInt64, fy: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        PackedRGB.blend(packed(x, y), packed(x &+ 1, y), packed(x, y &+ 1), packed(x &+ 1, y &+ 1), fx: fx, fy: fy, into: out)
    }

    /// One hint per group of four pixels, at its first pixel's two luma rows and its chroma row
    /// (and the next, which the bottom taps may need); see ``RGB8Reader/prefetchTaps(_:count:)``.
    @inline(__always)
    func prefetchTaps(_ positions: UnsafePointer<Int32>, count: Int) {
        guard width > 0, height > 1 else { return }
        let lastChromaRow = (height &- 1) &>> 1
        for group in 0..<(count &+ 3) &>> 2 {
            let x = min(max(Int(positions[8 &* group] &>> 5), 0), width &- 1)
            let y = min(max(Int(positions[8 &* group &+ 4] &>> 5), 0), height &- 2)
            let top = luma + (y &* lumaStride &+ x)
            vt_prefetch_read(top)
            vt_prefetch_read(top + lumaStride)
            let cx = (x &>> 1) &* chromaStep, cy = y &>> 1, cyNext = min(cy &+ 1, lastChromaRow)
            vt_prefetch_read(u + (cy &* uStride &+ cx))
            vt_prefetch_read(u + (cyNext &* uStride &+ cx))
            if chromaStep == 1 {
                vt_prefetch_read(v + (cy &* vStride &+ cx))
                vt_prefetch_read(v + (cyNext &* vStride &+ cx))
            }
        }
    }

    /// Groups of four pixels by CPixelKernels' `vt_yuv420_blend_groups` (AVX2 or AVX-512): the
    /// same conversion and blend as ``blendInterior(_:_:fx:fy:into:)``, so the same bytes.
    static var hasGroupPath: Bool { groupLanes > 0 }

    @inline(__always)
    func blendGroups(_ positions: UnsafePointer<Int32>, _ groups: Range<Int>, overwritingBelow: Int,
                     into out: UnsafeMutablePointer<UInt8>) -> Int {
        vt_yuv420_blend_groups(image.pointer, groupLanes, positions, groups.lowerBound, groups.upperBound, max(overwritingBelow, 0), out)
    }

    /// The first groups touching the border, as many as a vector holds (2 with AVX2, 4 with
    /// AVX-512), with their taps clamped into the image, by CPixelKernels'
    /// `vt_yuv420_blend_replicated_groups`: the same conversion and blend as the per-pixel path's
    /// replicated border, so the same bytes.
    @inline(__always)
    func blendReplicatedGroups(_ positions: UnsafePointer<Int32>, _ groups: Range<Int>, overwritingBelow: Int,
                               into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard Self.hasGroupPath else { return 0 }
        let end = min(groups.upperBound, groups.lowerBound &+ Int(groupLanes) / 4)
        return vt_yuv420_blend_replicated_groups(image.pointer, groupLanes, positions, groups.lowerBound, end,
                                                 max(overwritingBelow, 0), out)
    }
}

/// A `vt_yuv420` at a fixed address for the reader's lifetime (a stored struct would be copied
/// for every call).
private final class YUV420Planes {
    let pointer: UnsafeMutablePointer<vt_yuv420>

    init(_ planes: vt_yuv420) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: planes)
    }

    deinit { pointer.deallocate() }
}

/// The widest vectors (32-bit lanes) this processor runs `vt_yuv420_blend_groups` in, 0 for none,
/// asked once.
private let groupLanes = vt_yuv420_blend_lanes()
