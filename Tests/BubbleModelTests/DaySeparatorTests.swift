import BubbleArchive
import BubbleModel
import Foundation
import Testing

/// Day separators come from the view-model, one before the first message of each calendar
/// day, only when a theme asks for them (the origin app had none).
@Suite struct DaySeparatorTests {
    static let me = Participant(jid: "me@example.com", nickname: "Me")
    static let ann = Participant(jid: "ann@example.com")

    /// A UTC time on a day of May 2024 (day 0 is 30 April).
    static func time(day: Int, _ hour: Int, _ minute: Int) -> Date {
        // 2024-05-01T00:00:00Z.
        let seconds: Int = (day - 1) * 86_400 + hour * 3600 + minute * 60
        return Date(timeIntervalSince1970: 1_714_521_600 + Double(seconds))
    }

    static let messages = [
        Message(source: "a", outgoing: false, time: time(day: 0, 23, 59), body: "late on the 30th"),
        Message(source: "b", outgoing: true, time: time(day: 1, 0, 1), body: "just after midnight"),
        Message(source: "c", outgoing: false, time: time(day: 1, 12, 0), body: "noon"),
        Message(source: "d", outgoing: false, time: time(day: 3, 8, 0), body: "two days later"),
    ]

    func items(_ options: ViewModelOptions) -> [ConversationItem] {
        ConversationViewModel(conversation: Conversation(account: Self.me, peer: Self.ann, messages: Self.messages),
                              options: options).items
    }

    /// What each item is: a message's source, or `day` and the separator's date.
    func shape(_ items: [ConversationItem]) -> [String] {
        items.map { item in
            switch item {
            case .daySeparator(let day): "\(day.source) @\(Int(day.date.timeIntervalSince1970))"
            default: item.source
            }
        }
    }

    @Test func aSeparatorPrecedesTheFirstMessageOfEachUTCDay() {
        let items = items(ViewModelOptions(daySeparators: true))
        #expect(shape(items) == [
            "day 2024-04-30 @\(Int(Self.time(day: 0, 23, 59).timeIntervalSince1970))", "a",
            "day 2024-05-01 @\(Int(Self.time(day: 1, 0, 1).timeIntervalSince1970))", "b", "c",
            "day 2024-05-03 @\(Int(Self.time(day: 3, 8, 0).timeIntervalSince1970))", "d",
        ])
    }

    @Test func theDefaultOptionsHaveNoSeparators() {
        #expect(shape(items(.classic)) == ["a", "b", "c", "d"])
        #expect(shape(items(ViewModelOptions())) == ["a", "b", "c", "d"])
    }

    /// Days are the calendar days of the chosen zone: at UTC+8 the first two messages share 1 May.
    @Test func daysFollowTheTimeZone() {
        let items = items(ViewModelOptions(daySeparators: true, timeZone: TimeZone(identifier: "Asia/Shanghai")!))
        #expect(items.compactMap { if case .daySeparator(let day) = $0 { day.source } else { nil } }
                == ["day 2024-05-01", "day 2024-05-03"])
    }
}
