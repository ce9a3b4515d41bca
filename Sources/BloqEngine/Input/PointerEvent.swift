/// Which pointer an event comes from: the mouse, or one finger of a touchscreen.
public enum PointerID: Hashable, Sendable, CustomStringConvertible {
    case mouse
    case finger(Int64)

    /// "mouse" or "finger N".
    public var description: String {
        switch self {
        case .mouse: "mouse"
        case .finger(let id): "finger \(id)"
        }
    }
}

/// One pointer event after the platform layer cleaned it: mouse and touch look the same.
public struct PointerEvent: Hashable, Sendable {
    /// What happened to the pointer.
    public enum Phase: Hashable, Sendable {
        /// Button or finger down.
        case down
        /// Motion while down.
        case moved
        /// Button or finger up.
        case up
        /// The platform took the pointer away (focus lost, window left): no release velocity.
        case cancelled
    }

    /// Which pointer.
    public var pointer: PointerID
    /// What happened.
    public var phase: Phase
    /// Position in pixels of the renderer's output.
    public var location: Point
    /// Time in seconds (any origin; only differences matter).
    public var time: Double
    /// Touch pressure 0...1 where the hardware reports it, else nil.
    public var pressure: Double?
    /// Of a press, the platform's count of quick presses in one place: 2 for the second of a
    /// double-click (SDL's `clicks`) or of a double tap (counted by the platform); scripts
    /// say 1.
    public var clicks: Int

    /// Makes an event; `pressure` is nil where the hardware does not report it.
    public init(pointer: PointerID, phase: Phase, location: Point, time: Double, pressure: Double? = nil, clicks: Int = 1) {
        self.pointer = pointer
        self.phase = phase
        self.location = location
        self.time = time
        self.pressure = pressure
        self.clicks = clicks
    }
}
