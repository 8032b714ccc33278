@testable import BubblesCommand
import Foundation
import Testing

/// What a command is done with is kept until the process exits only by `main`'s streams; a
/// `CommandIO` made elsewhere (every test of a command) lets it be freed as usual.
@Suite struct KeptUntilExitTests {
    final class Built {}

    /// Except under LeakSanitizer, whose check at exit would call what is kept leaked: there
    /// (CI's AddressSanitizer run) the streams keep nothing either.
    @Test func theProcessStreamsKeepWhatACommandHandsThem() {
        weak var weakly: Built?
        let streams = ProcessStreams()
        do {
            let built = Built()
            weakly = built
            streams.io.keepUntilExit(built)
        }
        #expect((weakly != nil) == !ProcessStreams.leaksAreCheckedAtExit)
    }

    @Test func aCommandIOOfItsOwnKeepsNothing() {
        weak var weakly: Built?
        let io = CommandIO(readStandardInput: { Data() }, write: { _ in }, writeError: { _ in })
        do {
            let built = Built()
            weakly = built
            io.keepUntilExit(built)
        }
        #expect(weakly == nil)
    }
}
