import BubbleArchive
import BubbleModel
import BubbleText
import Foundation

/// Bubble rows: a message's content and the parts around it (quote, time, ticks, reactions),
/// the header band and the avatar, placed for the row's place in its group.
extension ConversationLayouter {
    /// What the row needs of a message or of the typing indicator.
    struct Speech {
        var source: String
        var direction: BubbleDirection
        var sender: Participant
        var senderName: String
        var time: Date
        var delayed: Bool
        var message: BubbleModel?

        init(_ item: ConversationItem) {
            switch item {
            case .typing(let typing):
                self.init(source: typing.source, direction: typing.direction, sender: typing.sender,
                          senderName: typing.senderName, time: typing.time, delayed: false, message: nil)
            case .message(let model):
                self.init(source: model.source, direction: model.direction, sender: model.sender,
                          senderName: model.senderName, time: model.time, delayed: model.delayed, message: model)
            case .daySeparator, .notice:
                preconditionFailure("not a bubble row")
            }
        }

        init(source: String, direction: BubbleDirection, sender: Participant, senderName: String, time: Date,
             delayed: Bool, message: BubbleModel?) {
            (self.source, self.direction, self.sender, self.senderName) = (source, direction, sender, senderName)
            (self.time, self.delayed, self.message) = (time, delayed, message)
        }
    }

    /// The content measured: its size, how far inside the bubble it sits, what it draws, and
    /// whether it follows the text formula (insets and one-line minimum).
    struct MeasuredContent {
        var size: (width: Double, height: Double)
        var isTextLike: Bool
        var row: RowContent
    }

    /// Between the name and the bubble when the name band holds only the name.
    static let nameGap = 4.0
    /// The pill around the time under jumbomoji, and its distance from the emoji.
    public static let jumboMetaPadding = EdgeInsets(top: 2, left: 6, bottom: 2, right: 6)
    static let jumboMetaGap = 4.0

    /// `measured`: the row's content when `ContentPrefetch` measured it (nil: measure it here).
    func bubbleRow(_ item: ConversationItem, place: GroupPlace, screenWidth: Double, top: Double,
                   measured: MeasuredContent? = nil) throws -> RowLayout {
        let m = metrics
        let speech = Speech(item)
        let outgoing = speech.direction == .outgoing
        // The theme's insets are the outgoing bubble's (tail on the right); incoming bubbles
        // are its mirror image, so their insets are too.
        let insets = outgoing ? m.textInsets : m.textInsets.mirrored
        let maxText = m.maxTextWidth(screenWidth: screenWidth)
        let grouped = m.grouping != nil
        let showsHeader = !grouped || place.first
        let topSpace = !grouped || place.first ? m.margin : m.grouping!.spacing
        let bottomSpace = !grouped || place.last ? m.margin : 0

        var content = try measured ?? measureContent(speech, maxText: maxText)
        let quote = try speech.message?.quote.map { try measureQuote($0, maxText: maxText) }
        let timeText = timeFormatter.string(from: speech.time)
        let timeLayout = try engine.layout(timeText, style: TextStyle(fontSize: m.timeFontSize, maxWidth: .infinity, role: .time))
        let edited = speech.message?.edited == true
            ? try engine.layout("edited", style: TextStyle(fontSize: m.timeFontSize, maxWidth: .infinity, role: .time)) : nil
        let status = outgoing ? speech.message?.status : nil

        // The time inside the bubble: after the last line when it fits there, else below. Under
        // jumbomoji (no bubble) it sits below the emoji in its own small pill.
        let jumbo = !content.row.hasBubbleImage
        let metaPill = jumbo ? Self.jumboMetaPadding : EdgeInsets(all: 0)
        let meta = m.timePlacement == .bubble
            ? metaWidth(time: timeLayout, edited: edited, status: status, delayed: speech.delayed) + metaPill.left + metaPill.right : 0
        var metaBelow = false
        if meta > 0 {
            if !jumbo, case .text(let text) = content.row, let last = text.lines.last,
               last.width + m.parts.metaGap + meta <= maxText {
                content.size.width = max(content.size.width, last.width + m.parts.metaGap + meta)
            } else {
                metaBelow = true
                content.size.width = max(content.size.width, meta)
            }
        }
        let quoteHeight = quote.map { $0.height + m.parts.quoteSpacing } ?? 0
        let metaHeight = metaBelow ? timeLayout.height + metaPill.top + metaPill.bottom + (jumbo ? Self.jumboMetaGap : 0) : 0
        let inner = (width: max(content.size.width, quote?.width ?? 0),
                     height: content.size.height + quoteHeight + metaHeight)
        let padded = !jumbo && (content.isTextLike || quote != nil || meta > 0)
        var bubbleSize = padded
            ? (width: inner.width + insets.left + insets.right,
               height: m.textBubbleHeight(contentHeight: inner.height))
            : inner
        // A bubble image needs its caps: never narrower than both of them.
        if !jumbo { bubbleSize.width = max(bubbleSize.width, insets.left + insets.right + 20) }
        // The content's box is what the one-line minimum leaves of the bubble after the quote and
        // a time line below the text: filling the whole minimum would reach into the time line.
        let contentHeight = padded ? max(content.size.height, m.minimumTextHeight - quoteHeight - metaHeight) : content.size.height

        // The name band: the origin app's 40 pt band holds name and time; with the time in the
        // bubble it holds only the name's line and a small gap.
        // Current apps show neither avatar nor name beside the account's own messages: their
        // bubbles then reach to the margin.
        let ownSideBare = outgoing && !m.showsOwnAvatarAndName
        let nearInset = ownSideBare ? m.margin : m.bubbleInset
        let nameLayout = showsHeader && !ownSideBare
            ? try engine.layout(speech.senderName, style: TextStyle(fontSize: m.nameFontSize, maxWidth: .infinity, role: .name))
            : nil
        let header = nameLayout.map { m.timePlacement == .header ? m.headerHeight : $0.lines[0].height + Self.nameGap }
            ?? (showsHeader && m.timePlacement == .header ? m.headerHeight : 0)
        let bubbleTop = top + topSpace + header
        let bubbleX = outgoing ? screenWidth - nearInset - bubbleSize.width : m.bubbleInset
        let bubble = Rect(x: bubbleX, y: bubbleTop, width: bubbleSize.width, height: bubbleSize.height)
        let inset = padded ? (insets.left, insets.top) : (0, 0)
        var contentRect = Rect(x: bubbleX + inset.0, y: bubbleTop + inset.1 + quoteHeight,
                               width: content.size.width, height: contentHeight)
        if case .jumbomoji(let emoji) = content.row {
            // The emoji keep to the sender's side when the time below is wider than they are.
            contentRect = Rect(x: outgoing ? bubble.maxX - emoji.width : bubbleX, y: bubbleTop, width: emoji.width, height: emoji.height)
        }

        // The avatar: beside the name band, or with grouping beside the group's bubble with
        // the tail (its bottom at the last bubble's bottom, its top at the first one's top).
        let hasTail = !grouped || (m.grouping!.tail == .last ? place.last : place.first)
        var avatar: Rect? = nil
        if hasTail && !ownSideBare {
            let avatarY = !grouped ? top + m.margin
                : m.grouping!.tail == .last ? max(top + topSpace, bubble.maxY - m.avatarSize) : bubble.y
            avatar = Rect(x: outgoing ? screenWidth - m.margin - m.avatarSize : m.margin, y: avatarY,
                          width: m.avatarSize, height: m.avatarSize)
        }
        var name: PlacedText? = nil
        if let nameLayout {
            let nameWidth = min(nameLayout.width, screenWidth - 2 * m.bubbleInset)
            name = PlacedText(frame: Rect(x: outgoing ? screenWidth - m.bubbleInset - nameWidth : m.bubbleInset, y: top + m.margin,
                                          width: nameWidth, height: nameLayout.lines[0].height), layout: nameLayout)
        }
        var parts = Parts()
        if m.timePlacement == .header {
            if showsHeader {
                parts = headerParts(time: timeLayout, edited: edited, status: status, delayed: speech.delayed,
                                    outgoing: outgoing, right: screenWidth - nearInset, bandBottom: top + m.margin + m.headerHeight)
            }
        } else {
            let corner = padded ? (insets.right, insets.bottom) : (metaPill.right, metaPill.bottom)
            parts = bubbleParts(time: timeLayout, edited: edited, status: status, delayed: speech.delayed,
                                right: bubble.maxX - corner.0, bottom: bubble.maxY - corner.1)
        }
        let reactions = try layoutReactions(speech.message?.reactions ?? [], bubble: bubble, outgoing: outgoing,
                                            maxWidth: screenWidth - 2 * m.bubbleInset)
        let reactionsHeight = reactions.last.map { $0.frame.maxY - bubble.maxY } ?? 0
        let row = BubbleRowLayout(
            direction: speech.direction, sender: speech.sender, senderName: speech.senderName, message: speech.message,
            avatar: avatar, name: name, time: parts.time, timeText: timeText, bubble: bubble,
            hasTail: hasTail, content: contentRect, rowContent: content.row, delayedMark: parts.delayedMark,
            quote: quote.map { $0.placed(at: bubbleX + inset.0, top: bubbleTop + inset.1, barHeight: $0.height, m.parts) },
            edited: parts.edited, status: parts.status, reactions: reactions)
        // An avatar beside a group's first bubble may reach below a low bubble: the row holds it.
        let avatarBelow = avatar.map { max(0, $0.maxY - bubble.maxY - reactionsHeight) } ?? 0
        let height = topSpace + header + bubbleSize.height + reactionsHeight + max(bottomSpace, avatarBelow)
        return RowLayout(source: speech.source, y: top, height: height, kind: .bubble(row))
    }

    func measureContent(_ speech: Speech, maxText: Double) throws -> MeasuredContent {
        let m = metrics
        let style = m.messageTextStyle(fontSize: m.textFontSize, maxWidth: maxText)
        guard let message = speech.message else {
            return MeasuredContent(size: (36, 20), isTextLike: true, row: .typing)
        }
        switch message.content {
        case .text(let text):
            if let sizes = m.jumbomojiSizes, message.quote == nil, let count = Jumbomoji.count(in: text.string), count <= sizes.count {
                let layout = try engine.layout(text, style: m.messageTextStyle(fontSize: sizes[count - 1], maxWidth: maxText))
                return MeasuredContent(size: (layout.width, layout.height), isTextLike: false, row: .jumbomoji(layout))
            }
            let layout = try engine.layout(text, style: style)
            return MeasuredContent(size: (layout.width, layout.height), isTextLike: true, row: .text(layout))
        case .placeholder(let text), .tombstone(let text):
            var attributes = TextAttributes(color: .secondary)
            if case .tombstone = message.content { attributes.italic = true }
            let layout = try engine.layout(StyledText(text, spans: [.init(0..<text.utf16.count, attributes)]), style: style)
            return MeasuredContent(size: (layout.width, layout.height), isTextLike: true, row: .text(layout))
        case .image(let image):
            let size = m.imageDisplaySize(pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight)
            return MeasuredContent(size: size, isTextLike: false, row: .image(image))
        case .audio(let audio):
            let label = try engine.layout(Self.durationLabel(audio.duration), style: TextStyle(fontSize: m.textFontSize, maxWidth: .infinity))
            let width = m.audioBubbleWidth(duration: audio.duration) - m.textInsets.left - m.textInsets.right
            let height = max(label.height, m.minimumTextHeight)
            let icon = Rect(x: 0, y: (height - 20) / 2, width: 20, height: 20)
            let labelBox = Rect(x: width - label.width, y: (height - label.height) / 2, width: label.width, height: label.height)
            return MeasuredContent(size: (width, label.height), isTextLike: true,
                                   row: .audio(audio, icon: icon, duration: label, durationOrigin: labelBox))
        case .link(let url, let fileName), .remoteImage(let url, let fileName):
            let iconSide = 20.0, gap = 8.0
            let name = try engine.layout(fileName, style: TextStyle(fontSize: m.textFontSize, maxWidth: max(40, maxText - iconSide - gap)))
            let icon = Rect(x: 0, y: 0, width: iconSide, height: iconSide)
            let isImage = if case .remoteImage = message.content { true } else { false }
            return MeasuredContent(size: (iconSide + gap + name.width, name.height), isTextLike: true,
                                   row: isImage ? .remoteImage(url: url, icon: icon, name: name) : .link(url: url, icon: icon, name: name))
        }
    }
}
