import BubbleArchive
import BubbleText
import Foundation

/// A conversation as the screen shows it: an ordered list of items (message bubbles, the
/// typing row, day separators), and every warning, each naming its message. No message
/// vanishes without a word except a stale typing indicator.
public struct ConversationViewModel: Sendable, Equatable {
    public var account: Participant
    public var peer: Participant
    public var items: [ConversationItem]
    /// Every message's warnings, in conversation order.
    public var warnings: [String]

    /// `images` is the decoder that will draw the images (BubbleRender's `RasterImageVerifier`):
    /// an image it cannot decode becomes a placeholder with a warning. Without it, an image
    /// whose header reads is taken as one.
    public init(conversation: Conversation, options: ViewModelOptions = .classic, images: (any ImageVerifier)? = nil) {
        account = conversation.account
        peer = conversation.peer
        var maker = BubbleModelMaker(conversation: conversation, options: options,
                                     images: ImageAdmission(verifier: images, maximumPixels: options.maximumConversationImagePixels))
        let newest = conversation.messages.indices.last
        var items: [ConversationItem] = []
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = options.timeZone
        var lastDay: DateComponents?
        for index in conversation.messages.indices {
            guard let item = maker.item(for: conversation.messages[index], isNewest: index == newest) else { continue }
            if options.daySeparators, case .message(let model) = item {
                let day = calendar.dateComponents([.year, .month, .day], from: model.time)
                if day != lastDay {
                    let label = String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
                    items.append(.daySeparator(DaySeparator(source: "day \(label)", date: model.time)))
                    lastDay = day
                }
            }
            items.append(item)
        }
        self.items = items
        warnings = items.flatMap { $0.message?.warnings ?? [] }
    }

    /// The message items, in order.
    public var messages: [BubbleModel] { items.compactMap(\.message) }
}

/// The rules that turn one message into one item (or, for a stale typing row, none).
struct BubbleModelMaker {
    let conversation: Conversation
    let options: ViewModelOptions
    var images: ImageAdmission

    mutating func item(for message: Message, isNewest: Bool) -> ConversationItem? {
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
        bubble.content = content(of: message, warn: warn)
        return .message(bubble)
    }

    private func isTyping(_ message: Message) -> Bool {
        if let kind = message.declaredKind { return kind == "typing" }
        return message.composing || (message.chatState == "composing" && isBlank(message.body)
                                     && message.attachment == nil && message.outOfBandURL == nil)
    }

    private mutating func content(of message: Message, warn: (String) -> Void) -> BubbleContent {
        let body = message.body ?? ""
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        switch message.declaredKind {
        case "text"?: return text(body, warn: warn)
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
        if message.outOfBandURL.map(isBlank) == false {
            return link(message)
        }
        if let attachment = message.attachment {
            guard trimmed.isEmpty else {
                warn("<attachment> of \(attachment.count) bytes ignored: the body is neither 'image' nor 'audio：N″'")
                return text(body, warn: warn)
            }
            guard ImageHeader(attachment) != nil else {
                warn("<attachment> of \(attachment.count) bytes with no body is not an image")
                return .placeholder(PlaceholderText.attachment)
            }
            return image(attachment, warn: warn)
        }
        if !trimmed.isEmpty { return text(body, warn: warn) }
        warn(emptyMessageProblem(message))
        return .placeholder(PlaceholderText.empty)
    }

    /// `unstyled`: the stanza asked for no XEP-0393 styling (links are still marked).
    private func text(_ body: String, unstyled: Bool = false, warn: (String) -> Void) -> BubbleContent {
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

    private func emptyMessageProblem(_ message: Message) -> String {
        if let receipt = message.receiptFor { return "a receipt for message '\(receipt)' with no body" }
        if let state = message.chatState { return "chat state '\(state)' with no body" }
        return "no body and no media"
    }

    private func isBlank(_ text: String?) -> Bool {
        (text ?? "").allSatisfy(\.isWhitespace)
    }
}
