import BubbleOutput
import BubbleCodec
import BubbleCairo
import CCairo
import Foundation

extension CairoContext {
    /// Draws a nine-slice image into `rect` (points), optionally mirrored left–right (an
    /// incoming bubble drawn from the outgoing image).
    ///
    /// Into pixels, every slice boundary, and the rectangle's own edges, are snapped to whole
    /// device pixels (at most half a pixel of movement), and each piece fills exactly its
    /// pixel columns and rows: no pixel is covered twice and none is left out, at any scale
    /// and any fractional size. Into a PDF or SVG, where the viewer's rasteriser would show
    /// hairline seams between separately drawn pieces, the bubble is composed once at the
    /// largest asset's scale and placed as one image.
    ///
    /// Assumes the current transform only scales and translates (no rotation), as everywhere
    /// in this project.
    public func drawNineSlice(_ image: NineSliceImage, in rect: CGRect, mirrored: Bool = false) throws {
        let rect = rect.standardized  // a negative size means the same rectangle, as in CoreGraphics
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite,
              rect.width.isFinite, rect.height.isFinite else { return }
        if isRaster {
            let m = matrix
            let index = image.assetIndex(forScale: max(abs(m.xx), abs(m.yy)))
            drawSnappedNineSlice(image, asset: image.slicedAssets[index], in: rect, mirrored: mirrored)
        } else {
            try drawComposedNineSlice(image, in: rect, mirrored: mirrored)
        }
        try check("draw a nine-slice image into \(rect.width)×\(rect.height)pt")
    }

    private func drawSnappedNineSlice(_ image: NineSliceImage, asset: SlicedAsset, in rect: CGRect, mirrored: Bool) {
        let m = matrix
        let (scaleX, scaleY) = (abs(m.xx), abs(m.yy))
        let corner1 = userToDevice(CGPoint(x: rect.minX, y: rect.minY))
        let corner2 = userToDevice(CGPoint(x: rect.maxX, y: rect.maxY))
        // floor(x + 0.5) rounds the same way everywhere, so a shift by whole pixels keeps sizes.
        func snap(_ value: Double) -> Double { (value + 0.5).rounded(.down) }
        let caps = mirrored ? image.capInsets.mirrored : image.capInsets
        let columns = Self.boundaries(from: snap(Double(min(corner1.x, corner2.x))), to: snap(Double(max(corner1.x, corner2.x))),
                                      leading: caps.left * scaleX, trailing: caps.right * scaleX, snap: snap)
        let rows = Self.boundaries(from: snap(Double(min(corner1.y, corner2.y))), to: snap(Double(max(corner1.y, corner2.y))),
                                   leading: caps.top * scaleY, trailing: caps.bottom * scaleY, snap: snap)
        guard let columns, let rows else { return }
        // Pattern pixels per device pixel when a piece is shown at natural size (tiling).
        let natural = (x: Double(asset.scale) / scaleX, y: Double(asset.scale) / scaleY)
        withSavedState {
            cairo_identity_matrix(pointer)
            for row in 0..<3 {
                for column in 0..<3 {
                    let (x0, x1, y0, y1) = (columns[column], columns[column + 1], rows[row], rows[row + 1])
                    guard x1 > x0, y1 > y0 else { continue }
                    let sourceColumn = mirrored ? 2 - column : column
                    let piece = asset.pieces[row * 3 + sourceColumn]
                    let pieceWidth = Double(asset.columns[sourceColumn + 1] - asset.columns[sourceColumn])
                    let pieceHeight = Double(asset.rows[row + 1] - asset.rows[row])
                    guard pieceWidth > 0, pieceHeight > 0 else { continue }
                    if let color = asset.opaqueUniformColors[row * 3 + sourceColumn] {
                        setColor(color)
                        cairo_rectangle(pointer, x0, y0, x1 - x0, y1 - y0)
                        fill()
                        continue
                    }
                    if let pixel = asset.uniformPieces[row * 3 + sourceColumn] {
                        let pattern = CairoPattern(surface: pixel)
                        pattern.setExtend(.repeating)
                        pattern.setFilter(.nearest)
                        setSource(pattern)
                        cairo_rectangle(pointer, x0, y0, x1 - x0, y1 - y0)
                        fill()
                        continue
                    }
                    let tiles = image.mode == .tile
                    var perPixelX = pieceWidth / (x1 - x0)
                    var perPixelY = pieceHeight / (y1 - y0)
                    if tiles && column == 1 { perPixelX = natural.x }
                    if tiles && row == 1 { perPixelY = natural.y }
                    let pattern = CairoPattern(surface: piece)
                    pattern.setExtend(tiles && (column == 1 || row == 1) ? .repeating : .pad)
                    // A piece shown at its own size from whole pixels is copied; stretched, Cairo's
                    // "good" filter samples it.
                    pattern.setFilter(perPixelX == 1 && perPixelY == 1 ? .nearest : .good)
                    pattern.place(x: mirrored ? x1 : x0, y: y0,
                                  pixelsPerUnitX: mirrored ? -perPixelX : perPixelX, pixelsPerUnitY: perPixelY)
                    setSource(pattern)
                    cairo_rectangle(pointer, x0, y0, x1 - x0, y1 - y0)
                    fill()
                }
            }
        }
    }

    /// The four device-pixel boundaries of one axis: the outer edges and the two cap edges,
    /// caps shrunk in proportion when the rectangle is smaller than both caps together.
    private static func boundaries(from start: Double, to end: Double, leading: Double, trailing: Double,
                                   snap: (Double) -> Double) -> [Double]? {
        let length = end - start
        guard length > 0 else { return nil }
        var (leading, trailing) = (leading, trailing)
        if leading + trailing > length {
            let shrink = length / (leading + trailing)
            leading *= shrink
            trailing *= shrink
        }
        let first = min(snap(start + leading), end)
        let second = max(snap(end - trailing), first)
        return [start, first, second, end]
    }

    /// PDF/SVG: compose the bubble into pixels at the largest asset's scale, draw it once.
    private func drawComposedNineSlice(_ image: NineSliceImage, in rect: CGRect, mirrored: Bool) throws {
        let largest = image.slicedAssets.count - 1
        let scale = Double(image.slicedAssets[largest].scale)
        let (width, height) = ((Double(rect.width) * scale).rounded(.up), (Double(rect.height) * scale).rounded(.up))
        let limit = Double(CairoSurface.maximumImageDimension)
        guard width <= limit, height <= limit else {
            throw CairoError("compose a \(rect.width)×\(rect.height)pt nine-slice image at @\(Int(scale))x", status: CAIRO_STATUS_INVALID_SIZE)
        }
        let (pixelWidth, pixelHeight) = (Int(width), Int(height))
        let composed = try CairoSurface.image(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        let offscreen = try CairoContext(surface: composed)
        offscreen.scale(x: Double(pixelWidth) / Double(rect.width), y: Double(pixelHeight) / Double(rect.height))
        offscreen.drawSnappedNineSlice(image, asset: image.slicedAssets[largest],
                                       in: CGRect(x: 0, y: 0, width: rect.width, height: rect.height), mirrored: mirrored)
        try offscreen.check("compose a nine-slice image")
        let pattern = CairoPattern(surface: composed)
        pattern.place(x: Double(rect.minX), y: Double(rect.minY),
                      pixelsPerUnitX: Double(pixelWidth) / Double(rect.width),
                      pixelsPerUnitY: Double(pixelHeight) / Double(rect.height))
        pattern.setExtend(.pad)
        pattern.setFilter(.good)
        withSavedState {
            setSource(pattern)
            addRectangle(rect)
            fill()
        }
    }
}
