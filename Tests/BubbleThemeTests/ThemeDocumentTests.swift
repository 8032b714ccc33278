import BubbleLayout
import BubbleTheme
import Foundation
import Testing

/// The theme module alone: `theme.json` parsed into the layout's metrics, with no drawing.
@Suite struct ThemeDocumentTests {
    static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes").path

    /// The bundled classic theme gives the origin app's numbers (DESIGN.md §1): 16 pt text,
    /// 10 pt insets, a 40 pt avatar between 10 pt margin and gap, so text is at most W − 90 wide.
    @Test func classicGivesTheOriginAppsNumbers() throws {
        let theme = try Theme.load(directory: Self.themes + "/classic")
        let metrics = theme.layoutMetrics
        #expect(theme.name == "classic")
        #expect(theme.darkVariant == "classic-dark")
        #expect(metrics.textFontSize == 16)
        #expect(metrics.textInsets == EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        #expect(metrics.margin == 10 && metrics.avatarSize == 40 && metrics.avatarGap == 10)
        // Text starts 70 pt from the avatar side and keeps 20 pt from the other edge.
        #expect(metrics.bubbleInset + metrics.textInsets.left == 70 && metrics.textFarGap == 20)
        #expect(theme.colors.background == RGBAColor(hex: "#EDEDED"))
    }

    @Test func everyBundledThemeLoadsWithItsDarkVariant() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.themes)
            .filter { FileManager.default.fileExists(atPath: Self.themes + "/" + $0 + "/theme.json") }.sorted()
        #expect(names.count >= 6, "\(names)")
        for name in names {
            let theme = try Theme.load(directory: Self.themes + "/" + name)
            #expect(theme.name == name)
            if theme.darkVariant != nil { #expect(try theme.loadDarkVariant() != nil) }
        }
    }

    /// Bad documents are refused with the file, the key and the problem named.
    @Test(arguments: [
        (#"{"name": "x""#, nil as String?),
        (#"{"name": "x", "colours": {}}"#, nil),
        (#"{"name": ""}"#, "name"),
        (#"[1, 2]"#, nil),
    ])
    func badDocumentsNameTheFileAndProblem(json: String, key: String?) throws {
        let error = try #require(throws: ThemeError.self) { try ThemeDocument(data: Data(json.utf8), file: "bad/theme.json") }
        #expect(error.file == "bad/theme.json")
        #expect(!error.problem.isEmpty)
        if let key { #expect(error.key == key, "\(error)") }
        #expect(error.description.contains("bad/theme.json"))
    }

    @Test func hexColoursParseAndPrintBack() throws {
        let color = try #require(RGBAColor(hex: "#576B95"))
        #expect(abs(color.red - 0x57 / 255.0) < 1e-9 && abs(color.blue - 0x95 / 255.0) < 1e-9 && color.alpha == 1)
        let translucent = try #require(RGBAColor(hex: "#00000080"))
        #expect(abs(translucent.alpha - 128 / 255.0) < 1e-9)
        for bad in ["576B95", "#12345", "#GGGGGG", "", "#"] { #expect(RGBAColor(hex: bad) == nil, "\(bad)") }
    }
}
