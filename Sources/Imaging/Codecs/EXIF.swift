/// Finds the EXIF orientation tag in a JPEG's APP1 segment or a WebP's `EXIF` chunk, with every
/// offset bounds-checked.
enum EXIF {
    /// The value of tag 0x0112 (Orientation) in the first `EXIF` chunk of a WebP (RIFF) file, or `nil`.
    /// The chunk holds the TIFF structure, after an `Exif\0\0` header in some writers' files.
    static func orientation(inWebP bytes: [UInt8]) -> Int? {
        var offset = 12                                             // "RIFF", size, "WEBP"
        while offset + 8 <= bytes.count {
            let fourCC = bytes[offset..<offset + 4]
            let size = RIFF.length(in: bytes, at: offset + 4)
            let start = offset + 8
            guard size <= bytes.count - start else { return nil }
            if fourCC.elementsEqual("EXIF".utf8) {
                let chunk = bytes[start..<start + size]
                let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
                return orientation(inTIFF: chunk.starts(with: exifHeader) ? chunk.dropFirst(6) : chunk)
            }
            offset = start + size + (size & 1)                      // chunks are padded to even sizes
        }
        return nil
    }

    /// The value of tag 0x0112 (Orientation) in IFD0 of the first `Exif` APP1 segment, or `nil`.
    static func orientation(inJPEG bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }                 // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }            // start of scan / end of image
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1 {
                let start = offset + 4, end = offset + 2 + length
                if end - start >= 6, Array(bytes[start..<start + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                    return orientation(inTIFF: bytes[(start + 6)..<end])
                }
            }
            offset += 2 + length
        }
        return nil
    }

    /// Reads tag 0x0112 from IFD0 of the TIFF structure in `tiff`.
    static func orientation(inTIFF tiff: ArraySlice<UInt8>) -> Int? {
        let base = tiff.startIndex
        func byte(_ i: Int) -> Int? { i >= 0 && base + i < tiff.endIndex ? Int(tiff[base + i]) : nil }
        guard let b0 = byte(0), let b1 = byte(1) else { return nil }
        let little: Bool
        if b0 == 0x49 && b1 == 0x49 { little = true } else if b0 == 0x4D && b1 == 0x4D { little = false } else { return nil }
        func u16(_ i: Int) -> Int? {
            guard let a = byte(i), let b = byte(i + 1) else { return nil }
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ i: Int) -> Int? {
            guard let lo = u16(little ? i : i + 2), let hi = u16(little ? i + 2 : i) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112 {
                guard let type = u16(at + 2), type == 3, let value = u16(at + 8) else { return nil }
                return value
            }
        }
        return nil
    }
}
