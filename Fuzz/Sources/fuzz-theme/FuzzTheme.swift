import BubbleTheme
import Foundation

/// A theme.json: it loads or is refused with a `ThemeError` naming the file; a loaded one
/// also yields the layout metrics and view-model options the layout takes from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    do {
        let theme = Theme(document: try ThemeDocument(data: data, file: "fuzz/theme.json"), directory: "fuzz")
        _ = theme.layoutMetrics
        _ = theme.viewModelOptions(timeZone: TimeZone(identifier: "UTC")!)
    } catch let error as ThemeError {
        precondition(error.file == "fuzz/theme.json", "error names \(error.file), not the file read")
    } catch {
        preconditionFailure("theme loading threw \(type(of: error)), not a ThemeError: \(error)")
    }
    return 0
}
