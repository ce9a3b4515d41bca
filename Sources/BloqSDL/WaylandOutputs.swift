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

    /// An output's scale then (when watching began, as SDL read it) and now, if it changed.
    func scaleChange() -> (was: Double, now: Double)? {
        var was = 0.0
        var now = 0.0
        guard bloq_outputs_scale_changed(outputs, &was, &now) == 1 else { return nil }
        return (was, now)
    }

    func close() {
        bloq_outputs_close(outputs)
        outputs = nil
    }

    deinit { bloq_outputs_close(outputs) }
}
