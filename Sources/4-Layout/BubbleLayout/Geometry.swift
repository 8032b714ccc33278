/// A rectangle in points, origin top-left.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// Distances inward from the four edges of a rectangle, in points: text insets inside a
/// bubble, and the cap insets of a nine-slice image.
public struct EdgeInsets: Equatable, Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }

    /// The same insets with left and right exchanged (a mirrored bubble).
    public var mirrored: EdgeInsets { EdgeInsets(top: top, left: right, bottom: bottom, right: left) }
}
