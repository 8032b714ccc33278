import CommandTesting
@testable import BubblesBench
import Foundation
import Testing
@testable import BubblesCommand

/// A `render --pages` killed while it draws (SIGKILL: no handler runs) leaves only whole
/// pages. The pages being drawn and waiting for their fsync were hidden temporary files
/// (`.page-N.png.XXXXXX`) that stayed behind; they are now files without a name until they
/// are complete, which the kernel frees with the process. On a file system without such files
/// (`O_TMPFILE`: ext4, XFS, Btrfs and tmpfs have them) hidden ones may still be left.
@Suite struct KilledRenderTests {
    /// Whether `folder` takes an unnamed file, asked of the kernel directly.
    static func takesUnnamedFiles(_ folder: String) -> Bool {
        let probe = open(folder, 0o20000000 | O_DIRECTORY | O_WRONLY, 0o600) // O_TMPFILE
        if probe >= 0 { close(probe) }
        return probe >= 0
    }

    static func listing(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".script-") && $0 != "long.json" }.sorted()
    }

    /// Killed while its one PNG is being written (the process holds a descriptor of a file in
    /// the folder other than its input and the script's outputs), a render leaves nothing: before, the hidden file stayed.
    @Test func aRenderKilledWhileWritingLeavesNoFile() throws {
        let folder = try TemporaryFolder()
        try BenchScaleCommand.conversation(2_000).write(to: URL(fileURLWithPath: folder.path + "/long.json"))
        let script = #""$BUBBLES" render long.json --scale 1 --quiet -o out.png & pid=$!; "#
            + #"for try in $(seq 4000); do ls -l /proc/$pid/fd 2>/dev/null | grep "$PWD/" | grep -Eqv "long.json|.script-" && break; sleep 0.01; done; "#
            + #"kill -9 $pid; wait $pid; echo "status $?""#
        let run = try BubblesProcess.run(script, in: folder.path, seconds: 90)
        #expect(!run.timedOut)
        #expect(run.output == "status 137\n", "killed before the render ended: \(run.output) \(run.errors)")
        let names = try Self.listing(folder)
        if Self.takesUnnamedFiles(folder.path) {
            #expect(names == [])
        } else {
            #expect(names.count == 1 && names[0].hasPrefix(".out.png."), "\(names)")
        }
    }

    @Test func aKilledPagesRenderLeavesOnlyWholePages() throws {
        let folder = try TemporaryFolder()
        try BenchScaleCommand.conversation(5_000).write(to: URL(fileURLWithPath: folder.path + "/long.json"))
        // Killed once its third page is in place: by then pages are drawn and committed on
        // every core (the whole render is about 1,400 pages). Which pages are in flight then is
        // chance; the test above is the one that always catches a file left behind.
        let script = #""$BUBBLES" render long.json --pages --quiet -o page.png & pid=$!; "#
            + #"for try in $(seq 4000); do [ -e page-3.png ] && break; sleep 0.01; done; "#
            + #"kill -9 $pid; wait $pid; echo "status $?""#
        let run = try BubblesProcess.run(script, in: folder.path, seconds: 90)
        #expect(!run.timedOut)
        #expect(run.output == "status 137\n", "killed before the render ended: \(run.output) \(run.errors)")
        let names = try Self.listing(folder)
        #expect(names.contains("page-3.png")) // pages are put in place as they finish, not in order
        let temporary = names.filter { $0.hasPrefix(".page-") }
        #expect(names.allSatisfy { $0.hasPrefix("page-") && $0.hasSuffix(".png") || temporary.contains($0) }, "\(names)")
        if Self.takesUnnamedFiles(folder.path) { #expect(temporary == [], "left behind") }
        let end: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82] // IEND and its CRC
        for name in names where name.hasPrefix("page-") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && Array(bytes.suffix(8)) == end, "\(name) is not whole")
        }
    }
}
