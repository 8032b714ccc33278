@testable import BubblesCommand
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

    @Test func aMissingProgramIsAnError() {
        #expect(throws: CommandError.self) { try BenchScaleCommand.child("/nonexistent/program", []) }
    }
}
