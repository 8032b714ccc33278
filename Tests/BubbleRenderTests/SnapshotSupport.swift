import BubbleTheme
import BubbleRender
import BubblesCommand
import Foundation
import Testing

/// Reference images in Snapshots/: compared exactly first, then with a per-pixel colour
/// tolerance and a cap on the share of differing pixels (so a different libpng zlib level or a
/// one-step antialiasing change does not fail CI, a moved glyph does). On failure the actual
/// image and a diff (changed pixels red over a faded copy) go to a folder named in the message.
/// `BUBBLES_RECORD=1 swift test` rewrites the references: look at each before committing it.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Snapshots").standardized
    static let repository = folder.deletingLastPathComponent()
    static var recording: Bool { ProcessInfo.processInfo.environment["BUBBLES_RECORD"] == "1" }
    /// Largest channel difference (0–255) that still counts as the same pixel.
    static let channelTolerance = 8
    /// Share of pixels that may differ beyond it.
    static let differingShare = 0.001

    /// Runs the `bubbles` tool in-process; returns exit code, stdout and stderr.
    static func run(_ arguments: [String], input: Data = Data()) -> (code: Int32, out: String, err: String) {
        final class Buffer: @unchecked Sendable { var out = "", err = ""; let lock = NSLock() }
        let buffer = Buffer()
        let io = CommandIO(readStandardInput: { input },
                           write: { text in buffer.lock.lock(); buffer.out += text; buffer.lock.unlock() },
                           writeError: { text in buffer.lock.lock(); buffer.err += text; buffer.lock.unlock() },
                           currentDirectory: repository.path)
        let code = Bubbles.main(arguments, io: io)
        return (code, buffer.out, buffer.err)
    }

    static func temporaryFile(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bubbles-snapshots-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    static func assertMatches(_ actual: Data, reference name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if recording { try actual.write(to: url, options: .atomic) }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("no reference \(url.path); run BUBBLES_RECORD=1 swift test and look at it", sourceLocation: sourceLocation)
            return
        }
        if expected == actual { return }
        if name.hasSuffix(".png") {
            let a = try RasterImage(data: actual, name: "actual \(name)").pixels()
            let e = try RasterImage(data: expected, name: name).pixels()
            if a.width == e.width, a.height == e.height {
                var changed: [Int] = []
                for index in a.pixels.indices where a.pixels[index].distance(to: e.pixels[index]) > channelTolerance {
                    changed.append(index)
                }
                if Double(changed.count) <= differingShare * Double(a.pixels.count) { return }
                let report = try writeFailure(actual: actual, changed: changed, width: a.width, height: a.height, name: name)
                Issue.record("\(name): \(changed.count) of \(a.pixels.count) pixels differ; actual and diff in \(report)",
                             sourceLocation: sourceLocation)
                return
            }
            let report = try writeFailure(actual: actual, changed: [], width: a.width, height: a.height, name: name)
            Issue.record("\(name): size \(a.width)×\(a.height), reference \(e.width)×\(e.height); actual in \(report)",
                         sourceLocation: sourceLocation)
            return
        }
        let report = try writeFailure(actual: actual, changed: nil, width: 0, height: 0, name: name)
        Issue.record("\(name) differs from the reference; actual in \(report)", sourceLocation: sourceLocation)
    }

    /// Writes the actual file and, for images, a diff image; returns the folder.
    private static func writeFailure(actual: Data, changed: [Int]?, width: Int, height: Int, name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bubbles-snapshot-failures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try actual.write(to: folder.appendingPathComponent(name))
        if let changed, width > 0 {
            let canvas = try Canvas(format: .png, width: Double(width), height: Double(height), scale: 1)
            try canvas.context.draw(try RasterImage(data: actual, name: name),
                                    in: CGRect(x: 0, y: 0, width: width, height: height))
            canvas.context.fillAll(with: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.75))
            canvas.context.setColor(RGBAColor(red: 1, green: 0, blue: 0))
            for index in changed {
                canvas.context.addRectangle(CGRect(x: index % width, y: index / width, width: 1, height: 1))
            }
            canvas.context.fill()
            try canvas.encoded().write(to: folder.appendingPathComponent("diff-" + name))
        }
        return folder.path
    }
}
