import BubbleArchive
import Foundation
import Testing

/// Schemas/conversation.schema.json and the reader must describe one format: these checks fail
/// when a key, a kind or a required field is added to one and not to the other.
@Suite struct JSONSchemaTests {
    let schema: [String: Any]

    init() throws {
        let url = ImageBytes.samples.deletingLastPathComponent().appendingPathComponent("Schemas/conversation.schema.json")
        schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    func definition(_ name: String) throws -> [String: Any] {
        try #require((schema["$defs"] as? [String: Any])?[name] as? [String: Any])
    }

    func keys(_ object: [String: Any]) -> Set<String> {
        Set((object["properties"] as? [String: Any] ?? [:]).keys)
    }

    @Test func documentParticipantAndMediaKeys() throws {
        #expect(keys(schema) == Set(JSONConversationReader.documentKeys))
        #expect(schema["required"] as? [String] == JSONConversationReader.documentKeys)
        #expect(((schema["properties"] as? [String: Any])?["version"] as? [String: Any])?["const"] as? Int
                == JSONConversationReader.formatVersion)
        #expect(keys(try definition("participant")) == Set(JSONConversationReader.participantKeys))
        #expect(keys(try definition("media")) == Set(JSONConversationReader.mediaKeys))
    }

    @Test func messageKeysAndKinds() throws {
        let message = try definition("message")
        let allKindKeys = Set(JSONConversationReader.keysOfKind.values.flatMap { $0 })
        #expect(keys(message) == Set(JSONConversationReader.commonMessageKeys).union(allKindKeys)
            .union(JSONConversationReader.modernMessageKeys))
        let status = ((message["properties"] as? [String: Any])?["status"] as? [String: Any])?["enum"] as? [String]
        #expect(status == JSONConversationReader.statusValues)
        let kindEnum = ((message["properties"] as? [String: Any])?["kind"] as? [String: Any])?["enum"] as? [String]
        #expect(kindEnum == JSONConversationReader.messageKinds)
        #expect(Set(JSONConversationReader.keysOfKind.keys) == Set(JSONConversationReader.messageKinds))
    }

    /// Each kind's `if`/`then`: the keys it requires and the keys it forbids.
    @Test func eachKindRequiresAndForbidsWhatTheReaderDoes() throws {
        let rules = try #require(try definition("message")["allOf"] as? [[String: Any]])
        let allKindKeys = Set(JSONConversationReader.keysOfKind.values.flatMap { $0 })
        for kind in JSONConversationReader.messageKinds {
            let rule = try #require(rules.first {
                (($0["if"] as? [String: Any])?["properties"] as? [String: [String: Any]])?["kind"]?["const"] as? String == kind
            }, "no rule for kind \(kind)")
            let then = try #require(rule["then"] as? [String: Any])
            let uses = Set(JSONConversationReader.keysOfKind[kind] ?? [])
            let optional = Set(JSONConversationReader.optionalKeysOfKind[kind] ?? [])
            #expect(Set(then["required"] as? [String] ?? []) == uses.subtracting(optional), "kind \(kind)")
            let forbidden = (then["properties"] as? [String: Any] ?? [:]).filter { $0.value as? Bool == false }.keys
            #expect(Set(forbidden) == allKindKeys.subtracting(uses), "kind \(kind)")
        }
    }
}
