import BloqEngine
import BloqGame

/// The level list: a tab per pack, pages of 20 tiles (stars, locks, broken levels with
/// their error), Continue, and the press-and-hold preview of a tile.
public final class LevelListScreen: AppScreen {
    public let kind = ScreenKind.levels
    unowned let app: AppController
    public private(set) var packIndex: Int
    public private(set) var page = 0
    private var listFocus: ControlID?
    /// A line for the player (a broken level's error, a locked level's key).
    public private(set) var notice: String?

    /// The notice, as a toast.
    public var notices: [String] { notice.map { [$0] } ?? [] }
    /// The preview growing from a tile, or open.
    public private(set) var preview: PreviewCard?
    /// A locked tile shaking its head, and by how much (pixels, now).
    public private(set) var shake: (tile: Int, offset: Double)?

    /// Levels shown per page, and per row.
    public static let levelsPerPage = 20
    public static let tilesPerRow = 5

    init(app: AppController, pack: Int, showing level: Int? = nil) {
        self.app = app
        packIndex = app.packs.indices.contains(pack) ? pack : 0
        if let level, let item = itemIndex(ofPlayable: level) { page = item / LevelListScreen.levelsPerPage }
    }

    public var currentPack: PackEntry? { app.packs.indices.contains(packIndex) ? app.packs[packIndex] : nil }

    /// The packs were read again: stay on the pack titled `title` (packs may have come
    /// or gone before it), on a page that still exists.
    func packsChanged(showing title: String?) {
        if let title, let index = app.packs.firstIndex(where: { $0.title == title }) {
            packIndex = index
        } else if !app.packs.indices.contains(packIndex) {
            packIndex = 0
        }
        page = min(page, pages - 1)
        if let preview, !(currentPack?.items.indices.contains(preview.tile) ?? false) { self.preview = nil }
    }

    public var commandContexts: [CommandContext] { preview?.isOpen == true ? [.menu, .anywhere] : [.levels, .menu, .anywhere] }

    public var focus: ControlID? {
        get { preview?.isOpen == true ? preview?.focus : listFocus }
        set {
            if let preview, preview.isOpen { preview.focus = newValue } else { listFocus = newValue }
        }
    }

    public var pages: Int {
        max(((currentPack?.items.count ?? 0) + LevelListScreen.levelsPerPage - 1) / LevelListScreen.levelsPerPage, 1)
    }

    // MARK: Layout

    public var controls: [Control] {
        if let preview, preview.isOpen { return preview.controls(app.metrics) }
        return listControls
    }

    /// The list's controls (also drawn beneath a play screen sliding away).
    public var listControls: [Control] {
        let metrics = app.metrics
        let viewport = metrics.viewport
        let unit = metrics.unit
        var result = [metrics.backControl()]
        result.append(
            Control(.pasteCode, "Paste code", rect: Rect(x: viewport.width - unit * 3.4, y: unit * 0.3, width: unit * 3.1, height: unit)))
        let packs = app.packs
        let tabTop = unit * 1.6
        let tabWidth = min((viewport.width - unit * 0.6) / Double(max(packs.count, 1)), unit * 4)
        let tabsLeft = (viewport.width - tabWidth * Double(packs.count)) / 2
        for (index, pack) in packs.enumerated() {
            let rect = Rect(
                x: tabsLeft + Double(index) * tabWidth + unit * 0.075, y: tabTop, width: tabWidth - unit * 0.15, height: unit * 0.9)
            result.append(Control(.tab(index), pack.title, rect: rect, style: index == packIndex ? .selected : .plain))
        }
        guard let pack = currentPack else { return result }
        let gridTop = tabTop + unit * 1.2
        let bottom = viewport.height - unit * 1.5
        let columns = Double(LevelListScreen.tilesPerRow)
        let rows = Double(LevelListScreen.levelsPerPage / LevelListScreen.tilesPerRow)
        let side = max(min((viewport.width - unit) / columns, (bottom - gridTop) / rows), metrics.minimumButtonSize)
        let left = (viewport.width - side * columns) / 2
        let open = unlocked
        let first = page * LevelListScreen.levelsPerPage
        for offset in 0..<LevelListScreen.levelsPerPage where first + offset < pack.items.count {
            let index = first + offset
            let row = Double(offset / LevelListScreen.tilesPerRow)
            let column = Double(offset % LevelListScreen.tilesPerRow)
            let rect = Rect(x: left + column * side, y: gridTop + row * side, width: side, height: side).insetBy(side * 0.06)
            var enabled = true
            if let playable = playableIndex(ofItem: index), open.indices.contains(playable) { enabled = open[playable] }
            result.append(Control(.tile(index), "\(index + 1)", rect: rect, isEnabled: enabled, style: .tile))
        }
        let barY = viewport.height - unit * 1.25
        result.append(
            Control(
                .previousPage, "Previous", rect: Rect(x: unit * 0.3, y: barY, width: unit * 2.3, height: unit), isEnabled: page > 0,
                leading: "‹ "))
        result.append(
            Control(
                .nextPage, "Next", rect: Rect(x: unit * 2.75, y: barY, width: unit * 2.3, height: unit), isEnabled: page + 1 < pages,
                trailing: " ›"))
        // With one level, Continue would only repeat its tile.
        if pack.playable.count > 1 {
            result.append(
                Control(
                    .continueLevel, "Continue", rect: Rect(x: viewport.width - unit * 4.3, y: barY, width: unit * 4, height: unit),
                    style: .accent))
        }
        return result
    }

    /// Which playable levels of the pack are open.
    public var unlocked: [Bool] {
        guard let pack = currentPack else { return [] }
        return app.progress?.unlocked(pack.playable) ?? Array(repeating: true, count: pack.playable.count)
    }

    /// The playable level an item of the pack is (nil for a broken one).
    public func playableIndex(ofItem item: Int) -> Int? {
        guard let pack = currentPack, pack.items.indices.contains(item), case .playable = pack.items[item] else { return nil }
        return pack.items.prefix(item).reduce(0) { if case .playable = $1 { return $0 + 1 } else { return $0 } }
    }

    func itemIndex(ofPlayable level: Int) -> Int? {
        guard let pack = currentPack else { return nil }
        var seen = 0
        for (index, item) in pack.items.enumerated() {
            guard case .playable = item else { continue }
            if seen == level { return index }
            seen += 1
        }
        return nil
    }

    /// The pack's summary line: page, and levels cleared as the progress records them.
    public var summary: String {
        guard let pack = currentPack else { return "" }
        let cleared = pack.playable.filter { app.progress?.isCleared($0) ?? false }.count
        return "Page \(page + 1) of \(pages)  ·  \(cleared)/\(pack.playable.count) cleared"
    }

    // MARK: Actions

    public func activate(_ id: ControlID) {
        switch id {
        case .back: app.back()
        case .tab(let index):
            guard app.packs.indices.contains(index) else { return }
            packIndex = index
            page = 0
            notice = nil
            listFocus = nil
        case .previousPage: turnPage(by: -1)
        case .nextPage: turnPage(by: 1)
        case .tile(let index): openTile(index)
        case .continueLevel: app.continuePlaying(among: [packIndex])
        case .previewPlay:
            if let preview {
                self.preview = nil
                openTile(preview.tile)
            }
        case .previewClose: preview?.close()
        case .editCopy:
            if let preview { app.showEditor(copyOf: preview.level) }
        case .copyCode:
            if let level = preview?.level,
                let code = ShareCode.encode(level.level.board, title: level.level.title) ?? ShareCode.encode(level.level.board)
            {
                app.copyToClipboard(code)
                notice = "Code copied: \(code)"
            }
        case .pasteCode: pasteCode()
        default: break
        }
    }

    public func perform(_ command: Command) -> Bool {
        switch command {
        case .back:
            guard let preview, preview.isOpen else { return false }
            preview.close()
            return true
        case .nextPage:
            turnPage(by: 1)
            return true
        case .previousPage:
            turnPage(by: -1)
            return true
        default:
            return false
        }
    }

    private func turnPage(by delta: Int) {
        let next = page + delta
        guard next >= 0, next < pages else { return }
        page = next
        listFocus = nil
    }

    private func openTile(_ item: Int) {
        guard let pack = currentPack, pack.items.indices.contains(item) else { return }
        switch pack.items[item] {
        case .broken(let name, let error):
            notice = "\(name): \(error)"
        case .playable:
            guard let level = playableIndex(ofItem: item) else { return }
            if !app.openLevel(pack: packIndex, level: level) { refuseLocked(item) }
        }
    }

    /// Opens the level whose share code is on the clipboard, or says what is wrong.
    private func pasteCode() {
        guard let text = app.clipboardText(), !text.isEmpty else {
            notice = "The clipboard is empty: copy a share code (it starts with \(ShareCode.prefix)) first"
            return
        }
        switch ShareCode.level(from: text) {
        case .failure(let error): notice = "Not a level: \(error.message)"
        case .success(let level): app.play(PlayableLevel(name: "shared level", level: level))
        }
    }

    /// A locked tile shakes its head and says which level opens it.
    func refuseLocked(_ item: Int) {
        guard let level = playableIndex(ofItem: item) else { return }
        app.play(.bump)
        let open = unlocked
        // Clearing a level opens the next two: the nearest open one before this opens it.
        let key = [level - 1, level - 2].first { open.indices.contains($0) && open[$0] }
        notice =
            key.map { "Level \(item + 1) is locked: clear level \((itemIndex(ofPlayable: $0) ?? $0) + 1) to open it" }
            ?? "Level \(item + 1) is locked: clear the levels before it to open it"
        // Reduced motion: the notice says it, the tile stays still.
        let amplitude = app.settings.reducedMotion ? 0 : app.metrics.unit * 0.15
        let animator = PropertyAnimator(duration: app.settings.reducedMotion ? 0.2 : 0.4, curve: .linear, driver: app.driver)
        animator.addAnimations { [weak self] t in
            self?.shake = (item, amplitude * (1 - t) * sin(t * Double.pi * 6))
        }
        animator.addCompletion { [weak self] _ in self?.shake = nil }
        animator.startAnimation()
    }

    // MARK: Pointers

    public func pressOwner(for control: Control, event: PointerEvent) -> (any PointerOwner)? {
        guard case .tile(let item) = control.id, preview == nil, playableIndex(ofItem: item) != nil else { return nil }
        return TilePress(control.id, screen: self)
    }

    public func gestureOwner(for event: PointerEvent) -> (any PointerOwner)? {
        if let preview, preview.isOpen {
            // A press outside the card closes it; inside, it does nothing.
            let inside = PreviewCard.cardFrame(in: app.viewport).contains(event.location)
            return TapOwner { if !inside { preview.close() } }
        }
        // A locked tile owns its press too, to say why it will not open.
        if let tile = listControls.first(where: { $0.rect.contains(event.location) }), !tile.isEnabled, case .tile(let item) = tile.id {
            return TapOwner { [weak self] in self?.refuseLocked(item) }
        }
        return nil
    }

    func beginPreview(_ id: ControlID, event: PointerEvent) -> PreviewCard? {
        guard case .tile(let item) = id, let pack = currentPack, pack.items.indices.contains(item),
            case .playable(let level) = pack.items[item]
        else { return nil }
        let card = PreviewCard(
            tile: item, level: level, at: event.location, time: event.time, pressure: event.pressure,
            allowableMovement: max(app.metrics.minimumButtonSize * 0.3, 8), driver: app.driver,
            reducedMotion: app.settings.reducedMotion)
        preview = card
        notice = nil
        return card
    }

    // MARK: Time

    public func step(_ seconds: Double) {
        preview?.advance(seconds)
        if preview?.isClosed == true { preview = nil }
    }

    public var isAnimating: Bool { preview.map { $0.isHeld && !$0.isOpen } ?? false }
}

#if canImport(Glibc)
    import Glibc
#endif
