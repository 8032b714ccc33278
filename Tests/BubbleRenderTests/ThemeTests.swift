import BubbleTheme
import BubbleLayout
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec


@Suite struct ThemeTests {
    @Test func classicHasTheOriginAppsNumbers() throws {
        let theme = try Theme.loadWithImages(directory: TestSupport.themesDirectory + "/classic", fontsDirectory: TestSupport.fontsDirectory)
        #expect(theme.name == "classic")
        #expect(theme.fonts.text == ThemeFont(file: "Inter-Regular.otf", size: 16))
        #expect(theme.layout.textInsets == EdgeInsets(all: 10))
        #expect(theme.layout.margin == 10 && theme.layout.avatarGap == 10)
        #expect(theme.layout.avatarSize == 40 && theme.layout.avatarShape == .circle)
        #expect(theme.layout.timeFormat == "MM-dd HH:mm:ss")
        #expect(theme.colors.background == RGBAColor(hex: "#EDEDED"))
        #expect(theme.outgoingBubble.image.capInsets == EdgeInsets(all: 10))
        #expect(theme.outgoingBubble.image.mode == .stretch)
        #expect(theme.outgoingBubble.image.assets.map(\.scale) == [1, 2, 3])
        #expect(theme.incomingBubble.mirrored == false)
        #expect(theme.document.generate?.outgoing.fill == RGBAColor(hex: "#95EC69"))
        let dark = try #require(try theme.loadDarkVariant(fontsDirectory: TestSupport.fontsDirectory))
        #expect(dark.name == "classic-dark" && dark.colors.background == RGBAColor(hex: "#111111"))
        #expect(dark.darkVariant == nil)
    }

    @Test func badColour() throws {
        let sandbox = try ThemeSandbox()
        for text in ["#12345", "red", "#GGGGGG", "#1234567"] {
            try sandbox.set("colors.background", text)
            sandbox.expectError("colors.background", "'\(text)' is not a colour: use #RRGGBB or #RRGGBBAA")
        }
        try sandbox.set("colors.background", "#EDEDED")
        try sandbox.set("colors.link", "#11223380")
        #expect(try sandbox.load().colors.link == RGBAColor(red: 0x11 / 255, green: 0x22 / 255, blue: 0x33 / 255, alpha: 0x80 / 255))
    }

    @Test func missingKey() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("layout.margin", nil)
        sandbox.expectError("layout.margin", "missing (required)")
    }

    @Test func wrongType() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("fonts.text.size", "16")
        sandbox.expectError("fonts.text.size", "expected a number, found a string")
        try sandbox.set("fonts.text.size", 16)
        try sandbox.set("bubbles.incoming_mirrors_outgoing", 0)
        sandbox.expectError("bubbles.incoming_mirrors_outgoing", "expected true or false, found a number")
        try sandbox.set("bubbles.incoming_mirrors_outgoing", false)
        try sandbox.set("layout.text_insets", [10, 10, 10, 10])
        sandbox.expectError("layout.text_insets", "expected an object, found a list")
    }

    @Test func negativeAndZeroSizes() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("layout.avatar.size", -40)
        sandbox.expectError("layout.avatar.size", "-40 is out of range (1 to 1000 pt)")
        try sandbox.set("layout.avatar.size", 40)
        try sandbox.set("layout.text_insets.left", -2.5)
        sandbox.expectError("layout.text_insets.left", "-2.5 is out of range (0 to 1000 pt)")
        try sandbox.set("layout.text_insets.left", 10)
        try sandbox.set("fonts.time.size", 0)
        sandbox.expectError("fonts.time.size", "0 is out of range (1 to 500 pt)")
    }

    @Test func unknownModeShapeAndKey() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.outgoing.mode", "streatch")
        sandbox.expectError("bubbles.outgoing.mode", "unknown mode 'streatch': use stretch or tile")
        try sandbox.set("bubbles.outgoing.mode", "tile")
        #expect(try sandbox.load().outgoingBubble.image.mode == .tile)
        try sandbox.set("layout.avatar.shape", "hexagon")
        sandbox.expectError("layout.avatar.shape", "unknown shape 'hexagon': use circle or rounded")
        try sandbox.set("layout.avatar.shape", "rounded")
        try sandbox.set("layout.avatar.radius", 6)
        #expect(try sandbox.load().layout.avatarShape == .rounded(radius: 6))
        try sandbox.set("colors.backgound", "#FFFFFF")
        sandbox.expectError("colors.backgound", "unknown key (known keys: background, outgoing_text, incoming_text, link, name, time, delayed_mark, typing_dots, audio_icon, label_background, reaction_background, own_reaction, quote_bar, status, read_status, outgoing_time, outgoing_link, label_text)")
    }

    @Test func capInsetsLargerThanTheImage() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.incoming.cap_insets.left", 20)
        sandbox.expectError("bubbles.incoming.cap_insets", "bubble_in@1x.png: cap insets left 20 + right 10 leave nothing to stretch in an image 24pt wide (24×24 px at @1x)")
        try sandbox.set("bubbles.incoming.cap_insets.left", 1000)
        sandbox.expectError("bubbles.incoming.cap_insets", "bubble_in@1x.png: cap insets left 1000 + right 10 leave nothing to stretch in an image 24pt wide (24×24 px at @1x)")
    }

    @Test func missingImageFile() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.outgoing.image", "bubble_gone")
        sandbox.expectError("bubbles.outgoing.image", "no image file bubble_gone@1x.png, bubble_gone@2x.png or bubble_gone@3x.png in \(sandbox.classic)")
        // Any one scale is enough.
        for scale in [1, 3] { try FileManager.default.removeItem(atPath: sandbox.classic + "/bubble_out@\(scale)x.png") }
        try sandbox.set("bubbles.outgoing.image", "bubble_out")
        #expect(try sandbox.load().outgoingBubble.image.assets.map(\.scale) == [2])
    }

    @Test func imagePathsThatLeaveTheThemeAreRefused() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.outgoing.image", "../classic-dark/bubble_out")
        sandbox.expectError("bubbles.outgoing.image", "'../classic-dark/bubble_out' leaves the theme directory: name an image inside it")
        try sandbox.set("bubbles.outgoing.image", "images/../../x")
        sandbox.expectError("bubbles.outgoing.image", "'images/../../x' leaves the theme directory: name an image inside it")
        try sandbox.set("bubbles.outgoing.image", "/etc/bubble")
        sandbox.expectError("bubbles.outgoing.image", "'/etc/bubble' is an absolute path: name an image inside the theme directory")
    }

    @Test func symlinkLeavingTheThemeIsRefused() throws {
        let sandbox = try ThemeSandbox()
        let outside = sandbox.root + "/classic-dark/bubble_out@2x.png"
        try FileManager.default.createSymbolicLink(atPath: sandbox.classic + "/escape@2x.png", withDestinationPath: outside)
        try sandbox.set("bubbles.outgoing.image", "escape")
        let resolved = URL(fileURLWithPath: outside).resolvingSymlinksInPath().path
        sandbox.expectError("bubbles.outgoing.image", "escape@2x.png leads outside the theme directory (to \(resolved))")
        // A symlink that stays inside the theme is fine.
        try FileManager.default.createDirectory(atPath: sandbox.classic + "/art", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.classic + "/art/inside@2x.png", withDestinationPath: "../bubble_out@2x.png")
        try sandbox.set("bubbles.outgoing.image", "art/inside")
        #expect(try sandbox.load().outgoingBubble.image.assets.map(\.name) == ["inside@2x.png"])
    }

    @Test func damagedImageFile() throws {
        let sandbox = try ThemeSandbox()
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: sandbox.classic + "/bubble_out@2x.png"))
        sandbox.expectError("bubbles.outgoing.image", "bubble_out@2x.png: the data is not a PNG, JPEG, GIF or WebP image")
    }

    @Test func fontsMustBePlainNamesInFonts() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.edit { json in
            var fonts = json["fonts"] as! [String: Any]
            fonts["fallbacks"] = ["NotoColorEmoji.ttf", "Missing.ttf"]
            json["fonts"] = fonts
        }
        sandbox.expectError("fonts.fallbacks[1]", "'Missing.ttf' is not in \(TestSupport.fontsDirectory)")
        try sandbox.set("fonts.name.file", "../../usr/share/fonts/x.otf")
        sandbox.expectError("fonts.name.file", "'../../usr/share/fonts/x.otf' is not a font file name in Fonts/ (e.g. Inter-Regular.otf)")
    }

    @Test func darkVariantMustExist() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("dark_variant", "midnight")
        sandbox.expectError("dark_variant", "no theme 'midnight' beside this one (\(sandbox.root)/midnight/theme.json does not exist)")
        try sandbox.set("dark_variant", "classic")
        sandbox.expectError("dark_variant", "names this theme itself")
    }

    @Test func invalidJSONAndMissingDirectory() throws {
        let sandbox = try ThemeSandbox()
        try Data("{\"name\": \"classic\",".utf8).write(to: URL(fileURLWithPath: sandbox.file))
        sandbox.expectError(nil, "not valid JSON (Unexpected end of file during JSON parse.)")
        let absent = sandbox.root + "/absent"
        #expect(throws: ThemeError(file: absent + "/theme.json", key: nil, problem: "no theme directory \(absent)")) {
            try Theme.loadWithImages(directory: absent)
        }
    }

    @Test func incomingCanMirrorOutgoing() throws {
        let sandbox = try ThemeSandbox()
        try sandbox.set("bubbles.incoming_mirrors_outgoing", true)
        sandbox.expectError("bubbles.incoming", "not allowed when incoming_mirrors_outgoing is true (incoming bubbles are the outgoing image mirrored)")
        try sandbox.set("bubbles.incoming", nil)
        sandbox.expectError("generate.incoming", "not allowed when incoming_mirrors_outgoing is true")
        try sandbox.set("generate.incoming", nil)
        let theme = try sandbox.load()
        #expect(theme.incomingBubble.mirrored)
        #expect(theme.incomingBubble.image.assets.map(\.name) == theme.outgoingBubble.image.assets.map(\.name))
        let rect = CGRect(x: 0, y: 0, width: 60, height: 40)
        let incoming = try TestSupport.render(width: 60, height: 40, scale: 2) {
            try $0.drawNineSlice(theme.incomingBubble.image, in: rect, mirrored: theme.incomingBubble.mirrored)
        }
        let outgoing = try TestSupport.render(width: 60, height: 40, scale: 2) {
            try $0.drawNineSlice(theme.outgoingBubble.image, in: rect)
        }
        #expect((0..<80).allSatisfy { y in (0..<120).allSatisfy { x in incoming[x, y] == outgoing[119 - x, y] } })
        #expect(outgoing[118, 14].alpha > 0 && incoming[1, 14].alpha > 0)  // the tails
    }
}
