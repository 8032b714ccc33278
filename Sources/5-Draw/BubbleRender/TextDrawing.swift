import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleTheme
import BubbleText
import CCairo
import Foundation

/// Draws a `TextLayout` exactly where it was measured.
///
/// Every glyph goes where the layout put it: nothing is re-shaped and Cairo's own advances
/// are never used, so the drawn text fills exactly the box the layout measured (the measuring
/// layout is the drawing layout).
public enum TextDrawing {
    /// Draws `layout` with its top-left corner at `origin` (user-space points) in `color`.
    /// Colour glyphs (emoji) keep their own colours.
    ///
    /// Each run is drawn with its font's cairo face at `pointsPerUnit × unitsPerEm` (the
    /// layout's font size) in user space, so the context's scale (1×, 2×, 3×) only changes
    /// how many pixels the same glyphs cover.
    public static func draw(_ layout: TextLayout, at origin: CGPoint, color: RGBAColor,
                            in context: CairoContext, faces: FreeTypeFaces) throws {
        try draw(layout, at: origin, palette: TextPalette(color), in: context, faces: faces)
    }

    /// Draws `layout` with each run in its colour role's colour from `palette`, and its
    /// underline or strikethrough from its font's own metrics.
    ///
    /// Text stays text where the output can hold it: into a PDF each run goes with its
    /// characters and cluster map (`cairo_show_text_glyphs`), so copying or `pdftotext` gives
    /// the drawn string even for glyphs an OpenType feature chose; into an SVG each line is
    /// noted for the document's invisible text layer (`SVGSearchableText`). Pixels are drawn
    /// exactly as before either way, and PNG drawing takes neither path.
    public static func draw(_ layout: TextLayout, at origin: CGPoint, palette: TextPalette,
                            in context: CairoContext, faces: FreeTypeFaces) throws {
        let cr = context.pointer
        let keepsText = context.keepsText
        let notesText = context.surface.kind == .svg
        let utf8 = keepsText || notesText ? UTF8Text(layout.text) : nil
        try context.withSavedState {
            cairo_set_font_options(cr, faces.options.pointer)
            var glyphs: [cairo_glyph_t] = []
            for line in layout.lines {
                let lineX = Double(origin.x) + line.x
                let baseline = Double(origin.y) + line.baseline
                if notesText, let utf8 { noteSearchableText(of: line, at: origin, text: utf8, in: context) }
                for run in line.runs {
                    let positioned = run.glyphs
                    guard !positioned.isEmpty else { continue }
                    context.setColor(palette[run.attributes.color])
                    glyphs.removeAll(keepingCapacity: true)
                    for glyph in positioned {
                        glyphs.append(cairo_glyph_t(index: UInt(glyph.id), x: lineX + glyph.x, y: baseline + glyph.y))
                    }
                    // Into pixels, emoji from images made once (see `ColourGlyphImages`); else Cairo.
                    let size = fontSize(of: run)
                    let drawnIntoPixels = try !keepsText && run.font.isColor && faces.drawsColourGlyphImages
                        && faces.colourGlyphs.draw(glyphs, font: run.font, size: size, in: context)
                    if !drawnIntoPixels {
                        let face = try faces.face(for: run.font)
                        withExtendedLifetime(face) {
                            cairo_set_font_face(cr, face.pointer)
                            cairo_set_font_size(cr, size)
                            if keepsText, let utf8, !run.font.isColor {
                                let map = TextClusterMap(glyphClusters: positioned.map(\.cluster), range: run.range,
                                                         rightToLeft: run.direction == .rightToLeft, text: utf8)
                                show(glyphs, text: utf8, map: map, in: cr)
                            } else {
                                GlyphCompositingLock.withLock { cairo_show_glyphs(cr, glyphs, Int32(glyphs.count)) }
                            }
                        }
                    }
                    try context.check("draw \(glyphs.count) glyphs of \(run.font.path)")
                    if keepsText, let utf8, run.font.isColor {
                        try showInvisibleText(of: run, positioned, at: CGPoint(x: lineX, y: baseline), text: utf8,
                                              in: context, faces: faces)
                    }
                    drawDecorations(of: run, lineX: lineX, baseline: baseline, in: context)
                }
            }
        }
    }

    /// Draws glyphs with the characters they show, mapped cluster by cluster.
    private static func show(_ glyphs: [cairo_glyph_t], text: UTF8Text, map: TextClusterMap, in cr: OpaquePointer) {
        let clusters = map.cairoClusters
        guard !map.bytes.isEmpty else { return cairo_show_glyphs(cr, glyphs, Int32(glyphs.count)) }
        text.bytes.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.advanced(by: map.bytes.lowerBound).withMemoryRebound(to: CChar.self, capacity: map.bytes.count) { utf8 in
                cairo_show_text_glyphs(cr, utf8, Int32(map.bytes.count), glyphs, Int32(glyphs.count),
                                       clusters, Int32(clusters.count), map.cairoFlags)
            }
        }
    }

    /// Draws, over a run of colour glyphs (which Cairo paints into a PDF as an image without
    /// their characters), one invisible glyph per cluster that carries the cluster's
    /// characters, stretched from the cluster's left edge to the next one's (the run's end for
    /// the last), so text extraction sees neither a gap nor an overlap.
    private static func showInvisibleText(of run: GlyphRun, _ positioned: [PositionedGlyph], at origin: CGPoint,
                                          text: UTF8Text, in context: CairoContext, faces: FreeTypeFaces) throws {
        let map = TextClusterMap(glyphClusters: positioned.map(\.cluster), range: run.range,
                                 rightToLeft: run.direction == .rightToLeft, text: text)
        var carriers: [(bytes: Range<Int>, left: Double)] = []
        var first = 0, byte = map.bytes.lowerBound
        for cluster in map.clusters {
            // A backward map takes its clusters' glyphs from the end of the visual order.
            let glyphs = map.backward ? (positioned.count - first - cluster.glyphCount)..<(positioned.count - first)
                : first..<(first + cluster.glyphCount)
            carriers.append((byte..<(byte + cluster.byteCount), positioned[glyphs].map(\.x).min() ?? run.x))
            first += cluster.glyphCount
            byte += cluster.byteCount
        }
        carriers.sort { $0.left < $1.left }
        let font = try faces.invisibleTextFont()
        let cr = context.pointer
        try context.withSavedState {
            withExtendedLifetime(font) {
                cairo_set_font_face(cr, font.pointer)
                for (index, carrier) in carriers.enumerated() where !carrier.bytes.isEmpty {
                    let right = index + 1 < carriers.count ? carriers[index + 1].left : run.x + run.width
                    var matrix = cairo_matrix_t()
                    cairo_matrix_init(&matrix, max(right - carrier.left, 0.01) / InvisibleTextFont.advance, 0, 0, fontSize(of: run), 0, 0)
                    cairo_set_font_matrix(cr, &matrix)
                    let glyph = cairo_glyph_t(index: 0, x: Double(origin.x) + carrier.left, y: Double(origin.y))
                    let single = TextClusterMap(bytes: carrier.bytes, clusters: [.init(byteCount: carrier.bytes.count, glyphCount: 1)],
                                                backward: false)
                    show([glyph], text: text, map: single, in: cr)
                }
            }
            try context.check("draw the text of \(carriers.count) colour glyphs of \(run.font.path)")
        }
    }

    /// Notes a line's string and where it is drawn (in the document's units) for an SVG's text
    /// layer, unless the clip hides the whole line. The string is the text its runs show, in
    /// reading order, without the spaces that hang past a wrapped line's edge.
    private static func noteSearchableText(of line: TextLine, at origin: CGPoint, text: UTF8Text, in context: CairoContext) {
        guard let lower = line.runs.map(\.range.lowerBound).min(), let upper = line.runs.map(\.range.upperBound).max() else { return }
        var string = String(decoding: text.bytes[text.byteOffset(lower)..<text.byteOffset(upper)], as: UTF8.self)
        while let last = string.last, last.isWhitespace { string.removeLast() }
        guard !string.isEmpty else { return }
        let box = CGRect(x: Double(origin.x) + line.x, y: Double(origin.y) + line.top, width: line.width, height: line.height)
        guard box.intersects(context.clipExtents) else { return }
        let start = context.userToDevice(CGPoint(x: box.minX, y: Double(origin.y) + line.baseline))
        let end = context.userToDevice(CGPoint(x: box.maxX, y: Double(origin.y) + line.baseline))
        let fontSize = line.runs.map(fontSize(of:)).max() ?? 0
        context.surface.searchableText.append(SearchableTextLine(
            text: string, x: Double(start.x), baseline: Double(start.y), width: Double(end.x - start.x),
            fontSize: fontSize * context.deviceScale, rightToLeft: line.direction == .rightToLeft))
    }

    /// The run's font size in points: the layout scaled font units by `pointsPerUnit`, so one
    /// em is `pointsPerUnit × unitsPerEm` (the style's font size).
    static func fontSize(of run: GlyphRun) -> Double {
        run.pointsPerUnit * Double(run.font.unitsPerEm)
    }

    /// Lines under or through a run, as thick as its font says, across the run's width.
    private static func drawDecorations(of run: GlyphRun, lineX: Double, baseline: Double, in context: CairoContext) {
        let scale = run.pointsPerUnit
        var lines: [(offset: Int32, thickness: Int32)] = []
        if run.attributes.underline { lines.append(run.font.underline) }
        if run.attributes.strikethrough { lines.append(run.font.strikeout) }
        for line in lines {
            let thickness = max(Double(line.thickness) * scale, 0.5)
            let centre = baseline - Double(line.offset) * scale
            context.addRectangle(CGRect(x: lineX + run.x, y: centre - thickness / 2, width: run.width, height: thickness))
            context.fill()
        }
    }
}

/// The colours of a text's colour roles.
public struct TextPalette: Sendable {
    public var body: RGBAColor
    public var link: RGBAColor
    public var mention: RGBAColor
    public var quote: RGBAColor
    public var secondary: RGBAColor

    /// Every role in one colour.
    public init(_ color: RGBAColor) {
        (body, link, mention, quote, secondary) = (color, color, color, color, color)
    }

    public init(body: RGBAColor, link: RGBAColor, mention: RGBAColor, quote: RGBAColor, secondary: RGBAColor) {
        (self.body, self.link, self.mention, self.quote, self.secondary) = (body, link, mention, quote, secondary)
    }

    public subscript(role: ColorRole) -> RGBAColor {
        switch role {
        case .body: body
        case .link: link
        case .mention: mention
        case .quote: quote
        case .secondary: secondary
        }
    }
}
