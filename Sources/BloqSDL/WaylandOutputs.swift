import CWaylandOutputs

/// The outputs' scales, watched (CWaylandOutputs): SDL 2.26 reads an output's scale once, so
/// a scale the player changes while the game runs left the window drawn at the old one and
/// stretched by the compositor, soft, until the game was started again (docs/platform.md).
/// Made with a live Wayland window; closed before SDL's video stops.
final class WaylandOutputs {
    private var outputs: OpaquePointer?

    /// Nil when the window is not on Wayland.
    init?(window: OpaquePointer) {
        guard let outputs = bloq_outputs_open(UnsafeMutableRawPointer(window)) else { return nil }
        self.outputs = outputs
    }

    /// What the compositor has said since the window opened.
    enum News: Equatable {
        case none
        /// An output's scale then (when watching began, as SDL read it) and now.
        case scaleChanged(was: Double, now: Double)
        /// The connection to the compositor failed (it quit or crashed): SDL 2.26 never says
        /// so, and its event pump then spins a core.
        case disconnected
    }

    /// Takes what the compositor has sent, without waiting; only the scale of the output at
    /// `place` on the desktop (the window's display's origin, as SDL read it) counts.
    func news(place: (x: Int32, y: Int32)) -> News {
        var was = 0.0
        var now = 0.0
        switch bloq_outputs_scale_changed(outputs, place.x, place.y, &was, &now) {
        case 1: return .scaleChanged(was: was, now: now)
        case -1: return .disconnected
        default: return .none
        }
    }

    func close() {
        bloq_outputs_close(outputs)
        outputs = nil
    }

    deinit { bloq_outputs_close(outputs) }
}
