import CHarfBuzz

/// The font faces the project ships in `Fonts/`, recognised by content rather than by name: a
/// user's font saved under a bundled file name is not one of them. The OpenType shortcuts were
/// proven against these faces only (their tests compare them with HarfBuzz for every one), so
/// an engine takes them only when every font it holds is listed here.
package enum ShippedFonts {
    /// What identifies a face: its file's size, its index in the file, its `head` table's
    /// checksum adjustment (a checksum of the whole file) and its glyph count.
    package struct Fingerprint: Hashable {
        package var bytes: Int
        package var face: Int
        package var checksumAdjustment: UInt32
        package var glyphs: Int
    }

    /// Every face of every font file in `Fonts/`, as written by `Fonts/fingerprints.py`.
    package static let fingerprints: Set<Fingerprint> = [
        Fingerprint(bytes: 334268, face: 0, checksumAdjustment: 0xDF91AAA5, glyphs: 3316), // DejaVuSansMono-Bold.ttf
        Fingerprint(bytes: 343140, face: 0, checksumAdjustment: 0xF7BE0405, glyphs: 3377), // DejaVuSansMono.ttf
        Fingerprint(bytes: 271436, face: 0, checksumAdjustment: 0xC1D0F8B4, glyphs: 2548), // Inter-Bold.otf
        Fingerprint(bytes: 278016, face: 0, checksumAdjustment: 0xEEC2F059, glyphs: 2548), // Inter-BoldItalic.otf
        Fingerprint(bytes: 271400, face: 0, checksumAdjustment: 0x348621F5, glyphs: 2548), // Inter-Italic.otf
        Fingerprint(bytes: 258992, face: 0, checksumAdjustment: 0x030E5EF7, glyphs: 2548), // Inter-Regular.otf
        Fingerprint(bytes: 270760, face: 0, checksumAdjustment: 0x1FC60E78, glyphs: 2548), // Inter-SemiBold.otf
        Fingerprint(bytes: 10980856, face: 0, checksumAdjustment: 0xD2A2D29F, glyphs: 3968), // NotoColorEmoji.ttf
        Fingerprint(bytes: 267504, face: 0, checksumAdjustment: 0x53067A35, glyphs: 1566), // NotoSansArabicUI-Regular.ttf
        Fingerprint(bytes: 30892, face: 0, checksumAdjustment: 0x7C9E644B, glyphs: 107), // NotoSansArmenian-Regular.ttf
        Fingerprint(bytes: 197252, face: 0, checksumAdjustment: 0x09AD2AE3, glyphs: 652), // NotoSansBengaliUI-Regular.ttf
        Fingerprint(bytes: 19484784, face: 0, checksumAdjustment: 0x9504C50C, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 19484784, face: 1, checksumAdjustment: 0x4E7DC099, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 19484784, face: 2, checksumAdjustment: 0x9D95D424, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 19484784, face: 3, checksumAdjustment: 0x9CEAB0DF, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 19484784, face: 4, checksumAdjustment: 0x06600E77, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 19484784, face: 5, checksumAdjustment: 0x4F6E70F8, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 19484784, face: 6, checksumAdjustment: 0x5F0FC50B, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 19484784, face: 7, checksumAdjustment: 0x71DC25E4, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 19484784, face: 8, checksumAdjustment: 0x9AF2C485, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 19484784, face: 9, checksumAdjustment: 0xF6F82FED, glyphs: 65535), // NotoSansCJK-Regular.ttc
        Fingerprint(bytes: 215368, face: 0, checksumAdjustment: 0x26BA89B2, glyphs: 922), // NotoSansDevanagariUI-Regular.ttf
        Fingerprint(bytes: 343168, face: 0, checksumAdjustment: 0xA7317693, glyphs: 566), // NotoSansEthiopic-Regular.ttf
        Fingerprint(bytes: 53072, face: 0, checksumAdjustment: 0x8D1F7F86, glyphs: 225), // NotoSansGeorgian-Regular.ttf
        Fingerprint(bytes: 204636, face: 0, checksumAdjustment: 0x8847337D, glyphs: 816), // NotoSansGujaratiUI-Regular.ttf
        Fingerprint(bytes: 54204, face: 0, checksumAdjustment: 0x3ECF10AC, glyphs: 314), // NotoSansGurmukhiUI-Regular.ttf
        Fingerprint(bytes: 26892, face: 0, checksumAdjustment: 0xA1B1CE5B, glyphs: 149), // NotoSansHebrew-Regular.ttf
        Fingerprint(bytes: 126672, face: 0, checksumAdjustment: 0xA311A8FD, glyphs: 481), // NotoSansKannadaUI-Regular.ttf
        Fingerprint(bytes: 130184, face: 0, checksumAdjustment: 0x667A516A, glyphs: 381), // NotoSansKhmerUI-Regular.ttf
        Fingerprint(bytes: 32020, face: 0, checksumAdjustment: 0x62CECED2, glyphs: 118), // NotoSansLaoUI-Regular.ttf
        Fingerprint(bytes: 110512, face: 0, checksumAdjustment: 0xC05C4AA3, glyphs: 354), // NotoSansMalayalamUI-Regular.ttf
        Fingerprint(bytes: 196500, face: 0, checksumAdjustment: 0x665D5AA5, glyphs: 610), // NotoSansMyanmarUI-Regular.ttf
        Fingerprint(bytes: 307704, face: 0, checksumAdjustment: 0xBC4BE6D8, glyphs: 645), // NotoSansSinhalaUI-Regular.ttf
        Fingerprint(bytes: 72676, face: 0, checksumAdjustment: 0x78EAE557, glyphs: 244), // NotoSansTamilUI-Regular.ttf
        Fingerprint(bytes: 194564, face: 0, checksumAdjustment: 0xFFC9E55B, glyphs: 801), // NotoSansTeluguUI-Regular.ttf
        Fingerprint(bytes: 37896, face: 0, checksumAdjustment: 0x0B881D6B, glyphs: 140), // NotoSansThaiUI-Regular.ttf
    ]

    package static func contains(_ font: OpenTypeFont) -> Bool {
        fingerprints.contains(font.fingerprint)
    }
}

extension OpenTypeFont {
    /// Whether this face is one the project ships (`ShippedFonts`).
    public var isShipped: Bool { ShippedFonts.contains(self) }

    /// This face's `ShippedFonts.Fingerprint` (nil fields read as zero).
    package var fingerprint: ShippedFonts.Fingerprint {
        let head = hb_face_reference_table(face, hb_tag_t(0x6865_6164)) // 'head'
        defer { hb_blob_destroy(head) }
        var length: UInt32 = 0
        var adjustment: UInt32 = 0
        if let data = hb_blob_get_data(head, &length), length >= 12 {
            let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
            adjustment = (8..<12).reduce(0) { $0 << 8 | UInt32(bytes[$1]) }
        }
        return ShippedFonts.Fingerprint(bytes: Int(hb_blob_get_length(blob)), face: faceIndex,
                                        checksumAdjustment: adjustment, glyphs: Int(hb_face_get_glyph_count(face)))
    }
}
