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

    /// A bubble row's place on the screen: its side and its place in its group, and what
    /// follows from them.
    struct RowPlacement {
        let top: Double
        let screenWidth: Double
        let outgoing: Bool
        /// The theme's insets are the outgoing bubble's (tail on the right); incoming bubbles
        /// are its mirror image, so their insets are too.
        let insets: EdgeInsets
        /// Whether the row has the name band: without grouping always, with it on a group's first row.
        let showsHeader: Bool
        /// Whether the bubble has the tail, and beside it the avatar.
        let hasTail: Bool
        let topSpace: Double
        let bottomSpace: Double
        /// Current apps show neither avatar nor name beside the account's own messages: their
        /// bubbles then reach to the margin.
        let ownSideBare: Bool
        /// From the screen's edge to an outgoing bubble.
        let nearInset: Double

        init(outgoing: Bool, place: GroupPlace, screenWidth: Double, top: Double, metrics m: LayoutMetrics) {
            let grouped = m.grouping != nil
            (self.top, self.screenWidth, self.outgoing) = (top, screenWidth, outgoing)
            insets = outgoing ? m.textInsets : m.textInsets.mirrored
            showsHeader = !grouped || place.first
            hasTail = !grouped || (m.grouping!.tail == .last ? place.last : place.first)
            topSpace = !grouped || place.first ? m.margin : m.grouping!.spacing
            bottomSpace = !grouped || place.last ? m.margin : 0
            ownSideBare = outgoing && !m.showsOwnAvatarAndName
            nearInset = ownSideBare ? m.margin : m.bubbleInset
        }
    }

    /// The time line's pieces, laid out: [clock] [edited] time [ticks].
    struct TimeLine {
        let text: String
        let time: TextLayout
        let edited: TextLayout?
        /// Delivery ticks, on outgoing messages only.
        let status: DeliveryStatus?
        /// Whether the message arrived late (the clock mark).
        let delayed: Bool
    }

    /// What sits inside a bubble, measured: the content, the quote above it, the time line after
    /// the content's last line or below it, and the bubble's size around them.
    struct BubbleInterior {
        let content: MeasuredContent
        let quote: MeasuredQuote?
        let timeLine: TimeLine
        /// Jumbomoji: no bubble image; the time sits below the emoji in its own small pill.
        let jumbo: Bool
        let metaPill: EdgeInsets
        /// Whether the content sits inside the bubble's insets (text-like content, a quote or a time line).
        let padded: Bool
        let quoteHeight: Double
        /// The time line's height when it sits below the content, else 0.
        let metaHeight: Double
        let size: (width: Double, height: Double)
        /// The content's box height: what the one-line minimum leaves of the bubble after the quote
        /// and a time line below the text (filling the whole minimum would reach into the time line).
        let contentHeight: Double
    }

    /// `measured`: the row's content when `ContentPrefetch` measured it (nil: measure it here).
    func bubbleRow(_ item: ConversationItem, place: GroupPlace, screenWidth: Double, top: Double,
                   measured: MeasuredContent? = nil) throws -> RowLayout {
        let speech = Speech(item)
        let placement = RowPlacement(outgoing: speech.direction == .outgoing, place: place, screenWidth: screenWidth,
                                     top: top, metrics: metrics)
        let interior = try measureInterior(speech, measured: measured, placement: placement,
                                           maxText: metrics.maxTextWidth(screenWidth: screenWidth))
        return try placeBubbleRow(speech, interior, placement)
    }

    /// The time line of a message (or of the typing indicator), laid out.
    func timeLine(_ speech: Speech, outgoing: Bool) throws -> TimeLine {
        let m = metrics
        let text = timeFormatter.string(from: speech.time)
        let time = try engine.layout(text, style: TextStyle(fontSize: m.timeFontSize, maxWidth: .infinity, role: .time))
        let edited = speech.message?.edited == true
            ? try engine.layout("edited", style: TextStyle(fontSize: m.timeFontSize, maxWidth: .infinity, role: .time)) : nil
        return TimeLine(text: text, time: time, edited: edited, status: outgoing ? speech.message?.status : nil,
                        delayed: speech.delayed)
    }

    /// The bubble's content, quote and time line measured, and the bubble's size around them.
    func measureInterior(_ speech: Speech, measured: MeasuredContent?, placement: RowPlacement,
                         maxText: Double) throws -> BubbleInterior {
        let m = metrics
        let insets = placement.insets
        var content = try measured ?? measureContent(speech, maxText: maxText)
        let quote = try speech.message?.quote.map { try measureQuote($0, maxText: maxText) }
        let timeLine = try timeLine(speech, outgoing: placement.outgoing)

        // The time inside the bubble: after the last line when it fits there, else below. Under
        // jumbomoji (no bubble) it sits below the emoji in its own small pill.
        let jumbo = !content.row.hasBubbleImage
        let metaPill = jumbo ? Self.jumboMetaPadding : EdgeInsets(all: 0)
        let meta = m.timePlacement == .bubble
            ? metaWidth(time: timeLine.time, edited: timeLine.edited, status: timeLine.status, delayed: timeLine.delayed)
                + metaPill.left + metaPill.right
            : 0
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
        let metaHeight = metaBelow ? timeLine.time.height + metaPill.top + metaPill.bottom + (jumbo ? Self.jumboMetaGap : 0) : 0
        let inner = (width: max(content.size.width, quote?.width ?? 0),
                     height: content.size.height + quoteHeight + metaHeight)
        let padded = !jumbo && (content.isTextLike || quote != nil || meta > 0)
        var size = padded
            ? (width: inner.width + insets.left + insets.right,
               height: m.textBubbleHeight(contentHeight: inner.height))
            : inner
        // A bubble image needs its caps: never narrower than both of them.
        if !jumbo { size.width = max(size.width, insets.left + insets.right + 20) }
        let contentHeight = padded ? max(content.size.height, m.minimumTextHeight - quoteHeight - metaHeight) : content.size.height
        return BubbleInterior(content: content, quote: quote, timeLine: timeLine, jumbo: jumbo, metaPill: metaPill,
                              padded: padded, quoteHeight: quoteHeight, metaHeight: metaHeight, size: size,
                              contentHeight: contentHeight)
    }

    /// The row around a measured bubble: the name band, the bubble and its content, the avatar,
    /// the time line's parts and the reactions.
    func placeBubbleRow(_ speech: Speech, _ interior: BubbleInterior, _ placement: RowPlacement) throws -> RowLayout {
        let m = metrics
        let (top, screenWidth, outgoing) = (placement.top, placement.screenWidth, placement.outgoing)
        // The name band: the origin app's 40 pt band holds name and time; with the time in the
        // bubble it holds only the name's line and a small gap.
        let nameLayout = placement.showsHeader && !placement.ownSideBare
            ? try engine.layout(speech.senderName, style: TextStyle(fontSize: m.nameFontSize, maxWidth: .infinity, role: .name))
            : nil
        let header = nameLayout.map { m.timePlacement == .header ? m.headerHeight : $0.lines[0].height + Self.nameGap }
            ?? (placement.showsHeader && m.timePlacement == .header ? m.headerHeight : 0)
        let bubbleTop = top + placement.topSpace + header
        let bubbleX = outgoing ? screenWidth - placement.nearInset - interior.size.width : m.bubbleInset
        let bubble = Rect(x: bubbleX, y: bubbleTop, width: interior.size.width, height: interior.size.height)
        let inset = interior.padded ? (placement.insets.left, placement.insets.top) : (0, 0)
        var contentRect = Rect(x: bubbleX + inset.0, y: bubbleTop + inset.1 + interior.quoteHeight,
                               width: interior.content.size.width, height: interior.contentHeight)
        if case .jumbomoji(let emoji) = interior.content.row {
            // The emoji keep to the sender's side when the time below is wider than they are.
            contentRect = Rect(x: outgoing ? bubble.maxX - emoji.width : bubbleX, y: bubbleTop, width: emoji.width, height: emoji.height)
        }
        let avatar = avatarFrame(placement, bubble: bubble)
        let parts = timeParts(interior, placement, bubble: bubble)
        let reactions = try layoutReactions(speech.message?.reactions ?? [], bubble: bubble, outgoing: outgoing,
                                            maxWidth: screenWidth - 2 * m.bubbleInset)
        let reactionsHeight = reactions.last.map { $0.frame.maxY - bubble.maxY } ?? 0
        let row = BubbleRowLayout(
            direction: speech.direction, sender: speech.sender, senderName: speech.senderName, message: speech.message,
            avatar: avatar, name: nameLayout.map { placedName($0, placement) }, time: parts.time,
            timeText: interior.timeLine.text, bubble: bubble, hasTail: placement.hasTail, content: contentRect,
            rowContent: interior.content.row, delayedMark: parts.delayedMark,
            quote: interior.quote.map { $0.placed(at: bubbleX + inset.0, top: bubbleTop + inset.1, barHeight: $0.height, m.parts) },
            edited: parts.edited, status: parts.status, reactions: reactions)
        // An avatar beside a group's first bubble may reach below a low bubble: the row holds it.
        let avatarBelow = avatar.map { max(0, $0.maxY - bubble.maxY - reactionsHeight) } ?? 0
        let height = placement.topSpace + header + interior.size.height + reactionsHeight + max(placement.bottomSpace, avatarBelow)
        return RowLayout(source: speech.source, y: top, height: height, kind: .bubble(row))
    }

    /// The avatar: beside the name band, or with grouping beside the group's bubble with the
    /// tail (its bottom at the last bubble's bottom, its top at the first one's top).
    func avatarFrame(_ placement: RowPlacement, bubble: Rect) -> Rect? {
        let m = metrics
        guard placement.hasTail && !placement.ownSideBare else { return nil }
        let (top, screenWidth) = (placement.top, placement.screenWidth)
        let avatarY = m.grouping == nil ? top + m.margin
            : m.grouping!.tail == .last ? max(top + placement.topSpace, bubble.maxY - m.avatarSize) : bubble.y
        return Rect(x: placement.outgoing ? screenWidth - m.margin - m.avatarSize : m.margin, y: avatarY,
                    width: m.avatarSize, height: m.avatarSize)
    }

    /// The sender's name in the name band, on the bubble's side.
    func placedName(_ name: TextLayout, _ placement: RowPlacement) -> PlacedText {
        let m = metrics
        let screenWidth = placement.screenWidth
        let nameWidth = min(name.width, screenWidth - 2 * m.bubbleInset)
        return PlacedText(frame: Rect(x: placement.outgoing ? screenWidth - m.bubbleInset - nameWidth : m.bubbleInset,
                                      y: placement.top + m.margin, width: nameWidth, height: name.lines[0].height),
                          layout: name)
    }

    /// The time line's parts: in the header band (on a row that shows it), or inside the bubble
    /// at its bottom corner (the pill's under jumbomoji).
    func timeParts(_ interior: BubbleInterior, _ placement: RowPlacement, bubble: Rect) -> Parts {
        let m = metrics
        let line = interior.timeLine
        guard m.timePlacement != .header else {
            guard placement.showsHeader else { return Parts() }
            return headerParts(time: line.time, edited: line.edited, status: line.status, delayed: line.delayed,
                               outgoing: placement.outgoing, right: placement.screenWidth - placement.nearInset,
                               bandBottom: placement.top + m.margin + m.headerHeight)
        }
        let insets = placement.insets, pill = interior.metaPill
        let corner = interior.padded ? (insets.right, insets.bottom) : (pill.right, pill.bottom)
        return bubbleParts(time: line.time, edited: line.edited, status: line.status, delayed: line.delayed,
                           right: bubble.maxX - corner.0, bottom: bubble.maxY - corner.1)
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
