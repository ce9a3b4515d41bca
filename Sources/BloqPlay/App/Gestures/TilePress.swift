import BloqEngine

/// A press on a playable level tile: drawn pressed; held past a person's tap (0.35 s), it
/// grows the preview; released within it over the tile, it opens the level, as a click
/// on any control does.
final class TilePress: ControlHolder {
    let id: ControlID
    private weak var screen: LevelListScreen?
    private(set) var preview: PreviewCard?

    var heldControl: ControlID? { preview?.isBeyondTap == true ? nil : id }

    init(_ id: ControlID, screen: LevelListScreen) {
        self.id = id
        self.screen = screen
    }

    func handle(_ event: PointerEvent) {
        guard let screen else { return }
        switch event.phase {
        case .down:
            preview = screen.beginPreview(id, event: event)
        case .moved:
            preview?.moved(to: event.location, time: event.time, pressure: event.pressure)
        case .up:
            preview?.catchUp(to: event.time)
            guard let preview, preview.isBeyondTap || preview.isOpen else {
                self.preview?.discard()
                if screen.controls.first(where: { $0.rect.contains(event.location) })?.id == id {
                    screen.ask(.sound(.click))
                    screen.activate(id)
                }
                return
            }
            // Let go before the hold completed: it shrinks back. Completed, it opens on.
            if preview.isHeld { preview.close() }
        case .cancelled:
            preview?.close()
        }
    }
}
