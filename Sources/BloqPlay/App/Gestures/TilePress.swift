import BloqEngine

/// A press on a playable level tile: drawn pressed; held past a person's tap (0.35 s), it
/// grows the preview; released within it over the tile, it opens the level, as a click
/// on any control does. Swiped across the list, it turns the page instead (`PageSwipe`).
final class TilePress: ControlHolder {
    let id: ControlID
    private weak var screen: LevelListScreen?
    private(set) var preview: PreviewCard?
    private var swipe: PageSwipe?

    var heldControl: ControlID? { preview?.isBeyondTap == true ? nil : id }

    init(_ id: ControlID, screen: LevelListScreen) {
        self.id = id
        self.screen = screen
    }

    func handle(_ event: PointerEvent) {
        guard let screen else { return }
        switch event.phase {
        case .down:
            swipe = PageSwipe(from: event.location, reach: screen.swipeReach)
            preview = screen.beginPreview(id, event: event)
        case .moved:
            preview?.moved(to: event.location, time: event.time, pressure: event.pressure)
        case .up:
            if let pages = swipe?.pages(to: event.location) {
                preview?.discard()
                screen.turnPage(by: pages)
                return
            }
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

/// A horizontal swipe across the level list turns its page, as a phone's lists do: at
/// least `reach` across (a control's height), and more across than down.
struct PageSwipe {
    let start: Point
    let reach: Double

    init(from start: Point, reach: Double) {
        self.start = start
        self.reach = reach
    }

    /// The pages a release at `end` turns: 1 (swiped left: the next), -1, or nil (no swipe).
    func pages(to end: Point) -> Int? {
        let across = end.x - start.x
        guard abs(across) >= reach, abs(across) > abs(end.y - start.y) * 1.5 else { return nil }
        return across < 0 ? 1 : -1
    }
}

/// A press on the list that is not on a playable tile (a locked tile, the space between
/// tiles): a swipe turns the page; a locked tile, pressed and let go on it, says why.
final class ListPress: PointerOwner {
    private weak var screen: LevelListScreen?
    private let swipe: PageSwipe
    private let locked: (item: Int, rect: Rect)?

    init(_ event: PointerEvent, locked: (item: Int, rect: Rect)?, screen: LevelListScreen) {
        self.screen = screen
        self.locked = locked
        swipe = PageSwipe(from: event.location, reach: screen.swipeReach)
    }

    func handle(_ event: PointerEvent) {
        guard event.phase == .up, let screen else { return }
        if let pages = swipe.pages(to: event.location) {
            screen.turnPage(by: pages)
        } else if let locked, locked.rect.contains(event.location) {
            screen.refuseLocked(locked.item)
        }
    }
}
