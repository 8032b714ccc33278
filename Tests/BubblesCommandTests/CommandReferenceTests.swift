@testable import BubblesCommand
import CommandTesting
import Foundation
import Testing

/// docs/cli.md is the option tables, written out: when a command or an option changes, this
/// fails until the page is written again (`swift run bubbles help --markdown > docs/cli.md`).
@Suite struct CommandReferenceTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/cli.md")

    @Test func docsCLIPageIsTheOptionTables() throws {
        let committed = try String(contentsOf: Self.page, encoding: .utf8)
        let written = Bubbles.tool.markdownReference
        #expect(committed == written, "docs/cli.md differs from the option tables: run `swift run bubbles help --markdown > docs/cli.md`")
        for command in Bubbles.all {
            #expect(committed.contains("## bubbles \(command.name)\n"), "\(command.name)")
            for spec in command.options.groups.flatMap(\.options) { #expect(committed.contains("`\(spec.label)`"), "\(spec.label)") }
        }
    }

    @Test func helpMarkdownPrintsThePage() throws {
        let folder = try PreviewFolder()
        let run = PreviewRun(["help", "--markdown"], in: folder.path)
        #expect(run.exitCode == 0)
        #expect(run.output == Bubbles.tool.markdownReference)
        #expect(run.output.hasPrefix("# `bubbles` command reference"))
    }

    /// `models --help` lists every kind the JSON output has (it once left out remote_image and
    /// tombstone): each kind the modern sample writes is in the list.
    @Test func modelsKindsInHelpAreTheKindsItWrites() throws {
        let folder = try PreviewFolder()
        let help = PreviewRun(["models", "--help"], in: folder.path).output.replacingOccurrences(of: "\n", with: " ")
        let repository = Self.page.deletingLastPathComponent().deletingLastPathComponent().path
        let run = PreviewRun(["models", repository + "/Samples/modern.json", "--json"], in: folder.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let bubbles = try #require(object["bubbles"] as? [[String: Any]])
        let kinds = Set(bubbles.compactMap { $0["kind"] as? String })
        #expect(kinds.count >= 3, "\(kinds)")
        for kind in kinds {
            #expect(ModelsCommand.kinds.contains(kind), "\(kind) is written but not listed")
        }
        #expect(help.contains(ModelsCommand.kinds.joined(separator: "|")), "\(help)")
    }
}
