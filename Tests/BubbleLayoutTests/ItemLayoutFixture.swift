import BubbleArchive
import BubbleLayout
import BubbleModel
import BubbleText
import Foundation
import Testing

/// Builders for the conversation-item tests: messages at chosen times, a layouter with
/// chosen metrics, and the engine that measures the expected sizes the same way the layout does.
enum ItemFixture {
    static let width = 375.0
    static let engine = Result { try TextEngine(fonts: FontRoles.bundled()) }
    static let ann = Participant(jid: "ann@example.com", nickname: "Ann")
    static let bob = Participant(jid: "bob@example.com", nickname: "Bob")
    static let me = Participant(jid: "me@example.com", nickname: "Me")
    /// 2024-05-01 09:30:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_714_555_800)

    static func layouter(_ metrics: LayoutMetrics = .classic) throws -> ConversationLayouter {
        ConversationLayouter(metrics: metrics, engine: try engine.get())
    }

    static func metrics(_ change: (inout LayoutMetrics) -> Void) -> LayoutMetrics {
        var metrics = LayoutMetrics.classic
        change(&metrics)
        return metrics
    }

    /// A message `seconds` after `start`; incoming from Ann unless another sender or direction is given.
    static func message(_ content: BubbleContent = .text("Hello"), at seconds: Double = 0, from sender: Participant = ann,
                        _ direction: BubbleDirection = .incoming, source: String = "m") -> BubbleModel {
        BubbleModel(source: source, direction: direction, sender: sender, senderName: sender.nickname ?? "",
                    time: start + seconds, delayed: false, content: content)
    }

    static func rows(_ items: [ConversationItem], _ metrics: LayoutMetrics = .classic) throws -> [RowLayout] {
        try layouter(metrics).layout(items, screenWidth: width).rows
    }

    /// The one bubble row of `model`.
    static func bubbleRow(_ model: BubbleModel, _ metrics: LayoutMetrics = .classic) throws -> (RowLayout, BubbleRowLayout) {
        let row = try #require(try rows([.message(model)], metrics).first)
        return (row, try #require(row.bubble))
    }

    /// `text` laid out as a message's body is, at the widest a line may be.
    static func body(_ text: StyledText, _ metrics: LayoutMetrics = .classic) throws -> TextLayout {
        try engine.get().layout(text, style: TextStyle(fontSize: metrics.textFontSize,
                                                       maxWidth: metrics.maxTextWidth(screenWidth: width)))
    }

    /// A time-role label at the time size, as the layout measures time, "edited" and the like.
    static func timeLabel(_ text: String, _ metrics: LayoutMetrics = .classic) throws -> TextLayout {
        try engine.get().layout(text, style: TextStyle(fontSize: metrics.timeFontSize, maxWidth: .infinity, role: .time))
    }

    /// The time label text of `start + seconds` in the metrics' format, in UTC.
    static func timeText(at seconds: Double = 0, _ metrics: LayoutMetrics = .classic) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = metrics.timeFormat
        return formatter.string(from: start + seconds)
    }

    /// Words added one at a time while the text stays on one line no wider than `limit`:
    /// the longest such text, for a last line that nearly fills the width.
    static func oneLine(atMost limit: Double, _ metrics: LayoutMetrics = .classic) throws -> (text: String, layout: TextLayout) {
        let words = "pack my box with five dozen liquor jugs and then some more of them again".split(separator: " ")
        var best: (String, TextLayout)? = nil
        var text = ""
        for word in words + words {
            let candidate = text.isEmpty ? String(word) : text + " " + word
            let layout = try body(StyledText(candidate), metrics)
            guard layout.lines.count == 1, layout.width <= limit else { break }
            (text, best) = (candidate, (candidate, layout))
        }
        let found = try #require(best)
        return (found.0, found.1)
    }
}

extension Rect {
    /// Whether `other` lies inside this rectangle (edges included).
    func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    var midX: Double { x + width / 2 }
}
