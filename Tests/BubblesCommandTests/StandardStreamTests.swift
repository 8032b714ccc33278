import CommandTesting
import Foundation
import Testing

/// Standard output or error that cannot be written: a full device, a closed descriptor, a pipe
/// whose reader is gone. `bubbles` must never trap: a failed write is exit 1 with a message on
/// stderr (silent when stderr is the broken one), and a closed pipe ends quietly, as Unix
/// tools do.
@Suite struct StandardStreamTests {
    @Test func standardOutputOnAFullDeviceIsExit1WithAMessage() throws {
        let folder = try TemporaryFolder()
        let run = try BubblesProcess.run(#""$BUBBLES" --help > /dev/full"#, in: folder.path)
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors == "bubbles: cannot write standard output: No space left on device\n")
    }

    /// `measure` writes its records as bytes (`CommandIO.writeBytes`), not through `write`.
    @Test func measureRecordsOnAFullDeviceAreExit1WithAMessageAndInFullOtherwise() throws {
        let folder = try TemporaryFolder()
        let full = try BubblesProcess.run(#""$BUBBLES" measure "$REPO/Samples/messages.jsonl" > /dev/full"#, in: folder.path)
        #expect(full.status == 1, "\(full.errors)")
        #expect(full.errors == "bubbles: cannot write standard output: No space left on device\n")
        let piped = try BubblesProcess.run(#""$BUBBLES" measure "$REPO/Samples/messages.jsonl" | cat"#, in: folder.path)
        let lines = piped.output.split(separator: "\n")
        #expect(piped.status == 0 && !lines.isEmpty, "\(piped.errors)")
        #expect(lines.allSatisfy { $0.hasPrefix("{\"id\": ") && $0.hasSuffix("}") })
    }

    @Test func aClosedStandardOutputIsExit1WithAMessage() throws {
        let folder = try TemporaryFolder()
        let run = try BubblesProcess.run(#""$BUBBLES" --help >&-"#, in: folder.path)
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors == "bubbles: cannot write standard output: Bad file descriptor\n")
    }

    @Test func aClosedStandardOutputIsNeverTakenByAFileTheCommandOpens() throws {
        // With fd 1 closed, the next open() gets 1: `make-images` writes PNGs and prints a line
        // per file, and no line may land in a PNG.
        let folder = try TemporaryFolder()
        let run = try BubblesProcess.run(#"cp -r "$REPO/Themes/classic" . && "$BUBBLES" theme make-images classic >&-"#,
                                         in: folder.path)
        #expect(run.status == 1)
        #expect(run.errors == "bubbles: cannot write standard output: Bad file descriptor\n")
        for name in ["bubble_in@2x.png", "bubble_out@3x.png"] {
            let original = try Data(contentsOf: BubblesProcess.repository.appendingPathComponent("Themes/classic/" + name))
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/classic/" + name)) == original, "\(name)")
        }
    }

    @Test func unwritableStandardErrorToo() throws {
        let folder = try TemporaryFolder()
        for redirection in [">/dev/full 2>/dev/full", ">&- 2>&-", ">/dev/full 2>&-"] {
            let run = try BubblesProcess.run(#""$BUBBLES" --help "# + redirection + "; echo $? >&2", in: folder.path)
            #expect(run.errors == "1\n", "\(redirection): \(run.errors)")
        }
        // A command that only fails to write its error message.
        let usage = try BubblesProcess.run(#""$BUBBLES" no-such-command 2>/dev/full; echo $?"#, in: folder.path)
        #expect(usage.output == "1\n")
    }

    @Test func aPipeClosedEarlyEndsQuietly() throws {
        let folder = try TemporaryFolder()
        // The reader exits at once; the writer starts after it is gone, so every write is EPIPE.
        let closed = try BubblesProcess.run(#"{ sleep 0.3; "$BUBBLES" --help; echo "status $?" >&2; } | true"#, in: folder.path)
        #expect(closed.errors == "status 0\n")
        // `| head -1` with more output than a pipe holds: the rows after the first are dropped.
        let head = try BubblesProcess.run(
            #""$BUBBLES" layout "$REPO/Samples/conversation.json" --json | head -c 10; echo " status ${PIPESTATUS[0]}""#,
            in: folder.path)
        #expect(head.output.hasSuffix(" status 0\n"), "\(head.output)")
        #expect(head.errors == "0 warnings\n")
    }
}
