import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleTheme
import Foundation

extension AvatarShape {
    var clip: ImageClip {
        switch self {
        case .circle: .circle
        case .rounded(let radius): .roundedRectangle(radius: radius)
        }
    }
}

/// What `drawAvatar` drew, so the caller knows whether to put initials on it.
public enum AvatarDrawing: Equatable, Sendable {
    case photo
    /// No usable photo: a shape filled with `color`; `photoProblem` says why a photo that was
    /// given could not be used (nil when there was none).
    case generated(color: RGBAColor, photoProblem: String?)
}

/// The colours of avatars without a photo, chosen from the JID so a contact keeps the same
/// colour in every render, on every machine, in every process.
public enum AvatarPalette {
    /// Medium tones that carry white initials: coral, amber, green, teal, sky, blue, indigo,
    /// violet, pink, slate.
    public static let colors: [RGBAColor] = [
        "#E57373", "#F0A04B", "#66BB6A", "#26A69A", "#29B6F6",
        "#5C8DEA", "#7986CB", "#9575CD", "#F06292", "#78909C",
    ].map { RGBAColor(hex: $0)! }

    /// The palette colour for a JID. JIDs compare case-insensitively, so the JID is
    /// lowercased first; the hash is FNV-1a because Swift's `Hasher` is seeded per process.
    public static func color(forJID jid: String) -> RGBAColor {
        colors[Int(fnv1a32(Array(jid.lowercased().utf8)) % UInt32(colors.count))]
    }

    /// 32-bit FNV-1a.
    public static func fnv1a32(_ bytes: [UInt8]) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }
}

extension CairoContext {
    /// Draws an avatar in `rect` cut to `shape`: the photo scaled to fill (keeping its
    /// proportions, centred), or, without a usable photo, the shape in the JID's colour. With
    /// `images`, the photo is decoded once however many rows show it.
    @discardableResult
    public func drawAvatar(photo: Data?, jid: String, in rect: CGRect, shape: AvatarShape,
                           images: ImageCache? = nil) throws -> AvatarDrawing {
        let color = AvatarPalette.color(forJID: jid)
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
              rect.minX.isFinite, rect.minY.isFinite else { return .generated(color: color, photoProblem: nil) }
        var problem: String?
        if let photo {
            do {
                let name = "avatar of \(jid)"
                let image = try images?.image(photo, name: name) ?? RasterImage(data: photo, name: name)
                try draw(image, in: rect, fit: .aspectFill, clip: shape.clip)
                return .photo
            } catch let error as ImageDecodingError {
                problem = error.description
            }
        }
        withSavedState {
            newPath()
            switch shape {
            case .circle: addCircle(center: CGPoint(x: rect.midX, y: rect.midY), radius: Double(min(rect.width, rect.height)) / 2)
            case .rounded(let radius): addRoundedRectangle(rect, radius: radius)
            }
            setColor(color)
            fill()
        }
        try check("draw the avatar of \(jid)")
        return .generated(color: color, photoProblem: problem)
    }
}

/// The letters on an avatar without a photo, as iOS Contacts draws them: the first letter of
/// the first and of the last word ("Ann Marie Lee" → "AL"), one letter for a one-word name,
/// and for a name in Chinese, Japanese or Korean its first character alone ("王小明" → "王"),
/// since those names are not written as words with initials.
///
/// A word's initial is its first letter or digit, so emoji, brackets and other punctuation
/// are skipped ("🎉 Party Time" → "PT", "(Ann)" → "A"); a word with neither counts as no word.
/// A name with no letter at all has no initials (the avatar is its colour alone). Letters are
/// upper-cased unless that makes two of one ("ß" stays "ß").
public enum AvatarInitials {
    public static func initials(for name: String) -> String {
        let initials = name.split(whereSeparator: \.isWhitespace).compactMap { word in word.first(where: isInitial) }
        guard let first = initials.first else { return "" }
        if isIdeographicName(first) { return String(first) }
        guard initials.count > 1, let last = initials.last, !isIdeographicName(last) else { return upper(first) }
        return upper(first) + upper(last)
    }

    /// A letter or a decimal digit (judged by the character's first scalar, so "É" written
    /// as E and a combining accent counts).
    static func isInitial(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber: return true
        default: return false
        }
    }

    /// Han, kana, Hangul and Bopomofo: scripts whose names take their first character alone.
    static func isIdeographicName(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        if scalar.properties.isIdeographic { return true }
        switch scalar.value {
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3100...0x312F, 0x3130...0x318F, 0x31A0...0x31BF, 0x31F0...0x31FF,
             0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xFF66...0xFF9F, 0xFFA0...0xFFDC:
            return true
        default: return false
        }
    }

    private static func upper(_ character: Character) -> String {
        let upper = String(character).uppercased()
        return upper.count == 1 ? upper : String(character)
    }
}
