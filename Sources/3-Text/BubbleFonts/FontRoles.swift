/// What a piece of text is for, which picks its fallback chain: body text and its styled
/// variants, sender names and time labels. A theme names a font file per role.
public enum FontRole: String, Sendable, Hashable, CaseIterable {
    case text, semibold, bold, italic, boldItalic, mono, monoBold, name, time

    /// The role used when a theme gives no font for this one: a bold italic span without a
    /// bold italic font is bold, a semibold one bold; everything else ends at body text.
    public var fallback: FontRole? {
        switch self {
        case .text: nil
        case .semibold, .boldItalic: .bold
        case .monoBold: .mono
        case .bold, .italic, .mono, .name, .time: .text
        }
    }
}

/// The fonts of every role, each an ordered fallback chain (`FontSet`). Only `text` is
/// required; a missing role takes its `FontRole.fallback`.
public struct FontRoles: Sendable {
    public let text: FontSet
    private let others: [FontRole: FontSet]

    public init(text: FontSet, others: [FontRole: FontSet] = [:]) {
        self.text = text
        self.others = others.filter { $0.key != .text }
    }

    /// The chain for `role`, following fallbacks to the text chain.
    public func chain(for role: FontRole) -> FontSet {
        var role = role
        while role != .text {
            if let set = others[role] { return set }
            role = role.fallback ?? .text
        }
        return text
    }

    /// The roles that have a chain of their own.
    public var definedRoles: [FontRole] { FontRole.allCases.filter { $0 == .text || others[$0] != nil } }
}

/// The engine's view of the roles: every distinct font once, numbered (segments and the
/// shape cache refer to fonts by that number), and each role's chain as those numbers with
/// its per-scalar fallback table. Roles with equal chains share one table.
package struct FontTable: Sendable {
    package let fonts: [OpenTypeFont]
    /// Indexed by `FontRole`'s position in `allCases`.
    private let fallbacks: [FontFallback]

    package init(_ roles: FontRoles) throws {
        var fonts: [OpenTypeFont] = []
        var chains: [[UInt8]] = []
        var fallbacks: [FontFallback] = []
        var byRole: [FontFallback] = []
        // Each font's cmap is read once, however many chains it is in.
        var covered: [ObjectIdentifier: [UInt32]] = [:]
        // The coverage of each chain's fonts after its first: most roles share one.
        var tails: [[UInt8]: [UInt8]] = [:]
        for role in FontRole.allCases {
            var chain: [UInt8] = []
            for font in roles.chain(for: role).fonts {
                if let index = fonts.firstIndex(where: { $0 === font || ($0.path == font.path && $0.faceIndex == font.faceIndex) }) {
                    chain.append(UInt8(index))
                } else {
                    // Font numbers are bytes, and `FontFallback`'s table keeps 0xFE and 0xFF for itself.
                    guard fonts.count < 254 else { throw TextEngineError.fontsNotFound("at most 254 distinct fonts") }
                    chain.append(UInt8(fonts.count))
                    fonts.append(font)
                }
            }
            if let shared = chains.firstIndex(of: chain) {
                byRole.append(fallbacks[shared])
            } else {
                for index in chain where covered[ObjectIdentifier(fonts[Int(index)])] == nil {
                    covered[ObjectIdentifier(fonts[Int(index)])] = fonts[Int(index)].coveredScalars()
                }
                let scalars = { (font: OpenTypeFont) in covered[ObjectIdentifier(font)]! }
                let tailChain = Array(chain.dropFirst())
                let tail = tails[tailChain] ?? FontFallback.coverage(of: tailChain[...], fonts: fonts, over: nil, coveredScalars: scalars)
                tails[tailChain] = tail
                let coverage = FontFallback.coverage(of: chain.prefix(1), fonts: fonts, over: tail, coveredScalars: scalars)
                let fallback = FontFallback(chain: chain, fonts: fonts, coverage: coverage)
                chains.append(chain)
                fallbacks.append(fallback)
                byRole.append(fallback)
            }
        }
        self.fonts = fonts
        self.fallbacks = byRole
    }

    @inline(__always)
    package func fallback(for role: FontRole) -> FontFallback { fallbacks[Self.position(role)] }

    @inline(__always)
    private static func position(_ role: FontRole) -> Int {
        switch role {
        case .text: 0
        case .semibold: 1
        case .bold: 2
        case .italic: 3
        case .boldItalic: 4
        case .mono: 5
        case .monoBold: 6
        case .name: 7
        case .time: 8
        }
    }
}
