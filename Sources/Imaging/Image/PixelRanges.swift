/// A box of whole pixels: columns `xs` and rows `ys` (pixel indices, origin top-left).
public typealias PixelRanges = (xs: Range<Int>, ys: Range<Int>)
