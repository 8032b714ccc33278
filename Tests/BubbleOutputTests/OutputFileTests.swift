import Foundation
import RenderTesting
import Testing
@testable import BubbleOutput

@Suite struct OutputFileTests {
    @Test func writesNewFileWithMode0644AndNoLeftovers() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/out.png"
        try OutputFile.write(Data("first".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("first".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
        #expect(TestSupport.contents(of: directory) == ["out.png"])
    }

    @Test func replacesAnExistingFileWhole() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/out.png"
        try OutputFile.write(Data(repeating: 7, count: 100_000), to: path)
        try OutputFile.write(Data("short".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("short".utf8))
        #expect(TestSupport.contents(of: directory) == ["out.png"])
    }

    @Test func writesEmptyData() throws {
        let directory = try TestSupport.temporaryDirectory()
        try OutputFile.write(Data(), to: directory + "/empty")
        #expect(FileManager.default.contents(atPath: directory + "/empty") == Data())
    }

    @Test func missingDirectoryFailsWithoutCreatingAnything() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/absent/out.png"
        #expect(throws: OutputFile.WriteError(path: path, problem: "cannot create a temporary file in \(directory)/absent (No such file or directory)")) {
            try OutputFile.write(Data("x".utf8), to: path)
        }
        #expect(TestSupport.contents(of: directory) == [])
    }

    @Test func aFolderIsRefusedBeforeAnythingIsWritten() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/taken"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        #expect(throws: OutputFile.WriteError(path: path, problem: "is a folder, not a file")) {
            try OutputFile.write(Data("x".utf8), to: path, beforeRename: { Issue.record("a temporary file was written") })
        }
        #expect(TestSupport.contents(of: directory) == ["taken"])
        #expect(TestSupport.contents(of: path) == ["inside"])
    }

    @Test func failedRenameRemovesTheTemporaryFile() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/taken"
        // A folder that appears after the check, while the temporary file is written.
        #expect(throws: OutputFile.WriteError(path: path, problem: "cannot move the finished file into place (Is a directory)")) {
            try OutputFile.write(Data("x".utf8), to: path, beforeRename: {
                try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            })
        }
        #expect(TestSupport.contents(of: directory) == ["taken"])
        #expect(TestSupport.contents(of: path) == ["inside"])
    }

    @Test func failureBeforeRenameKeepsTheOldFileAndRemovesTheTemporaryOne() throws {
        struct Interrupted: Error {}
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/out.png"
        try OutputFile.write(Data("old".utf8), to: path)
        var sawTemporaryFile = false
        #expect(throws: Interrupted.self) {
            try OutputFile.write(Data("new".utf8), to: path, beforeRename: {
                // The complete temporary file sits beside the target, hidden, until the rename.
                let names = TestSupport.contents(of: directory)
                sawTemporaryFile = names.count == 2 && names.contains { $0.hasPrefix(".out.png.") }
                throw Interrupted()
            })
        }
        #expect(sawTemporaryFile)
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(TestSupport.contents(of: directory) == ["out.png"])
    }

    @Test func refusesADirectoryPath() {
        #expect(throws: OutputFile.WriteError(path: "/tmp/", problem: "not a file path")) {
            try OutputFile.write(Data(), to: "/tmp/")
        }
    }
}

/// `OutputFile.Stream`: a file written in pieces, in place only once committed.
@Suite struct OutputFileStreamTests {
    /// Whether `directory` takes an unnamed file (`O_TMPFILE`), asked of the kernel directly.
    static func takesUnnamedFiles(_ directory: String) -> Bool {
        let descriptor = open(directory, 0o20000000 | O_DIRECTORY | O_WRONLY, 0o600)
        if descriptor >= 0 { close(descriptor) }
        return descriptor >= 0
    }

    /// Until the commit, the pieces are in a file without a name where the file system makes
    /// one (so a killed process leaves nothing), else in one hidden file.
    @Test func piecesAreHiddenUntilCommitted() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/out.png"
        let stream = try OutputFile.Stream(path: path)
        let pieces = [Data("first ".utf8), Data(repeating: 1, count: 3 << 20), Data("last".utf8)]
        for piece in pieces { try piece.withUnsafeBytes { try stream.write($0) } }
        let names = TestSupport.contents(of: directory)
        #expect(stream.isUnnamed == Self.takesUnnamedFiles(directory))
        if stream.isUnnamed {
            #expect(names == [], "nothing named before the commit: \(names)")
        } else {
            #expect(names.count == 1 && names[0].hasPrefix(".out.png."), "only the hidden temporary file: \(names)")
        }
        try stream.commit()
        #expect(stream.written == Int64(pieces.reduce(0) { $0 + $1.count }))
        #expect(FileManager.default.contents(atPath: path) == pieces.reduce(Data(), +))
        #expect(TestSupport.contents(of: directory) == ["out.png"])
        #expect(throws: OutputFile.WriteError.self) { try Data("more".utf8).withUnsafeBytes { try stream.write($0) } }
    }

    /// Every 2 MB written into a temporary file, an fdatasync runs beside the writer (none
    /// overlapping); commit and discard wait for it before closing the descriptor.
    @Test func bigFilesAreSyncedWhileWrittenAndCommitOrDiscardWaitsForTheSync() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/out.png"
        try OutputFile.write(Data("old".utf8), to: path)
        let pieces = (0..<12).map { Data(repeating: UInt8($0), count: 700_000) }

        let dropped = try OutputFile.Stream(path: path)
        for piece in pieces { try piece.withUnsafeBytes { try dropped.write($0) } }
        #expect(dropped.backgroundSyncs >= 1)
        dropped.discard()
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(TestSupport.contents(of: directory) == ["out.png"])

        let stream = try OutputFile.Stream(path: path)
        for piece in pieces { try piece.withUnsafeBytes { try stream.write($0) } }
        // 8.4 MB: a sync can start only when the previous one has ended, at most one per 2 MB.
        #expect((1...4).contains(stream.backgroundSyncs))
        try stream.commit()
        #expect(FileManager.default.contents(atPath: path) == pieces.reduce(Data(), +))
        #expect(TestSupport.contents(of: directory) == ["out.png"])

        let small = try OutputFile.Stream(path: directory + "/small")
        try Data(repeating: 1, count: 100_000).withUnsafeBytes { try small.write($0) }
        try small.commit()
        #expect(small.backgroundSyncs == 0)
    }

    /// Where no unnamed file can be made, a hidden one is, with the same guarantees.
    @Test func theHiddenNamedFileBehavesTheSame() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/out.png"
        try OutputFile.write(Data("old".utf8), to: path)
        let dropped = try OutputFile.Stream(path: path, unnamedIfPossible: false)
        try Data("new".utf8).withUnsafeBytes { try dropped.write($0) }
        #expect(!dropped.isUnnamed)
        #expect(TestSupport.contents(of: directory).filter { $0.hasPrefix(".out.png.") }.count == 1)
        dropped.discard()
        #expect(TestSupport.contents(of: directory) == ["out.png"])
        let stream = try OutputFile.Stream(path: path, unnamedIfPossible: false)
        try Data("new".utf8).withUnsafeBytes { try stream.write($0) }
        try stream.commit()
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        #expect(TestSupport.contents(of: directory) == ["out.png"])
    }

    @Test func aStreamDroppedUncommittedLeavesTheOldFile() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = directory + "/out.png"
        try OutputFile.write(Data("old".utf8), to: path)
        do {
            let stream = try OutputFile.Stream(path: path)
            try Data("new".utf8).withUnsafeBytes { try stream.write($0) }
        }
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(TestSupport.contents(of: directory) == ["out.png"])
    }
}
