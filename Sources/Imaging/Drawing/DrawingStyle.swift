/// An 8-bit RGB colour with an opacity, for drawing overlays.
public struct Color: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// Opacity: 255 paints over, 0 leaves the image unchanged.
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let red = Color(red: 255, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 255, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 255)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let black = Color(red: 0, green: 0, blue: 0)

    /// The same colour with opacity `alpha`.
    public func withAlpha(_ alpha: UInt8) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}

/// A point in pixel coordinates: x right, y down, the top-left image corner at (0, 0), so the centre
/// of pixel (i, j) is (i + 0.5, j + 0.5).
public struct PixelPoint: Sendable, Hashable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    /// The point at normalized coordinates (fractions of the image size).
    public init(normalizedX: Float, normalizedY: Float, imageWidth: Int, imageHeight: Int) {
        self.init(x: normalizedX * Float(imageWidth), y: normalizedY * Float(imageHeight))
    }
}

/// An axis-aligned rectangle in pixel coordinates (see ``PixelPoint``).
public struct PixelRect: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
