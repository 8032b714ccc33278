import CommandTesting
import Foundation
import Testing

/// `BUBBLES_FONTS` and `BUBBLES_THEMES` are independent: moving the fonts elsewhere must not
/// move the place themes are looked for (they used to be looked for beside `$BUBBLES_FONTS`:
/// "no theme directory …/Themes/classic"). Subprocesses, since the variables are process-wide.
@Suite struct ResourceLookupTests {
    static let render = #""$BUBBLES" render "$REPO/Samples/conversation.json" -o out.png"#

    func run(_ script: String, environment: [String: String]) throws -> (BubblesProcess.Run, TemporaryFolder) {
        let folder = try TemporaryFolder()
        var environment = environment
        for name in ["BUBBLES_FONTS", "BUBBLES_THEMES"] where environment[name] == nil { environment[name] = "" }
        let run = try BubblesProcess.run(script, in: folder.path, environment: environment)
        return (run, folder)
    }

    func isPNG(_ path: String) -> Bool {
        (try? Data(contentsOf: URL(fileURLWithPath: path)))?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true
    }

    @Test func fontsElsewhereStillFindTheRepositorysThemes() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: BubblesProcess.repository.appendingPathComponent("Fonts").path,
                                         toPath: folder.path + "/Fonts")
        let (run, output) = try run(Self.render + " --theme classic", environment: ["BUBBLES_FONTS": folder.path + "/Fonts"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(isPNG(output.path + "/out.png"))
    }

    @Test func themesElsewhereWithTheRepositorysFonts() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: BubblesProcess.repository.appendingPathComponent("Themes").path,
                                         toPath: folder.path + "/MyThemes")
        try FileManager.default.moveItem(atPath: folder.path + "/MyThemes/classic", toPath: folder.path + "/MyThemes/mine")
        let (run, output) = try run(Self.render + " --theme mine", environment: ["BUBBLES_THEMES": folder.path + "/MyThemes"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(isPNG(output.path + "/out.png"))
    }
}
