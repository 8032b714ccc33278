import ChatBubbles
import BubbleTheme
import Foundation

/// WCAG 2.x contrast: relative luminance of sRGB colours and the ratio (L1 + 0.05) / (L2 + 0.05),
/// 1:1 to 21:1. AA asks 4.5:1 for body text; chat text, times and names are all body-sized.
public enum ContrastRatio {
    /// WCAG AA for normal text.
    public static let minimum = 4.5

    /// The relative luminance of an opaque colour (alpha ignored: composite first).
    public static func luminance(_ color: RGBAColor) -> Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// The contrast of `foreground` drawn on `background`; a translucent foreground is first
    /// blended onto the background, as it is drawn.
    public static func ratio(_ foreground: RGBAColor, on background: RGBAColor) -> Double {
        let (a, b) = (luminance(composite(foreground, over: background)), luminance(background))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// `top` painted over `bottom` (straight alpha), the result opaque when `bottom` is.
    public static func composite(_ top: RGBAColor, over bottom: RGBAColor) -> RGBAColor {
        let alpha = top.alpha + bottom.alpha * (1 - top.alpha)
        guard alpha > 0 else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
        func mix(_ t: Double, _ b: Double) -> Double { (t * top.alpha + b * bottom.alpha * (1 - top.alpha)) / alpha }
        return RGBAColor(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green),
                         blue: mix(top.blue, bottom.blue), alpha: alpha)
    }
}

/// One pairing of a text colour with what it is drawn on, for the contrast check.
struct ContrastPair {
    /// The colour key that sets the text (the one in effect when an optional key is absent).
    var key: String
    var text: RGBAColor
    /// "the outgoing bubble", "the background".
    var surface: String
    var surfaceColor: RGBAColor

    /// Every text the theme draws and what it sits on: bubble text, links and (in the bubble)
    /// the time on each bubble's fill; names, the header time and day separators on the
    /// background. `fills` are the bubbles' measured fills, nil when the images did not load.
    static func pairs(of document: ThemeDocument, fills: (outgoing: RGBAColor, incoming: RGBAColor)?) -> [ContrastPair] {
        let colors = document.colors, layout = document.layout
        let background = ContrastRatio.composite(colors.background, over: .white)
        var pairs = [ContrastPair(key: "colors.name", text: colors.name, surface: "the background", surfaceColor: background)]
        if let fills {
            let outgoing = ContrastRatio.composite(fills.outgoing, over: background)
            let incoming = ContrastRatio.composite(fills.incoming, over: background)
            pairs += [
                ContrastPair(key: "colors.outgoing_text", text: colors.outgoingText, surface: "the outgoing bubble", surfaceColor: outgoing),
                ContrastPair(key: "colors.incoming_text", text: colors.incomingText, surface: "the incoming bubble", surfaceColor: incoming),
                ContrastPair(key: colors.outgoingLink == nil ? "colors.link" : "colors.outgoing_link",
                             text: colors.outgoingLink ?? colors.link, surface: "the outgoing bubble", surfaceColor: outgoing),
                ContrastPair(key: "colors.link", text: colors.link, surface: "the incoming bubble", surfaceColor: incoming),
            ]
            if layout.timePlacement == .bubble {
                pairs += [
                    ContrastPair(key: colors.outgoingTime == nil ? "colors.time" : "colors.outgoing_time",
                                 text: colors.outgoingTime ?? colors.time, surface: "the outgoing bubble", surfaceColor: outgoing),
                    ContrastPair(key: "colors.time", text: colors.time, surface: "the incoming bubble", surfaceColor: incoming),
                ]
            }
        }
        if layout.timePlacement == .header {
            pairs.append(ContrastPair(key: "colors.time", text: colors.time, surface: "the background", surfaceColor: background))
        }
        if layout.daySeparators {
            let pill = ContrastRatio.composite(colors.labelBackground, over: background)
            pairs.append(ContrastPair(key: "colors.label_text",
                                      text: colors.labelText, surface: "the day separator's pill", surfaceColor: pill))
        }
        return pairs
    }

    /// A warning when the pair is below WCAG AA.
    var finding: ThemeLintFinding? {
        let ratio = ContrastRatio.ratio(text, on: surfaceColor)
        guard ratio < ContrastRatio.minimum else { return nil }
        return ThemeLintFinding(.warning, key: key, "\(text) on \(surface) (\(surfaceColor)) has contrast "
                                + String(format: "%.2f", ratio) + ":1, below WCAG AA 4.5:1")
    }
}
