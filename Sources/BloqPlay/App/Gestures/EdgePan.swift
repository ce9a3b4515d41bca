import BloqEngine

/// A pan from the left edge that drags the play screen away toward the level list; its
/// release velocity finishes or cancels the transition.
final class EdgePan: PointerOwner {
    private weak var screen: PlayScreen?
    private var pan = PanRecognizer()
    private var transition: InteractiveTransition?

    init(screen: PlayScreen) { self.screen = screen }

    func handle(_ event: PointerEvent) {
        guard let screen else { return }
        let width = max(screen.context.window.width, 1)
        switch event.phase {
        case .down:
            pan.begin(at: event.location, time: event.time)
            transition = screen.beginEdgeTransition()
        case .moved:
            pan.move(to: event.location, time: event.time)
            transition?.update(max(pan.translation.x, 0) / width)
        case .up:
            pan.end(at: event.location, time: event.time)
            end(velocity: pan.velocity.x, width: width)
        case .cancelled:
            end(velocity: 0, width: width)
        }
    }

    private func end(velocity: Double, width: Double) {
        guard let transition else { return }
        self.transition = nil
        // Half a screen a second is a fling; slower, the position decides.
        let finish = abs(velocity) >= width * 0.5 ? velocity > 0 : transition.percentComplete > 0.5
        transition.completionSpeed = max(abs(velocity) / width, 1)
        if finish { transition.finish() } else { transition.cancel() }
    }
}
