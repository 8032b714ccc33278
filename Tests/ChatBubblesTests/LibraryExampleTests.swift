import Foundation
import Testing

/// The README's "Use as a library" example is `Examples/LibraryExample/main.swift`, built with
/// the package: the README's block must be that file, and the built program, run from an
/// empty directory elsewhere, prints the row heights and writes a PNG there.
@Suite struct LibraryExampleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The fenced `swift` block of the README that imports ChatBubbles.
    static func readmeExample() throws -> String {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        return try #require(blocks.first { $0.hasPrefix("import ChatBubbles\n") }, "README has no ```swift block starting with import ChatBubbles")
    }

    @Test func theReadmeShowsTheExampleThatIsBuilt() throws {
        let source = try String(contentsOf: Self.repository.appendingPathComponent("Examples/LibraryExample/main.swift"), encoding: .utf8)
        #expect(try Self.readmeExample() == source)
    }

    @Test func theExampleRunsFromAnotherDirectory() throws {
        // The example binary is built beside this test bundle (the test target depends on it).
        let buildFolder = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent()
        let binary = buildFolder.appendingPathComponent("chatbubbles-example")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chatbubbles-example-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let process = Process()
        process.executableURL = binary
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["BUBBLES_FONTS"] = nil
        environment["BUBBLES_THEMES"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(printed)")
        // Two one-line messages: the origin app's one-line row, 100 pt each.
        #expect(printed.hasPrefix("row 1: 100.0 pt\nrow 2: 100.0 pt\nwrote conversation.png ("), "\(printed)")
        let png = try Data(contentsOf: folder.appendingPathComponent("conversation.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // 375 × 200 pt at @2x: the IHDR width and height are 750 × 400.
        let header = [UInt8](png.prefix(24))
        #expect(header[16..<24] == [0, 0, 0x02, 0xEE, 0, 0, 0x01, 0x90])
    }
}
