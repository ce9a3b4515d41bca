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
            swipe = screen.pageSwipe(from: event)
            preview = screen.beginPreview(id, event: event)
        case .moved:
            swipe?.move(event)
            preview?.moved(to: event.location, time: event.time, pressure: event.pressure)
        case .up:
            if let pages = swipe?.pages(releasedWith: event) {
                preview?.discard()
                screen.turnPage(by: pages)
                return
            }
            preview?.catchUp(to: event.time)
            guard let preview, preview.isBeyondTap || preview.isOpen else {
                self.preview?.discard()
                // Released on the tile, no slop for a finger: GAME.md's "with the pointer
                // still on the tile".
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

/// A horizontal swipe across the level list turns its page, as a phone's lists do: the
/// pointer followed by the project's `PanRecognizer` from the press, and on release far
/// enough across (`reach`, a control's height) or flung (`flingSpeed`, a window's width a
/// second, over a third of `reach`), and more across than down.
struct PageSwipe {
    private var pan = PanRecognizer()
    let reach: Double
    let flingSpeed: Double

    init(from event: PointerEvent, reach: Double, flingSpeed: Double) {
        self.reach = reach
        self.flingSpeed = flingSpeed
        pan.begin(at: event.location, time: event.time)
    }

    mutating func move(_ event: PointerEvent) { pan.move(to: event.location, time: event.time) }

    /// The pages a release turns: 1 (swiped left: the next), -1, or nil (no swipe).
    mutating func pages(releasedWith event: PointerEvent) -> Int? {
        pan.end(at: event.location, time: event.time)
        let across = pan.translation.x
        guard abs(across) > abs(pan.translation.y) * 1.5 else { return nil }
        let flung = abs(pan.velocity.x) >= flingSpeed && abs(across) >= reach / 3 && (pan.velocity.x < 0) == (across < 0)
        guard abs(across) >= reach || flung else { return nil }
        return across < 0 ? 1 : -1
    }
}

/// A press on the list that is not on a playable tile (a locked tile, the space between
/// tiles): a swipe turns the page; a locked tile, pressed and let go on it, says why.
final class ListPress: PointerOwner {
    private weak var screen: LevelListScreen?
    private var swipe: PageSwipe
    private let locked: (item: Int, rect: Rect)?

    init(_ event: PointerEvent, locked: (item: Int, rect: Rect)?, screen: LevelListScreen) {
        self.screen = screen
        self.locked = locked
        swipe = screen.pageSwipe(from: event)
    }

    func handle(_ event: PointerEvent) {
        guard let screen else { return }
        switch event.phase {
        case .down, .cancelled: break
        case .moved: swipe.move(event)
        case .up:
            if let pages = swipe.pages(releasedWith: event) {
                screen.turnPage(by: pages)
            } else if let locked, locked.rect.contains(event.location) {
                screen.refuseLocked(locked.item)
            }
        }
    }
}
