import BubbleTheme
import BubbleLayout
import BubbleModel
import BubbleText
import Foundation

/// `bubbles layout`: the frames of every row (layout receipts), as JSON or a table.
struct LayoutCommand {
    static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let json = parsed[Self.json]
        let choice = ConversationInput(parsed)
        let screen = try ScreenOptions(parsed)
        let input = try parsed.onlyPositional("give one archive or JSON conversation")
        let conversation = try loadConversation(path: input, account: choice.account, peer: choice.peer,
                                                vcards: choice.vcards, io: io)
        let model = ConversationViewModel(conversation: conversation)
        let job = try RenderJob(theme: RenderJob.loadTheme(screen.theme, io: io), timeZone: screen.timeZone)
        let layout = try job.layouter.layout(model.bubbles, screenWidth: screen.width)
        io.write(json ? Self.json(layout, theme: screen.theme) : Self.table(layout))
        return ModelsCommand.reportWarnings(model.warnings, io: io)
    }

    static func rect(_ r: Rect) -> String {
        JSONText.array([r.x, r.y, r.width, r.height].map(JSONText.number))
    }

    static func json(_ layout: ConversationLayout, theme: String) -> String {
        let rows = layout.rows.map { row -> String in
            var pairs: [(String, String)] = [
                ("source", JSONText.string(row.model.source)),
                ("kind", JSONText.string(ModelsCommand.kind(row.model.content))),
                ("direction", JSONText.string(row.model.direction.rawValue)),
                ("y", JSONText.number(row.y)), ("height", JSONText.number(row.height)),
                ("avatar", rect(row.avatar)), ("name", rect(row.name)), ("time", rect(row.time)),
                ("time_text", JSONText.string(row.timeText)),
                ("bubble", rect(row.bubble)), ("content", rect(row.content)),
            ]
            if case .text(let text) = row.rowContent {
                pairs.append(("text_height", JSONText.number(text.height)))
                pairs.append(("text_lines", String(text.lines.count)))
            }
            if let mark = row.delayedMark { pairs.append(("delayed_mark", rect(mark))) }
            return JSONText.object(pairs)
        }
        return JSONText.object([
            ("theme", JSONText.string(theme)), ("screen_width", JSONText.number(layout.screenWidth)),
            ("time_zone", JSONText.string(layout.timeZone)), ("height", JSONText.number(layout.height)),
            ("rows", "[\n  " + rows.joined(separator: ",\n  ") + "\n]"),
        ]) + "\n"
    }

    static func table(_ layout: ConversationLayout) -> String {
        var out = "screen \(JSONText.number(layout.screenWidth)) pt, \(layout.rows.count) rows, "
            + "height \(JSONText.number(layout.height)) pt, times in \(layout.timeZone)\n"
        for row in layout.rows {
            let b = row.bubble
            out += "\(row.model.source.padding(toLength: 10, withPad: " ", startingAt: 0)) "
                + "\(row.model.direction.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) "
                + "\(ModelsCommand.kind(row.model.content).padding(toLength: 11, withPad: " ", startingAt: 0)) "
                + "y \(String(format: "%8.2f", row.y)) h \(String(format: "%7.2f", row.height))  bubble "
                + String(format: "%.2f,%.2f %.2f×%.2f", b.x, b.y, b.width, b.height) + "\n"
        }
        return out
    }
}
