import BubblesBench
import BubblesCommand
import Foundation

let streams = ProcessStreams()
exit(streams.finish(BubblesBench.tool.main(Array(CommandLine.arguments.dropFirst()), io: streams.io)))
