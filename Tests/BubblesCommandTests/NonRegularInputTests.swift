import CommandTesting
import Foundation
import Testing

/// A named pipe (or any other non-regular file) given as an input is refused at once: opening
/// a FIFO for reading blocks until a writer comes, so every command used to hang on one. Each
/// run is a subprocess bounded by `timeout`, so a regression fails (status 124) instead of
/// hanging the test run. Standard input given as `-` may still be a pipe.
@Suite struct NonRegularInputTests {
    static let seconds = 20
    let pipe = "is not a regular file (it is a named pipe)"

    func run(_ script: String) throws -> (BubblesProcess.Run, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let run = try BubblesProcess.run("mkfifo pipe && " + script, in: folder.path, seconds: Self.seconds)
        #expect(!run.timedOut, "\(script) blocked")
        return (run, folder)
    }

    @Test(arguments: ["models pipe", "layout pipe", "render pipe -o out.png", "measure pipe"])
    func aFIFOAsTheInputIsAnErrorAtOnce(command: String) throws {
        let (run, folder) = try run(#""$BUBBLES" "# + command)
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors.contains("pipe: \(pipe)"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.png"))
    }

    @Test func aFIFOAsTheExpectFileIsAnErrorAtOnce() throws {
        let (run, _) = try run(#"echo '{"id": 1, "text": "hi"}' | "$BUBBLES" measure - --expect pipe"#)
        #expect(run.status == 1)
        #expect(run.errors == "bubbles measure: --expect pipe: \(pipe)\n", "\(run.errors)")
    }

    @Test func aFIFOAsTheVCardStoreIsAnErrorAtOnce() throws {
        let (run, folder) = try run(#""$BUBBLES" render "$REPO/Samples/chat.sqlite" --peer li.lei@chat.example --vcards pipe -o out.png"#)
        #expect(run.status == 1)
        #expect(run.errors.contains("pipe: is not a regular file"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.png"))
    }

    @Test func aFIFOAsThePreviewKindsIsAnErrorAtOnce() throws {
        let (run, folder) = try run(#""$BUBBLES" theme preview classic --kinds pipe -o out.png"#)
        #expect(run.status == 1)
        #expect(run.errors.contains("pipe: \(pipe)"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.png"))
    }

    @Test func aFIFOAsAJSONConversationsMediaFileIsThatMessagesProblem() throws {
        let (run, _) = try run(#"""
            echo '{"version": 1, "account": "me@x", "participants": [{"id": "me@x"}, {"id": "li@x"}], "messages": [
              {"id": "1", "sender": "li@x", "time": "2024-03-01T08:00:00Z", "kind": "image", "media": {"file": "pipe"}}]}' > c.json
            "$BUBBLES" models c.json
            """#)
        #expect(run.status == 3 || run.status == 1, "\(run.errors)")
        #expect(run.errors.contains("'pipe' \(pipe)"), "\(run.errors)")
    }

    @Test func standardInputAsDashMayBeAPipe() throws {
        let (run, _) = try run(#"(echo '{"id": 1, "text": "hi"}' > pipe &) ; "$BUBBLES" measure - < pipe"#)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("{\"id\": 1, "), "\(run.output)")
    }

    @Test func aSymbolicLinkToAFileIsAFile() throws {
        let (run, _) = try run(#"ln -s "$REPO/Samples/messages.jsonl" link.jsonl && "$BUBBLES" measure link.jsonl > /dev/null"#)
        #expect(run.status == 0, "\(run.errors)")
    }
}
