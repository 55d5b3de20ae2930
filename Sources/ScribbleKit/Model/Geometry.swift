/// A point on the canvas, in pixels. `Float` keeps a stroke's vertices at 8 bytes each,
/// which is what lets a million-vertex scribble stay small in memory and on disk.
public struct Point: Hashable, Sendable {
    /// Horizontal position, pixels from the left edge.
    public var x: Float
    /// Vertical position, pixels from the top edge.
    public var y: Float

    /// Makes a point from its coordinates.
    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    /// Makes a point from double-precision coordinates (as GDK events carry them).
    public init(_ x: Double, _ y: Double) {
        self.init(x: Float(x), y: Float(y))
    }

    /// The point at the origin.
    public static let zero = Point(x: 0, y: 0)

    /// Euclidean distance to `other`.
    public func distance(to other: Point) -> Float {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// An axis-aligned rectangle given by its edges; `Rect.null` is the empty rectangle that
/// every union starts from, so bounding boxes can be grown point by point.
public struct Rect: Hashable, Sendable {
    /// Left edge.
    public var minX: Float
    /// Top edge.
    public var minY: Float
    /// Right edge.
    public var maxX: Float
    /// Bottom edge.
    public var maxY: Float

    /// Makes a rectangle from its edges.
    public init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Makes a rectangle from an origin and a size.
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// The empty rectangle: the identity of `union`.
    public static let null = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    /// True when the rectangle holds no point.
    public var isNull: Bool { minX > maxX || minY > maxY }
    /// Width, zero for the null rectangle.
    public var width: Float { isNull ? 0 : maxX - minX }
    /// Height, zero for the null rectangle.
    public var height: Float { isNull ? 0 : maxY - minY }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        Rect(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The smallest rectangle holding this one and `point`.
    public func union(_ point: Point) -> Rect {
        Rect(
            minX: min(minX, point.x), minY: min(minY, point.y),
            maxX: max(maxX, point.x), maxY: max(maxY, point.y))
    }

    /// Grows every edge outwards by `amount` (a stroke's half width, say).
    public func outset(by amount: Float) -> Rect {
        isNull ? self : Rect(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    /// The area both share; null when they share none.
    public func intersection(_ other: Rect) -> Rect {
        let box = Rect(
            minX: max(minX, other.minX), minY: max(minY, other.minY),
            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return box.isNull ? .null : box
    }

    /// True when the two share any area (touching edges count).
    public func intersects(_ other: Rect) -> Bool {
        !isNull && !other.isNull && minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The rectangle with its edges moved out to whole pixels, for invalidating a widget area.
    public var integral: Rect {
        isNull
            ? self
            : Rect(
                minX: minX.rounded(.down), minY: minY.rounded(.down),
                maxX: maxX.rounded(.up), maxY: maxY.rounded(.up))
    }
}

/// A stroke colour with 8-bit components, which is what the palette's 0–255 sliders set and
/// what the file stores, so saving and loading are exact.
public struct Color: Hashable, Sendable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) – 255 (opaque).
    public var alpha: UInt8

    /// Makes a colour; opaque unless said otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black, the default stroke colour.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, the canvas background.
    public static let white = Color(red: 255, green: 255, blue: 255)

    /// The same colour, fully opaque: what a translucent stroke is drawn with inside the
    /// layer that then takes its opacity.
    public var opaque: Color { Color(red: red, green: green, blue: blue) }

    /// Components scaled to 0…1, as Cairo takes them.
    public var unitComponents: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }
}
