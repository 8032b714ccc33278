import BubblesCommand
import ChatBubbles
import CommandTesting
import Foundation
import Testing

/// `bubbles snapshot`: record, verify, differ with a summary and a diff sheet, and the exact
/// messages of its error paths. Small screens at @1x keep the debug-build runs short.
@Suite struct SnapshotCommandTests {
    static let screen = ["--device", "iphone-se", "--scale", "1"]

    /// A folder with a copy of Samples/conversation.json (and its media) to edit.
    func sampleFolder() throws -> PreviewFolder {
        let folder = try PreviewFolder()
        let samples = BubblesProcess.repository.appendingPathComponent("Samples")
        try FileManager.default.copyItem(atPath: samples.path + "/conversation.json", toPath: folder.path + "/conversation.json")
        try FileManager.default.copyItem(atPath: samples.path + "/conversation-media", toPath: folder.path + "/conversation-media")
        return folder
    }

    func snapshot(_ arguments: [String], in folder: PreviewFolder) -> PreviewRun {
        PreviewRun(["snapshot", "conversation.json"] + arguments + Self.screen, in: folder.path)
    }

    func edit(_ folder: PreviewFolder, _ old: String, _ new: String) throws {
        let path = folder.path + "/conversation.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    func data(_ folder: PreviewFolder, _ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name))
    }

    /// The "done when": record → verify 0 → change one message → exit 5 and a diff
    /// sheet as wide as reference + actual + difference.
    @Test func recordVerifyThenAChangedMessageDiffers() throws {
        let folder = try sampleFolder()
        let recorded = snapshot(["--reference", "ref.png", "--record"], in: folder)
        #expect(recorded.exitCode == 0, "\(recorded.errors)")
        let size = try pngSize(try data(folder, "ref.png"))
        #expect(recorded.errors == "wrote ref.png (\(size.width)×\(size.height) px)\n")
        #expect(size.width == 320)

        let verified = snapshot(["--reference", "ref.png"], in: folder)
        #expect(verified.exitCode == 0, "\(verified.errors)")
        #expect(verified.output == "matches ref.png (\(size.width)×\(size.height) px)\n")

        try edit(folder, "Are you at the harbour yet?", "Are you at the harbor yet?")
        let changed = snapshot(["--reference", "ref.png", "--diff", "diff.png"], in: folder)
        #expect(changed.exitCode == 5, "\(changed.errors)")
        #expect(changed.output.hasPrefix("differs from ref.png: "), "\(changed.output)")
        #expect(changed.output.hasSuffix(", in rows message 1\n"), "\(changed.output)")
        let diff = try data(folder, "diff.png")
        let diffSize = try pngSize(diff)
        #expect(diffSize.width == size.width + size.width + size.width)
        #expect(diffSize.height == size.height)
        #expect(changed.errors == "wrote diff.png (reference | actual | difference, \(diffSize.width)×\(diffSize.height) px)\n")

        // The difference panel's red pixels are the differing pixels the summary counts, and
        // its bounding box is theirs (in points: pixels at @1x).
        let rows = try PNGRowReader(data: diff, name: "diff").rows(diffSize.height)
        var red = 0, minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in 0..<diffSize.height {
            for x in 2 * size.width..<3 * size.width {
                let at = (y * diffSize.width + x) * 4
                guard Array(rows[at..<at + 4]) == [255, 0, 0, 255] else { continue }
                red += 1
                minX = min(minX, x - 2 * size.width); maxX = max(maxX, x - 2 * size.width)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(red > 100)
        #expect(changed.output == "differs from ref.png: \(red) pixels (more than 0 per channel apart) within "
                + "x \(minX)…\(maxX + 1), y \(minY)…\(maxY + 1) pt, in rows message 1\n")
        // The reference and actual panels hold the two renderings' pixels.
        let reference = try PNGRowReader(data: try data(folder, "ref.png"), name: "ref").rows(size.height)
        let firstRow = Array(rows[0..<size.width * 4])
        #expect(firstRow == Array(reference[0..<size.width * 4]))
    }

    @Test func aMissingReferenceSaysHowToRecordIt() throws {
        let folder = try sampleFolder()
        let run = snapshot(["--reference", "ref.png"], in: folder)
        #expect(run.exitCode == 1)
        #expect(run.errors == "bubbles snapshot: no reference at ref.png; run the same command with --record to write it\n")
        #expect(run.output.isEmpty)
    }

    @Test func anUnreadableReferenceIsNamed() throws {
        let folder = try sampleFolder()
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder.path + "/ref.png"))
        let run = snapshot(["--reference", "ref.png"], in: folder)
        #expect(run.exitCode == 1)
        #expect(run.errors == "bubbles snapshot: reference ref.png: not a PNG image (it does not start with the PNG signature)\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/folder.png", withIntermediateDirectories: false)
        let directory = snapshot(["--reference", "folder.png"], in: folder)
        #expect(directory.exitCode == 1)
        #expect(directory.errors == "bubbles snapshot: cannot read reference folder.png: it is a folder\n")
    }

    @Test func aReferenceOfOtherDimensionsDiffersNamingBothSizes() throws {
        let folder = try sampleFolder()
        // Recorded on a wider screen than the one compared.
        let wide = PreviewRun(["snapshot", "conversation.json", "--reference", "wide.png", "--record",
                               "--device", "iphone-8", "--scale", "1"], in: folder.path)
        #expect(wide.exitCode == 0, "\(wide.errors)")
        #expect(snapshot(["--reference", "narrow.png", "--record"], in: folder).exitCode == 0)
        let wideSize = try pngSize(try data(folder, "wide.png")), narrowSize = try pngSize(try data(folder, "narrow.png"))
        #expect(wideSize.width == 375)
        let run = snapshot(["--reference", "wide.png", "--diff", "diff.png"], in: folder)
        #expect(run.exitCode == 5)
        #expect(run.output.hasPrefix("differs from wide.png: the rendering is \(narrowSize.width)×\(narrowSize.height) px, "
                                     + "the reference \(wideSize.width)×\(wideSize.height) px; "), "\(run.output)")
        let diffSize = try pngSize(try data(folder, "diff.png"))
        #expect(diffSize.width == 3 * 375)
        #expect(diffSize.height == max(wideSize.height, narrowSize.height))
    }

    /// One pixel changed by 2 in one channel: exact comparison reports that pixel and its row;
    /// --tolerance 2 accepts it.
    @Test func toleranceIsPerChannel() throws {
        let folder = try sampleFolder()
        #expect(snapshot(["--reference", "ref.png", "--record"], in: folder).exitCode == 0)
        let reader = try PNGRowReader(data: try data(folder, "ref.png"), name: "ref")
        var pixels = try reader.rows(reader.height)
        let (x, y) = (12, 20)
        let at = (y * reader.width + x) * 4 + 1
        pixels[at] = pixels[at] > 127 ? pixels[at] - 2 : pixels[at] + 2
        let writer = try PNGRowWriter(width: reader.width, height: reader.height)
        try writer.append(pixels)
        try writer.finish().write(to: URL(fileURLWithPath: folder.path + "/ref.png"))

        let exact = snapshot(["--reference", "ref.png"], in: folder)
        #expect(exact.exitCode == 5)
        #expect(exact.output == "differs from ref.png: 1 pixel (more than 0 per channel apart) within x 12…13, y 20…21 pt, "
                + "in rows message 1\n")
        let tolerant = snapshot(["--reference", "ref.png", "--tolerance", "2"], in: folder)
        #expect(tolerant.exitCode == 0, "\(tolerant.output)")
        #expect(tolerant.output == "matches ref.png within 2 per channel (\(reader.width)×\(reader.height) px)\n")
        let tooMuch = snapshot(["--reference", "ref.png", "--tolerance", "256"], in: folder)
        #expect(tooMuch.exitCode == 2)
        #expect(tooMuch.errors.hasPrefix("bubbles snapshot: --tolerance must be 0…255 (per channel)\n"))
    }

    @Test func layoutComparesTextAndPrintsTheDifferingLines() throws {
        let folder = try sampleFolder()
        let recorded = snapshot(["--layout", "--reference", "ref.json", "--record"], in: folder)
        #expect(recorded.exitCode == 0, "\(recorded.errors)")
        let text = try String(contentsOfFile: folder.path + "/ref.json", encoding: .utf8)
        let layout = PreviewRun(["layout", "conversation.json", "--json"] + ["--device", "iphone-se"], in: folder.path)
        #expect(text == layout.output)
        let lines = text.split(separator: "\n").count
        #expect(snapshot(["--layout", "--reference", "ref.json"], in: folder).output == "matches ref.json (\(lines) lines)\n")

        // Same length, so only message 1's own line changes.
        try edit(folder, "Are you at the harbour yet?", "Are you at the harbor yet?")
        let changed = snapshot(["--layout", "--reference", "ref.json"], in: folder)
        #expect(changed.exitCode == 5)
        let printed = changed.output.split(separator: "\n")
        #expect(printed.count == 3, "\(changed.output)")
        #expect(printed.first?.hasPrefix("-2:   {\"source\": \"message 1\"") == true)
        #expect(printed.dropFirst().first?.hasPrefix("+2:   {\"source\": \"message 1\"") == true)
        #expect(printed.last == "differs from ref.json: 1 line removed, 1 added")

        let png = snapshot(["--layout", "--reference", "ref.png"], in: folder)
        #expect(png.exitCode == 2)
        #expect(png.errors.hasPrefix("bubbles snapshot: --layout compares `layout --json` text: give a .json reference, not ref.png\n"))
    }

    /// With --viewport the image is the newest screenful, so its pixel rows start at the
    /// layout's height minus the screen's: a change in the last message is placed in its row.
    @Test func viewportDifferencesAreMappedToTheirRows() throws {
        let folder = try sampleFolder()
        #expect(snapshot(["--reference", "ref.png", "--record", "--viewport"], in: folder).exitCode == 0)
        let size = try pngSize(try data(folder, "ref.png"))
        #expect(size.width == 320 && size.height == 568)
        #expect(snapshot(["--reference", "ref.png", "--viewport"], in: folder).exitCode == 0)
        try edit(folder, "\"On my way\"", "\"On my way!\"")
        let changed = snapshot(["--reference", "ref.png", "--viewport"], in: folder)
        #expect(changed.exitCode == 5)
        #expect(changed.output.hasSuffix(", in rows message 10\n"), "\(changed.output)")
    }

    @Test func referenceKindAndModeMustAgree() throws {
        let folder = try sampleFolder()
        let json = snapshot(["--reference", "ref.json"], in: folder)
        #expect(json.exitCode == 2)
        #expect(json.errors.hasPrefix("bubbles snapshot: a .json reference holds layout text: add --layout to compare it\n"))
    }

    @Test func helpAndTheToolsListNameIt() throws {
        let folder = try PreviewFolder()
        let help = PreviewRun(["snapshot", "--help"], in: folder.path)
        #expect(help.exitCode == 0)
        for option in ["--reference", "--record", "--diff", "--tolerance", "--layout", "--viewport", "--theme", "--account"] {
            #expect(help.output.contains(option), "\(option)")
        }
        let tool = PreviewRun(["help"], in: folder.path)
        #expect(tool.output.contains("  snapshot "))
        #expect(tool.output.contains("5 a snapshot differs from its reference"))
        let noReference = PreviewRun(["snapshot", "x.json"], in: folder.path)
        #expect(noReference.exitCode == 2)
        #expect(noReference.errors.hasPrefix("bubbles snapshot: give the reference file with --reference\n"))
    }
}
