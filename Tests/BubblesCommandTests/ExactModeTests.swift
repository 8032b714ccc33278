import CommandTesting
import Foundation
import Testing

/// `--exact` (and `BUBBLES_EXACT=1`) turns every fast path off: HarfBuzz shapes, ICU breaks,
/// Cairo draws and zlib compresses everything. The bundled samples come out the same both ways:
/// the same layouts and measurements to the byte, the same pixels (the PNG bytes differ, since
/// zlib compresses them). Run as processes, since the choice is the process's.
@Suite struct ExactModeTests {
    static let drawn = [
        "Samples/conversation.json", "Samples/modern.json", "Samples/modern-mam.xml",
        "Samples/preview-kinds.json",
        "Samples/chat.sqlite --account me@chat.example --peer li.lei@chat.example --vcards Samples/vcards.sqlite",
    ]

    @Test(arguments: drawn)
    func layoutsAndPixelsAreTheSameBothWays(input: String) throws {
        let folder = try TemporaryFolder()
        let script = """
            cd "$REPO"
            "$BUBBLES" layout \(input) --json > "$OUT/fast.json" || exit 11
            "$BUBBLES" layout \(input) --json --exact > "$OUT/exact.json" || exit 12
            BUBBLES_EXACT=1 "$BUBBLES" layout \(input) --json > "$OUT/env.json" || exit 13
            cmp "$OUT/fast.json" "$OUT/exact.json" || exit 14
            cmp "$OUT/fast.json" "$OUT/env.json" || exit 15
            "$BUBBLES" render \(input) -o "$OUT/fast.png" 2>/dev/null || exit 16
            "$BUBBLES" render \(input) --exact -o "$OUT/exact.png" 2>/dev/null || exit 17
            cmp -s "$OUT/fast.png" "$OUT/exact.png" && exit 18
            "$BUBBLES" snapshot \(input) --exact --reference "$OUT/fast.png" || exit 19
            """
        let run = try BubblesProcess.run(script, in: folder.path, environment: ["OUT": folder.path], seconds: 120)
        let codes = "11-17: a command failed, 14/15: layouts differ, 18: exact PNG has the fast path's bytes, 19: pixels differ"
        #expect(run.status == 0, "\(input): exit \(run.status) (\(codes))\n\(run.output)\n\(run.errors)")
        #expect(run.output.contains("matches"), "\(run.output)")
    }

    /// Every measurement of the hard cases and of the scripts corpus (tabs, forced breaks,
    /// Korean, Indic, Arabic, emoji sequences): the same lines both ways.
    @Test(arguments: ["Samples/hard-cases/hard-cases.jsonl", "Samples/scripts-corpus.jsonl", "Samples/messages.jsonl"])
    func measurementsAreTheSameBothWays(corpus: String) throws {
        let folder = try TemporaryFolder()
        let script = """
            cd "$REPO"
            "$BUBBLES" measure \(corpus) > "$OUT/fast.ndjson" || exit 11
            "$BUBBLES" measure \(corpus) --exact > "$OUT/exact.ndjson" || exit 12
            test -s "$OUT/fast.ndjson" || exit 13
            cmp "$OUT/fast.ndjson" "$OUT/exact.ndjson" || exit 14
            wc -l < "$OUT/fast.ndjson"
            """
        let run = try BubblesProcess.run(script, in: folder.path, environment: ["OUT": folder.path], seconds: 120)
        #expect(run.status == 0, "\(corpus): exit \(run.status)\n\(run.output)\n\(run.errors)")
        #expect((Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 10, "\(run.output)")
    }

    @Test func doctorReportsEachFastPathAndExactMode() throws {
        let folder = try TemporaryFolder()
        let run = try BubblesProcess.run("\"$BUBBLES\" doctor; echo \"exit $?\"; \"$BUBBLES\" doctor --exact | grep -c 'off: exact mode'; "
                                         + "BUBBLES_EXACT=own-deflate \"$BUBBLES\" doctor | grep own-deflate",
                                         in: folder.path)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("exit 0"), "\(run.output)\(run.errors)")
        for name in ["line-break-rules", "grapheme-rules", "opentype-shortcuts", "plain-paragraphs", "colour-glyph-images", "own-deflate"] {
            #expect(lines.contains { $0.hasPrefix("  " + name) && $0.contains(": ") }, "\(name) missing:\n\(run.output)")
        }
        for library in ["ICU", "HarfBuzz", "Cairo", "zlib"] { #expect(lines.contains { $0.hasPrefix("  " + library + " ") }) }
        #expect(lines.contains("6"), "every fast path off under --exact:\n\(run.output)")
        #expect(lines.contains { $0.contains("own-deflate") && $0.contains("off: BUBBLES_EXACT names it") })
    }

    /// Missing fonts: doctor says so and exits 1.
    @Test func doctorFailsWithoutFonts() throws {
        let folder = try TemporaryFolder()
        let run = try BubblesProcess.run("BUBBLES_FONTS=\"$PWD/none\" \"$BUBBLES\" doctor", in: folder.path)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("problems:") && run.output.contains("fonts:"), "\(run.output)")
    }
}
