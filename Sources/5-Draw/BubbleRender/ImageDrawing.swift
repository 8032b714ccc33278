import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleTheme
import CCairo
import Foundation

/// The outline an image is cut to.
public enum ImageClip: Sendable {
    case none
    case roundedRectangle(radius: Double)
    case circle
    /// The shape of a bubble: the image shows through the nine-slice image's alpha.
    case bubble(NineSliceImage, mirrored: Bool)
}

/// How an image fills its rectangle.
public enum ImageFit: Sendable, Equatable {
    /// Scaled to exactly the rectangle (image messages: the layout keeps the proportions).
    case fill
    /// Scaled to cover the rectangle keeping its proportions, centred, the overflow cut
    /// (avatars).
    case aspectFill
}

extension CairoContext {
    /// Draws `image` scaled into `rect`, cut to `clip`. Downscaling uses Cairo's GOOD filter;
    /// for factors below ½ the image is first halved (each halving a 2×2 box average) so a
    /// 4000-pixel photo in a 220-point bubble stays smooth and fast.
    public func draw(_ image: RasterImage, in rect: CGRect, fit: ImageFit = .fill, clip: ImageClip = .none) throws {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
              rect.minX.isFinite, rect.minY.isFinite else { return }
        let (width, height) = (Double(image.pixelWidth), Double(image.pixelHeight))
        var target = (x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
        if fit == .aspectFill {
            let factor = max(target.width / width, target.height / height)
            let (drawnWidth, drawnHeight) = (width * factor, height * factor)
            target = (target.x + (target.width - drawnWidth) / 2, target.y + (target.height - drawnHeight) / 2, drawnWidth, drawnHeight)
        }
        let m = matrix
        let devicePixelsPerImagePixel = min(target.width * abs(m.xx) / width, target.height * abs(m.yy) / height)
        let source = try Self.prescaled(image.surface, toward: isRaster ? devicePixelsPerImagePixel : 1)
        let pattern = CairoPattern(surface: source)
        pattern.place(x: target.x, y: target.y,
                      pixelsPerUnitX: Double(source.pixelWidth) / target.width,
                      pixelsPerUnitY: Double(source.pixelHeight) / target.height)
        pattern.setExtend(.pad)
        pattern.setFilter(.good)
        try paint(pattern, in: rect, clip: clip)
        try check("draw a \(image.pixelWidth)×\(image.pixelHeight) image into \(rect.width)×\(rect.height)pt")
    }

    /// Decodes and draws image bytes; bytes that cannot be decoded draw as the broken-image
    /// placeholder and the decoding error is returned for the caller's warning list.
    @discardableResult
    public func drawImage(data: Data, name: String, in rect: CGRect, fit: ImageFit = .fill,
                          clip: ImageClip = .none) throws -> ImageDecodingError? {
        do {
            try draw(try RasterImage(data: data, name: name), in: rect, fit: fit, clip: clip)
            return nil
        } catch let error as ImageDecodingError {
            try drawBrokenImage(in: rect, clip: clip)
            return error
        }
    }

    /// A grey box with a small broken-picture glyph: what an image that cannot be shown draws.
    public func drawBrokenImage(in rect: CGRect, clip: ImageClip = .none,
                                background: RGBAColor = RGBAColor(red: 0.85, green: 0.85, blue: 0.85),
                                glyph: RGBAColor = RGBAColor(red: 0.55, green: 0.55, blue: 0.55)) throws {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
              rect.minX.isFinite, rect.minY.isFinite else { return }
        try withSavedState {
            guard let mask = try clipOrMask(clip, rect: rect) else {
                setColor(background)
                fill()
                return
            }
            setColor(background)
            self.mask(with: mask)
        }
        let side = min(24, Double(min(rect.width, rect.height)) * 0.5)
        let glyphRect = CGRect(x: Double(rect.midX) - side / 2, y: Double(rect.midY) - side / 2, width: side, height: side)
        draw(.brokenImage, in: glyphRect, color: glyph)
        try check("draw a broken-image placeholder")
    }

    /// Paints `pattern` over `rect` cut to `clip`.
    private func paint(_ pattern: CairoPattern, in rect: CGRect, clip: ImageClip) throws {
        try withSavedState {
            if let mask = try clipOrMask(clip, rect: rect) {
                setSource(pattern)
                self.mask(with: mask)
            } else {
                setSource(pattern)
                fill()
            }
        }
    }

    /// For path clips, sets the clip path as the current path and returns nil (fill it);
    /// for a bubble clip, returns the bubble drawn into a group, to use as a mask.
    private func clipOrMask(_ clip: ImageClip, rect: CGRect) throws -> CairoPattern? {
        newPath()
        switch clip {
        case .none: addRectangle(rect)
        case .roundedRectangle(let radius): addRoundedRectangle(rect, radius: radius)
        case .circle: addCircle(center: CGPoint(x: rect.midX, y: rect.midY), radius: Double(min(rect.width, rect.height)) / 2)
        case .bubble(let image, let mirrored):
            return try group { try drawNineSlice(image, in: rect, mirrored: mirrored) }
        }
        return nil
    }

    /// Halves `surface` while the remaining factor stays at or below ½, so that the final
    /// GOOD-filtered draw never reduces by more than 2× (at most 4× in total work).
    static func prescaled(_ surface: CairoSurface, toward factor: Double) throws -> CairoSurface {
        var current = surface
        var remaining = factor
        while remaining <= 0.5, current.pixelWidth >= 2, current.pixelHeight >= 2 {
            let halved = try CairoSurface.image(pixelWidth: (current.pixelWidth + 1) / 2,
                                                pixelHeight: (current.pixelHeight + 1) / 2)
            let context = try CairoContext(surface: halved)
            let pattern = CairoPattern(surface: current)
            // Each destination pixel centre falls between four source pixels: bilinear = 2×2 box.
            pattern.place(x: 0, y: 0, pixelsPerUnitX: 2, pixelsPerUnitY: 2)
            pattern.setFilter(.bilinear)
            pattern.setExtend(.pad)
            context.setSource(pattern)
            context.paintReplacing()
            try context.check("halve a \(current.pixelWidth)×\(current.pixelHeight) image")
            current = halved
            remaining *= 2
        }
        return current
    }
}
