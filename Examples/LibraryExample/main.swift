import ChatBubbles
import Foundation

// Two messages built in code: Ada asks, the account answers a minute later.
let me = Participant(jid: "me@example.com", nickname: "Me")
let ada = Participant(jid: "ada@example.com", nickname: "Ada")
let start = Date(timeIntervalSince1970: 1_714_555_800)
let conversation = Conversation(account: me, peer: ada, messages: [
    Message(source: "1", outgoing: false, time: start, body: "Are we still on for lunch?"),
    Message(source: "2", outgoing: true, time: start + 60, body: "Yes! See you at noon 🍜"),
])

let screen = try ChatScreen(theme: "classic")  // theme, fonts and bubble images, loaded once
let layout = try screen.layout(conversation, screenWidth: 375)
for row in layout.rows {
    print("row \(row.source): \(row.height) pt")
}
let bytes = try screen.write(layout, to: "conversation.png", scale: 2)
print("wrote conversation.png (\(bytes) bytes)")
