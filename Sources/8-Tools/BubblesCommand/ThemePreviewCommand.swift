import ChatBubbles
import Foundation

/// `bubbles theme preview`: every message kind in a theme and its dark variant at the narrowest
/// and the widest phone, side by side on one sheet, so a theme change is judged at a glance.
package struct ThemePreviewCommand {
    /// The two ends of the supported phone widths.
    package static let deviceNames = ["iphone-se", "iphone-14-pro-max"]
    /// The band above each column that holds its label, in points.
    package static let labelBandHeight = 32.0
    package static let labelFontSize = 14.0

    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        let output = parsed[Self.output]
        let scale = parsed[Self.scale] ?? 2
        guard Canvas.scales.contains(scale) else { throw CommandError.usage("--scale must be 1, 2 or 3") }
        let kinds = parsed[Self.kinds]
        let locale = try CommandGlue.locale(parsed[Options.locale])
        let names = parsed.positionals
        guard names.count == 1 else { throw CommandError.usage("give one theme name or theme directory") }
        guard let output else { throw CommandError.usage("give the sheet's file with -o") }
        // The sheet is always PNG: `-o sheet.webp` must not hold PNG bytes.
        guard (try? OutputFormatChoice.format(for: output, requested: .png)) != nil else {
            throw CommandError.usage("-o \(output): the preview sheet is PNG; name it .png")
        }

        let theme = try CommandGlue.loadTheme(names[0], io: io)
        var themes = [theme]
        do {
            if let dark = try theme.loadDarkVariant() { themes.append(dark) }
        } catch {
            throw CommandError("theme \(names[0]): dark variant \(theme.darkVariant ?? ""): \(error)")
        }
        let kindsPath = try kinds ?? defaultKindsPath()
        let conversation = try CommandGlue.loadConversation(path: kindsPath, account: nil, peer: nil, vcards: nil, io: io)
        let model = ConversationViewModel(conversation: conversation, images: RasterImageVerifier())

        let columns = try themes.flatMap { theme in
            try deviceNames.map { try PreviewColumn(theme: theme, device: Device.named($0), conversation: conversation, locale: locale) }
        }
        let data = try drawSheet(columns, scale: scale)
        let path = io.resolve(output)
        do {
            try OutputFile.write(data, to: path)
        } catch {
            throw CommandError("\(error)")
        }
        io.writeError("wrote \(path) (\(data.count) bytes, \(columns.count) columns)\n")
        return ModelsCommand.reportWarnings(model.warnings, io: io)
    }

    package static func defaultKindsPath() throws -> String {
        try CommandGlue.samplesDirectory().appendingPathComponent("preview-kinds.json").path
    }

    /// Draws the columns left to right onto one PNG canvas, each below its label; a column
    /// shorter than the tallest is filled down with its theme's background.
    package static func drawSheet(_ columns: [PreviewColumn], scale: Int) throws -> Data {
        let width = columns.reduce(0) { $0 + $1.layout.screenWidth }
        let height = labelBandHeight + (columns.map(\.layout.height).max() ?? 0)
        let canvas: Canvas
        do {
            canvas = try Canvas(format: .png, width: width, height: max(height, 1), scale: scale)
        } catch {
            throw CommandError("the preview sheet: \(error)")
        }
        let context = canvas.context
        let faces = try FreeTypeFaces()
        var x = 0.0
        for column in columns {
            let columnWidth = column.layout.screenWidth
            try context.withSavedState {
                context.translate(x: x, y: 0)
                context.addRectangle(CGRect(x: 0, y: 0, width: columnWidth, height: height))
                context.clip()
                context.fillAll(with: column.screen.theme.colors.background)
                let label = column.label
                try TextDrawing.draw(label, at: CGPoint(x: (columnWidth - label.width) / 2,
                                                        y: (labelBandHeight - label.height) / 2),
                                     color: column.screen.theme.colors.name, in: context, faces: faces)
                context.translate(x: 0, y: labelBandHeight)
                try column.screen.renderer.draw(column.layout, on: canvas)
            }
            // A hairline between columns, so two columns of the same background stay apart.
            if x > 0 {
                context.setColor(column.screen.theme.colors.time)
                context.addRectangle(CGRect(x: x - 0.5, y: 0, width: 1, height: height))
                context.fill()
            }
            x += columnWidth
        }
        try context.check("drawing the preview sheet")
        return try canvas.encoded()
    }
}

/// One column of the sheet: a theme at a device width, laid out, with its label.
package struct PreviewColumn {
    package let screen: ChatScreen
    package let layout: ConversationLayout
    /// "classic · 320 pt", drawn with the theme's own name font.
    package let label: TextLayout

    /// The conversation as this theme shows it (its own items: day separators if it has them).
    package init(theme: Theme, device: Device, conversation: Conversation, locale: Locale = ChatScreen.defaultLocale) throws {
        screen = try CommandGlue.screen(theme: theme, timeZone: TimeZone(identifier: "UTC")!, locale: locale)
        layout = try screen.layout(conversation, screenWidth: device.width)
        label = try screen.layouter.engine.layout("\(theme.name) · \(Int(device.width)) pt",
                                               style: TextStyle(fontSize: ThemePreviewCommand.labelFontSize,
                                                                maxWidth: device.width, role: .name))
    }
}
