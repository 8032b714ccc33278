import BubbleModel
import BubbleText
import Foundation

/// Turns bubble models into frames: a pure function of the models, the metrics and the screen
/// width (and the engines, which only measure). Text rows get their height from the origin
/// app's formula over the measured text, the same code `bubbles measure` runs.
public struct ConversationLayouter: Sendable {
    public let metrics: LayoutMetrics
    /// Lays out every text: bubbles in the `text` role, names in `name`, times in `time`.
    public let engine: TextEngine
    public let timeZone: TimeZone
    private let timeFormatter: DateFormatter

    public init(metrics: LayoutMetrics, engine: TextEngine, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.metrics = metrics
        self.engine = engine
        self.timeZone = timeZone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = metrics.timeFormat
        timeFormatter = formatter
    }

    public func layout(_ models: [BubbleModel], screenWidth: Double) throws -> ConversationLayout {
        var rows: [RowLayout] = []
        rows.reserveCapacity(models.count)
        var y = 0.0
        for model in models {
            let row = try layoutRow(model, screenWidth: screenWidth, top: y)
            y += row.height
            rows.append(row)
        }
        // Foundation on Linux names UTC "GMT"; say what the user asked for.
        let zone = timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier
        return ConversationLayout(screenWidth: screenWidth, height: y, timeZone: zone, rows: rows)
    }

    func measureText(_ text: String, screenWidth: Double) throws -> TextLayout {
        try engine.layout(text, style: TextStyle(fontSize: metrics.textFontSize,
                                                     maxWidth: metrics.maxTextWidth(screenWidth: screenWidth)))
    }

    private func layoutRow(_ model: BubbleModel, screenWidth: Double, top: Double) throws -> RowLayout {
        let m = metrics
        let outgoing = model.direction == .outgoing
        let insets = m.textInsets
        let maxText = m.maxTextWidth(screenWidth: screenWidth)
        /// Content of `width` × `height` inside a bubble with the text insets; one-line minimum.
        func textLikeBubble(width: Double, height: Double) -> (bubble: (Double, Double), content: (Double, Double)) {
            let minimum = 20.0 // the origin app's one-line minimum for h
            let contentHeight = max(height, minimum)
            return ((width + insets.left + insets.right, contentHeight + insets.top + insets.bottom), (width, contentHeight))
        }

        var bubbleSize: (Double, Double)
        var contentSize: (Double, Double)
        var contentInset = (insets.left, insets.top)
        var rowContent: RowContent
        switch model.content {
        case .text(let text), .placeholder(let text):
            let layout = try measureText(text, screenWidth: screenWidth)
            (bubbleSize, contentSize) = textLikeBubble(width: layout.width, height: layout.height)
            rowContent = .text(layout)
        case .image(let image):
            bubbleSize = (image.displayWidth, image.displayHeight)
            contentSize = bubbleSize
            contentInset = (0, 0)
            rowContent = .image(image)
        case .audio(let audio):
            let label = try engine.layout(Self.durationLabel(audio.duration),
                                              style: TextStyle(fontSize: m.textFontSize, maxWidth: .infinity))
            let width = audio.bubbleWidth - insets.left - insets.right
            (bubbleSize, contentSize) = textLikeBubble(width: width, height: label.height)
            let icon = Rect(x: 0, y: (contentSize.1 - 20) / 2, width: 20, height: 20)
            let labelBox = Rect(x: width - label.width, y: (contentSize.1 - label.height) / 2,
                                width: label.width, height: label.height)
            rowContent = .audio(audio, icon: icon, duration: label, durationOrigin: labelBox)
        case .typing:
            (bubbleSize, contentSize) = textLikeBubble(width: 36, height: 20)
            rowContent = .typing
        case .link(let url, let fileName):
            let iconSide = 20.0, gap = 8.0
            let name = try engine.layout(fileName, style: TextStyle(fontSize: m.textFontSize,
                                                                        maxWidth: max(40, maxText - iconSide - gap)))
            (bubbleSize, contentSize) = textLikeBubble(width: iconSide + gap + name.width, height: name.height)
            rowContent = .link(url: url, icon: Rect(x: 0, y: 0, width: iconSide, height: iconSide), name: name)
        }
        // The origin app's bubble image needs its caps: never narrower than both of them.
        bubbleSize.0 = max(bubbleSize.0, insets.left + insets.right + 20)

        let bubbleTop = top + m.margin + m.headerHeight
        let bubbleX = outgoing ? screenWidth - m.bubbleInset - bubbleSize.0 : m.bubbleInset
        let bubble = Rect(x: bubbleX, y: bubbleTop, width: bubbleSize.0, height: bubbleSize.1)
        let content = Rect(x: bubbleX + contentInset.0, y: bubbleTop + contentInset.1, width: contentSize.0, height: contentSize.1)
        let avatar = Rect(x: outgoing ? screenWidth - m.margin - m.avatarSize : m.margin, y: top + m.margin,
                          width: m.avatarSize, height: m.avatarSize)

        let headerWidth = screenWidth - 2 * m.bubbleInset
        let nameLayout = try engine.layout(model.senderName, style: TextStyle(fontSize: m.nameFontSize, maxWidth: .infinity,
                                                                             role: .name))
        let timeText = timeFormatter.string(from: model.time)
        let timeLayout = try engine.layout(timeText, style: TextStyle(fontSize: m.timeFontSize, maxWidth: .infinity, role: .time))
        let nameWidth = min(nameLayout.width, headerWidth)
        let name = Rect(x: outgoing ? screenWidth - m.bubbleInset - nameWidth : m.bubbleInset, y: top + m.margin,
                        width: nameWidth, height: nameLayout.lines[0].height)
        let time = Rect(x: outgoing ? screenWidth - m.bubbleInset - timeLayout.width : m.bubbleInset,
                        y: top + m.margin + m.headerHeight - 2 - timeLayout.height,
                        width: timeLayout.width, height: timeLayout.height)
        // The late-delivery mark goes beside the time label, where it always has room.
        let markSide = 11.0
        let delayedMark = model.delayed
            ? Rect(x: outgoing ? time.x - 4 - markSide : time.maxX + 4, y: time.y + (time.height - markSide) / 2,
                   width: markSide, height: markSide)
            : nil
        let height = m.margin + m.headerHeight + bubbleSize.1 + m.margin
        return RowLayout(model: model, y: top, height: height, avatar: avatar, name: name, nameLayout: nameLayout,
                         time: time, timeLayout: timeLayout, timeText: timeText, bubble: bubble, content: content,
                         rowContent: rowContent, delayedMark: delayedMark)
    }

    /// `3.2″`: one decimal and a double prime, as the origin app labelled recordings.
    static func durationLabel(_ seconds: Double) -> String {
        String(format: "%.1f\u{2033}", seconds)
    }
}
