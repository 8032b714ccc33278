import BubbleTheme
import CCairo

/// A copy of an image's pixels, for tests and snapshot comparison: what a PNG would contain,
/// readable without Cairo.
public struct PixelBuffer: Equatable, Sendable {
    /// One pixel as stored by Cairo: premultiplied alpha, so a half-transparent white is
    /// (128, 128, 128, 128). For opaque pixels this is the plain colour.
    public struct Pixel: Equatable, Hashable, Sendable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        public var alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// The premultiplied pixel Cairo stores for `color` painted on transparency: Cairo
        /// turns each premultiplied component into 16 bits (×65535, rounded) and pixman keeps
        /// the high byte.
        public init(_ color: RGBAColor) {
            func byte(_ value: Double) -> UInt8 { UInt8(UInt32(min(max(value, 0), 1) * 65535 + 0.5) >> 8) }
            let alpha = min(max(color.alpha, 0), 1)
            self.init(red: byte(color.red * alpha), green: byte(color.green * alpha),
                      blue: byte(color.blue * alpha), alpha: byte(alpha))
        }

        public var description: String { "(\(red), \(green), \(blue), \(alpha))" }

        /// The largest difference of one channel, for comparisons that tolerate rounding.
        public func distance(to other: Pixel) -> Int {
            max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
                abs(Int(blue) - Int(other.blue)), abs(Int(alpha) - Int(other.alpha)))
        }
    }

    public let width: Int
    public let height: Int
    /// Row-major, `width * height` pixels.
    public let pixels: [Pixel]

    public init(width: Int, height: Int, pixels: [Pixel]) {
        precondition(pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    package init(surface: CairoSurface) throws {
        // Cairo's PNG reader may give RGB24 or A8; convert anything but ARGB32 by painting.
        var source = surface
        if surface.format != CAIRO_FORMAT_ARGB32 {
            source = try CairoSurface.image(pixelWidth: surface.pixelWidth, pixelHeight: surface.pixelHeight)
            let context = try CairoContext(surface: source)
            context.setSource(CairoPattern(surface: surface))
            context.paint()
            try context.check("convert an image to ARGB32")
        }
        let (width, height) = (source.pixelWidth, source.pixelHeight)
        var pixels: [Pixel] = []
        pixels.reserveCapacity(width * height)
        try source.withPixels { base, stride in
            for y in 0..<height {
                let row = (base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    // ARGB32 is a native-endian 32-bit word: 0xAARRGGBB.
                    let word = row[x]
                    pixels.append(Pixel(red: UInt8((word >> 16) & 0xFF), green: UInt8((word >> 8) & 0xFF),
                                        blue: UInt8(word & 0xFF), alpha: UInt8(word >> 24)))
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    public subscript(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        return pixels[y * width + x]
    }
}
