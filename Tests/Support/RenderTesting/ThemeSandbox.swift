import BubbleTheme
import Foundation
import Testing

/// A copy of the shipped themes in a temporary directory, with `theme.json` edited per test.
package struct ThemeSandbox {
    package let root: String
    package var classic: String { root + "/classic" }
    package var file: String { classic + "/theme.json" }

    package init() throws {
        root = try TestSupport.temporaryDirectory() + "/Themes"
        // Copy the directory itself, never a symlink to it: edits must not reach the real themes.
        let source = URL(fileURLWithPath: TestSupport.themesDirectory).resolvingSymlinksInPath().path
        try FileManager.default.copyItem(atPath: source, toPath: root)
        var isDirectory: ObjCBool = false
        precondition(FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) && isDirectory.boolValue
                     && (try? FileManager.default.destinationOfSymbolicLink(atPath: root)) == nil)
    }

    /// Rewrites classic/theme.json after `edit` changes its JSON object.
    package func edit(_ edit: (inout [String: Any]) -> Void) throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
        edit(&json)
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: file))
    }

    /// Sets (or with nil removes) the value at a dotted path such as `layout.avatar.size`.
    package func set(_ path: String, _ value: Any?) throws {
        try edit { json in Self.set(&json, Array(path.split(separator: ".").map(String.init)), value) }
    }

    private static func set(_ object: inout [String: Any], _ keys: [String], _ value: Any?) {
        if keys.count == 1 { object[keys[0]] = value; return }
        var child = object[keys[0]] as? [String: Any] ?? [:]
        set(&child, Array(keys.dropFirst()), value)
        object[keys[0]] = child
    }

    package func load() throws -> Theme { try Theme.loadWithImages(directory: classic, fontsDirectory: TestSupport.fontsDirectory) }

    package func expectError(_ key: String?, _ problem: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: ThemeError(file: file, key: key, problem: problem), sourceLocation: sourceLocation) { try load() }
    }
}
