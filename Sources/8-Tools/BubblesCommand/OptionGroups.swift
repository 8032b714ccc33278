import ChatBubbles
import Foundation

/// Options more than one command takes, declared once so that their names, kinds and help are
/// the same wherever they appear.
package enum Options {
    // Which conversation, and whose names.
    package static let account = Option<String>.string(
        "--account", "JID", help: "the archive's account whose conversation to use (not needed when only one matches; "
            + "`bubbles list` shows them)")
    package static let peer = Option<String>.string("--peer", "JID", help: "the other side of the conversation")
    package static let vcards = Option<String>.string(
        "--vcards", "FILE", help: "an XMPPFramework vCard store for nicknames and avatars (archives only)")
    package static let media = Option<String>.string(
        "--media", "DIR", help: "a folder of out-of-band (HTTP upload) images, found by the URL's file name; "
            + "without it they are placeholders (nothing is fetched)")

    // The screen the conversation is laid out on.
    package static let device = Option<String>.string(
        "--device", "NAME", help: Device.all.map { "\($0.name) (\(Int($0.width))x\(Int($0.height)) @\($0.scale)x)" }
            .joined(separator: ", "), default: "iphone-8")
    package static let exact = Option<Bool>.flag(
        "--exact", help: "no fast path: HarfBuzz shapes, ICU breaks and Cairo draws every text, zlib compresses "
            + "(also BUBBLES_EXACT=1; bubbles doctor lists the fast paths)")
    package static let screenWidth = Option<Double>.number("--screen-width", "PT", help: "screen width instead of the device's")
    package static let theme = Option<String>.string(
        "--theme", "NAME|DIR", help: "a theme in Themes/ (classic, imessage-style, telegram-style, each with -dark) or a theme directory", default: "classic")
    package static let timeZone = Option<String>.string("--time-zone", "ZONE", help: "time labels in this IANA zone", default: "UTC")
    package static let locale = Option<String>.string(
        "--locale", "ID", help: "day separators in this locale's words and order (zh_CN, de_DE, …) when the theme gives a template",
        default: "English")

    package static let lineBreakStrategy = Option<String>.string(
        "--line-break-strategy", "standard|hangul-word-priority",
        help: "where Korean text may break: between syllables (what boundingRectWithSize measures) or only between "
            + "words (what UILabel draws on iOS 14+)", default: "the theme's, else standard")

    /// `--line-break-strategy`, checked.
    package static func lineBreakStrategy(_ parsed: ParsedOptions) throws -> LineBreakStrategy? {
        guard let name = parsed[lineBreakStrategy] else { return nil }
        guard let strategy = LineBreakStrategy(rawValue: name) else {
            throw CommandError.usage("unknown --line-break-strategy \(name) (use standard or hangul-word-priority)")
        }
        return strategy
    }

    // The image written.
    package static let output = Option<String>.string(
        "--output", aliases: ["-o"], "FILE", help: "where to write; written atomically (no partial file on failure)")
    package static let format = Option<String>.string(
        "--format", "png|pdf|svg|webp", help: "the file's format; an output extension must name the same format",
        default: "from the output's extension, else png")
    package static let quality = Option<Int>.integer(
        "--quality", "0-100", help: "lossy WebP at this quality (WebP only)", default: "lossless")
    package static let scale = Option<Int>.integer("--scale", "1|2|3", help: "pixels per point for PNG and WebP", default: "the device's")
    package static let viewport = Option<Bool>.flag(
        "--viewport", help: "one device-sized screen showing the newest messages at the bottom, as the app opens "
            + "the conversation")
    package static let quiet = Option<Bool>.flag(
        "--quiet", help: "no progress line on standard error during a long --pages export")
    package static let pages = Option<Bool>.flag(
        "--pages", help: "the whole conversation cut into device-sized screens: OUT-1.png, OUT-2.png, … (a PDF is always one document of device-sized pages, cut between rows; a WebP taller than 16383 px needs this)")
}

/// The groups commands compose (HarfBuzz `util/` style).
package enum OptionGroups {
    /// An archive's conversation: `models`, `layout`, `render`, `demo`, `bench render`. Commands
    /// with their own sample conversation show its choice as the defaults.
    package static func conversation(account: String? = nil, peer: String? = nil, vcards: String? = nil) -> OptionGroup {
        OptionGroup("conversation input", [
            account.map { Options.account.defaulting(to: $0) } ?? Options.account,
            peer.map { Options.peer.defaulting(to: $0) } ?? Options.peer,
            vcards.map { Options.vcards.defaulting(to: $0) } ?? Options.vcards,
            Options.media,
        ])
    }

    /// Everything the layout depends on besides the messages: `layout`, `render`, `demo`, `bench render`.
    package static let screen = OptionGroup("screen", [Options.device, Options.screenWidth, Options.theme, Options.timeZone, Options.locale,
                                                 Options.lineBreakStrategy, Options.exact])

    /// What `render` and `demo` write; `output` is the command's own `-o` line (required or defaulted).
    package static func image(output: Option<String>) -> OptionGroup {
        OptionGroup("image", [output, Options.format, Options.quality, Options.scale, Options.viewport, Options.pages, Options.quiet])
    }
}

/// The conversation input group, read.
package struct ConversationInput {
    package var account: String?
    package var peer: String?
    package var vcards: String?
    package var media: String?

    package init(_ parsed: ParsedOptions) {
        account = parsed[Options.account]
        peer = parsed[Options.peer]
        vcards = parsed[Options.vcards]
        media = parsed[Options.media]
    }

    /// `--media` as an absolute path, checked to be a folder.
    package func mediaDirectory(io: CommandIO) throws -> String? {
        guard let media else { return nil }
        let path = io.resolve(media)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError.usage("--media \(media): not a folder")
        }
        return path
    }
}

/// The screen group, read and checked.
package struct ScreenOptions {
    package var device: Device
    package var width: Double
    package var theme: String
    package var timeZone: TimeZone
    package var locale: Locale
    /// `--line-break-strategy` over the theme's, when given.
    package var lineBreakStrategy: LineBreakStrategy?

    package init(_ parsed: ParsedOptions) throws {
        device = try Device.named(parsed[Options.device] ?? "iphone-8")
        width = parsed[Options.screenWidth] ?? device.width
        guard width >= 200, width <= 2000 else { throw CommandError.usage("--screen-width must be 200…2000 pt") }
        theme = parsed[Options.theme] ?? "classic"
        timeZone = try CommandGlue.timeZone(parsed[Options.timeZone])
        locale = try CommandGlue.locale(parsed[Options.locale])
        lineBreakStrategy = try Options.lineBreakStrategy(parsed)
    }

    /// `--scale`, defaulting to the device's.
    package func scale(_ parsed: ParsedOptions) throws -> Int {
        let scale = parsed[Options.scale] ?? device.scale
        guard (1...3).contains(scale) else { throw CommandError.usage("--scale must be 1, 2 or 3") }
        return scale
    }
}

/// The image group without `-o` (whose default differs per command), read and checked.
package struct ImageOptions {
    package var format: OutputFormat?
    package var webp: WebPCompression
    package var scale: Int
    package var viewport: Bool
    package var pages: Bool
    package var quiet: Bool

    package init(_ parsed: ParsedOptions, screen: ScreenOptions) throws {
        if let name = parsed[Options.format] {
            guard let format = OutputFormat(rawValue: name.lowercased()) else {
                throw CommandError.usage("--format must be png, pdf, svg or webp")
            }
            self.format = format
        }
        if let quality = parsed[Options.quality] {
            guard WebPCompression.qualities.contains(quality) else { throw CommandError.usage("--quality must be 0…100") }
            webp = .lossy(quality: quality)
        } else {
            webp = .lossless
        }
        scale = try screen.scale(parsed)
        viewport = parsed[Options.viewport]
        pages = parsed[Options.pages]
        quiet = parsed[Options.quiet]
        if viewport && pages { throw CommandError.usage("--viewport and --pages exclude each other") }
    }

    /// The format `output` is written in: `--format` and the extension must agree, and
    /// `--quality` needs WebP.
    package func format(for output: String) throws -> OutputFormat {
        let chosen: OutputFormat
        do {
            chosen = try OutputFormatChoice.format(for: output, requested: format)
        } catch .mismatch(_, let fileExtension, let requested) {
            throw CommandError.usage("-o \(output): the extension .\(fileExtension) does not match --format \(requested.rawValue)")
        } catch .unknownExtension(_, let fileExtension) {
            throw CommandError.usage("-o \(output): .\(fileExtension) is not an output format; "
                                     + "name the file .png, .pdf, .svg or .webp (or give no extension)")
        }
        if webp != .lossless && chosen != .webp {
            throw CommandError.usage("--quality is for WebP output only; this writes \(chosen.rawValue.uppercased())")
        }
        return chosen
    }
}

extension ParsedOptions {
    /// The one positional argument a command needs, or a usage error saying what to give.
    package func onlyPositional(_ problem: String) throws -> String {
        guard positionals.count == 1, let only = positionals.first else { throw CommandError.usage(problem) }
        return only
    }
}
