import ChatBubbles
import Foundation

/// A phone screen in points and its usual scale.
package struct Device: Sendable {
    package let name: String
    package let width: Double
    package let height: Double
    package let scale: Int

    package static let all = [
        Device(name: "iphone-se", width: 320, height: 568, scale: 2),
        Device(name: "iphone-8", width: 375, height: 667, scale: 2),
        Device(name: "iphone-13", width: 390, height: 844, scale: 3),
        Device(name: "iphone-14-pro-max", width: 430, height: 932, scale: 3),
    ]

    package static func named(_ name: String) throws -> Device {
        guard let device = all.first(where: { $0.name == name.lowercased() }) else {
            throw CommandError.usage("unknown --device \(name); one of \(all.map(\.name).joined(separator: ", "))")
        }
        return device
    }
}

/// The front door as the command line uses it: inputs named as the user typed them, and
/// every error turned into a `CommandError` with its exit code.
package enum CommandGlue {
    /// The repository's Themes/ folder (beside Fonts/), which holds the samples' folder too.
    /// The repository's Samples/ folder (the demo archive, the preview's kinds), found as
    /// Fonts/ and Themes/ are, on its own.
    package static func samplesDirectory() throws -> URL {
        guard let folder = RepositoryFolder.locate("Samples", containing: "chat.sqlite") else {
            throw CommandError("the bundled Samples/ folder is not found (looked in "
                               + RepositoryFolder.candidates("Samples").joined(separator: ", ") + ")")
        }
        return URL(fileURLWithPath: folder)
    }

    /// A theme by name (in Themes/) or by directory path.
    package static func loadTheme(_ nameOrPath: String, io: CommandIO) throws -> Theme {
        do {
            return try Theme.named(nameOrPath, currentDirectory: io.currentDirectory)
        } catch let error as ThemeError {
            throw CommandError("theme \(nameOrPath): \(error)")
        }
    }

    /// A theme's chat screen (fonts and bubble images loaded); theme errors name the theme.
    package static func screen(theme nameOrPath: String, timeZone: TimeZone, locale: Locale = ChatScreen.defaultLocale,
                       mediaDirectory: String? = nil, lineBreakStrategy: LineBreakStrategy? = nil,
                       io: CommandIO) throws -> ChatScreen {
        var theme = try loadTheme(nameOrPath, io: io)
        if let lineBreakStrategy { theme.document.text.lineBreakStrategy = lineBreakStrategy }
        return try screen(theme: theme, timeZone: timeZone, locale: locale, mediaDirectory: mediaDirectory)
    }

    package static func screen(theme: Theme, timeZone: TimeZone, locale: Locale = ChatScreen.defaultLocale,
                       mediaDirectory: String? = nil) throws -> ChatScreen {
        do {
            return try ChatScreen(theme: theme, timeZone: timeZone, locale: locale, mediaDirectory: mediaDirectory)
        } catch let error as ThemeError {
            throw CommandError("theme \(theme.name): \(error)")
        }
    }

    /// `--locale`: a language Foundation has data for, and a region when one is given
    /// (`zh_CN`, `zh-CN`, `de`); anything else is a usage error naming it, never a silent English.
    package static func locale(_ identifier: String?) throws -> Locale {
        guard let identifier else { return ChatScreen.defaultLocale }
        let normalized = identifier.replacingOccurrences(of: "-", with: "_")
        let locale = Locale(identifier: normalized)
        let known = Set(Locale.availableIdentifiers)
        guard normalized.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
              let language = locale.language.languageCode, language.isISOLanguage, known.contains(language.identifier),
              locale.region.map({ $0.isISORegion }) ?? true else {
            throw CommandError.usage("unknown --locale \(identifier) (use a locale ID such as en_US, zh_CN or de_DE)")
        }
        return locale
    }

    /// The conversation laid out on the screen the options describe: the one path `layout`,
    /// `render`, `demo` and `snapshot` share (the chat screen, the view-model and its warnings,
    /// the rows). The warnings gain one per row that draws a character as a missing-glyph box.
    package static func layOut(_ conversation: Conversation, input: ConversationInput, screen: ScreenOptions,
                       io: CommandIO) throws -> (chat: ChatScreen, model: ConversationViewModel, layout: ConversationLayout) {
        let chat = try Self.screen(theme: screen.theme, timeZone: screen.timeZone, locale: screen.locale,
                                   mediaDirectory: input.mediaDirectory(io: io),
                                   lineBreakStrategy: screen.lineBreakStrategy, io: io)
        var model = chat.items(of: conversation)
        let layout = try chat.layout(model.items, screenWidth: screen.width)
        // Characters drawn as .notdef boxes are warnings like any other (exit 3), one per row.
        model.warnings += layout.missingGlyphWarnings
        return (chat, model, layout)
    }

    package static func timeZone(_ identifier: String?) throws -> TimeZone {
        guard let identifier else { return TimeZone(identifier: "UTC")! }
        guard let zone = TimeZone(identifier: identifier) else {
            throw CommandError.usage("unknown --time-zone \(identifier) (use an IANA name such as Asia/Shanghai)")
        }
        return zone
    }

    /// `Conversation.load` with paths resolved against the command's directory and named in
    /// errors as typed; several matching conversations are a usage error (exit 2).
    package static func loadConversation(path: String, account: String?, peer: String?, vcards: String?,
                                 io: CommandIO) throws -> Conversation {
        let resolvedVCards = vcards.map(io.resolve)
        do {
            return try Conversation.load(path: io.resolve(path), account: account, peer: peer, vCards: resolvedVCards,
                                         displayPath: path)
        } catch .archive(var error) {
            if let vcards, error.path == resolvedVCards { error.path = vcards }
            throw CommandError(error.description)
        } catch .chooseConversation(_, let problem, let candidates) {
            throw CommandError(problem, exitCode: candidates.isEmpty ? ExitCode.failure : ExitCode.usage)
        } catch .vCardsWithJSON(let path) {
            throw CommandError.usage(ConversationLoadError.vCardsWithJSON(path: path).description)
        } catch {
            throw CommandError(error.description)
        }
    }
}
