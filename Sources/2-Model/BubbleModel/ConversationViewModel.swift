import BubbleArchive
import BubbleText
import Foundation

/// A conversation as the screen shows it: an ordered list of items (message bubbles, the
/// typing row, day separators), and every warning, each naming its message. No message
/// vanishes without a word except a stale typing indicator and the stanzas that only change
/// other messages (corrections, retractions, reactions, receipts, markers, bare chat states).
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
        let folding = ConversationFolding(conversation: conversation, tracksDelivery: options.deliveryTicks)
        var maker = BubbleModelMaker(conversation: conversation, options: options, folding: folding,
                                     images: ImageAdmission(verifier: images, maximumPixels: options.maximumConversationImagePixels))
        // The newest message drawn: stanzas folded into others (receipts, reactions) after a
        // composing row do not make it stale.
        let newest = conversation.messages.indices.last { folding.changes(at: $0) != nil }
        var items: [ConversationItem] = []
        items.reserveCapacity(conversation.messages.count)
        var warnings: [String] = []
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = options.timeZone
        var lastDay: DateComponents?
        for index in conversation.messages.indices {
            warnings += folding.warnings[index] ?? []
            guard let changes = folding.changes(at: index),
                  let item = maker.item(for: conversation.messages[index], changes: changes, isNewest: index == newest)
            else { continue }
            warnings += item.message?.warnings ?? []
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
        self.warnings = warnings
    }

    /// The message items, in order.
    public var messages: [BubbleModel] { items.compactMap(\.message) }
}
