@testable import BubblesCommand
import ChatBubbles
import CommandTesting
import Foundation
import Testing

/// `layout --json` writes rows as they are laid out, through a spool: the bytes must be the
/// ones the whole layout gives.
@Suite struct LayoutStreamTests {
    static let repository = LayoutExplainTests.repository

    func bubbles(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let output = PreviewSink(), errors = PreviewSink()
        let io = CommandIO(readStandardInput: { Data() }, write: { output.append($0) },
                           writeError: { errors.append($0) }, currentDirectory: Self.repository.path)
        return (Bubbles.main(arguments, io: io), output.text, errors.text)
    }

    @Test(arguments: [("Samples/conversation.json", "classic"), ("Samples/modern.json", "telegram-style"),
                      ("Samples/modern.json", "imessage-style-dark")])
    func streamedRowsAreTheWholeLayoutsBytes(input: String, theme: String) throws {
        let io = CommandIO(readStandardInput: { Data() }, write: { _ in }, writeError: { _ in },
                           currentDirectory: Self.repository.path)
        let conversation = try CommandGlue.loadConversation(path: input, account: nil, peer: nil, vcards: nil, io: io)
        let chat = try CommandGlue.screen(theme: theme, timeZone: TimeZone(identifier: "UTC")!, io: io)
        let layout = try chat.layout(chat.items(of: conversation).items, screenWidth: 375)
        #expect(layout.rows.count > 5)
        for explain in [false, true] {
            let streamed = bubbles(["layout", input, "--theme", theme, "--json"] + (explain ? ["--explain"] : []))
            #expect(streamed.code == 0 || streamed.code == 3, "\(streamed.err)")
            #expect(streamed.out == LayoutCommand.json(layout, theme: theme, explain: explain))
        }
    }

    @Test func spoolCopiesUTF8WholeAcrossItsBlocks() throws {
        let spool = try OutputSpool()
        // Multi-byte characters straddle the 1 MiB block edges at every offset.
        var expected = ""
        for index in 0..<9 {
            let piece = String(repeating: "a", count: (1 << 20) - 1 - index) + "中👍🏽é"
            expected += piece
            try spool.append(piece)
        }
        let copied = PreviewSink()
        try spool.copy(to: { copied.append($0) })
        #expect(copied.text == expected)
    }
}
