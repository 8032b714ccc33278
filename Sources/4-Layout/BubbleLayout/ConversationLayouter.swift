import BubbleArchive
import BubbleModel
import BubbleText
import Foundation

/// Turns conversation items into rows of frames: a pure function of the items, the metrics
/// and the screen width (and the engine, which only measures). Each kind of item has its own
/// row layout; whether a row has an avatar, a name band or a tail is decided here, from the
/// theme's grouping rule, and text rows get their height from `LayoutMetrics`' formula over
/// the measured text, the formula `bubbles measure` uses too.
public struct ConversationLayouter: Sendable {
    public let metrics: LayoutMetrics
    /// Lays out every text: bubbles in the `text` role, names in `name`, times in `time`.
    public let engine: TextEngine
    public let timeZone: TimeZone
    /// The language of day separators made from the theme's template (time labels are fixed
    /// patterns and never change with it).
    public let locale: Locale
    let timeFormatter: DateFormatter
    let dayFormatter: DateFormatter

    public init(metrics: LayoutMetrics, engine: TextEngine, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
                locale: Locale = Locale(identifier: "en_US_POSIX")) {
        self.metrics = metrics
        self.engine = engine
        self.timeZone = timeZone
        self.locale = locale
        timeFormatter = Self.formatter(metrics.timeFormat, timeZone)
        dayFormatter = Self.formatter(metrics.daySeparatorFormat ?? Self.dayPattern(metrics.daySeparatorTemplate, locale: locale),
                                      timeZone, locale: metrics.daySeparatorFormat == nil ? locale : nil)
    }

    /// The locale's own pattern for a skeleton; en_US_POSIX has none of its own, so it takes
    /// en_US's (the same words, in the same order, with every setup).
    static func dayPattern(_ template: String, locale: Locale) -> String {
        let patterns = locale.identifier == "en_US_POSIX" ? Locale(identifier: "en_US") : locale
        return DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: patterns) ?? template
    }

    private static func formatter(_ pattern: String, _ timeZone: TimeZone, locale: Locale? = nil) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale ?? Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }

    public func layout(_ items: [ConversationItem], screenWidth: Double) throws -> ConversationLayout {
        var rows: [RowLayout] = []
        rows.reserveCapacity(items.count)
        let (height, zone) = try forEachRow(items, screenWidth: screenWidth) { rows.append($0) }
        return ConversationLayout(screenWidth: screenWidth, height: height, timeZone: zone, rows: rows)
    }

    /// Messages only, in order: the origin app's screen.
    public func layout(_ models: [BubbleModel], screenWidth: Double) throws -> ConversationLayout {
        try layout(models.map(ConversationItem.message), screenWidth: screenWidth)
    }

    /// Who a bubble row speaks for and when, for grouping; nil for rows that are not bubbles.
    struct Speaker {
        let jid: String
        let direction: BubbleDirection
        let time: Date

        init?(_ item: ConversationItem) {
            switch item {
            case .message(let model): (jid, direction, time) = (model.sender.jid, model.direction, model.time)
            case .typing(let typing): (jid, direction, time) = (typing.sender.jid, typing.direction, typing.time)
            case .daySeparator, .notice: return nil
            }
        }
    }

    /// Where a bubble row sits in its group (first and last when it is alone, or when the
    /// theme does not group).
    struct GroupPlace {
        let first: Bool
        let last: Bool
    }

    /// Whether the row at `index` continues the group of the row before it.
    func continues(_ items: [ConversationItem], at index: Int) -> Bool {
        guard let grouping = metrics.grouping, index > 0, index < items.count,
              let current = Speaker(items[index]), let previous = Speaker(items[index - 1]) else { return false }
        return current.jid == previous.jid && current.direction == previous.direction
            && current.time.timeIntervalSince(previous.time) <= grouping.window
    }

    /// A centred label: a day separator in a pill, or a notice's text.
    func labelRow(source: String, text: StyledText, pill: Bool, screenWidth: Double, top: Double) throws -> RowLayout {
        let parts = metrics.parts
        let padding = parts.labelPadding
        let maxWidth = max(40, screenWidth - 2 * metrics.bubbleInset - padding.left - padding.right)
        var secondary = text
        if secondary.isPlain { secondary = StyledText(text.string, spans: [.init(0..<text.utf16Count, TextAttributes(color: .secondary))]) }
        let layout = try engine.layout(secondary, style: TextStyle(fontSize: parts.labelFontSize, maxWidth: maxWidth, role: .time))
        let background = Rect(x: (screenWidth - layout.width - padding.left - padding.right) / 2, y: top + parts.labelRowMargin,
                              width: layout.width + padding.left + padding.right,
                              height: layout.height + padding.top + padding.bottom)
        let label = PlacedText(frame: Rect(x: background.x + padding.left, y: background.y + padding.top,
                                           width: layout.width, height: layout.height), layout: layout)
        let row = LabelRowLayout(label: label, background: background)
        return RowLayout(source: source, y: top, height: background.height + 2 * parts.labelRowMargin,
                         kind: pill ? .daySeparator(row) : .notice(row))
    }

    /// `3.2″`: one decimal and a double prime, as the origin app labelled recordings.
    static func durationLabel(_ seconds: Double) -> String {
        String(format: "%.1f\u{2033}", seconds)
    }
}
