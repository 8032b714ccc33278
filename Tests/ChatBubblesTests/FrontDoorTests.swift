import ChatBubbles
import Foundation
import Testing

/// The three jobs through the front door: load with typed errors, lay out in a theme, render.
@Suite struct FrontDoorTests {
    static let repository = LibraryExampleTests.repository

    @Test func loadsBothInputKindsAndLaysThemOutInAnyTheme() throws {
        let json = try Conversation.load(path: Self.repository.appendingPathComponent("Samples/conversation.json").path)
        let archive = try Conversation.load(path: Self.repository.appendingPathComponent("Samples/chat.sqlite").path,
                                            account: "me@chat.example", peer: "li.lei@chat.example")
        #expect(!json.messages.isEmpty && !archive.messages.isEmpty)
        let screen = try ChatScreen(theme: "classic-dark")
        let layout = try screen.layout(json, screenWidth: 320)
        #expect(layout.rows.count == screen.items(of: json).items.count)
        #expect(layout.height == layout.rows.reduce(0) { $0 + $1.height })
        let pdf = try screen.render(layout, format: .pdf, scale: 1)
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }

    @Test func loadErrorsAreTypedAndNameTheFileAsGiven() throws {
        #expect(throws: ConversationLoadError.unusableFile(path: "nowhere.json", problem: "no such file")) {
            try Conversation.load(path: "/nonexistent/nowhere.json", displayPath: "nowhere.json")
        }
        let archive = Self.repository.appendingPathComponent("Samples/chat.sqlite").path
        do {
            _ = try Conversation.load(path: archive, displayPath: "chat.sqlite")
            Issue.record("the sample archive holds more than one conversation")
        } catch .chooseConversation(let path, let problem, let candidates) {
            #expect(path == "chat.sqlite" && candidates.count > 1)
            #expect(problem.hasPrefix("chat.sqlite: holds \(candidates.count) conversations; choose one:"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            _ = try Conversation.load(path: archive, account: "me@chat.example", peer: "nobody@chat.example")
            Issue.record("no such conversation")
        } catch .noSuchConversation(_, let problem, _) {
            #expect(problem.contains("no conversation of me@chat.example with nobody@chat.example"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        let json = Self.repository.appendingPathComponent("Samples/conversation.json").path
        #expect(throws: ConversationLoadError.vCardsWithJSON(path: json)) {
            try Conversation.load(path: json, vCards: archive)
        }
    }

    /// A theme's layout section reaches the view-model through the front door: with day
    /// separators on, the items (and rows) gain one per calendar day.
    @Test func aThemeWithDaySeparatorsGetsThemFromTheFrontDoor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("front-door-theme-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let theme = folder.appendingPathComponent("days")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Themes/classic"), to: theme)
        var json = try String(contentsOf: theme.appendingPathComponent("theme.json"), encoding: .utf8)
        json = json.replacingOccurrences(of: "\"dark_variant\": \"classic-dark\",\n", with: "")
            .replacingOccurrences(of: "\"time_format\": \"MM-dd HH:mm:ss\"",
                                  with: "\"time_format\": \"HH:mm\", \"day_separators\": { \"format\": \"d MMMM yyyy\" }")
        try json.write(to: theme.appendingPathComponent("theme.json"), atomically: true, encoding: .utf8)

        let me = Participant(jid: "me@example.com"), ada = Participant(jid: "ada@example.com")
        let day = 86_400.0, start = Date(timeIntervalSince1970: 19_844 * day + 3_600)  // 2024-05-01 01:00 UTC
        let conversation = Conversation(account: me, peer: ada, messages: [
            Message(source: "1", outgoing: false, time: start, body: "first"),
            Message(source: "2", outgoing: true, time: start + 60, body: "same day"),
            Message(source: "3", outgoing: false, time: start + day, body: "next day"),
        ])
        let layout = try ChatScreen(theme: theme.path).layout(conversation, screenWidth: 375)
        #expect(layout.rows.map(\.source) == ["day 2024-05-01", "1", "2", "day 2024-05-02", "3"])
        guard case .daySeparator(let label) = layout.rows[0].kind else { Issue.record("no separator row"); return }
        #expect(label.label.layout.text == "1 May 2024")
        let classic = try ChatScreen(theme: "classic").layout(conversation, screenWidth: 375)
        #expect(classic.rows.map(\.source) == ["1", "2", "3"], "the origin app has no day separators")
    }
}
