import BubbleArchive
import Foundation
import Testing

/// The extensions of current clients, as the stanza parser reads them (folding them into
/// bubbles is the view-model's, in ConversationFoldingTests).
@Suite struct ModernStanzaTests {
    func parse(_ children: String) -> Stanza {
        Stanza(parsing: "<message xmlns='jabber:client' id='x1' type='chat'>\(children)</message>")
    }

    @Test func idsCorrectionRetractionAndReply() {
        let stanza = parse("""
            <body>text</body><origin-id xmlns='urn:xmpp:sid:0' id='o1'/>\
            <stanza-id xmlns='urn:xmpp:sid:0' id='s1' by='me@example.com'/><stanza-id xmlns='urn:xmpp:sid:0' id='s2' by='x'/>\
            <replace xmlns='urn:xmpp:message-correct:0' id='old'/><reply xmlns='urn:xmpp:reply:0' to='a@b' id='q1'/>\
            <unstyled xmlns='urn:xmpp:styling:0'/>
            """)
        #expect(stanza.problems.isEmpty)
        #expect(stanza.extensions.originId == "o1")
        #expect(stanza.extensions.archiveIds == ["s1", "s2"])
        #expect(stanza.extensions.replaces == "old")
        #expect(stanza.extensions.reply == ReplyReference(id: "q1", to: "a@b"))
        #expect(stanza.extensions.unstyled)
        let message = XMPPConversationReader.message(from: ArchiveRow(primaryKey: 1, stanza: """
            <message id='x1'><body>a</body><origin-id xmlns='urn:xmpp:sid:0' id='o1'/><stanza-id xmlns='urn:xmpp:sid:0' id='x1'/></message>
            """))
        #expect(message.knownIds == ["x1", "o1"])
    }

    @Test func bothRetractionForms() {
        #expect(parse("<retract xmlns='urn:xmpp:message-retract:1' id='o9'/>").extensions.retracts == "o9")
        #expect(parse("<apply-to xmlns='urn:xmpp:fasten:0' id='o8'><retract xmlns='urn:xmpp:message-retract:0'/></apply-to>")
            .extensions.retracts == "o8")
        // A fastening of something else is not a retraction.
        #expect(parse("<apply-to xmlns='urn:xmpp:fasten:0' id='o8'><pin xmlns='urn:example'/></apply-to>").extensions.retracts == nil)
        #expect(parse("<retracted xmlns='urn:xmpp:message-retract:1' stamp='2024-05-01T10:00:00Z'/>").extensions.isRetracted)
    }

    @Test func fallbacksWithAndWithoutRanges() {
        let stanza = parse("""
            <fallback xmlns='urn:xmpp:fallback:0' for='urn:xmpp:reply:0'><body start='0' end='12'/><body start='20' end='25'/></fallback>\
            <fallback xmlns='urn:xmpp:fallback:0' for='urn:xmpp:message-retract:1'/>
            """)
        #expect(stanza.extensions.fallbacks == [
            BodyFallback(namespace: "urn:xmpp:reply:0", range: 0..<12),
            BodyFallback(namespace: "urn:xmpp:reply:0", range: 20..<25),
            BodyFallback(namespace: "urn:xmpp:message-retract:1", range: nil),
        ])
        let bad = parse("<fallback xmlns='urn:xmpp:fallback:0' for='urn:xmpp:reply:0'><body start='9' end='3'/></fallback>")
        #expect(bad.problems == ["<fallback for='urn:xmpp:reply:0'> body range start='9' end='3' is not two offsets with start ≤ end"])
    }

    @Test func reactionsAndMarkers() {
        let reactions = parse("<reactions xmlns='urn:xmpp:reactions:0' id='m7'><reaction>👍</reaction><reaction> ❤️ </reaction><reaction>👍</reaction></reactions>")
        #expect(reactions.extensions.reactions == ReactionUpdate(messageId: "m7", emojis: ["👍", "❤️"]))
        #expect(parse("<reactions xmlns='urn:xmpp:reactions:0' id='m7'/>").extensions.reactions == ReactionUpdate(messageId: "m7", emojis: []))
        #expect(parse("<displayed xmlns='urn:xmpp:chat-markers:0' id='m3'/>").extensions.marker
                == ChatMarker(kind: .displayed, messageId: "m3"))
        #expect(parse("<received xmlns='urn:xmpp:chat-markers:0' id='m3'/>").extensions.marker
                == ChatMarker(kind: .received, messageId: "m3"))
        // `markable` asks for markers and names nothing.
        #expect(parse("<markable xmlns='urn:xmpp:chat-markers:0'/>").extensions.marker == nil)
    }

    @Test func anElementWithoutItsIdIsAProblemNotAGuess() {
        #expect(parse("<replace xmlns='urn:xmpp:message-correct:0'/>").problems
                == ["<replace xmlns='urn:xmpp:message-correct:0'> has no id: the correction ignored"])
        #expect(parse("<reactions xmlns='urn:xmpp:reactions:0'><reaction>👍</reaction></reactions>").extensions.reactions == nil)
    }
}

@Suite struct JSONModernKeyTests {
    let folder: JSONFixtureFolder
    init() throws { folder = try JSONFixtureFolder() }

    @Test func readsTheFoldedKeys() throws {
        let conversation = try folder.read(conversationJSON(messages: """
            {"id": "1", "sender": "ann@example.com", "time": "2024-05-01T09:30:00Z", "kind": "text", "text": "hi",
             "reactions": {"me": ["👍"], "ann@example.com": ["👍", "😂"]}, "edited": true},
            {"id": "2", "sender": "me", "time": "2024-05-01T09:31:00Z", "kind": "text", "text": "yo", "reply_to": "1",
             "status": "read", "unstyled": true},
            {"id": "3", "sender": "me", "time": "2024-05-01T09:32:00Z", "kind": "text", "text": "gone", "retracted": true}
            """))
        let first = conversation.messages[0].extensions
        #expect(first.declaredEdited)
        #expect(first.declaredReactions == [DeclaredReaction(from: "ann@example.com", emoji: "👍"),
                                            DeclaredReaction(from: "ann@example.com", emoji: "😂"),
                                            DeclaredReaction(from: "me", emoji: "👍")])
        let second = conversation.messages[1].extensions
        #expect(second.declaredReplyTo == "1" && second.declaredStatus == "read" && second.unstyled)
        #expect(conversation.messages[2].extensions.isRetracted)
    }

    @Test func badModernKeysAreNamed() throws {
        #expect(try folder.error(conversationJSON(messages: """
            {"id": "1", "sender": "ann@example.com", "time": "2024-05-01T09:30:00Z", "kind": "text", "text": "hi",
             "status": "read", "reactions": {"bob": ["👍"], "me": "👍"}, "edited": "yes", "reply_to": ""}
            """)) == """
            chat.json: messages[0].reply_to: must not be empty
            chat.json: messages[0].edited: expected true or false, found a string ('yes')
            chat.json: messages[0].status: only the account's own messages have a delivery status
            chat.json: messages[0].reactions.bob: 'bob' is not the id of a participant
            chat.json: messages[0].reactions.me: expected an array of emoji, found a string ('👍')
            """)
    }
}
