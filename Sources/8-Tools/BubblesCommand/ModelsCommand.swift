import ChatBubbles
import Foundation

/// `bubbles models`: the bubble models of one conversation, i.e. what the layout will be given,
/// as JSON or as a table. The way to see what the tool made of each row, and why.
package struct ModelsCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let json = parsed[Self.json]
        let choice = ConversationInput(parsed)
        let inputs = parsed.positionals
        guard inputs.count == 1, let input = inputs.first else {
            throw CommandError.usage(inputs.isEmpty ? "give the archive or JSON conversation to read" : "give one input")
        }
        // The messages are let go once the models are made: the output needs only the models.
        var model = try { () throws -> ConversationViewModel in
            let conversation = try CommandGlue.loadConversation(path: input, account: choice.account, peer: choice.peer,
                                                                vcards: choice.vcards, io: io)
            let options = ViewModelOptions(mediaDirectory: try choice.mediaDirectory(io: io))
            return ConversationViewModel(conversation: conversation, options: options, images: RasterImageVerifier())
        }()
        model.warnings += try missingGlyphWarnings(model)
        if json {
            writeJSON(input: input, model: model, io: io)
        } else {
            io.write(table(model))
        }
        return reportWarnings(model.warnings, io: io)
    }

    /// Rows that would draw a character as a missing-glyph box with the bundled fonts (the
    /// classic theme's chains), found by laying the models out as `layout` does.
    /// Laid out `slice` items at a time, each slice with its neighbour on either side (which
    /// decide the grouping, and so whether a row shows a name): the same warnings as one layout
    /// of everything, without holding the rows of 100,000 messages at once.
    package static func missingGlyphWarnings(_ model: ConversationViewModel, slice: Int = 512) throws -> [String] {
        let layouter = ConversationLayouter(metrics: .classic, engine: try TextEngine(fonts: FontRoles.bundled()))
        let items = model.items
        var warnings: [String] = []
        for start in stride(from: 0, to: items.count, by: slice) {
            let end = min(start + slice, items.count)
            let lower = max(start - 1, 0)
            let rows = try layouter.layout(Array(items[lower..<min(end + 1, items.count)]), screenWidth: 375).rows
            for row in rows[(start - lower)..<(end - lower)] {
                let missing = row.missingCodePoints
                if !missing.isEmpty { warnings.append(ConversationLayout.missingGlyphWarning(source: row.source, missing)) }
            }
        }
        return warnings
    }

    /// Each warning, then `N warnings`, on standard error; exit code 3 when there were any.
    package static func reportWarnings(_ warnings: [String], io: CommandIO) -> Int32 {
        for warning in warnings { io.writeError("warning: \(warning)\n") }
        io.writeError(warnings.count == 1 ? "1 warning\n" : "\(warnings.count) warnings\n")
        return warnings.isEmpty ? ExitCode.success : ExitCode.partial
    }

    // MARK: JSON

    /// The document in pieces of about 64 KB, so that the text of 100,000 bubbles is never held
    /// whole (twice, while joining) next to the models it is made from.
    package static func writeJSON(input: String, model: ConversationViewModel, io: CommandIO) {
        let participant = { (person: Participant) in
            JSONText.object([("jid", JSONText.string(person.jid)),
                             ("name", JSONText.string(MessageText.senderName(person)))])
        }
        var pending = "{" + [
            "\"input\": " + JSONText.string(input),
            "\"account\": " + participant(model.account),
            "\"peer\": " + participant(model.peer),
        ].joined(separator: ", ") + ", \"bubbles\": " + (model.items.isEmpty ? "[]" : "[\n")
        for (index, item) in model.items.enumerated() {
            pending += (index == 0 ? "  " : ",\n  ") + json(item)
            if pending.utf8.count >= 1 << 16 {
                io.write(pending)
                pending = ""
            }
        }
        if !model.items.isEmpty { pending += "\n]" }
        io.write(pending + ", \"warnings\": " + JSONText.array(model.warnings.map(JSONText.string)) + "}\n")
    }

    /// One item as one line of JSON, keys in a fixed order.
    package static func json(_ item: ConversationItem) -> String {
        switch item {
        case .message(let bubble): return json(bubble)
        case .typing(let typing):
            return JSONText.object(header(source: typing.source, kind: "typing", direction: typing.direction, sender: typing.sender,
                                          senderName: typing.senderName, time: typing.time, delayed: false)
                                   + [("warnings", "[]")])
        case .daySeparator(let separator):
            return JSONText.object([("source", JSONText.string(separator.source)), ("kind", JSONText.string("day_separator")),
                                    ("time", JSONText.string(XMPPDateTime.format(separator.date)))])
        case .notice(let notice):
            return JSONText.object([("source", JSONText.string(notice.source)), ("kind", JSONText.string("notice")),
                                    ("text", JSONText.string(notice.text.string))])
        }
    }

    private static func header(source: String, kind: String, direction: BubbleDirection, sender: Participant,
                               senderName: String, time: Date, delayed: Bool) -> [(String, String)] {
        [("source", JSONText.string(source)), ("kind", JSONText.string(kind)),
         ("direction", JSONText.string(direction.rawValue)), ("sender", JSONText.string(sender.jid)),
         ("sender_name", JSONText.string(senderName)), ("time", JSONText.string(XMPPDateTime.format(time))),
         ("delayed", delayed ? "true" : "false")]
    }

    /// One bubble as one line of JSON; sizes are the classic theme's (the layout's formulas).
    package static func json(_ bubble: BubbleModel) -> String {
        var pairs = header(source: bubble.source, kind: kind(bubble.content), direction: bubble.direction, sender: bubble.sender,
                           senderName: bubble.senderName, time: bubble.time, delayed: bubble.delayed)
        let metrics = LayoutMetrics.classic
        switch bubble.content {
        case .text(let text):
            pairs.append(("text", JSONText.string(text.string)))
        case .placeholder(let text), .tombstone(let text):
            pairs.append(("text", JSONText.string(text)))
        case .image(let image):
            let size = metrics.imageDisplaySize(pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight)
            pairs.append(("image", JSONText.object([
                ("format", JSONText.string(image.format)),
                ("pixel_width", String(image.pixelWidth)), ("pixel_height", String(image.pixelHeight)),
                ("display_width", JSONText.number(size.width)),
                ("display_height", JSONText.number(size.height)),
                ("bytes", String(image.bytes.count)),
            ])))
        case .audio(let audio):
            pairs.append(("audio", JSONText.object([
                ("duration", JSONText.number(audio.duration)),
                ("bubble_width", JSONText.number(metrics.audioBubbleWidth(duration: audio.duration))),
                ("bytes", String(audio.bytes.count)),
            ])))
        case .link(let url, let fileName):
            pairs.append(("link", JSONText.object([("url", JSONText.string(url)), ("file_name", JSONText.string(fileName))])))
        case .remoteImage(let url, let fileName):
            pairs.append(("remote_image", JSONText.object([("url", JSONText.string(url)), ("file_name", JSONText.string(fileName))])))
        }
        if let quote = bubble.quote {
            pairs.append(("reply_to", JSONText.object([("source", quote.source.map(JSONText.string) ?? "null"),
                                                       ("sender_name", JSONText.string(quote.senderName)),
                                                       ("text", JSONText.string(quote.text.string))])))
        }
        if !bubble.reactions.isEmpty {
            pairs.append(("reactions", JSONText.array(bubble.reactions.map {
                JSONText.object([("emoji", JSONText.string($0.emoji)), ("count", String($0.count)),
                                 ("own", $0.includesOwn ? "true" : "false")])
            })))
        }
        if let status = bubble.status { pairs.append(("status", JSONText.string(status.rawValue))) }
        if bubble.edited { pairs.append(("edited", "true")) }
        pairs.append(("warnings", JSONText.array(bubble.warnings.map(JSONText.string))))
        return JSONText.object(pairs)
    }

    /// Every "kind" the JSON output has, in help's order (help is written from this list).
    package static let kinds = ["text", "image", "audio", "link", "remote_image", "placeholder", "tombstone", "typing",
                                "day_separator", "notice"]

    package static func kind(_ content: BubbleContent) -> String {
        switch content {
        case .text: "text"
        case .image: "image"
        case .audio: "audio"
        case .link: "link"
        case .remoteImage: "remote_image"
        case .placeholder: "placeholder"
        case .tombstone: "tombstone"
        }
    }

    // MARK: Table

    package static func table(_ model: ConversationViewModel) -> String {
        let rows = model.items.map(tableRow)
        let all = [["SOURCE", "DIR", "SENDER", "TIME (UTC)", "KIND", "SHOWS"]] + rows
        // Terminal columns, so that names in Chinese or with emoji line up (same rule as `list`).
        let widths = (0..<5).map { column in all.map { ListCommand.displayWidth($0[column]) }.max() ?? 0 }
        var text = all.map { row in
            row.enumerated().map { column, cell in
                column < 5 ? cell + String(repeating: " ", count: widths[column] - ListCommand.displayWidth(cell)) : cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
        if model.items.isEmpty { text += "(no messages)\n" }
        return text
    }

    private static func tableRow(_ item: ConversationItem) -> [String] {
        switch item {
        case .message(let bubble):
            let shows = (bubble.delayed ? "(delayed) " : "") + shown(bubble.content)
            return [bubble.source, bubble.direction == .outgoing ? "out" : "in", bubble.senderName,
                    XMPPDateTime.format(bubble.time), kind(bubble.content), shows]
        case .typing(let typing):
            return [typing.source, typing.direction == .outgoing ? "out" : "in", typing.senderName,
                    XMPPDateTime.format(typing.time), "typing", "…"]
        case .daySeparator(let separator):
            return [separator.source, "", "", XMPPDateTime.format(separator.date), "day", ""]
        case .notice(let notice):
            return [notice.source, "", "", notice.time.map(XMPPDateTime.format) ?? "", "notice", notice.text.string]
        }
    }

    /// What a bubble shows, on one line: texts with their line breaks as `⏎`, cut at 60 characters.
    package static func shown(_ content: BubbleContent) -> String {
        let metrics = LayoutMetrics.classic
        switch content {
        case .text(let text):
            return oneLine(text.string)
        case .placeholder(let text), .tombstone(let text):
            return oneLine(text)
        case .image(let image):
            let size = metrics.imageDisplaySize(pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight)
            return "\(image.format) \(image.pixelWidth)×\(image.pixelHeight) px shown at "
                + "\(tenths(size.width))×\(tenths(size.height)) pt (\(image.bytes.count) bytes)"
        case .audio(let audio):
            let width = metrics.audioBubbleWidth(duration: audio.duration)
            return "\(tenths(audio.duration)) s, bubble \(tenths(width)) pt wide (\(audio.bytes.count) bytes)"
        case .link(let url, let fileName):
            return "\(fileName) <\(url)>"
        case .remoteImage(let url, let fileName):
            return "image \(fileName) <\(url)>, not at hand (give --media DIR)"
        }
    }

    private static func oneLine(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
        return line.count > 60 ? String(line.prefix(60)) + "…" : line
    }

    /// `150`, `110.7`: sizes for reading; the JSON keeps every digit.
    package static func tenths(_ value: Double) -> String {
        value == value.rounded() ? JSONText.number(value) : String(format: "%.1f", value)
    }
}
