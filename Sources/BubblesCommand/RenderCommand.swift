import BubbleTheme
import BubbleLayout
import BubbleModel
import BubbleRender
import Foundation

/// `bubbles render`: a conversation drawn as the origin app's chat screen.
struct RenderCommand: Subcommand {
    static let words = ["render"]
    static let summary = "render a conversation to PNG, PDF or SVG"
    static let usage = """
    usage: bubbles render INPUT [--account JID --peer JID] [--vcards FILE] -o OUT.png [options]

    INPUT is an XMPPFramework archive or a JSON conversation (as for `bubbles models`).
      -o, --output FILE     where to write; written atomically (no partial file on failure)
      --format png|pdf|svg  default: from the output's extension, else png
      --device NAME         iphone-se (320x568 @2x), iphone-8 (375x667 @2x, default),
                            iphone-13 (390x844 @3x), iphone-14-pro-max (430x932 @3x)
      --width PT            screen width instead of the device's
      --scale 1|2|3         pixels per point for PNG (default: the device's)
      --theme NAME|DIR      a theme in Themes/ (classic, classic-dark) or a theme directory
      --viewport            one device-sized screen showing the newest messages at the bottom,
                            as the app opens the conversation
      --pages               the whole conversation cut into device-sized screens:
                            OUT-1.png, OUT-2.png, …
      --time-zone ZONE      time labels in this IANA zone (default UTC)

    """

    static func run(_ arguments: inout Arguments, io: CommandIO) throws -> Int32 {
        let output = try arguments.option("--output") ?? arguments.option("-o")
        let options = try RenderOptions(&arguments, io: io)
        let inputs = try arguments.positionals()
        guard inputs.count == 1 else { throw CommandError.usage("give one archive or JSON conversation") }
        guard let output else { throw CommandError.usage("give the output file with -o") }
        let conversation = try loadConversation(path: inputs[0], account: options.account, peer: options.peer,
                                                vcards: options.vcards, io: io)
        let warnings = try options.render(ConversationViewModel(conversation: conversation), to: output, io: io)
        return ModelsCommand.reportWarnings(warnings, io: io)
    }
}

/// The options `render` and `demo` share, and the rendering itself.
struct RenderOptions {
    var account: String?
    var peer: String?
    var vcards: String?
    var format: OutputFormat?
    var device: Device
    var width: Double
    var scale: Int
    var theme: String
    var viewport: Bool
    var pages: Bool
    var timeZone: TimeZone

    init(_ arguments: inout Arguments, io: CommandIO) throws {
        account = try arguments.option("--account")
        peer = try arguments.option("--peer")
        vcards = try arguments.option("--vcards")
        if let name = try arguments.option("--format") {
            guard let format = OutputFormat(rawValue: name.lowercased()) else {
                throw CommandError.usage("--format must be png, pdf or svg")
            }
            self.format = format
        }
        device = try Device.named(try arguments.option("--device") ?? "iphone-8")
        width = try arguments.double("--width") ?? device.width
        guard width >= 200, width <= 2000 else { throw CommandError.usage("--width must be 200…2000 pt") }
        scale = try arguments.int("--scale") ?? device.scale
        guard (1...3).contains(scale) else { throw CommandError.usage("--scale must be 1, 2 or 3") }
        theme = try arguments.option("--theme") ?? "classic"
        viewport = arguments.flag("--viewport")
        pages = arguments.flag("--pages")
        if viewport && pages { throw CommandError.usage("--viewport and --pages exclude each other") }
        timeZone = try RenderJob.timeZone(try arguments.option("--time-zone"))
    }

    /// Lays out and draws; returns the view-model's warnings. Every file is written atomically.
    func render(_ model: ConversationViewModel, to output: String, io: CommandIO) throws -> [String] {
        let format = self.format ?? OutputFormat(path: output) ?? .png
        let job = try RenderJob(theme: RenderJob.loadTheme(theme, io: io), timeZone: timeZone)
        let layout = try job.layouter.layout(model.bubbles, screenWidth: width)
        let path = io.resolve(output)
        let screen = device.height
        if pages {
            let count = max(1, Int((layout.height / screen).rounded(.up)))
            let base = (path as NSString).deletingPathExtension, ext = (path as NSString).pathExtension
            for page in 0..<count {
                let data = try job.renderer.render(layout, viewport: .init(y: Double(page) * screen, height: screen),
                                                   format: format, scale: scale)
                try write(data, to: "\(base)-\(page + 1).\(ext.isEmpty ? format.rawValue : ext)", io: io)
            }
        } else {
            // The app opens scrolled to the newest message: the last screenful, or the top when it fits.
            let area = viewport ? ConversationRenderer.Viewport(y: max(0, layout.height - screen), height: screen) : nil
            if !viewport && layout.height * Double(scale) > 20_000 && io.standardErrorIsTerminal {
                io.writeError("rendering \(layout.rows.count) rows, \(Int(layout.height)) pt tall…\n")
            }
            try write(try job.renderer.render(layout, viewport: area, format: format, scale: scale), to: path, io: io)
        }
        return model.warnings
    }

    private func write(_ data: Data, to path: String, io: CommandIO) throws {
        do {
            try OutputFile.write(data, to: path)
        } catch {
            throw CommandError("\(error)")
        }
        io.writeError("wrote \(path) (\(data.count) bytes)\n")
    }
}
