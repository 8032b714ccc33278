import CCairo
import Foundation

/// One `cairo_surface_t`: a raster image in ARGB32, or a PDF or SVG document that Cairo writes
/// through its stream callback into memory (Cairo itself never opens a file).
///
/// A class because it owns a C handle; everything that draws into or from a surface holds a
/// reference to it, so Swift cannot free it early in release builds.
package final class CairoSurface {
    package enum Kind: Equatable { case image, pdf, svg }

    /// The largest width or height Cairo's image backend accepts.
    package static let maximumImageDimension = 32767
    /// The PDF creation date every document gets, so that the same drawing gives the same bytes.
    package static let fixedPDFCreationDate = "2001-01-01T00:00:00Z"

    package let pointer: OpaquePointer
    package let kind: Kind
    /// Where a PDF or SVG surface's bytes accumulate; kept alive as long as Cairo may write.
    private let sink: ByteSink?
    private var finished = false
    /// The text lines drawn so far (SVG surfaces only), written into the document at its end.
    package var searchableText: [SearchableTextLine] = []
    /// Whether Cairo is known to no longer count the surface as clear (a colour was painted
    /// over all of it), which decides how it composites colour glyphs (see `ColourGlyphImages`).
    package var isKnownPainted = false

    private init(adopting pointer: OpaquePointer, kind: Kind, sink: ByteSink?, operation: String) throws {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw CairoError(operation, status: status)
        }
        self.pointer = pointer
        self.kind = kind
        self.sink = sink
    }

    deinit { cairo_surface_destroy(pointer) }

    /// A transparent ARGB32 image of whole pixels.
    package static func image(pixelWidth: Int, pixelHeight: Int) throws -> CairoSurface {
        let operation = "create a \(pixelWidth)×\(pixelHeight) image surface"
        guard (1...maximumImageDimension).contains(pixelWidth), (1...maximumImageDimension).contains(pixelHeight) else {
            throw CairoError(operation, status: CAIRO_STATUS_INVALID_SIZE)
        }
        guard let pointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw CairoError(operation, status: CAIRO_STATUS_NO_MEMORY)
        }
        return try CairoSurface(adopting: pointer, kind: .image, sink: nil, operation: operation)
    }

    /// An ARGB32 image drawn into `memory` (owned by the caller, who keeps it alive and
    /// unmoved while the surface lives): a worker's band buffer, reused band after band.
    package static func image(wrapping memory: UnsafeMutableRawPointer, pixelWidth: Int, pixelHeight: Int, stride: Int) throws -> CairoSurface {
        let operation = "create a \(pixelWidth)×\(pixelHeight) image surface"
        guard (1...maximumImageDimension).contains(pixelWidth), (1...maximumImageDimension).contains(pixelHeight) else {
            throw CairoError(operation, status: CAIRO_STATUS_INVALID_SIZE)
        }
        guard let pointer = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(pixelWidth), Int32(pixelHeight), Int32(stride)) else {
            throw CairoError(operation, status: CAIRO_STATUS_NO_MEMORY)
        }
        return try CairoSurface(adopting: pointer, kind: .image, sink: nil, operation: operation)
    }

    /// A one-page PDF of `width`×`height` points, with a fixed creation date.
    package static func pdf(width: Double, height: Double) throws -> CairoSurface {
        let sink = ByteSink()
        let operation = "create a \(width)×\(height)pt PDF surface"
        guard width > 0, height > 0, width.isFinite, height.isFinite,
              let pointer = cairo_pdf_surface_create_for_stream(writeToSink, sink.opaque, width, height) else {
            throw CairoError(operation, status: CAIRO_STATUS_INVALID_SIZE)
        }
        let surface = try CairoSurface(adopting: pointer, kind: .pdf, sink: sink, operation: operation)
        cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATE_DATE, fixedPDFCreationDate)
        return surface
    }

    /// An SVG document of `width`×`height` points.
    package static func svg(width: Double, height: Double) throws -> CairoSurface {
        let sink = ByteSink()
        let operation = "create a \(width)×\(height)pt SVG surface"
        guard width > 0, height > 0, width.isFinite, height.isFinite,
              let pointer = cairo_svg_surface_create_for_stream(writeToSink, sink.opaque, width, height) else {
            throw CairoError(operation, status: CAIRO_STATUS_INVALID_SIZE)
        }
        let surface = try CairoSurface(adopting: pointer, kind: .svg, sink: sink, operation: operation)
        cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PT)
        return surface
    }

    /// Adopts a surface Cairo made (e.g. from a PNG stream), checking its status.
    package static func adopting(_ pointer: OpaquePointer?, operation: String) throws -> CairoSurface {
        guard let pointer else { throw CairoError(operation, status: CAIRO_STATUS_NO_MEMORY) }
        return try CairoSurface(adopting: pointer, kind: .image, sink: nil, operation: operation)
    }

    package var pixelWidth: Int { Int(cairo_image_surface_get_width(pointer)) }
    package var pixelHeight: Int { Int(cairo_image_surface_get_height(pointer)) }
    package var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }
    package var format: cairo_format_t { cairo_image_surface_get_format(pointer) }

    package var status: cairo_status_t { cairo_surface_status(pointer) }

    /// Direct access to an image surface's pixel rows; Cairo is told afterwards that they changed.
    package func withMutablePixels<Result>(_ body: (UnsafeMutableRawPointer, _ stride: Int) throws -> Result) throws -> Result {
        precondition(kind == .image, "pixels exist only on image surfaces")
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw CairoError("access the pixels of an image surface", status: status)
        }
        defer { cairo_surface_mark_dirty(pointer) }
        return try body(UnsafeMutableRawPointer(data), stride)
    }

    /// Read-only access to an image surface's pixel rows.
    package func withPixels<Result>(_ body: (UnsafeRawPointer, _ stride: Int) throws -> Result) throws -> Result {
        precondition(kind == .image, "pixels exist only on image surfaces")
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw CairoError("access the pixels of an image surface", status: status)
        }
        return try body(UnsafeRawPointer(data), stride)
    }

    /// Ends a PDF or SVG document and returns its bytes. Drawing after this is an error.
    package func finishDocument() throws -> Data {
        precondition(kind != .image, "only PDF and SVG surfaces are documents")
        if !finished {
            CairoKnownLeaks.expectingLeaks { cairo_surface_finish(pointer) }
            finished = true
        }
        try CairoError.check(status, "finish the \(kind == .pdf ? "PDF" : "SVG") document")
        let data = sink?.data ?? Data()
        guard kind == .svg else { return data }
        // Text goes in after the renumbering, which must not rewrite a message that happens to
        // contain `id="surface1"`.
        return SVGSearchableText.adding(searchableText, to: Self.renumberingSurfaceIDs(data))
    }

    /// Cairo 1.16 names SVG groups and images after process-wide surface counters
    /// (`<g id="surface109">`, `#image57`), so the same drawing gave different bytes depending
    /// on what the process drew before. Renumbering them in order of appearance makes the SVG
    /// depend on the drawing alone. (Other ids — clip, mask, pattern, glyph — count per document.)
    package static func renumberingSurfaceIDs(_ svg: Data) -> Data {
        let text = String(decoding: svg, as: UTF8.self)
        let expression = try! NSRegularExpression(pattern: "(id=\"|#)(surface|image)([0-9]+)")
        var numbers: [String: Int] = [:]
        var result = ""
        var last = text.startIndex
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text), let prefix = Range(match.range(at: 1), in: text),
                  let kind = Range(match.range(at: 2), in: text) else { continue }
            let key = String(text[kind.lowerBound..<whole.upperBound])  // e.g. "surface109"
            let number = numbers[key] ?? (numbers.count + 1)
            numbers[key] = number
            result += text[last..<whole.lowerBound] + text[prefix] + text[kind] + String(number)
            last = whole.upperBound
        }
        result += text[last...]
        return Data(result.utf8)
    }
}

/// Bytes Cairo hands to a write callback; passed to C as an unretained pointer while the
/// owning surface (or the PNG call) keeps it alive.
package final class ByteSink {
    package var data = Data()
    package var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// Cairo's `cairo_write_func_t`: appends to the `ByteSink` passed as closure.
private let writeToSink: cairo_write_func_t = { closure, bytes, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    if let bytes, length > 0 { sink.data.append(bytes, count: Int(length)) }
    return CAIRO_STATUS_SUCCESS
}
