import BubbleFastPaths
@testable import BubbleText

/// The differential target of the seam: any text, in a chain that starts with any of the
/// bundled fonts, laid out with every fast path on and with none (HarfBuzz shapes and ICU
/// breaks everything). Any difference in glyphs, advances, positions or line breaks is a crash.
/// The first byte picks the chain's primary font and the width; the rest is the text (UTF-8,
/// invalid bytes replaced).
enum Engines {
    static let primaries = ["Inter-Regular.otf", "Inter-BoldItalic.otf", "DejaVuSansMono.ttf", "NotoSansArabicUI-Regular.ttf",
                            "NotoSansCJK-Regular.ttc#0", "NotoSansDevanagariUI-Regular.ttf", "NotoSansThaiUI-Regular.ttf",
                            "NotoColorEmoji.ttf"]
    static let pairs: [(fast: TextEngine, exact: TextEngine)] = primaries.map { primary in
        let fonts = try! FontRoles(files: [.text: [primary] + FontSet.bundledFallbackFiles.filter { $0 != primary }])
        return (try! TextEngine(fonts: fonts, language: nil, cachesShaping: true, cutsInertRuns: true,
                                fastPaths: FastPaths(versions: .loaded, exact: false), trustsAllFonts: true),
                try! TextEngine(fonts: fonts, fastPaths: .exact))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFastPaths(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard count > 0, let start else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: min(count, 4096))
    let pair = Engines.pairs[Int(bytes[0]) % Engines.pairs.count]
    let width = [285.0, 120, 37.5, 8][Int(bytes[0]) / 8 % 4]
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let style = TextStyle(fontSize: 16, maxWidth: width)
    let fast = try? pair.fast.layout(text, style: style)
    let exact = try? pair.exact.layout(text, style: style)
    precondition(fast == exact, "fast paths and the libraries differ for \(Array(text.unicodeScalars.map(\.value)))")
    return 0
}
