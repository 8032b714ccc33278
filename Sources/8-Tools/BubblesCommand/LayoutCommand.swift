import ChatBubbles
import Foundation

/// `bubbles layout`: the frames of every row (layout receipts), as JSON or a table.
package struct LayoutCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let explain = parsed[Self.explain]
        let json = parsed[Self.json] || explain
        let choice = ConversationInput(parsed)
        let screen = try ScreenOptions(parsed)
        let input = try parsed.onlyPositional("give one archive or JSON conversation")
        let conversation = try CommandGlue.loadConversation(path: input, account: choice.account, peer: choice.peer,
                                                            vcards: choice.vcards, io: io)
        guard json else {
            let (_, model, layout) = try CommandGlue.layOut(conversation, input: choice, screen: screen, io: io)
            io.write(Self.table(layout))
            return ModelsCommand.reportWarnings(model.warnings, io: io)
        }
        // Rows are written as they are laid out (to a spool, since the height heads the output),
        // so no whole layout is held.
        let chat = try CommandGlue.screen(theme: screen.theme, timeZone: screen.timeZone, locale: screen.locale,
                                          mediaDirectory: choice.mediaDirectory(io: io),
                                          lineBreakStrategy: screen.lineBreakStrategy, io: io)
        var model = chat.items(of: conversation)
        var missingGlyphWarnings: [String] = []
        let spool = try OutputSpool()
        var first = true
        let (height, timeZone) = try chat.layouter.forEachRow(model.items, screenWidth: screen.width) { row in
            try spool.append((first ? "" : ",\n  ") + Self.rowJSON(row, explain: explain))
            first = false
            // Tofu is a warning in every output, as `CommandGlue.layOut` gives it (exit 3).
            let missing = row.missingCodePoints
            if !missing.isEmpty {
                missingGlyphWarnings.append(ConversationLayout.missingGlyphWarning(source: row.source, missing))
            }
        }
        model.warnings += missingGlyphWarnings
        io.write(Self.header(theme: screen.theme, screenWidth: screen.width, timeZone: timeZone, height: height))
        try spool.copy(to: io.write)
        io.write(Self.footer)
        io.keepUntilExit((conversation, chat, model))
        return ModelsCommand.reportWarnings(model.warnings, io: io)
    }

    package static func rect(_ r: Rect) -> String {
        JSONText.array([r.x, r.y, r.width, r.height].map(JSONText.number))
    }

    /// What a row shows: a message's kind (`text`, `image`, …), `typing`, `day_separator`, `notice`.
    package static func kind(_ row: RowLayout) -> String {
        switch row.kind {
        case .bubble(let bubble): bubble.message.map { ModelsCommand.kind($0.content) } ?? "typing"
        case .daySeparator: "day_separator"
        case .notice: "notice"
        }
    }

    package static func json(_ layout: ConversationLayout, theme: String, explain: Bool = false) -> String {
        header(theme: theme, screenWidth: layout.screenWidth, timeZone: layout.timeZone, height: layout.height)
            + layout.rows.map { rowJSON($0, explain: explain) }.joined(separator: ",\n  ") + footer
    }

    /// The output up to the first row: `JSONText.object` of the conversation's fields, cut open
    /// at its last value, the rows' array.
    package static func header(theme: String, screenWidth: Double, timeZone: String, height: Double) -> String {
        let object = JSONText.object([
            ("theme", JSONText.string(theme)), ("screen_width", JSONText.number(screenWidth)),
            ("time_zone", JSONText.string(timeZone)), ("height", JSONText.number(height)), ("rows", ""),
        ])
        return object.dropLast() + "[\n  "
    }

    package static let footer = "\n]}\n"

    package static func rowJSON(_ row: RowLayout, explain: Bool) -> String {
        var pairs: [(String, String)] = [("source", JSONText.string(row.source)), ("kind", JSONText.string(kind(row)))]
        switch row.kind {
        case .bubble(let bubble):
            pairs.append(("direction", JSONText.string(bubble.direction.rawValue)))
            pairs += [("y", JSONText.number(row.y)), ("height", JSONText.number(row.height))]
            pairs += bubblePairs(bubble)
            if explain { pairs += explainPairs(bubble) }
        case .daySeparator(let label), .notice(let label):
            pairs += [("y", JSONText.number(row.y)), ("height", JSONText.number(row.height)),
                      ("label", rect(label.label.frame)), ("text", JSONText.string(label.label.layout.text))]
            if explain { pairs.append(("explain", TextReceipt.lines(label.label.layout))) }
        }
        return JSONText.object(pairs)
    }

    /// A bubble row's frames; parts a row does not have are left out.
    private static func bubblePairs(_ row: BubbleRowLayout) -> [(String, String)] {
        var pairs: [(String, String)] = []
        if let avatar = row.avatar { pairs.append(("avatar", rect(avatar))) }
        if let name = row.name { pairs.append(("name", rect(name.frame))) }
        if let time = row.time { pairs += [("time", rect(time.frame)), ("time_text", JSONText.string(row.timeText))] }
        pairs += [("bubble", rect(row.bubble)), ("content", rect(row.content))]
        if !row.hasTail { pairs.append(("tail", "false")) }
        if case .jumbomoji(let emoji) = row.rowContent { pairs.append(("jumbomoji_size", JSONText.number(emoji.style.fontSize))) }
        if case .text(let text) = row.rowContent {
            pairs.append(("text_height", JSONText.number(text.height)))
            pairs.append(("text_lines", String(text.lines.count)))
        }
        if let mark = row.delayedMark { pairs.append(("delayed_mark", rect(mark))) }
        if let quote = row.quote {
            pairs.append(("quote", JSONText.object([("bar", rect(quote.bar)), ("name", rect(quote.name.frame)),
                                                    ("text", rect(quote.text.frame)),
                                                    ("text_lines", String(quote.text.layout.lines.count))])))
        }
        if let edited = row.edited { pairs.append(("edited", rect(edited.frame))) }
        if let status = row.status {
            pairs.append(("status", JSONText.object([("status", JSONText.string(status.status.rawValue)),
                                                     ("frame", rect(status.frame))])))
        }
        if !row.reactions.isEmpty {
            pairs.append(("reactions", JSONText.array(row.reactions.map { chip in
                JSONText.object([("frame", rect(chip.frame)), ("label", JSONText.string(chip.label.layout.text)),
                                 ("own", chip.includesOwn ? "true" : "false")])
            })))
        }
        return pairs
    }

    /// The receipts of every text a bubble row draws: its content (text or jumbomoji, a file's
    /// name, a voice message's duration) and its quote.
    private static func explainPairs(_ row: BubbleRowLayout) -> [(String, String)] {
        var pairs: [(String, String)] = []
        switch row.rowContent {
        case .text(let text), .jumbomoji(let text): pairs.append(("explain", TextReceipt.lines(text)))
        case .link(_, _, let name), .remoteImage(_, _, let name): pairs.append(("explain", TextReceipt.lines(name)))
        case .audio(_, _, let duration, _): pairs.append(("explain", TextReceipt.lines(duration)))
        case .image, .typing: break
        }
        if let quote = row.quote { pairs.append(("quote_explain", TextReceipt.lines(quote.text.layout))) }
        return pairs
    }

    package static func table(_ layout: ConversationLayout) -> String {
        var out = "screen \(JSONText.number(layout.screenWidth)) pt, \(layout.rows.count) rows, "
            + "height \(JSONText.number(layout.height)) pt, times in \(layout.timeZone)\n"
        for row in layout.rows {
            let direction = row.bubble?.direction.rawValue ?? ""
            let box: Rect
            switch row.kind {
            case .bubble(let bubble): box = bubble.bubble
            case .daySeparator(let label), .notice(let label): box = label.background
            }
            out += "\(row.source.padding(toLength: 10, withPad: " ", startingAt: 0)) "
                + "\(direction.padding(toLength: 8, withPad: " ", startingAt: 0)) "
                + "\(kind(row).padding(toLength: 13, withPad: " ", startingAt: 0)) "
                + "y \(String(format: "%8.2f", row.y)) h \(String(format: "%7.2f", row.height))  \(row.bubble == nil ? "label " : "bubble")"
                + String(format: " %.2f,%.2f %.2f×%.2f", box.x, box.y, box.width, box.height) + "\n"
        }
        return out
    }
}
