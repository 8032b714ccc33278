import CCairo

/// A failure reported by Cairo, with what we were doing when it happened. Every wrapper in
/// this module checks `cairo_status` after creating or finishing an object and throws this,
/// so a C error never passes silently into a blank or truncated image.
public struct CairoError: Error, Equatable, CustomStringConvertible {
    /// What the module tried to do, e.g. `create a 40×40 image surface`.
    public var operation: String
    /// Cairo's own text for the status, e.g. `invalid value (typically too big) for the size of the input (surface, pattern, etc.)`.
    public var reason: String
    public var status: UInt32

    package init(_ operation: String, status: cairo_status_t) {
        self.operation = operation
        self.reason = String(cString: cairo_status_to_string(status))
        self.status = status.rawValue
    }

    public var description: String { "Cairo could not \(operation): \(reason)" }

    /// Throws when `status` is not `CAIRO_STATUS_SUCCESS`.
    package static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws {
        if status != CAIRO_STATUS_SUCCESS { throw CairoError(operation(), status: status) }
    }
}

/// A drawing or encoding that cannot be made at all (a size past a format's limit), before
/// any library is asked.
public struct CanvasError: Error, Equatable, CustomStringConvertible {
    public var problem: String
    public var description: String { problem }
    public init(problem: String) { self.problem = problem }
}
