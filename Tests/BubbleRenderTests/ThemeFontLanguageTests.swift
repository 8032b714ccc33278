import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import BubbleTheme
import BubbleText
import Foundation
import RenderTesting
import Testing

/// `fonts.language` and collection faces (`NAME.ttc#N`) in theme.json.
@Suite struct ThemeFontLanguageTests {
    @Test func languageReachesTheEngineAndChangesCJKForms() throws {
        let sandbox = try ThemeSandbox()
        #expect(try sandbox.load().fonts.language == nil)
        try sandbox.set("fonts.language", "ja")
        let theme = try sandbox.load()
        #expect(theme.fonts.language == "ja")
        let style = TextStyle(fontSize: 16, maxWidth: 300)
        let glyphs = { (engine: TextEngine) in
            try engine.layout("直骨", style: style).lines.flatMap(\.runs).flatMap(\.glyphs).map(\.id)
        }
        let japanese = try TextEngine(fonts: theme.fontRoles(fontsDirectory: TestSupport.fontsDirectory), language: theme.fonts.language)
        let plain = try TextEngine(fonts: theme.fontRoles(fontsDirectory: TestSupport.fontsDirectory))
        #expect(try glyphs(japanese) != glyphs(plain))
    }

    @Test func languageMustBeATag() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("fonts.language", "ja_JP/x")
        sandbox.expectError("fonts.language", "'ja_JP/x' is not a BCP 47 language tag (e.g. ja, ko, zh-Hant, zh-HK)")
    }

    @Test func aCollectionFaceIsNamedWithAHashAndMustExist() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("fonts.fallbacks", ["NotoSansCJK-Regular.ttc#3", "NotoColorEmoji.ttf"])
        let roles = try sandbox.load().fontRoles(fontsDirectory: TestSupport.fontsDirectory)
        #expect(roles.text.fonts[1].familyName == "Noto Sans CJK TC")
        try sandbox.set("fonts.fallbacks", ["NotoColorEmoji.ttf#1"])
        sandbox.expectError("fonts.fallbacks[0]", "'NotoColorEmoji.ttf#1' is not a font file name in Fonts/ (e.g. Inter-Regular.otf)")
    }
}
