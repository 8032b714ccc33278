import BubbleFastPaths
import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleText
import CCairo
import CFreeType
import Foundation

/// A FreeType failure, naming the font file and what was being done with it.
public struct FreeTypeError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var faceIndex: Int
    /// What the module tried to do, e.g. `open face 0`.
    public var operation: String
    /// FreeType's error code (`FT_Err_*`), 0 when the failure came from Cairo.
    public var code: Int32
    public var reason: String

    public var description: String { "cannot \(operation) of font file \(path): \(reason)" }

    init(path: String, faceIndex: Int, operation: String, code: FT_Error) {
        self.path = path
        self.faceIndex = faceIndex
        self.operation = operation
        self.code = code
        self.reason = Self.reason(for: code)
    }

    init(path: String, faceIndex: Int, operation: String, reason: String) {
        self.path = path
        self.faceIndex = faceIndex
        self.operation = operation
        self.code = 0
        self.reason = reason
    }

    /// Debian builds FreeType without `FT_CONFIG_OPTION_ERROR_STRINGS`, so `FT_Error_String`
    /// returns NULL there: the errors a font file can cause are spelled out here.
    static func reason(for code: FT_Error) -> String {
        if let text = FT_Error_String(code) { return String(cString: text) }
        switch code {
        case 0x01: return "cannot open resource (missing or unreadable file)"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid argument"
        case 0x17: return "invalid pixel size"
        case 0x40: return "out of memory"
        case 0x51, 0x52, 0x53, 0x54, 0x55: return "broken font table (FreeType error \(code))"
        default: return "FreeType error \(code)"
        }
    }
}

/// The cairo font faces a renderer draws text with, one per (file, face index, colour) and
/// each made from its own `FT_Library` and `FT_Face`.
///
/// Shared by the threads that draw one image's bands or pages, so that each glyph is loaded
/// and rasterised once per image and size, not once per thread: Cairo caches glyphs per scaled
/// font, and one face gives one scaled font per size. Colour glyphs (emoji, each a PNG to
/// decode and scale) drawn into pixels bypass Cairo's font backend, which decoded each three
/// times: `colourGlyphs` makes each image once, with the same bytes. Cairo locks a face's
/// `FT_Face` (its unscaled font's mutex) around every use, and nothing else touches these
/// FreeType objects after they are made: they are never shared with HarfBuzz, which measures
/// with its own `hb_ot` functions, so Cairo may resize them freely. The table of faces is
/// behind a lock.
public final class FreeTypeFaces: @unchecked Sendable {
    struct Key: Hashable {
        var path: String
        var faceIndex: Int
        var isColor: Bool
    }

    private let lock = NSLock()
    private var faces: [Key: CairoFontFace] = [:]
    /// Colour glyphs' images for pixels, each made once (see `ColourGlyphImages`).
    let colourGlyphs = ColourGlyphImages()
    /// Unhinted outlines, grey antialiasing, unrounded metrics: the positions come from the
    /// unhinted layout, so the glyph images must be unhinted too, and fixed options keep pixels
    /// the same on every setup.
    let options: CairoFontOptions

    /// Whether colour glyphs drawn into pixels come from `colourGlyphs` (the
    /// `FastPath.colourGlyphImages` fast path) rather than from Cairo's FreeType backend.
    let drawsColourGlyphImages: Bool

    public init(fastPaths: FastPaths = .current) throws {
        options = try CairoFontOptions()
        drawsColourGlyphImages = fastPaths.isOn(.colourGlyphImages)
    }

    /// Number of faces opened so far.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return faces.count
    }

    /// The cairo face for `font`, opened on first use.
    func face(for font: OpenTypeFont) throws -> CairoFontFace {
        try face(path: font.path, faceIndex: font.faceIndex, isColor: font.isColor)
    }

    private var invisibleText: InvisibleTextFont?

    /// The font that carries colour glyphs' text into a PDF (see `InvisibleTextFont`), made on first use.
    func invisibleTextFont() throws -> InvisibleTextFont {
        lock.lock()
        defer { lock.unlock() }
        if let invisibleText { return invisibleText }
        let font = try InvisibleTextFont()
        invisibleText = font
        return font
    }

    func face(path: String, faceIndex: Int, isColor: Bool) throws -> CairoFontFace {
        let key = Key(path: path, faceIndex: faceIndex, isColor: isColor)
        lock.lock()
        defer { lock.unlock() }
        if let face = faces[key] { return face }
        let face = try CairoFontFace(path: path, faceIndex: faceIndex, isColor: isColor)
        faces[key] = face
        return face
    }
}

/// One `FT_Library` with one `FT_Face` on it.
///
/// Each face gets a library of its own so that destroying it touches no other face: Cairo
/// may release a font face from its global scaled-font cache on whichever thread next
/// creates a scaled font, and FreeType forbids concurrent calls on one library.
/// Freed only when Cairo destroys the font face made from it (see `CairoFontFace`).
final class FreeTypeFace {
    let library: FT_Library
    let face: FT_Face

    init(path: String, faceIndex: Int) throws {
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else {
            throw FreeTypeError(path: path, faceIndex: faceIndex, operation: "start FreeType for face \(faceIndex)",
                                code: initError)
        }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, FT_Long(faceIndex), &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            throw FreeTypeError(path: path, faceIndex: faceIndex, operation: "open face \(faceIndex)", code: openError)
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}

/// A `cairo_font_face_t` made from a `FreeTypeFace`.
///
/// Cairo keeps font faces alive in its own caches after we let go of them, so the FreeType
/// face must live exactly as long as the cairo face: it is handed to Cairo as user data with a
/// destroy callback that releases it, and nothing on the Swift side frees it.
final class CairoFontFace {
    let pointer: OpaquePointer
    let path: String
    let isColor: Bool

    init(path: String, faceIndex: Int, isColor: Bool) throws {
        let freeType = try FreeTypeFace(path: path, faceIndex: faceIndex)
        // FT_LOAD_COLOR asks for the colour bitmaps (CBDT) as BGRA. Debian's Cairo 1.16 was seen
        // to draw them in colour without it too; the flag states the intent for builds that need it.
        let loadFlags = Int32(FT_LOAD_NO_HINTING) | (isColor ? Int32(FT_LOAD_COLOR) : 0)
        guard let pointer = cairo_ft_font_face_create_for_ft_face(freeType.face, loadFlags) else {
            throw FreeTypeError(path: path, faceIndex: faceIndex, operation: "make a cairo font face of face \(faceIndex)",
                                reason: "out of memory")
        }
        var status = cairo_font_face_status(pointer)
        if status == CAIRO_STATUS_SUCCESS {
            // The retain is balanced by `releaseFreeTypeFace` when Cairo destroys the face.
            let retained = Unmanaged.passRetained(freeType).toOpaque()
            status = cairo_font_face_set_user_data(pointer, freeTypeFaceKey, retained, releaseFreeTypeFace)
            if status != CAIRO_STATUS_SUCCESS { Unmanaged<FreeTypeFace>.fromOpaque(retained).release() }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            // Without the user data Cairo does not own the FreeType face: it is freed with
            // `freeType` here, after the cairo face is gone.
            cairo_font_face_destroy(pointer)
            withExtendedLifetime(freeType) {}
            throw FreeTypeError(path: path, faceIndex: faceIndex, operation: "make a cairo font face of face \(faceIndex)",
                                reason: String(cString: cairo_status_to_string(status)))
        }
        self.pointer = pointer
        self.path = path
        self.isColor = isColor
    }

    deinit { cairo_font_face_destroy(pointer) }
}

/// The address Cairo identifies our user data by (allocated once, so it never moves); its value
/// is never read.
nonisolated(unsafe) private let freeTypeFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// Cairo's destroy callback for the `FreeTypeFace` attached to a font face.
private let releaseFreeTypeFace: cairo_destroy_func_t = { data in
    guard let data else { return }
    Unmanaged<FreeTypeFace>.fromOpaque(data).release()
}

/// Fixed `cairo_font_options_t` for text: no hinting of outlines or metrics, grey antialiasing.
final class CairoFontOptions {
    let pointer: OpaquePointer

    init() throws {
        guard let pointer = cairo_font_options_create() else {
            throw CairoError("create font options", status: CAIRO_STATUS_NO_MEMORY)
        }
        let status = cairo_font_options_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_options_destroy(pointer)
            throw CairoError("create font options", status: status)
        }
        cairo_font_options_set_hint_style(pointer, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
        self.pointer = pointer
    }

    deinit { cairo_font_options_destroy(pointer) }
}
