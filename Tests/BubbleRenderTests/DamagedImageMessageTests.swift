import Foundation
import RenderTesting
import Testing

/// An image message whose header reads but whose data does not decode used to be laid out as
/// an image and drawn as a broken-image box, with exit 0 and "0 warnings". The decoder that
/// draws now judges every image before layout: each failure is a placeholder and a warning
/// naming the message, and the exit code is 3.
@Suite struct DamagedImageMessageTests {
    /// A JSON conversation in a fresh folder: an intact PNG, the same PNG cut short, a JPEG
    /// cut short (shown in part, as viewers do, with a warning) and a GIF with no frame.
    static func conversation() throws -> (folder: String, json: String, sizes: [String: Int]) {
        let folder = try TestSupport.temporaryDirectory()
        let media = Snapshot.repository.appendingPathComponent("Samples/conversation-media")
        let png = try Data(contentsOf: media.appendingPathComponent("harbour.png"))
        let jpeg = try Data(contentsOf: media.appendingPathComponent("ticket.jpg"))
        let files: [String: Data] = [
            "whole.png": png, "cut.png": png.prefix(900), "cut.jpg": jpeg.prefix(700),
            "moving.gif": Data("GIF89a".utf8) + Data([2, 0, 2, 0, 0, 0, 0]) + Data(repeating: 0x3B, count: 20),
        ]
        for (name, data) in files { try data.write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let names = ["whole.png", "cut.png", "cut.jpg", "moving.gif"]
        let messages = names.enumerated().map { index, name in
            "{\"id\": \"\(index + 1)\", \"sender\": \"ann@example.com\", \"time\": \"2024-05-01T09:3\(index):00Z\", "
                + "\"kind\": \"image\", \"media\": {\"file\": \"\(name)\"}}"
        }
        let json = """
            {"version": 1, "account": "me@example.com",
             "participants": [{"id": "me@example.com", "name": "Me"}, {"id": "ann@example.com", "name": "Ann"}],
             "messages": [\(messages.joined(separator: ",\n"))]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/chat.json"))
        return (folder, folder + "/chat.json", files.mapValues(\.count))
    }

    static func expectedWarnings(_ sizes: [String: Int]) -> [String] {
        ["warning: message 2: image of \(sizes["cut.png"]!) bytes cannot be shown: PNG data is cut short or damaged: "
            + "chunk 'IDAT' at byte 33 claims 1773 bytes, but only 859 remain",
         "warning: message 3: image of \(sizes["cut.jpg"]!) bytes is shown in part: JPEG data is cut short or damaged "
            + "(Premature end of JPEG file)",
         "warning: message 4: image of \(sizes["moving.gif"]!) bytes cannot be shown: GIF data has no image (it ends before the first frame)"]
    }

    @Test(arguments: ["png", "pdf", "svg"])
    func renderWarnsForEachDamagedImage(format: String) throws {
        let (folder, json, sizes) = try Self.conversation()
        let output = folder + "/out." + format
        let run = Snapshot.run(["render", json, "-o", output])
        #expect(run.code == 3, "\(run.err)")
        let warnings = run.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map(String.init)
        #expect(warnings == Self.expectedWarnings(sizes))
        #expect(run.err.contains("\n3 warnings\n"))
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func modelsAndLayoutAgreeWithRender() throws {
        let (_, json, sizes) = try Self.conversation()
        let models = Snapshot.run(["models", json])
        #expect(models.code == 3)
        #expect(models.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map(String.init) == Self.expectedWarnings(sizes))
        let layout = Snapshot.run(["layout", json, "--json"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(layout.out.utf8)) as? [String: Any])
        let kinds = (parsed["rows"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["image", "placeholder", "image", "placeholder"])
    }
}
