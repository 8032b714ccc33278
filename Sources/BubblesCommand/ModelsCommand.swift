import BubbleArchive
import BubbleModel
import Foundation

/// `bubbles models`: the bubble models of one conversation, i.e. what the layout will be given,
/// as JSON or as a table. The way to see what the tool made of each row, and why.
struct ModelsCommand {
    static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let json = parsed[Self.json]
        let choice = ConversationInput(parsed)
        let inputs = parsed.positionals
        guard inputs.count == 1, let input = inputs.first else {
            throw CommandError.usage(inputs.isEmpty ? "give the archive or JSON conversation to read" : "give one input")
        }
        let conversation = try loadConversation(path: input, account: choice.account, peer: choice.peer,
                                                vcards: choice.vcards, io: io)
        let model = ConversationViewModel(conversation: conversation)
        io.write(json ? jsonText(input: input, model: model) : table(model))
        return reportWarnings(model.warnings, io: io)
    }

    /// Each warning, then `N warnings`, on standard error; exit code 3 when there were any.
    static func reportWarnings(_ warnings: [String], io: CommandIO) -> Int32 {
        for warning in warnings { io.writeError("warning: \(warning)\n") }
        io.writeError(warnings.count == 1 ? "1 warning\n" : "\(warnings.count) warnings\n")
        return warnings.isEmpty ? ExitCode.success : ExitCode.partial
    }

    // MARK: JSON

    static func jsonText(input: String, model: ConversationViewModel) -> String {
        let participant = { (person: Participant) in
            JSONText.object([("jid", JSONText.string(person.jid)),
                             ("name", JSONText.string(MessageText.senderName(person)))])
        }
        let bubbles = model.bubbles.map { "  " + json($0) }
        return "{" + [
            "\"input\": " + JSONText.string(input),
            "\"account\": " + participant(model.account),
            "\"peer\": " + participant(model.peer),
            "\"bubbles\": " + (bubbles.isEmpty ? "[]" : "[\n" + bubbles.joined(separator: ",\n") + "\n]"),
            "\"warnings\": " + JSONText.array(model.warnings.map(JSONText.string)),
        ].joined(separator: ", ") + "}\n"
    }

    /// One bubble as one line of JSON, keys in a fixed order.
    static func json(_ bubble: BubbleModel) -> String {
        var pairs: [(String, String)] = [
            ("source", JSONText.string(bubble.source)),
            ("kind", JSONText.string(kind(bubble.content))),
            ("direction", JSONText.string(bubble.direction.rawValue)),
            ("sender", JSONText.string(bubble.sender.jid)),
            ("sender_name", JSONText.string(bubble.senderName)),
            ("time", JSONText.string(XMPPDateTime.format(bubble.time))),
            ("delayed", bubble.delayed ? "true" : "false"),
        ]
        switch bubble.content {
        case .text(let text), .placeholder(let text):
            pairs.append(("text", JSONText.string(text)))
        case .image(let image):
            pairs.append(("image", JSONText.object([
                ("format", JSONText.string(image.format)),
                ("pixel_width", String(image.pixelWidth)), ("pixel_height", String(image.pixelHeight)),
                ("display_width", JSONText.number(image.displayWidth)),
                ("display_height", JSONText.number(image.displayHeight)),
                ("bytes", String(image.bytes.count)),
            ])))
        case .audio(let audio):
            pairs.append(("audio", JSONText.object([
                ("duration", JSONText.number(audio.duration)),
                ("bubble_width", JSONText.number(audio.bubbleWidth)),
                ("bytes", String(audio.bytes.count)),
            ])))
        case .link(let url, let fileName):
            pairs.append(("link", JSONText.object([("url", JSONText.string(url)), ("file_name", JSONText.string(fileName))])))
        case .typing:
            break
        }
        pairs.append(("warnings", JSONText.array(bubble.warnings.map(JSONText.string))))
        return JSONText.object(pairs)
    }

    static func kind(_ content: BubbleContent) -> String {
        switch content {
        case .text: "text"
        case .image: "image"
        case .audio: "audio"
        case .typing: "typing"
        case .link: "link"
        case .placeholder: "placeholder"
        }
    }

    // MARK: Table

    static func table(_ model: ConversationViewModel) -> String {
        let rows = model.bubbles.map { bubble in
            [bubble.source, bubble.direction == .outgoing ? "out" : "in", bubble.senderName,
             XMPPDateTime.format(bubble.time), kind(bubble.content), (bubble.delayed ? "(delayed) " : "") + shown(bubble.content)]
        }
        let all = [["SOURCE", "DIR", "SENDER", "TIME (UTC)", "KIND", "SHOWS"]] + rows
        // Terminal columns, so that names in Chinese or with emoji line up (same rule as `list`).
        let widths = (0..<5).map { column in all.map { ListCommand.displayWidth($0[column]) }.max() ?? 0 }
        var text = all.map { row in
            row.enumerated().map { column, cell in
                column < 5 ? cell + String(repeating: " ", count: widths[column] - ListCommand.displayWidth(cell)) : cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
        if model.bubbles.isEmpty { text += "(no messages)\n" }
        return text
    }

    /// What a bubble shows, on one line: texts with their line breaks as `⏎`, cut at 60 characters.
    static func shown(_ content: BubbleContent) -> String {
        switch content {
        case .text(let text), .placeholder(let text):
            let line = text.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
            return line.count > 60 ? String(line.prefix(60)) + "…" : line
        case .image(let image):
            return "\(image.format) \(image.pixelWidth)×\(image.pixelHeight) px shown at "
                + "\(tenths(image.displayWidth))×\(tenths(image.displayHeight)) pt (\(image.bytes.count) bytes)"
        case .audio(let audio):
            return "\(tenths(audio.duration)) s, bubble \(tenths(audio.bubbleWidth)) pt wide (\(audio.bytes.count) bytes)"
        case .link(let url, let fileName):
            return "\(fileName) <\(url)>"
        case .typing:
            return "…"
        }
    }

    /// `150`, `110.7`: sizes for reading; the JSON keeps every digit.
    static func tenths(_ value: Double) -> String {
        value == value.rounded() ? JSONText.number(value) : String(format: "%.1f", value)
    }
}
