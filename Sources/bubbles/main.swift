import BubblesCommand
import Foundation

exit(Bubbles.main(Array(CommandLine.arguments.dropFirst()), io: .process))
