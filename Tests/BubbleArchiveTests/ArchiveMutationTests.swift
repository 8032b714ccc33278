import BubbleArchive
import Foundation
import SeededRandom
import Testing

/// Damage nobody wrote a test for: the main fixture with bytes changed at random (from fixed
/// seeds, so a failure names its mutant and repeats). Whatever the bytes, reading either works
/// or throws one `ArchiveError` naming the file, quickly, and leaves the directory as it was.
/// The targeted cases are in `ArchiveHostileFileTests`; this is their net.
struct ArchiveMutationTests {
    /// Damage drawn from a seeded generator.
    struct Mutator {
        var random: SplitMix64

        init(seed: Int) { random = SplitMix64(seed: UInt64(seed)) }

        mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(max(bound, 1))) }

        /// One of four kinds of damage: bytes overwritten here and there, a run of zeros, the
        /// file cut short, or a page replaced by another page with a few bytes changed.
        mutating func damage(_ bytes: inout Data) -> String {
            let pages = bytes.count / 4096
            switch below(4) {
            case 0:
                let count = [1, 2, 4, 16, 64][below(5)]
                for _ in 0..<count { bytes[below(bytes.count)] = UInt8(below(256)) }
                return "\(count) bytes overwritten"
            case 1:
                let start = below(bytes.count), length = 1 + below(4096)
                bytes.replaceSubrange(start..<min(start + length, bytes.count), with: Data(count: min(length, bytes.count - start)))
                return "zeros at \(start)"
            case 2:
                let length = below(bytes.count)
                bytes = bytes.prefix(length)
                return "cut to \(length) bytes"
            default:
                let (target, source) = (below(pages), below(pages))
                bytes.replaceSubrange(target * 4096..<(target + 1) * 4096, with: bytes[source * 4096..<(source + 1) * 4096])
                for _ in 0..<8 { bytes[target * 4096 + below(4096)] = UInt8(below(256)) }
                return "page \(target) replaced by page \(source), 8 bytes changed"
            }
        }
    }

    @Test(arguments: 0..<4)
    func randomDamageIsReadOrRefusedByName(batch: Int) throws {
        let source = try ScratchDirectory()
        let original = try Data(contentsOf: URL(fileURLWithPath: try ArchiveFixture.main(in: source)))
        var outcomes = (read: 0, refused: 0)
        for seed in batch * 40..<(batch + 1) * 40 {
            var mutator = Mutator(seed: seed)
            var bytes = original
            let damage = mutator.damage(&bytes)
            let directory = try ScratchDirectory()
            let path = directory.file("archive.sqlite")
            try bytes.write(to: URL(fileURLWithPath: path))
            let before = try DirectorySnapshot(directory)
            let start = Date()
            do {
                let archive = try MessageArchive(path: path)
                for conversation in try archive.conversations() {
                    _ = try archive.rows(account: conversation.account, peer: conversation.peer)
                }
                outcomes.read += 1
            } catch let error as ArchiveError {
                outcomes.refused += 1
                #expect(error.path == path, "seed \(seed), \(damage): \(error)")
                #expect(!error.problem.isEmpty, "seed \(seed), \(damage)")
            } catch {
                Issue.record("seed \(seed), \(damage): not an ArchiveError: \(type(of: error)): \(error)")
            }
            #expect(Date().timeIntervalSince(start) < 2, "seed \(seed), \(damage)")
            #expect(try DirectorySnapshot(directory) == before, "seed \(seed), \(damage)")
        }
        // Both outcomes occur in every batch, so the mutants are neither all harmless nor all fatal.
        #expect(outcomes.read > 0 && outcomes.refused > 0, "\(outcomes)")
    }
}
