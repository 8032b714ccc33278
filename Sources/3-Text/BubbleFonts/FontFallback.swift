import BubbleUnicode

/// Chooses a font for every grapheme cluster from one role's fallback chain: the first font
/// of the chain that has glyphs for all of the cluster's visible characters, the colour emoji
/// font first for emoji presentation. Fonts are numbered as in the engine's `FontTable`.
/// A class: the engine hands it to every message's segmenter and unit builders, and as a
/// struct of four arrays each copy cost four reference-count operations.
package final class FontFallback: Sendable {
    /// The chain, as numbers into `fonts`, primary font first.
    package let chain: [UInt8]
    /// Every font of the engine, by number (the chain's fonts among them).
    package let fonts: [OpenTypeFont]
    package let primary: UInt8
    /// The chain's colour emoji font, which emoji-presentation clusters try first.
    package let emoji: UInt8?
    /// Whether the primary font has every printable ASCII character (then ASCII text needs no lookups).
    package let primaryCoversASCII: Bool

    /// Per font of the engine: whether it has a glyph for U+0020; and the chain's first that does.
    private let coversSpace: [Bool]
    private let firstCoveringSpace: UInt8?

    /// Per BMP code unit: the first font (in fallback order) that covers it, 0xFF for none, or
    /// `generalPath` for whitespace, invisible controls, emoji and surrogates, whose fonts the
    /// cluster walk decides. One load instead of a cmap search per font, and no question about
    /// the character's properties, for the common single-unit cluster (CJK text asks per
    /// character). Only code units are looked up, so the BMP is all it holds.
    private let firstCoveringFont: [UInt8]
    private static let tableLimit: UInt32 = 0x10000
    private static let generalPath: UInt8 = 0xFE
    /// The BMP characters `generalPath` marks (surrogates apart), found once.
    private static let unitsOfTheGeneralPath: [UInt16] = UnicodeScalars.bmpUnits(whitespaceInvisibleOrEmoji: true)

    /// `coverage` is `coverage(of: chain…)`: the first covering font of each BMP unit.
    package init(chain: [UInt8], fonts: [OpenTypeFont], coverage: [UInt8]) {
        self.chain = chain
        self.fonts = fonts
        primary = chain[0]
        emoji = chain.first { fonts[Int($0)].isColor }
        let primaryFont = fonts[Int(chain[0])]
        primaryCoversASCII = (0x20...0x7E).allSatisfy { primaryFont.covers(UInt32($0)) }
        coversSpace = fonts.map { $0.covers(0x20) }
        firstCoveringSpace = chain.first { fonts[Int($0)].covers(0x20) }
        precondition(fonts.count <= Int(Self.generalPath), "\(fonts.count) fonts: a font number must fit the table")
        precondition(coverage.count == Int(Self.tableLimit), "a coverage table of \(coverage.count) units")
        var table = coverage
        table.withUnsafeMutableBufferPointer { slots in
            for unit in 0xD800..<0xE000 { slots[unit] = Self.generalPath }
            for unit in Self.unitsOfTheGeneralPath { slots[Int(unit)] = Self.generalPath }
        }
        firstCoveringFont = table
    }

    /// The first font of `chain` that covers each BMP unit, 0xFF for none: `tail` (the table of
    /// fonts that come after them, when the caller has it; the roles' chains share their fallback
    /// fonts after the first, so one table of those is copied instead of every font being read
    /// into each) with the chain's fonts written over it, last first. `coveredScalars` gives a
    /// font's cmap (a cache, so that chains sharing fonts read each once).
    package static func coverage(of chain: ArraySlice<UInt8>, fonts: [OpenTypeFont], over tail: [UInt8]?,
                         coveredScalars: (OpenTypeFont) -> [UInt32]) -> [UInt8] {
        var table = tail ?? [UInt8](filledWith: 0xFF, count: Int(tableLimit))
        // Through raw buffers: ~90,000 stores per chain with the full CJK collection; an array
        // subscript pays a uniqueness check on every one, and an unoptimised build's array
        // iterator allocates per element (380,000 mallocs per process, 4 s of start-up under
        // AddressSanitizer's slow unwinder).
        table.withUnsafeMutableBufferPointer { slots in
            for index in chain.reversed() {
                coveredScalars(fonts[Int(index)]).withUnsafeBufferPointer { scalars in
                    for position in 0..<scalars.count where scalars[position] < tableLimit {
                        slots[Int(scalars[position])] = index
                    }
                }
            }
        }
        return table
    }

    /// A font index per cluster. `boundaries` are the clusters' end offsets in `text`, starting
    /// after `start`. Whitespace never switches fonts on its own: it keeps the font of the text
    /// before it, or takes the font of the text after it at the start of a paragraph and after
    /// an emoji (whose font's space is a full emoji wide), as Pango does; a space between two
    /// emoji or at the end takes the primary font. A space before a digit, punctuation or a
    /// symbol (script Common, so no new script run in Pango) takes that character's font, as
    /// Pango's itemizer gives it ("国 3" has Inter's space, "国 a" the CJK font's).
    package func fonts(for text: UnsafeBufferPointer<UInt16>, from start: Int, boundaries: [Int]) -> [UInt8] {
        var result = [UInt8](filledWith: primary, count: boundaries.count)
        if primaryCoversASCII && text[start..<(boundaries.last ?? start)].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return result
        }
        var pendingSpaces: [Int] = []
        var keptSpaces: [Int] = []
        var previous: UInt8? = nil
        // After right-to-left letters a digit starts a new bidi run (and a new Pango item), so
        // the space keeps the font before it.
        var previousIsRightToLeft = false
        var clusterStart = start
        for (index, end) in boundaries.enumerated() {
            defer { clusterStart = end }
            if end == clusterStart + 1, let font = font(ofSingleUnit: text[clusterStart]) {
                result[index] = font
                if !keptSpaces.isEmpty {
                    settle(&keptSpaces, before: font, scalar: UInt32(text[clusterStart]), text: text, start: start,
                           boundaries: boundaries, result: &result)
                }
                previousIsRightToLeft = Self.isRightToLeft(UInt32(text[clusterStart]))
                previous = font
                resolve(&pendingSpaces, to: font, text: text, start: start, boundaries: boundaries, result: &result)
                continue
            }
            // A space (most of the clusters that come here) is answered from the covering
            // tables, without reading its scalars or a font's cmap.
            let space = end == clusterStart + 1 && text[clusterStart] == 0x20
            let scalars = space ? nil : ClusterScalars(text: text, range: clusterStart..<end)
            guard let cluster = scalars, !cluster.isSpaceLike else {
                if let previous, previous != emoji, scalars.map({ fonts[Int(previous)].covers($0.first) }) ?? coversSpace[Int(previous)] {
                    result[index] = previous
                    if previous != primary && !previousIsRightToLeft { keptSpaces.append(index) }
                } else if previous == nil || previous == emoji {
                    pendingSpaces.append(index)
                } else {
                    result[index] = (scalars.map(firstCovering) ?? firstCoveringSpace) ?? primary
                }
                continue
            }
            let font = choose(cluster)
            result[index] = font
            if !keptSpaces.isEmpty {
                settle(&keptSpaces, before: font, scalar: cluster.first, text: text, start: start,
                       boundaries: boundaries, result: &result)
            }
            previousIsRightToLeft = Self.isRightToLeft(cluster.first)
            previous = font
            resolve(&pendingSpaces, to: font, text: text, start: start, boundaries: boundaries, result: &result)
        }
        return result
    }

    /// The font of a cluster of one code unit that is not whitespace, invisible or an emoji (nil
    /// for those and for surrogates): what `fonts(for:from:boundaries:)` gives such a cluster.
    @inline(__always)
    package func font(ofSingleUnit unit: UInt16) -> UInt8? {
        let font = firstCoveringFont[Int(unit)]
        if font == Self.generalPath { return nil }
        return font == 0xFF ? primary : font
    }

    /// The font `fonts(for:from:boundaries:)` gives the cluster `text[cluster]` when it is neither
    /// whitespace nor invisible (whose fonts depend on their neighbours); nil for such a cluster.
    package func font(ofCluster text: UnsafeBufferPointer<UInt16>, _ cluster: Range<Int>) -> UInt8? {
        if cluster.count == 1, let font = font(ofSingleUnit: text[cluster.lowerBound]) { return font }
        let scalars = ClusterScalars(text: text, range: cluster)
        return scalars.isSpaceLike ? nil : choose(scalars)
    }

    /// Spaces that kept the font before them move to the font of the character after them when
    /// that character is script Common (digits, ASCII punctuation, symbols) in another font.
    private func settle(_ kept: inout [Int], before font: UInt8, scalar: UInt32, text: UnsafeBufferPointer<UInt16>,
                        start: Int, boundaries: [Int], result: inout [UInt8]) {
        defer { kept.removeAll() }
        guard font != emoji, Self.isCommonScript(scalar) else { return }
        for space in kept where result[space] != font {
            let spaceScalar = ClusterScalars.firstScalar(text, at: space == 0 ? start : boundaries[space - 1])
            if fonts[Int(font)].covers(spaceScalar) { result[space] = font }
        }
    }

    /// Digits, ASCII punctuation and symbols, Latin-1 signs, and the general punctuation,
    /// currency, letterlike, number-form, arrow and mathematical blocks: characters of script
    /// Common that do not start a script run of their own.
    package static func isCommonScript(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x21...0x40, 0x5B...0x60, 0x7B...0x7E, 0xA1...0xBF, 0xD7, 0xF7, 0x2010...0x2BFF: true
        default: false
        }
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms.
    package static func isRightToLeft(_ scalar: UInt32) -> Bool {
        (0x0590...0x08FF).contains(scalar) || (0xFB1D...0xFDFF).contains(scalar) || (0xFE70...0xFEFF).contains(scalar)
    }

    /// Spaces waiting for the font after them take it, unless it is the emoji font.
    private func resolve(_ pending: inout [Int], to font: UInt8, text: UnsafeBufferPointer<UInt16>, start: Int,
                         boundaries: [Int], result: inout [UInt8]) {
        if pending.isEmpty { return }
        for space in pending where font != emoji {
            let scalar = ClusterScalars.firstScalar(text, at: space == 0 ? start : boundaries[space - 1])
            result[space] = fonts[Int(font)].covers(scalar) ? font : primary
        }
        pending.removeAll()
    }

    private func choose(_ cluster: ClusterScalars) -> UInt8 {
        if cluster.wantsEmojiPresentation, let emoji, fonts[Int(emoji)].covers(cluster.first) {
            return emoji
        }
        if let font = firstCovering(cluster) { return font }
        // No font has the whole cluster: keep the base character visible if any font has it,
        // else the primary font's .notdef box.
        return chain.first { fonts[Int($0)].covers(cluster.first) } ?? primary
    }

    private func firstCovering(_ cluster: ClusterScalars) -> UInt8? {
        chain.first { index in cluster.allVisible(fonts[Int(index)].covers) }
    }
}

/// The scalars of one grapheme cluster and what they say about presentation.
package struct ClusterScalars {
    package let first: UInt32
    package let isSpaceLike: Bool
    package let wantsEmojiPresentation: Bool
    /// The cluster's code units, read again by `allVisible`: a cluster is looked at within one
    /// call of `fonts(for:)`, and decoding its one or few scalars twice costs less than the two
    /// arrays a cluster used to allocate (spaces come here, so most non-ASCII messages made
    /// several per word).
    private let text: UnsafeBufferPointer<UInt16>
    private let range: Range<Int>

    package init(text: UnsafeBufferPointer<UInt16>, range: Range<Int>) {
        self.text = text
        self.range = range
        // UTS #51: VS16, a keycap, a skin tone, a flag or a ZWJ sequence asks for emoji; VS15 for
        // text; otherwise the first character's Emoji_Presentation property decides.
        var first: UInt32?
        var spaceLike = true, textStyle = false, emojiStyle = false, joiner = false, pictographic = false
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar = UnicodeScalars.decode(text, at: &index)
            if first == nil { first = scalar }
            spaceLike = spaceLike && (UnicodeScalars.isWhitespace(scalar) || UnicodeScalars.isInvisibleControl(scalar))
            textStyle = textStyle || scalar == 0xFE0E
            emojiStyle = emojiStyle || scalar == 0xFE0F || scalar == 0x20E3 || UnicodeScalars.isEmojiModifier(scalar)
                || UnicodeScalars.isRegionalIndicator(scalar)
            joiner = joiner || scalar == 0x200D
            pictographic = pictographic || UnicodeScalars.isExtendedPictographic(scalar)
        }
        self.first = first ?? 0x20
        isSpaceLike = spaceLike
        wantsEmojiPresentation = !textStyle
            && (emojiStyle || (joiner && pictographic) || first.map(UnicodeScalars.isEmojiPresentation) ?? false)
    }

    /// Whether `covers` holds for every scalar that needs a glyph (default-ignorables such as
    /// ZWJ and variation selectors do not).
    package func allVisible(_ covers: (UInt32) -> Bool) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar = UnicodeScalars.decode(text, at: &index)
            if !UnicodeScalars.isDefaultIgnorable(scalar) && !covers(scalar) { return false }
        }
        return true
    }

    package static func firstScalar(_ text: UnsafeBufferPointer<UInt16>, at offset: Int) -> UInt32 {
        var index = offset
        return UnicodeScalars.decode(text, at: &index)
    }
}
