import BubbleOutput
import BubbleCodec
import BubbleCairo
import CCairo
import BubbleLayout
import BubbleTheme
import Foundation

/// One bitmap of an image at a given scale: `bubble_out@2x.png` is scale 2, so a 48-pixel
/// wide file is 24 points wide.
public struct ScaledImage: Sendable {
    public var scale: Int
    public var image: RasterImage
    /// Where it came from, for messages.
    public var name: String

    public init(scale: Int, image: RasterImage, name: String) {
        self.scale = scale
        self.image = image
        self.name = name
    }

    public var pointWidth: Double { Double(image.pixelWidth) / Double(scale) }
    public var pointHeight: Double { Double(image.pixelHeight) / Double(scale) }
}

/// A bubble image in one or more scales with cap insets in points: the corners are drawn
/// unscaled, the edges stretched (or tiled) along their length, the centre in both directions.
///
/// The nine pieces of every scale are cut once, at creation, into their own small surfaces, so
/// that drawing can clamp each piece at its own border (`EXTEND_PAD`): a piece never samples
/// its neighbour's pixels, and no seam of blended colours appears at a slice boundary.
public struct NineSliceImage: Sendable {
    public let assets: [ScaledImage]
    public let capInsets: EdgeInsets
    public let mode: SliceMode
    let slicedAssets: [SlicedAsset]

    public struct SliceError: Error, Equatable, CustomStringConvertible {
        public var name: String
        public var problem: String
        public var description: String { "\(name): \(problem)" }
    }

    /// Fails when there are no assets, when two have the same scale, or when the cap insets
    /// leave no stretchable middle in one of them.
    public init(assets: [ScaledImage], capInsets: EdgeInsets, mode: SliceMode) throws {
        guard !assets.isEmpty else { throw SliceError(name: "nine-slice image", problem: "no image files") }
        let sorted = assets.sorted { $0.scale < $1.scale }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.scale == b.scale {
            throw SliceError(name: b.name, problem: "a second image for scale @\(b.scale)x (\(a.name))")
        }
        for inset in [capInsets.top, capInsets.left, capInsets.bottom, capInsets.right] where !(inset >= 0 && inset.isFinite) {
            throw SliceError(name: sorted[0].name, problem: "cap insets must be finite and not negative")
        }
        self.assets = sorted
        self.capInsets = capInsets
        self.mode = mode
        self.slicedAssets = try sorted.map { try SlicedAsset(asset: $0, capInsets: capInsets) }
    }

    /// The asset for an output of `scale` device pixels per point: the same scale, else the
    /// nearest larger one (downscaling keeps detail), else the nearest smaller one.
    public func asset(forScale scale: Double) -> ScaledImage { assets[assetIndex(forScale: scale)] }

    func assetIndex(forScale scale: Double) -> Int {
        if let exact = assets.firstIndex(where: { Double($0.scale) == scale }) { return exact }
        if let larger = assets.firstIndex(where: { Double($0.scale) > scale }) { return larger }
        return assets.count - 1
    }
}

/// One asset cut into nine piece surfaces, row-major from the top-left.
final class SlicedAsset: @unchecked Sendable {
    let scale: Int
    let pieces: [CairoSurface]
    /// For each piece whose pixels are all the same (a bubble's middle, usually), that pixel
    /// as a 1×1 surface: stretching a piece of one colour gives that colour exactly, with any
    /// filter, and Cairo fills from a single pixel as a solid colour, which is several times
    /// faster than sampling the stretched piece pixel by pixel.
    let uniformPieces: [CairoSurface?]
    /// For each uniform piece whose pixel is opaque, its colour: filled as a colour, Cairo
    /// writes it straight into the band (a fill), where a one-pixel surface is composited over
    /// what is there (Cairo cannot tell that an ARGB pixel is opaque), a multiply and add per
    /// pixel of every bubble's middle.
    let opaqueUniformColors: [RGBAColor?]
    /// Piece boundaries in the asset's pixels: [0, left, width − right, width].
    let columns: [Int]
    let rows: [Int]

    init(asset: ScaledImage, capInsets: EdgeInsets) throws {
        let (width, height, scale) = (asset.image.pixelWidth, asset.image.pixelHeight, Double(asset.scale))
        // Clamped before converting: a cap inset of 1e300 must be an error, not an overflow trap.
        func pixels(_ points: Double) -> Int { Int(min((points * scale).rounded(), Double(Int32.max))) }
        let (left, right, top, bottom) = (pixels(capInsets.left), pixels(capInsets.right), pixels(capInsets.top), pixels(capInsets.bottom))
        let points = formatNumber
        guard left + right < width else {
            throw NineSliceImage.SliceError(name: asset.name, problem:
                "cap insets left \(points(capInsets.left)) + right \(points(capInsets.right)) leave nothing to stretch in an image \(points(asset.pointWidth))pt wide (\(width)×\(height) px at @\(asset.scale)x)")
        }
        guard top + bottom < height else {
            throw NineSliceImage.SliceError(name: asset.name, problem:
                "cap insets top \(points(capInsets.top)) + bottom \(points(capInsets.bottom)) leave nothing to stretch in an image \(points(asset.pointHeight))pt high (\(width)×\(height) px at @\(asset.scale)x)")
        }
        self.scale = asset.scale
        columns = [0, left, width - right, width]
        rows = [0, top, height - bottom, height]
        var pieces: [CairoSurface] = []
        for row in 0..<3 {
            for column in 0..<3 {
                pieces.append(try Self.copy(asset.image.surface, x: columns[column], y: rows[row],
                                            width: columns[column + 1] - columns[column],
                                            height: rows[row + 1] - rows[row]))
            }
        }
        self.pieces = pieces
        let uniformValues = pieces.map(Self.uniformValue(of:))
        uniformPieces = try uniformValues.map { try $0.flatMap(Self.onePixelSurface) }
        opaqueUniformColors = uniformValues.map { $0.flatMap(Self.opaqueColor) }
    }

    /// The colour of a premultiplied ARGB32 pixel when it is opaque. Exact: Cairo keeps a colour
    /// channel c / 255 as c × 257 in 16 bits and writes back its top 8 bits, c.
    private static func opaqueColor(_ argb: UInt32) -> RGBAColor? {
        guard argb >> 24 == 0xFF else { return nil }
        func channel(_ shift: UInt32) -> Double { Double((argb >> shift) & 0xFF) / 255 }
        return RGBAColor(red: channel(16), green: channel(8), blue: channel(0))
    }

    /// The piece's one pixel value, or nil when its pixels differ.
    private static func uniformValue(of piece: CairoSurface) -> UInt32? {
        cairo_surface_flush(piece.pointer)
        guard let data = cairo_image_surface_get_data(piece.pointer) else { return nil }
        let (width, height, stride) = (piece.pixelWidth, piece.pixelHeight, piece.stride)
        let first = UnsafeRawPointer(data).load(as: UInt32.self)
        for row in 0..<height {
            let pixels = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where pixels[x] != first { return nil }
        }
        return first
    }

    /// A 1×1 surface of one pixel value (nil if Cairo gives no pixel memory).
    private static func onePixelSurface(_ value: UInt32) throws -> CairoSurface? {
        let pixel = try CairoSurface.image(pixelWidth: 1, pixelHeight: 1)
        cairo_surface_flush(pixel.pointer)
        guard let target = cairo_image_surface_get_data(pixel.pointer) else { return nil }
        UnsafeMutableRawPointer(target).storeBytes(of: value, as: UInt32.self)
        cairo_surface_mark_dirty(pixel.pointer)
        return pixel
    }

    /// A copy of a rectangle of `source`; an empty rectangle (a zero cap) gives a 1×1 clear
    /// surface that is never drawn.
    private static func copy(_ source: CairoSurface, x: Int, y: Int, width: Int, height: Int) throws -> CairoSurface {
        let piece = try CairoSurface.image(pixelWidth: max(width, 1), pixelHeight: max(height, 1))
        guard width > 0, height > 0 else { return piece }
        let context = try CairoContext(surface: piece)
        let pattern = CairoPattern(surface: source)
        pattern.place(x: Double(-x), y: Double(-y), pixelsPerUnitX: 1, pixelsPerUnitY: 1)
        pattern.setFilter(.nearest)
        context.setSource(pattern)
        context.paintReplacing()
        try context.check("cut a \(width)×\(height) piece of a nine-slice image")
        return piece
    }
}
