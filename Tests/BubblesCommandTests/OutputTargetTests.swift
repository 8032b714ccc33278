import CommandTesting
import Foundation
import Testing

/// What `-o` names decides how it is written: a regular file (or a new name) is replaced
/// atomically; an existing device or named pipe is written straight into, never renamed over
/// (a copy of /dev/null stays a device); a folder is refused with nothing written. Tests run
/// as root (mknod).
@Suite struct OutputTargetTests {
    static let render = #""$BUBBLES" render "$REPO/Samples/conversation.json" --device iphone-se"#

    func run(_ script: String) throws -> (BubblesProcess.Run, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let run = try BubblesProcess.run(script, in: folder.path, seconds: 60)
        #expect(!run.timedOut, "\(script) blocked")
        return (run, folder)
    }

    func fileType(_ path: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    }

    func listing(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".script-") }.sorted()
    }

    @Test func aCharacterDeviceStaysADevice() throws {
        let (run, folder) = try run("mknod null c 1 3 && " + Self.render + " -o null")
        #expect(run.status == 0, "\(run.errors)")
        #expect(try fileType(folder.path + "/null") == .typeCharacterSpecial)
        #expect(try listing(folder) == ["null"], "no temporary file is left")
    }

    @Test func aFullDeviceIsAWriteErrorAndStaysADevice() throws {
        let (run, folder) = try run("mknod full c 1 7 && " + Self.render + " -o full")
        #expect(run.status == 1)
        #expect(run.errors.contains("full: write failed (No space left on device)"), "\(run.errors)")
        #expect(try fileType(folder.path + "/full") == .typeCharacterSpecial)
        #expect(try listing(folder) == ["full"])
    }

    @Test func aNamedPipeWithAReaderGetsTheBytes() throws {
        // Until `cat` has opened the pipe, writing is refused (no reader): try again briefly.
        let (run, folder) = try run("mkfifo pipe && { cat pipe > got & } && for try in $(seq 100); do "
                                    + Self.render + #" -o pipe --format png 2>/dev/null && break; sleep 0.1; done; "#
                                    + #"echo "status $?"; wait; stat -c %F pipe"#)
        #expect(run.output == "status 0\nfifo\n", "\(run.errors)")
        let png = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/got"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 10_000)
    }

    @Test func aNamedPipeWithoutAReaderIsAnErrorAtOnce() throws {
        let (run, folder) = try run("mkfifo pipe && " + Self.render + " -o pipe")
        #expect(run.status == 1)
        #expect(run.errors.contains("pipe: it is a named pipe that nothing is reading"), "\(run.errors)")
        #expect(try listing(folder) == ["pipe"])
    }

    @Test func aFolderIsRefusedWithNothingWritten() throws {
        let (run, folder) = try run("mkdir out.png && " + Self.render + " -o out.png")
        #expect(run.status == 1)
        #expect(run.errors.hasSuffix("out.png: is a folder, not a file\n"), "\(run.errors)")
        #expect(try listing(folder) == ["out.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out.png") == [])
    }

    @Test func aRegularFileIsStillReplacedAtomically() throws {
        let (run, folder) = try run("echo old > out.png && ln out.png hardlink && " + Self.render + " -o out.png")
        #expect(run.status == 0, "\(run.errors)")
        // Renamed over, not written into: the other link to the old inode keeps the old bytes.
        #expect(try String(contentsOfFile: folder.path + "/hardlink", encoding: .utf8) == "old\n")
        let png = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/out.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
