import ChatBubbles
import BubbleLayout
import BubbleRender
import BubbleTheme
import BubbleText
import Foundation

/// `bubbles theme lint`: what loading a theme cannot see, because the theme loads and draws
/// without complaint: caps that squash the corners of the smallest bubbles, a tail in a
/// stretched zone, scales that disagree, text insets that leave no line, text colours below
/// WCAG AA, fonts missing from Fonts/. Each finding names the key to change.
public enum ThemeLint {
    /// The narrowest screen the project supports (iPhone SE), where text is narrowest.
    public static let narrowestScreen = 320.0

    /// Lints the theme named `nameOrPath` (a name in Themes/ or a directory). Never throws for
    /// a bad theme: what stops a check is itself a finding.
    public static func lint(_ nameOrPath: String, currentDirectory: String = FileManager.default.currentDirectoryPath,
                            fontsDirectory: String? = nil) -> ThemeLintReport {
        var report = ThemeLintReport(theme: nameOrPath, findings: [])
        let theme: Theme
        do {
            theme = try Theme.named(nameOrPath, currentDirectory: currentDirectory)
        } catch let error as ThemeError {
            report.findings.append(ThemeLintFinding(.error, key: error.key ?? "theme.json", error.problem))
            return report
        } catch {
            report.findings.append(ThemeLintFinding(.error, key: "theme.json", "\(error)"))
            return report
        }
        let fonts = fontFindings(theme, fontsDirectory: fontsDirectory)
        report.findings += fonts.findings
        report.findings += sizeFindings(theme, engine: fonts.engine)
        let images = BubbleImageLint.load(theme)
        report.findings += images.findings
        report.findings += images.bubbles.flatMap { $0.findings() }
        let fills = images.fills
        report.findings += ContrastPair.pairs(of: theme.document, fills: fills).compactMap(\.finding)
        report.findings = accept(report.findings, theme.document.lintAccepted)
        return report
    }

    /// Every font file the theme names must be in Fonts/; with all there, the text engine
    /// the size checks measure with.
    static func fontFindings(_ theme: Theme, fontsDirectory: String?) -> (findings: [ThemeLintFinding], engine: TextEngine?) {
        let directory: String
        do {
            directory = try fontsDirectory ?? FontSet.locateBundledFonts()
        } catch {
            return ([ThemeLintFinding(.error, key: "fonts", "the bundled Fonts/ folder is not found: \(error)")], nil)
        }
        let missing = theme.fonts.namedFiles.filter { !FileManager.default.fileExists(atPath: directory + "/" + FontSet.fileAndFace($0.file).file) }
        guard missing.isEmpty else {
            return (missing.map { ThemeLintFinding(.error, key: $0.key, "'\($0.file)' is not in Fonts/ (\(directory))") }, nil)
        }
        do {
            return ([], try TextEngine(fonts: theme.fontRoles(fontsDirectory: directory), language: theme.fonts.language))
        } catch {
            return ([ThemeLintFinding(.error, key: "fonts", "the fonts do not load: \(error)")], nil)
        }
    }

    /// The smallest bubbles each side draws, laid out by the layouter itself: one line of
    /// text (the one-line minimum plus the insets: 40 pt high in classic), a one-character
    /// message (the narrowest text bubble) and a voice message (100 pt wide in classic).
    static func smallestBubbles(_ theme: Theme, engine: TextEngine) throws -> [BubbleDirection: (width: Double, widthKind: String, height: Double)] {
        let metrics = theme.layoutMetrics
        let me = Participant(jid: "me@lint.invalid", nickname: "Me"), peer = Participant(jid: "peer@lint.invalid", nickname: "Peer")
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var messages: [Message] = []
        for (index, text) in ["i", ".", "l"].enumerated() {
            for outgoing in [true, false] {
                let n = messages.count
                messages.append(Message(source: "\(outgoing ? "out" : "in")-\(index)", outgoing: outgoing,
                                        time: start + Double(n) * 86_400, body: text))
            }
        }
        let conversation = Conversation(account: me, peer: peer, messages: messages)
        let model = ConversationViewModel(conversation: conversation, options: theme.viewModelOptions(timeZone: TimeZone(identifier: "UTC")!),
                                          images: RasterImageVerifier())
        let layouter = ConversationLayouter(metrics: metrics, engine: engine)
        let rows = try layouter.layout(model.items, screenWidth: narrowestScreen).rows.compactMap(\.bubble)
        var smallest: [BubbleDirection: (width: Double, widthKind: String, height: Double)] = [:]
        for direction in [BubbleDirection.outgoing, .incoming] {
            let bubbles = rows.filter { $0.direction == direction }.map(\.bubble)
            guard let narrowest = bubbles.map(\.width).min(), let lowest = bubbles.map(\.height).min() else { continue }
            let audio = metrics.audioWidths.lowerBound
            smallest[direction] = narrowest <= audio
                ? (narrowest, "a one-character message", lowest)
                : (audio, "the shortest voice message", lowest)
        }
        return smallest
    }

    /// Cap insets against the smallest bubbles (caps larger than a bubble are shrunk to fit,
    /// squashing its corners), and text insets that leave less than a line at 320 pt.
    static func sizeFindings(_ theme: Theme, engine: TextEngine?) -> [ThemeLintFinding] {
        var findings: [ThemeLintFinding] = []
        let metrics = theme.layoutMetrics
        let textWidth = metrics.maxTextWidth(screenWidth: narrowestScreen)
        if textWidth < theme.fonts.text.size {
            findings.append(ThemeLintFinding(.error, key: "layout.text_insets", "at \(f(narrowestScreen)) pt the text is "
                + "\(f(textWidth)) pt wide, less than one \(f(theme.fonts.text.size)) pt character: no line fits "
                + "(margin, avatar, gap and the left inset take the screen)"))
        }
        guard let engine else { return findings }
        let smallest: [BubbleDirection: (width: Double, widthKind: String, height: Double)]
        do {
            smallest = try smallestBubbles(theme, engine: engine)
        } catch {
            return findings + [ThemeLintFinding(.error, key: "layout", "the smallest bubbles do not lay out: \(error)")]
        }
        let bubbles = theme.document.bubbles
        var sides: [(key: String, caps: EdgeInsets, direction: BubbleDirection)] = [("bubbles.outgoing.cap_insets", bubbles.outgoing.capInsets, .outgoing)]
        if let incoming = bubbles.incoming {
            sides.append(("bubbles.incoming.cap_insets", incoming.capInsets, .incoming))
        } else {
            sides.append(("bubbles.outgoing.cap_insets", bubbles.outgoing.capInsets.mirrored, .incoming))
        }
        for side in sides {
            guard let size = smallest[side.direction] else { continue }
            let name = side.direction.rawValue
            let (caps, vertical, horizontal) = (side.caps, side.caps.top + side.caps.bottom, side.caps.left + side.caps.right)
            if vertical > size.height {
                findings.append(ThemeLintFinding(.error, key: side.key, "top \(f(caps.top)) + bottom \(f(caps.bottom)) = \(f(vertical)) pt "
                    + "is more than the \(f(size.height)) pt height of the lowest \(name) bubble (one line of text): its corners are squashed"))
            }
            if horizontal > size.width {
                findings.append(ThemeLintFinding(.error, key: side.key, "left \(f(caps.left)) + right \(f(caps.right)) = \(f(horizontal)) pt "
                    + "is more than the \(f(size.width)) pt width of the narrowest \(name) bubble (\(size.widthKind)): its corners are squashed"))
            }
        }
        // A mirrored incoming side has the same sums: say each problem once.
        var seen = Set<String>()
        return findings.filter { seen.insert($0.description).inserted }
    }

    /// Marks the findings `lint.accept` names (warnings only: an error draws wrongly and cannot
    /// be accepted), and warns of accepts that match nothing, so the list never goes stale.
    static func accept(_ findings: [ThemeLintFinding], _ accepted: [String: String]) -> [ThemeLintFinding] {
        var used = Set<String>()
        var result = findings.map { finding -> ThemeLintFinding in
            guard finding.severity == .warning, let reason = accepted[finding.key] else { return finding }
            used.insert(finding.key)
            var marked = finding
            marked.acceptedBecause = reason
            return marked
        }
        for key in accepted.keys.sorted() where !used.contains(key) {
            result.append(ThemeLintFinding(.warning, key: "lint.accept.\(key)", "accepts no warning of this theme: remove it"))
        }
        return result
    }

    static func f(_ value: Double) -> String {
        value == value.rounded() ? formatNumber(value) : String(format: "%.1f", value)
    }
}
