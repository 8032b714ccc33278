import BubblesCommand
import Foundation

/// Standard streams through `ProcessStreams`: a full disk, a closed descriptor or a closed
/// pipe is an exit code and a message, never a trap.
let streams = ProcessStreams()
exit(streams.finish(Bubbles.main(Array(CommandLine.arguments.dropFirst()), io: streams.io)))
