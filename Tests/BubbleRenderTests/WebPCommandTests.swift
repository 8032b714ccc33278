import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

/// `bubbles render` and `demo` with WebP: `-o x.webp` writes WebP (it used to write PNG bytes),
/// `--format` and the extension must agree, `--quality` means lossy WebP, `--pages` and
/// `--viewport` work, and nothing is left behind by a refusal.
@Suite struct WebPCommandTests {
    static let sample = "Samples/conversation.json"

    static func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }

    @Test func outputNamedWebPIsWebPWithThePixelsOfThePNG() throws {
        let png = try Snapshot.temporaryFile("cli-same.png"), webp = try Snapshot.temporaryFile("cli-same.webp")
        #expect(Snapshot.run(["render", Self.sample, "-o", png]).code == 0)
        let run = Snapshot.run(["render", Self.sample, "-o", webp])
        #expect(run.code == 0, "\(run.err)")
        let data = try Data(contentsOf: URL(fileURLWithPath: webp))
        #expect(WebPOutputTests.isWebP(data) && data.subdata(in: 12..<16) == Data("VP8L".utf8))
        let differing = WebPOutputTests.differences(try RasterImage(data: data, name: webp).pixels(),
                                                    try RasterImage(contentsOfFile: png).pixels())
        #expect(differing.isEmpty, "\(differing.count) pixels differ, first \(differing.prefix(5))")
    }

    @Test func formatWebPWithoutAnExtension() throws {
        let output = try Snapshot.temporaryFile("cli-no-extension")
        #expect(Snapshot.run(["render", Self.sample, "--format", "webp", "--viewport", "-o", output]).code == 0)
        let image = try RasterImage(contentsOfFile: output)
        #expect(image.pixelWidth == 750 && image.pixelHeight == 1334)
    }

    @Test func qualityWritesLossyWebP() throws {
        let output = try Snapshot.temporaryFile("cli-lossy.webp")
        #expect(Snapshot.run(["render", Self.sample, "--quality", "60", "-o", output]).code == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(data.subdata(in: 12..<16) == Data("VP8 ".utf8))
    }

    @Test func pagesAreScreenSizedWebPFiles() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Snapshot.run(["demo", "--pages", "-o", folder + "/demo.webp"])
        #expect(run.code == 0, "\(run.err)")
        let names = TestSupport.contents(of: folder)
        #expect(names.count > 1 && names.allSatisfy { $0.hasPrefix("demo-") && $0.hasSuffix(".webp") }, "\(names)")
        let first = try RasterImage(contentsOfFile: folder + "/demo-1.webp")
        #expect(first.pixelWidth == 750 && first.pixelHeight == 1334)
    }

    @Test(arguments: [
        (["-o", "x.webp", "--format", "png"], "-o x.webp: the extension .webp does not match --format png"),
        (["-o", "x.png", "--format", "webp"], "-o x.png: the extension .png does not match --format webp"),
        (["-o", "x.jpg"], "-o x.jpg: .jpg is not an output format; name the file .png, .pdf, .svg or .webp (or give no extension)"),
        (["-o", "x.png", "--quality", "80"], "--quality is for WebP output only; this writes PNG"),
        (["-o", "x.webp", "--quality", "101"], "--quality must be 0…100"),
        (["-o", "x.webp", "--format", "gif"], "--format must be png, pdf, svg or webp"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Snapshot.run(["render", Self.sample] + arguments.map { $0.hasPrefix("x.") ? folder + "/" + $0 : $0 })
        #expect(run.code == 2)
        #expect(Self.firstLine(run.err) == "bubbles render: " + message.replacingOccurrences(of: "-o x.", with: "-o \(folder)/x."))
        #expect(TestSupport.contents(of: folder).isEmpty, "nothing written")
    }

    @Test func tooTallForWebPSuggestsPagesOrPNG() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 200 one-line messages a minute apart: over 8,192 pt, so past 16383 px at @2x (PNG's bands take it).
        let messages = (0..<200).map { index in
            "{\"id\": \"\(index)\", \"sender\": \"\(index % 2 == 0 ? "me" : "ann")@example.com\", \"time\": "
                + "\"2024-05-01T\(String(format: "%02d:%02d", 8 + index / 60, index % 60)):00Z\", \"kind\": \"text\", \"text\": \"message \(index)\"}"
        }
        let json = "{\"version\": 1, \"account\": \"me@example.com\", \"participants\": [{\"id\": \"me@example.com\"}, "
            + "{\"id\": \"ann@example.com\"}], \"messages\": [\(messages.joined(separator: ", "))]}"
        let input = folder + "/long.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: input))
        let output = folder + "/long.webp"
        try Data("an older file".utf8).write(to: URL(fileURLWithPath: output))
        // "screen 375 pt, 200 rows, height 9000 pt, times in UTC"
        let summary = Self.firstLine(Snapshot.run(["layout", input]).out)
        let points = try #require(summary.split(separator: ",").first { $0.hasPrefix(" height ") }?.split(separator: " ")[1])
        let pixels = try #require(Double(points)) * 2
        #expect(pixels > 16383, "\(summary)")
        let run = Snapshot.run(["render", input, "--scale", "2", "-o", output])
        #expect(run.code == 1)
        #expect(Self.firstLine(run.err) == "bubbles render: 750×\(Int(pixels.rounded(.up))) px exceeds WebP's limit of 16383 px "
                + "per side; use --pages (screen-sized WebP files) or PNG", "\(run.err)")
        #expect(TestSupport.contents(of: folder) == ["long.json", "long.webp"], "no temporary file left")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("an older file".utf8), "the old file untouched")
        #expect(Snapshot.run(["render", input, "--scale", "2", "-o", folder + "/long.png"]).code == 0, "PNG takes it")
    }

    /// The theme preview sheet is PNG only: a `.webp` name is refused instead of holding PNG bytes.
    @Test func themePreviewRefusesAWebPName() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Snapshot.run(["theme", "preview", "classic", "-o", folder + "/sheet.webp"])
        #expect(run.code == 2)
        #expect(Self.firstLine(run.err) == "bubbles theme preview: -o \(folder)/sheet.webp: the preview sheet is PNG; name it .png")
        #expect(TestSupport.contents(of: folder).isEmpty)
    }
}
