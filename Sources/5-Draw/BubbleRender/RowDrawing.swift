import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleLayout
import BubbleModel
import BubbleTheme
import BubbleText
import Foundation

/// Drawing one row of each kind: bubble rows with their parts, day separators and notices.
/// Every text is drawn from the layout that measured it.
extension ConversationRenderer {
    func draw(_ row: RowLayout, in context: CairoContext, faces: FreeTypeFaces, images: ImageCache) throws {
        switch row.kind {
        case .bubble(let bubble): try draw(bubble, in: context, faces: faces, images: images)
        case .daySeparator(let label): try drawLabel(label, pill: true, in: context, faces: faces)
        case .notice(let label): try drawLabel(label, pill: false, in: context, faces: faces)
        }
    }

    /// `secondary` is dimmed text (tombstones, shown directives, labels): the time's colour,
    /// or inside outgoing bubbles the theme's `outgoing_time` when it has one.
    private func palette(body: RGBAColor, secondary: RGBAColor? = nil, link: RGBAColor? = nil) -> TextPalette {
        let colors = theme.colors
        return TextPalette(body: body, link: link ?? colors.link, mention: link ?? colors.link, quote: colors.name,
                           secondary: secondary ?? colors.time)
    }

    private func drawLabel(_ row: LabelRowLayout, pill: Bool, in context: CairoContext, faces: FreeTypeFaces) throws {
        if pill {
            context.setColor(theme.colors.labelBackground)
            context.addRoundedRectangle(cgRect(row.background), radius: row.background.height / 2)
            context.fill()
        }
        try TextDrawing.draw(row.label.layout, at: origin(row.label.frame), palette: palette(body: theme.colors.labelText, secondary: theme.colors.labelText),
                             in: context, faces: faces)
    }

    private func draw(_ row: BubbleRowLayout, in context: CairoContext, faces: FreeTypeFaces, images: ImageCache) throws {
        let colors = theme.colors
        if let avatar = row.avatar { try drawAvatar(row, in: avatar, context: context, faces: faces, images: images) }
        if let name = row.name {
            try TextDrawing.draw(name.layout, at: origin(name.frame), color: colors.name, in: context, faces: faces)
        }

        let style = bubbles.style(outgoing: row.isOutgoing, tail: row.hasTail)
        let bubble = cgRect(row.bubble)
        if case .image(let image) = row.rowContent, row.quote == nil {
            do {
                // Aspect fill: the same as filling for an image shown in proportion, and the
                // middle of one taller than the layout's `maxImageHeight`.
                let raster = try images.image(image.bytes, name: row.message?.source ?? "image")
                try context.draw(raster, in: bubble, fit: .aspectFill, clip: .bubble(style.image, mirrored: style.mirrored))
            } catch {
                try context.drawBrokenImage(in: bubble, clip: .bubble(style.image, mirrored: style.mirrored))
            }
            if theme.layout.timePlacement == .bubble, let meta = metaPill(row) {
                // A time on a photo reads on any photo in white on a dark pill, as Telegram's.
                context.setColor(Self.photoMetaBackground)
                context.addRoundedRectangle(cgRect(meta), radius: meta.height / 2)
                context.fill()
            }
        } else if row.rowContent.hasBubbleImage {
            try context.drawNineSlice(style.image, in: bubble, mirrored: style.mirrored)
        } else if let meta = metaPill(row), meta.y >= row.content.maxY {
            // No bubble under jumbomoji: the time keeps a small pill of its own, as Telegram does.
            context.setColor(colors.labelBackground)
            context.addRoundedRectangle(cgRect(meta), radius: meta.height / 2)
            context.fill()
        }
        let inOutgoingBubble = row.isOutgoing && row.rowContent.hasBubbleImage
        let text = palette(body: row.isOutgoing ? colors.outgoingText : colors.incomingText,
                           secondary: inOutgoingBubble ? colors.outgoingTime : nil, link: inOutgoingBubble ? colors.outgoingLink : nil)
        if let quote = row.quote {
            // On an outgoing bubble with its own secondary colour the whole quote takes it, as
            // Telegram's green quotes in green bubbles.
            let accent = inOutgoingBubble ? colors.outgoingTime : nil
            context.setColor(accent ?? colors.quoteBar)
            context.addRectangle(cgRect(quote.bar))
            context.fill()
            try TextDrawing.draw(quote.name.layout, at: origin(quote.name.frame), color: accent ?? colors.name, in: context, faces: faces)
            var quoted = text
            if let accent { quoted.quote = accent }
            try TextDrawing.draw(quote.text.layout, at: origin(quote.text.frame), palette: quoted, in: context, faces: faces)
        }
        try drawContent(row, palette: text, in: context, faces: faces, images: images)
        // After the bubble: with the theme's time placement `bubble` these sit on top of it.
        let timeInBubble = theme.layout.timePlacement == .bubble
        let onPhoto = if case .image = row.rowContent, row.quote == nil { true } else { false }
        let meta = !timeInBubble ? nil : onPhoto ? RGBAColor.white : !row.rowContent.hasBubbleImage ? colors.labelText
            : row.isOutgoing ? colors.outgoingTime : nil
        for label in [row.time, row.edited].compactMap({ $0 }) {
            try TextDrawing.draw(label.layout, at: origin(label.frame), color: meta ?? colors.time, in: context, faces: faces)
        }
        if let status = row.status {
            context.draw(.ticks(status.status == .sent ? 1 : 2), in: cgRect(status.frame),
                         color: meta ?? (status.status == .read ? colors.readStatus : colors.status))
        }
        if let mark = row.delayedMark {
            context.draw(.clock, in: cgRect(mark), color: colors.delayedMark)
        }
        for chip in row.reactions {
            context.setColor(colors.reactionBackground)
            context.addRoundedRectangle(cgRect(chip.frame), radius: chip.frame.height / 2)
            context.fill()
            if chip.includesOwn {
                context.setColor(colors.ownReaction)
                context.setLineWidth(1)
                context.addRoundedRectangle(cgRect(chip.frame).insetBy(dx: 0.5, dy: 0.5), radius: chip.frame.height / 2 - 0.5)
                context.stroke()
            }
            // Chips sit beside the bubble, not on it: the incoming text colour, the theme's text
            // on a plain surface (the same as outgoing in classic).
            try TextDrawing.draw(chip.label.layout, at: origin(chip.label.frame), palette: palette(body: colors.incomingText),
                                 in: context, faces: faces)
        }
    }

    private func drawContent(_ row: BubbleRowLayout, palette: TextPalette, in context: CairoContext, faces: FreeTypeFaces,
                             images: ImageCache) throws {
        let content = row.content
        switch row.rowContent {
        case .text(let text):
            // A text lower than the one-line minimum sits in the middle of it.
            let y = content.y + (content.height - text.height) / 2
            try TextDrawing.draw(text, at: CGPoint(x: content.x, y: y), palette: palette, in: context, faces: faces)
        case .image(let image):
            guard row.quote != nil else { return }
            let rect = cgRect(content)
            do {
                try context.draw(try images.image(image.bytes, name: row.message?.source ?? "image"), in: rect, fit: .aspectFill,
                                 clip: .roundedRectangle(radius: 4))
            } catch {
                try context.drawBrokenImage(in: rect, clip: .roundedRectangle(radius: 4))
            }
        case .audio(_, let icon, let duration, let labelBox):
            // The speaker sits on the tail's side, the duration on the other, as in the app.
            let iconX = row.isOutgoing ? content.maxX - icon.maxX : content.x + icon.x
            let labelX = row.isOutgoing ? content.x : content.maxX - labelBox.width
            context.draw(.speaker(facing: row.isOutgoing ? .left : .right),
                         in: CGRect(x: iconX, y: content.y + icon.y, width: icon.width, height: icon.height),
                         color: theme.colors.audioIcon)
            try TextDrawing.draw(duration, at: CGPoint(x: labelX, y: content.y + labelBox.y), palette: palette,
                                 in: context, faces: faces)
        case .jumbomoji(let emoji):
            try TextDrawing.draw(emoji, at: origin(content), palette: palette, in: context, faces: faces)
        case .typing:
            context.draw(.typingDots, in: cgRect(content), color: theme.colors.typingDots)
        case .link(_, let icon, let name), .remoteImage(_, let icon, let name):
            let isImage = if case .remoteImage = row.rowContent { true } else { false }
            context.draw(isImage ? .picture : .file, in: CGRect(x: content.x + icon.x, y: content.y + (content.height - icon.height) / 2,
                                           width: icon.width, height: icon.height), color: palette.link)
            let x = content.x + icon.maxX + 8
            try TextDrawing.draw(name, at: CGPoint(x: x, y: content.y + (content.height - name.height) / 2),
                                 color: palette.link, in: context, faces: faces)
        }
    }

    private func drawAvatar(_ row: BubbleRowLayout, in avatar: Rect, context: CairoContext, faces: FreeTypeFaces,
                            images: ImageCache) throws {
        let drawing = try context.drawAvatar(photo: row.sender.avatar, jid: row.sender.jid, in: cgRect(avatar),
                                             shape: theme.layout.avatarShape, images: images)
        let letters = AvatarInitials.initials(for: row.senderName)
        guard case .generated = drawing, !letters.isEmpty else { return }
        // Two letters stay clear of a round avatar's edge: a little smaller, and narrowed to
        // 70% of its width when wide ("MW").
        var size = avatar.height * (letters.count > 1 ? 0.4 : 0.45)
        var initials = try initialsEngine.layout(letters, style: TextStyle(fontSize: size, maxWidth: .infinity, role: .name))
        if letters.count > 1, initials.width > avatar.width * 0.7 {
            size *= avatar.width * 0.7 / initials.width
            initials = try initialsEngine.layout(letters, style: TextStyle(fontSize: size, maxWidth: .infinity, role: .name))
        }
        let origin = CGPoint(x: avatar.x + (avatar.width - initials.width) / 2,
                             y: avatar.y + (avatar.height - initials.height) / 2)
        try TextDrawing.draw(initials, at: origin, color: .white, in: context, faces: faces)
    }

    /// Black at 35%: the pill behind a time drawn on a photo.
    static let photoMetaBackground = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.35)

    /// The box around the time line (time, "edited", ticks, late clock) with the pill's padding.
    private func metaPill(_ row: BubbleRowLayout) -> Rect? {
        let pieces = [row.time?.frame, row.edited?.frame, row.status?.frame, row.delayedMark].compactMap { $0 }
        guard !pieces.isEmpty else { return nil }
        let minX = pieces.map(\.x).min()!, maxX = pieces.map(\.maxX).max()!
        let minY = pieces.map(\.y).min()!, maxY = pieces.map(\.maxY).max()!
        let pad = ConversationLayouter.jumboMetaPadding
        return Rect(x: minX - pad.left, y: minY - pad.top, width: maxX - minX + pad.left + pad.right,
                    height: maxY - minY + pad.top + pad.bottom)
    }

    private func origin(_ rect: Rect) -> CGPoint { CGPoint(x: rect.x, y: rect.y) }
}
