import BubbleArchive
import BubbleModel
import Foundation
import Testing

/// A stand-in for the renderer's decoder: fails the bytes it is told to, and counts calls.
final class ScriptedVerifier: ImageVerifier, @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    let verdicts: [Data: ImageVerdict]
    init(_ verdicts: [Data: ImageVerdict]) { self.verdicts = verdicts }
    var callCount: Int { lock.withLock { calls } }

    func verdict(on data: Data) -> ImageVerdict {
        lock.withLock { calls += 1 }
        return verdicts[data] ?? .decodes
    }
}

@Suite struct ImageVerificationTests {
    static let start = Date(timeIntervalSince1970: 1_714_555_800)

    static func conversation(_ images: [Data]) -> Conversation {
        Conversation(account: Participant(jid: "me@example.com"), peer: Participant(jid: "ada@example.com"),
                     messages: images.enumerated().map { index, bytes in
                         var message = Message(source: "row \(index + 1)", outgoing: false, time: start + Double(index), body: "image")
                         message.attachment = bytes
                         return message
                     })
    }

    /// What each message became: `image` or the placeholder's text.
    static func kinds(_ model: ConversationViewModel) -> [String] {
        model.messages.map { message in
            switch message.content {
            case .image: "image"
            case .placeholder(let text): text
            default: "other"
            }
        }
    }

    /// 49 Mpx each: four distinct ones are 196 Mpx, a fifth would pass 200 Mpx. The same
    /// bytes again cost nothing more: the renderer decodes them once.
    @Test func decodedPixelsAreCappedPerConversation() {
        let images = (0..<5).map { ImageBytes.png(width: 7000, height: 7000) + Data([UInt8($0)]) }
        let model = ConversationViewModel(conversation: Self.conversation(images + [images[0]]))
        #expect(Self.kinds(model) == ["image", "image", "image", "image", PlaceholderText.imageTooLarge, "image"])
        #expect(model.warnings == ["row 5: png image of 7000 × 7000 pixels would take the conversation's decoded images"
                                   + " past the limit of 200000000 pixels (196000000 so far)"])
    }

    @Test func theDecoderDecidesOncePerDistinctImage() {
        let good = ImageBytes.png(width: 40, height: 30)
        let cut = ImageBytes.png(width: 40, height: 30) + Data([1])
        let partial = ImageBytes.jpeg(width: 16, height: 16)
        let verifier = ScriptedVerifier([cut: .fails("PNG data is cut short or damaged: chunk 'IDAT' at byte 33 claims 88 bytes, but only 31 remain"),
                                         partial: .decodesPartly("JPEG data is cut short (Premature end of JPEG file)")])
        let model = ConversationViewModel(conversation: Self.conversation([good, cut, partial, cut, good]), images: verifier)
        #expect(Self.kinds(model) == ["image", PlaceholderText.imageUnreadable, "image", PlaceholderText.imageUnreadable, "image"])
        let cutWarning = "image of \(cut.count) bytes cannot be shown: PNG data is cut short or damaged: chunk 'IDAT' at byte 33 claims 88 bytes, but only 31 remain"
        #expect(model.warnings == ["row 2: " + cutWarning,
                                   "row 3: image of \(partial.count) bytes is shown in part: JPEG data is cut short (Premature end of JPEG file)",
                                   "row 4: " + cutWarning])
        #expect(verifier.callCount == 3)
    }

    @Test func withoutADecoderTheHeaderDecides() {
        let model = ConversationViewModel(conversation: Self.conversation([ImageBytes.png(width: 40, height: 30)]))
        #expect(Self.kinds(model) == ["image"])
        #expect(model.warnings.isEmpty)
    }
}
