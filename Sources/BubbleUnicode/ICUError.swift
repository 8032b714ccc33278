@_implementationOnly import CICU

/// A failed ICU call, with ICU's own name for the error (`U_MEMORY_ALLOCATION_ERROR`, …).
public struct ICUError: Error, CustomStringConvertible, Equatable {
    public let operation: String
    public let code: Int32
    public var description: String {
        let name = cb_u_errorName(UErrorCode(rawValue: code)).map { String(cString: $0) } ?? "\(code)"
        return "ICU \(operation) failed: \(name)"
    }

    /// Throws when `status` is a failure; ICU warnings (negative codes) pass.
    static func check(_ status: UErrorCode, _ operation: String) throws {
        if status.rawValue > U_ZERO_ERROR.rawValue {
            throw ICUError(operation: operation, code: status.rawValue)
        }
    }
}
