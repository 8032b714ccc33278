internal import CICUBridge

/// A failed ICU call, with ICU's own name for the error (`U_MEMORY_ALLOCATION_ERROR`, …).
public struct ICUError: Error, CustomStringConvertible, Equatable {
    public let operation: String
    public let code: Int32
    public var description: String {
        let name = cb_error_name(code).map { String(cString: $0) } ?? "\(code)"
        return "ICU \(operation) failed: \(name)"
    }

    /// Throws when `status` is a failure; ICU warnings (negative codes) pass.
    static func check(_ status: Int32, _ operation: String) throws {
        if status > 0 {
            throw ICUError(operation: operation, code: status)
        }
    }
}
