import ChatBubbles
import BubblesCommand
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `bubbles bench scale`: whole `render --pages` and `layout --json` processes on generated
/// conversations of growing length, each a child process of this one, with its wall time and
/// peak resident memory (from `wait4`'s rusage), so that linearity shows at a glance.
package struct BenchScaleCommand {
    package static let counts = Option<String>.string(
        "--counts", "N,N,…", help: "conversation lengths in messages", default: "2000,20000,100000")
    package static let keep = Option<String>.string("--keep", "DIR", help: "write the generated conversations and pages here (kept)")
    package static let executable = Option<String>.string("--executable", "PATH", help: "the bubbles program to time",
                                                  default: "this program")

    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        guard parsed.positionals.isEmpty else { throw CommandError.usage("bench scale takes no input file") }
        let list = (parsed[Self.counts] ?? "2000,20000,100000").split(separator: ",")
        let sizes = try list.map { text -> Int in
            guard let count = Int(text.trimmingCharacters(in: .whitespaces)), (1...1_000_000).contains(count) else {
                throw CommandError.usage("--counts must be numbers of messages 1…1000000, comma-separated")
            }
            return count
        }
        guard !sizes.isEmpty else { throw CommandError.usage("--counts names no length") }
        let folder = parsed[Self.keep].map(io.resolve) ?? ScratchPath.unique("bubbles-scale")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if parsed[Self.keep] == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let executable = parsed[Self.executable].map(io.resolve)
            ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw CommandError("\(executable) is not an executable program")
        }

        var lines = ["bench scale: whole processes of \(executable), one after another; peak RSS from wait4",
                     "", "messages  command              seconds    ×time   peak MB   pages"]
        var first: [String: Double] = [:]
        for count in sizes {
            let input = "\(folder)/conversation-\(count).json"
            try Self.conversation(count).write(to: URL(fileURLWithPath: input))
            let pagesFolder = "\(folder)/pages-\(count)"
            try FileManager.default.createDirectory(atPath: pagesFolder, withIntermediateDirectories: true)
            let runs: [(String, [String])] = [
                ("render --pages", ["render", input, "--pages", "--quiet", "-o", "\(pagesFolder)/page.png"]),
                ("layout --json", ["layout", input, "--json"]),
            ]
            for (name, arguments) in runs {
                let errors = "\(folder)/\(arguments[0])-\(count).stderr"
                let result = try Self.child(executable, arguments, errors: errors)
                guard result.status == 0 else {
                    throw CommandError("bubbles \(arguments.joined(separator: " ")) exited with \(result.status)"
                                       + Self.lastLines(ofFile: errors))
                }
                let pages = name.hasPrefix("render") ? "\((try? FileManager.default.contentsOfDirectory(atPath: pagesFolder).count) ?? 0)" : ""
                first[name] = first[name] ?? result.seconds
                let relative = result.seconds / first[name]!
                lines.append(String(format: "%8d  ", count) + name.padding(toLength: 18, withPad: " ", startingAt: 0)
                             + String(format: " %8.2f %8.1f× %8.0f   ", result.seconds, relative, Double(result.peakKB) / 1024) + pages)
            }
            if parsed[Self.keep] == nil { try? FileManager.default.removeItem(atPath: pagesFolder) }
        }
        lines.append("")
        lines.append("×time: the time against the first length's; linear scaling is the ratio of the lengths (\(sizes.map(String.init).joined(separator: " : "))).")
        io.write(lines.joined(separator: "\n") + "\n")
        return ExitCode.success
    }

    /// A JSON conversation of `count` text messages between two people, varied in length and
    /// script so that rows differ, the same bytes every time.
    package static func conversation(_ count: Int) -> Data {
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while", "harbour", "ferry",
                     "tunnel", "view", "🌊", "café", "你好世界", "مرحبا", "tomorrow", "at", "noon?", "sure!"]
        var out = #"{"version": 1, "account": "me@example.com", "participants": [{"id": "me@example.com", "name": "Me"}, {"id": "ann@example.com", "name": "Ann Lee"}], "messages": ["#
        let start = 1_714_555_800
        let formatter = ISO8601DateFormatter()
        for index in 0..<count {
            let length = 3 + (index * 7) % 40
            let text = (0..<length).map { words[(index * 3 + $0 * 5) % words.count] }.joined(separator: " ")
            let time = formatter.string(from: Date(timeIntervalSince1970: Double(start + index * 47)))
            let sender = index % 3 == 0 ? "ann@example.com" : "me@example.com"
            if index > 0 { out += "," }
            out += #"{"id": "\#(index + 1)", "sender": "\#(sender)", "time": "\#(time)", "kind": "text", "text": "\#(text)"}"#
        }
        out += "]}\n"
        return Data(out.utf8)
    }

    /// Wall-clock seconds of one run of a program, its output discarded.
    package static func timeProcess(_ path: String, _ arguments: [String], environment: [String: String]?) throws -> Double {
        let run = try child(path, arguments, environment: environment)
        guard run.status == 0 || run.status == 3 else {
            throw CommandError("\(path) \(arguments.joined(separator: " ")) exited with \(run.status)")
        }
        return run.seconds
    }

    /// The last lines a failed child wrote to standard error, to follow its exit status: a
    /// crash report or an assertion names the cause (one `render --pages` of 100,000 messages
    /// once exited with 134, SIGABRT, and its standard error had been discarded).
    package static func lastLines(ofFile path: String, count: Int = 20) -> String {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return "" }
        let lines = String(decoding: data.suffix(16_384), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let tail = lines.suffix(count + 1).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return "; its standard error ended:\n" + tail
    }

    /// Runs `executable arguments` with standard output and error discarded, or both written to
    /// the file `output`, or standard error alone to the file `errors` (in `environment`, or this
    /// process's); wall seconds, exit status and peak resident set in KiB. Waited for
    /// with `wait4`, which returns as the child exits (Foundation's `Process.waitUntilExit`
    /// polls its run loop, which would add tens of milliseconds to what is timed).
    package static func child(_ executable: String, _ arguments: [String],
                      environment: [String: String]? = nil, output: String? = nil,
                      errors: String? = nil) throws -> (seconds: Double, status: Int32, peakKB: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let output {
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            if let errors {
                posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            } else {
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        // The child starts with no signal blocked and SIGPIPE at its default: a thread of
        // Dispatch's or Swift's pool (a library user's, a test's) blocks signals, and `bubbles`
        // ignores SIGPIPE, and a spawned program inherits both: a child's `kill -ABRT $$` then
        // did not end it, and a child writing to a closed pipe would not stop.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), defaults = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = envp.map { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw CommandError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (seconds, exit, Int(usage.ru_maxrss))
    }
}
