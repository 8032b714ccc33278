@testable import BubblesBench
@testable import BubblesCommand
import Foundation
import Testing

/// The child processes the benches time: exit status, the environment they are given, and
/// a wall time that covers the run.
@Suite struct BenchChildTests {
    @Test func statusAndEnvironmentReachTheChild() throws {
        let given = try BenchScaleCommand.child("/bin/sh", ["-c", #"test "$BENCH_CHILD_PROBE" = yes"#],
                                                environment: ["BENCH_CHILD_PROBE": "yes"])
        #expect(given.status == 0)
        let other = try BenchScaleCommand.child("/bin/sh", ["-c", #"test "$BENCH_CHILD_PROBE" = yes"#],
                                                environment: ["BENCH_CHILD_PROBE": "no"])
        #expect(other.status == 1)
        let inherited = try BenchScaleCommand.child("/bin/sh", ["-c", "exit 7"])
        #expect(inherited.status == 7)
    }

    @Test func theTimeCoversTheChildsRun() throws {
        let run = try BenchScaleCommand.child("/bin/sleep", ["0.2"])
        #expect(run.status == 0)
        #expect(run.seconds >= 0.2, "\(run.seconds) s")
    }

    /// A child spawned from a thread that blocks signals (Dispatch's and Swift's pools do) by a
    /// process that ignores SIGPIPE (`bubbles` does) starts with neither: the program reads its
    /// own status.
    @Test func theChildStartsWithNoSignalBlockedAndSIGPIPEAtItsDefault() throws {
        let unblocked = try BenchScaleCommand.child("/bin/sh", ["-c", #"exec grep -Eq '^SigBlk:[[:space:]]*0+$' /proc/self/status"#])
        #expect(unblocked.status == 0)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let pipeDefault = try BenchScaleCommand.child(
            "/bin/sh", ["-c", #"ignored=$(grep SigIgn /proc/$$/status | cut -f2); test $(( 0x$ignored & 0x1000 )) -eq 0"#])
        #expect(pipeDefault.status == 0)
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: CommandError.self) { try BenchScaleCommand.child("/nonexistent/program", []) }
    }
}
