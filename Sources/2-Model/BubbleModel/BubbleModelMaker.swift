import BubbleArchive
import BubbleText
import Foundation

/// The rules that turn one message into one item (or, for a stale typing row, none).
struct BubbleModelMaker {
    let conversation: Conversation
    let options: ViewModelOptions
    let folding: ConversationFolding
    var images: ImageAdmission

    mutating func item(for original: Message, changes: ConversationFolding.MessageChanges, isNewest: Bool) -> ConversationItem? {
        var message = original
        if let body = changes.correctedBody ?? changes.strippedBody { message.body = body }
        let sender = message.outgoing ? conversation.account : conversation.peer
        var bubble = BubbleModel(source: message.source, direction: message.outgoing ? .outgoing : .incoming,
                                 sender: sender, senderName: MessageText.senderName(sender), time: message.time,
                                 delayed: message.delayedSince != nil, content: .placeholder(PlaceholderText.unsupported))
        let warn = { (problem: String) in bubble.warnings.append("\(message.source): \(problem)") }
        if !message.problems.isEmpty {
            message.problems.forEach(warn)
            return .message(bubble)
        }
        if message.type == "error" {
            bubble.content = .placeholder(PlaceholderText.deliveryError)
            warn("an error stanza (a message the server could not deliver)")
            return .message(bubble)
        }
        if isTyping(message) {
            // The origin app showed "typing" only while it was current: an older composing row
            // is a leftover, not a message.
            guard isNewest else { return nil }
            return .typing(TypingIndicator(source: bubble.source, direction: bubble.direction, sender: sender,
                                           senderName: bubble.senderName, time: message.time))
        }
        if changes.retracted {
            // Nothing of a deleted message is drawn: not its text, its quote or its reactions.
            bubble.content = .tombstone(options.tombstoneText)
            bubble.status = options.deliveryTicks ? changes.status : nil
            return .message(bubble)
        }
        bubble.content = content(of: message, warn: warn)
        bubble.edited = changes.edited
        bubble.status = options.deliveryTicks ? changes.status : nil
        bubble.reactions = Self.summed(changes.reactionsByPerson, account: conversation.account.jid)
        bubble.quote = changes.quotedIndex.map(quote)
        return .message(bubble)
    }

    /// XEP-0444 chips: one per emoji, counting the people, in the order emoji first appeared.
    static func summed(_ byPerson: [(person: String, emojis: [String])], account: String) -> [Reaction] {
        var reactions: [Reaction] = []
        for (person, emojis) in byPerson {
            for emoji in emojis {
                if let at = reactions.firstIndex(where: { $0.emoji == emoji }) {
                    reactions[at].count += 1
                    reactions[at].includesOwn = reactions[at].includesOwn || person == account
                } else {
                    reactions.append(Reaction(emoji: emoji, count: 1, includesOwn: person == account))
                }
            }
        }
        return reactions
    }

    /// The quote block of a reply: the quoted message's sender and its text as it is now
    /// (corrected, or the tombstone's words once deleted); media by what it is.
    private func quote(_ index: Int) -> QuotedMessage {
        let quoted = conversation.messages[index]
        let changes = folding.changes(at: index)
        let sender = quoted.outgoing ? conversation.account : conversation.peer
        let text: String
        if changes?.retracted == true {
            text = options.tombstoneText
        } else if let body = changes?.correctedBody ?? changes?.strippedBody {
            text = body
        } else {
            text = QuotedText.summary(of: quoted)
        }
        // Styled as the bubble it quotes is (hidden directives stay hidden), on one line.
        let shown = MessageStyling.styled(text, directives: options.styling).string
        return QuotedMessage(source: quoted.source, senderName: MessageText.senderName(sender),
                             text: StyledText(shown.replacingOccurrences(of: "\n", with: " ")))
    }

    private func isTyping(_ message: Message) -> Bool {
        if let kind = message.declaredKind { return kind == "typing" }
        return message.composing || (message.chatState == "composing" && isBlank(message.body)
                                     && message.attachment == nil && message.outOfBandURL == nil)
    }

    private mutating func content(of message: Message, warn: (String) -> Void) -> BubbleContent {
        let body = message.body ?? ""
        let trimmed = body.trimmingWhitespacesAndNewlines()
        switch message.declaredKind {
        case "text"?: return text(body, unstyled: message.extensions.unstyled, warn: warn)
        case "image"?: return image(message.attachment, warn: warn)
        case "audio"?: return audio(message.attachment, duration: message.declaredDuration, warn: warn)
        case "file"?: return link(message)
        default: break
        }
        if trimmed == "image" {
            guard message.attachment != nil else {
                warn("body 'image' without an <attachment>")
                return .placeholder(PlaceholderText.imageMissing)
            }
            return image(message.attachment, warn: warn)
        }
        if let duration = AudioBody.duration(body: body) {
            return audio(message.attachment, duration: duration, warn: warn)
        }
        if let url = OutOfBandImage.url(of: message) {
            return outOfBandImage(url, warn: warn)
        }
        if message.outOfBandURL.map(isBlank) == false {
            return link(message)
        }
        if let attachment = message.attachment {
            guard trimmed.isEmpty else {
                warn("<attachment> of \(attachment.count) bytes ignored: the body is neither 'image' nor 'audio：N″'")
                return text(body, unstyled: message.extensions.unstyled, warn: warn)
            }
            guard ImageHeader(attachment) != nil else {
                warn("<attachment> of \(attachment.count) bytes with no body is not an image")
                return .placeholder(PlaceholderText.attachment)
            }
            return image(attachment, warn: warn)
        }
        if !trimmed.isEmpty { return text(body, unstyled: message.extensions.unstyled, warn: warn) }
        // Receipts, markers and bare chat states were folded away before: this one is empty.
        warn("no body and no media")
        return .placeholder(PlaceholderText.empty)
    }

    /// `unstyled`: the stanza asked for no XEP-0393 styling (links are still marked).
    private func text(_ body: String, unstyled: Bool, warn: (String) -> Void) -> BubbleContent {
        var kept = body
        if let cut = MessageText.truncated(body, maximumBytes: options.maximumTextBytes) {
            warn("text of \(body.utf8.count) bytes cut to its first \(cut.keptBytes) bytes")
            kept = cut.text
        }
        return .text(MessageStyling.styled(kept, directives: options.styling, unstyled: unstyled))
    }

    private mutating func image(_ bytes: Data?, warn: (String) -> Void) -> BubbleContent {
        guard let bytes else {
            warn("image without bytes")
            return .placeholder(PlaceholderText.imageMissing)
        }
        guard let header = ImageHeader(bytes) else {
            warn("image of \(bytes.count) bytes is not a PNG, JPEG, GIF or WebP image")
            return .placeholder(PlaceholderText.imageUnreadable)
        }
        guard header.pixelCount <= options.maximumImagePixels else {
            warn("\(header.format) header claims \(header.pixelWidth) × \(header.pixelHeight) pixels,"
                 + " more than the limit of \(options.maximumImagePixels)")
            return .placeholder(PlaceholderText.imageTooLarge)
        }
        switch images.admit(bytes, header: header) {
        case .pastConversationLimit(let problem):
            warn(problem)
            return .placeholder(PlaceholderText.imageTooLarge)
        case .verdict(.fails(let problem)):
            warn("image of \(bytes.count) bytes cannot be shown: \(problem)")
            return .placeholder(PlaceholderText.imageUnreadable)
        case .verdict(.decodesPartly(let problem)):
            warn("image of \(bytes.count) bytes is shown in part: \(problem)")
        case .verdict(.decodes): break
        }
        return .image(ImageContent(format: header.format, pixelWidth: header.pixelWidth, pixelHeight: header.pixelHeight,
                                   bytes: bytes))
    }

    /// An HTTP-upload image: drawn from the user's media folder (`--media`), found by the
    /// URL's file name, else a placeholder that says it is an image and which one.
    private mutating func outOfBandImage(_ url: String, warn: (String) -> Void) -> BubbleContent {
        let name = MessageText.fileName(url: url)
        guard let folder = options.mediaDirectory else { return .remoteImage(url: url, fileName: name) }
        switch OutOfBandImage.load(name, folder: folder) {
        case .success(let bytes):
            return image(bytes, warn: warn)
        case .failure(let problem):
            warn("image \(url): \(problem)")
            return .remoteImage(url: url, fileName: name)
        }
    }

    private func audio(_ bytes: Data?, duration: Double?, warn: (String) -> Void) -> BubbleContent {
        guard let bytes else {
            warn("voice message without an <attachment>")
            return .placeholder(PlaceholderText.audioMissing)
        }
        return .audio(AudioContent(duration: duration ?? 0, bytes: bytes))
    }

    private func link(_ message: Message) -> BubbleContent {
        let url = message.outOfBandURL ?? ""
        let name = message.fileName.flatMap { $0.isEmpty ? nil : $0 } ?? MessageText.fileName(url: url)
        return .link(url: url, fileName: name)
    }

    private func isBlank(_ text: String?) -> Bool {
        (text ?? "").allSatisfy(\.isWhitespace)
    }
}
