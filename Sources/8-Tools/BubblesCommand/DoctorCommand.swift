import BubbleFastPaths
import ChatBubbles
import Foundation

/// `bubbles doctor`: what this installation runs with. The C libraries' versions as loaded,
/// where the fonts and themes are found and whether the fonts are the ones the project ships,
/// and which fast paths are on and why. Exits 1 when something needed is missing.
package enum DoctorCommand {
    package static func run(_ parsed: ParsedOptions, io: CommandIO) throws -> Int32 {
        var problems: [String] = []
        var report = "libraries (as loaded):\n"
        for library in Library.allCases {
            report += "  " + library.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + LibraryVersions.loaded[library] + "\n"
        }
        report += "fonts:\n" + fontsReport(problems: &problems)
        report += "themes:\n" + themesReport(problems: &problems)
        let paths = FastPaths.current
        report += "fast paths\(paths.isExact ? " (exact mode)" : ""):\n"
        for path in FastPath.allCases {
            report += "  " + path.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0) + (paths.reasons[path] ?? "") + "\n"
        }
        if !problems.isEmpty { report += "problems:\n" + problems.map { "  " + $0 + "\n" }.joined() }
        io.write(report)
        return problems.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// Each bundled role's primary file: found or not, shipped or overridden.
    private static func fontsReport(problems: inout [String]) -> String {
        let folder: String
        do {
            folder = try FontSet.locateBundledFonts()
        } catch {
            problems.append("fonts: \(error)")
            return "  not found\n"
        }
        var text = "  folder    \(folder)\n"
        if let named = ProcessInfo.processInfo.environment["BUBBLES_FONTS"], named != folder {
            problems.append("fonts: BUBBLES_FONTS names \(named), which does not hold the bundled fonts (\(folder) is used)")
        }
        do {
            let roles = try FontRoles.bundled(directory: folder)
            var seen = Set<String>()
            let fonts = roles.definedRoles.flatMap { roles.chain(for: $0).fonts }
                .filter { seen.insert($0.path + "#\($0.faceIndex)").inserted }
            let shipped = fonts.filter(\.isShipped).count
            text += "  faces     \(fonts.count), \(shipped) as shipped"
            text += shipped == fonts.count ? "\n" : " (the others are shaped by HarfBuzz: no OpenType shortcuts)\n"
        } catch {
            problems.append("fonts: \(error)")
        }
        return text
    }

    private static func themesReport(problems: inout [String]) -> String {
        guard let folder = try? Theme.bundledThemesDirectory() else {
            problems.append("themes: no Themes/ folder found (set BUBBLES_THEMES)")
            return "  not found\n"
        }
        return "  folder    \(folder)\n"
    }
}
