import BloqEngine
import BloqGame

/// The screens of the game.
public enum Screen: String, Sendable, CaseIterable {
    case title, levels, play, settings, help, about
}

/// Something a button does.
public enum ButtonAction: Hashable, Sendable {
    case play, levels, settings, about, quit, back
    case undo, redo, restart, hint
    case tab(Int)
    case previousPage, nextPage
    case tile(Int)
    case continueLevel
    case toggle(SettingKey)
    case previewPlay, previewClose
}

/// The settings a button can toggle.
public enum SettingKey: String, Hashable, Sendable, CaseIterable {
    case colorBlindSymbols, sound, fullscreen, reducedMotion
}

/// A button on screen: what it does, what it says, and where it is (in pixels).
public struct UIButton: Equatable, Sendable {
    public var action: ButtonAction
    public var label: String
    public var rect: Rect
    public var isEnabled = true
}

/// A sound the platform should play.
public enum SoundCue: Hashable, Sendable {
    case slide, vanish, clear, bump, click
}

/// The whole game without pixels: which screen shows, its buttons, keyboard focus, the
/// level lists, interactive transitions and previews, and the play screen's
/// `GameController`. Live play and replays feed it the same `InputEvent`s; the platform
/// draws what it says.
public final class AppController {
    public private(set) var screen: Screen
    /// Whether the key-help overlay shows over the screen.
    public private(set) var showsHelp = false
    public let packs: [PackEntry]
    public private(set) var packIndex = 0
    public private(set) var page = 0
    public private(set) var game: GameController?
    public var settings: Settings {
        didSet { if settings != oldValue { onSettingsChanged?(settings) } }
    }
    public private(set) var viewport: Size
    /// The smallest side of a button, in pixels (about 9 mm on the screen; set by the platform).
    public var minimumButtonSize = 40.0 {
        didSet { relayout() }
    }
    /// The button the keyboard (or gamepad) focus is on, if any.
    public private(set) var focus: ButtonAction?
    /// The button under a pointer that is down, drawn pressed.
    public private(set) var pressed: ButtonAction?
    /// A short line for the player (a broken level's error, say).
    public private(set) var notice: String?
    /// Set when the player asked to quit.
    public private(set) var wantsQuit = false
    /// When true (replays), commands that would leave the level do nothing.
    public let isSingleLevel: Bool

    /// Animations of the screens themselves (transitions, previews, confetti).
    public let driver = AnimationDriver()
    public var onSettingsChanged: ((Settings) -> Void)?
    /// The version the About screen shows (set by the executable, which owns it).
    public var version = ""
    public weak var progress: ProgressBook?

    private let solverMode: SolverService.Mode
    private var sounds: [SoundCue] = []
    private var confettiSeed: UInt64 = 1

    /// Levels shown per page of the level list.
    public static let levelsPerPage = 20
    public static let tilesPerRow = 5

    // MARK: Interactive state

    /// A press-and-hold preview of a level tile (seed 004): grows with the hold, clamped
    /// short of open while the pointer is down.
    public struct Preview {
        public var tile: Int
        public var fraction: Double = 0
        public var isOpen = false
        var animator: PropertyAnimator
        var recognizer: LongPressRecognizer
        var pointer: PointerID?
        /// Simulated seconds since the press, advanced by the steps.
        var clock: Double = 0
        var pressTime: Double
    }
    public private(set) var preview: Preview?

    /// The left-edge pan that drags the play screen away toward the level list (seed 002).
    public private(set) var edgePanPercent: Double?
    private var edgeTransition: InteractiveTransition?
    private var edgePan: (pointer: PointerID, pan: PanRecognizer)?

    /// The confetti of the last clear and how long ago it began.
    public private(set) var confetti: (burst: ConfettiBurst, time: Double)?
    private var wasCleared = false

    /// - Parameters:
    ///   - packs: the packs to list (at least one level in all).
    ///   - screen: where to start; `.play` opens `startLevel` of `startPack`.
    ///   - singleLevel: a replay's mode: only the play screen, never leaving the level.
    public init(
        packs: [PackEntry], settings: Settings = Settings(), viewport: Size, screen: Screen = .title,
        startPack: Int = 0, startLevel: Int = 0, solverMode: SolverService.Mode = .deterministic,
        singleLevel: Bool = false, progress: ProgressBook? = nil
    ) {
        self.packs = packs
        self.settings = settings
        self.viewport = viewport
        self.solverMode = solverMode
        self.isSingleLevel = singleLevel
        self.progress = progress
        self.screen = .title
        packIndex = min(max(startPack, 0), max(packs.count - 1, 0))
        if screen == .play || singleLevel {
            openLevel(startLevel)
            if game == nil { self.screen = .levels }
        } else {
            self.screen = screen
        }
        page = 0
    }

    public var currentPack: PackEntry? { packs.indices.contains(packIndex) ? packs[packIndex] : nil }

    // MARK: Time

    /// Whether anything moves (the loop may sleep when not).
    public var isAnimating: Bool {
        driver.hasRunningAnimators || (game?.isAnimating ?? false) || confetti != nil
            || preview.map { !$0.isOpen && $0.pointer != nil } == true
    }

    /// Advances everything by one simulation step.
    public func step(_ seconds: Double) {
        driver.advance(by: seconds)
        if let game, screen == .play {
            game.step(seconds)
            sounds += game.takeSounds()
            if game.scene.session.isCleared, !wasCleared {
                wasCleared = true
                startConfetti()
                sounds.append(.clear)
            }
            if !game.scene.session.isCleared { wasCleared = false }
            if game.wantsQuit { back() }
        }
        if var burst = confetti {
            burst.time += seconds
            confetti = burst.time < burst.burst.duration ? burst : nil
        }
        advancePreview(seconds)
    }

    /// The sounds due since the last call.
    public func takeSounds() -> [SoundCue] {
        defer { sounds.removeAll() }
        return settings.sound ? sounds : []
    }

    // MARK: Layout

    /// The buttons of the current screen (the play screen's toolbar included).
    public var buttons: [UIButton] {
        if let preview, preview.isOpen { return previewButtons }
        switch screen {
        case .title: return titleButtons
        case .levels: return levelButtons
        case .settings: return settingsButtons
        case .play: return playButtons
        case .help: return []
        case .about: return [backButton]
        }
    }

    private var unit: Double { max(minimumButtonSize, min(viewport.width, viewport.height) * 0.085) }

    /// The title screen's buttons, centred under the logo.
    var titleButtons: [UIButton] {
        let width = min(viewport.width * 0.6, unit * 6)
        let x = (viewport.width - width) / 2
        let entries: [(ButtonAction, String)] = [
            (.play, "Play"), (.levels, "Levels"), (.settings, "Settings"), (.about, "About"), (.quit, "Quit"),
        ]
        // Five buttons below the logo, closer together on a short window.
        let space = viewport.height * 0.56 - unit * 0.3
        let pitch = min(unit * 1.2, space / Double(entries.count))
        var y = viewport.height * 0.42
        var result: [UIButton] = []
        for (action, label) in entries {
            result.append(
                UIButton(
                    action: action, label: label,
                    rect: Rect(x: x, y: y, width: width, height: max(min(unit, pitch * 0.85), minimumButtonSize))))
            y += pitch
        }
        return result
    }

    /// The header's back button.
    var backButton: UIButton {
        UIButton(action: .back, label: "‹ Back", rect: Rect(x: unit * 0.3, y: unit * 0.3, width: unit * 2.4, height: unit))
    }

    /// The level list's buttons, for drawing it (also beneath a play screen sliding away).
    public var levelsButtonsForDrawing: [UIButton] { levelButtons }

    /// The level list: back, one tab per pack, a page of level tiles, paging and Continue.
    var levelButtons: [UIButton] {
        var result = [backButton]
        let tabTop = unit * 1.6
        let tabWidth = min((viewport.width - unit * 0.6) / Double(max(packs.count, 1)), unit * 4)
        let tabsLeft = (viewport.width - tabWidth * Double(packs.count)) / 2
        for (index, pack) in packs.enumerated() {
            result.append(
                UIButton(
                    action: .tab(index), label: pack.title,
                    rect: Rect(
                        x: tabsLeft + Double(index) * tabWidth + unit * 0.075, y: tabTop, width: tabWidth - unit * 0.15, height: unit * 0.9)
                ))
        }
        guard let pack = currentPack else { return result }
        let gridTop = tabTop + unit * 1.2
        let bottom = viewport.height - unit * 1.5
        let columns = Double(AppController.tilesPerRow)
        let rows = Double(AppController.levelsPerPage / AppController.tilesPerRow)
        let side = max(min((viewport.width - unit) / columns, (bottom - gridTop) / rows), minimumButtonSize)
        let left = (viewport.width - side * columns) / 2
        let open = progress?.unlocked(pack.playable) ?? Array(repeating: true, count: pack.playable.count)
        let first = page * AppController.levelsPerPage
        var playableIndex = pack.items.prefix(first).reduce(0) { if case .playable = $1 { return $0 + 1 } else { return $0 } }
        for offset in 0..<AppController.levelsPerPage where first + offset < pack.items.count {
            let index = first + offset
            let row = Double(offset / AppController.tilesPerRow)
            let column = Double(offset % AppController.tilesPerRow)
            let rect = Rect(x: left + column * side, y: gridTop + row * side, width: side, height: side).insetBy(side * 0.06)
            switch pack.items[index] {
            case .playable:
                let isOpen = open.indices.contains(playableIndex) ? open[playableIndex] : true
                result.append(UIButton(action: .tile(index), label: "\(index + 1)", rect: rect, isEnabled: isOpen))
                playableIndex += 1
            case .broken:
                result.append(UIButton(action: .tile(index), label: "\(index + 1)", rect: rect, isEnabled: true))
            }
        }
        let pages = max((pack.items.count + AppController.levelsPerPage - 1) / AppController.levelsPerPage, 1)
        let barY = viewport.height - unit * 1.25
        result.append(
            UIButton(
                action: .previousPage, label: "‹", rect: Rect(x: unit * 0.3, y: barY, width: unit * 1.4, height: unit), isEnabled: page > 0)
        )
        result.append(
            UIButton(
                action: .nextPage, label: "›", rect: Rect(x: unit * 1.9, y: barY, width: unit * 1.4, height: unit),
                isEnabled: page + 1 < pages))
        result.append(
            UIButton(
                action: .continueLevel, label: "Continue",
                rect: Rect(x: viewport.width - unit * 4.3, y: barY, width: unit * 4, height: unit)))
        return result
    }

    /// The settings screen: back and one toggle per setting.
    var settingsButtons: [UIButton] {
        var result = [backButton]
        let width = min(viewport.width * 0.8, unit * 9)
        let x = (viewport.width - width) / 2
        var y = unit * 2.2
        for key in SettingKey.allCases {
            result.append(
                UIButton(action: .toggle(key), label: AppController.label(key), rect: Rect(x: x, y: y, width: width, height: unit)))
            y += unit * 1.3
        }
        return result
    }

    public static func label(_ key: SettingKey) -> String {
        switch key {
        case .colorBlindSymbols: "Colour-blind symbols"
        case .sound: "Sound"
        case .fullscreen: "Fullscreen (F11)"
        case .reducedMotion: "Reduced motion"
        }
    }

    public func isOn(_ key: SettingKey) -> Bool {
        switch key {
        case .colorBlindSymbols: settings.colorBlindSymbols
        case .sound: settings.sound
        case .fullscreen: settings.fullscreen
        case .reducedMotion: settings.reducedMotion
        }
    }

    /// The play screen's toolbar along the bottom.
    var playButtons: [UIButton] {
        guard game != nil else { return [] }
        let actions: [(ButtonAction, String)] =
            (isSingleLevel ? [] : [(ButtonAction.back, "‹ Levels")]) + [
                (.undo, "Undo"), (.redo, "Redo"), (.restart, "Restart"), (.hint, "Hint"),
            ]
        let height = toolbarHeight * 0.8
        let gap = height * 0.2
        let width = min((viewport.width - gap * Double(actions.count + 1)) / Double(actions.count), height * 3.2)
        let total = width * Double(actions.count) + gap * Double(actions.count - 1)
        var x = (viewport.width - total) / 2
        let y = viewport.height - toolbarHeight + (toolbarHeight - height) / 2
        var result: [UIButton] = []
        for (action, label) in actions {
            var enabled = true
            if let game {
                switch action {
                case .undo: enabled = game.scene.session.canUndo
                case .redo: enabled = game.scene.session.canRedo
                default: break
                }
            }
            result.append(UIButton(action: action, label: label, rect: Rect(x: x, y: y, width: width, height: height), isEnabled: enabled))
            x += width + gap
        }
        return result
    }

    /// The height of the play screen's toolbar.
    public var toolbarHeight: Double { max(minimumButtonSize * 1.3, min(viewport.height * 0.12, 90)) }

    /// The preview card's frame when fully open.
    public var previewCard: Rect {
        let width = min(viewport.width * 0.8, viewport.height * 0.75)
        let height = min(viewport.height * 0.86, width * 1.25)
        return Rect(x: (viewport.width - width) / 2, y: (viewport.height - height) / 2, width: width, height: height)
    }

    var previewButtons: [UIButton] {
        let card = previewCard
        let height = max(minimumButtonSize, card.height * 0.1)
        return [
            UIButton(
                action: .previewPlay, label: "Play",
                rect: Rect(x: card.x + card.width * 0.1, y: card.maxY - height * 1.4, width: card.width * 0.5, height: height)),
            UIButton(
                action: .previewClose, label: "Close",
                rect: Rect(x: card.x + card.width * 0.64, y: card.maxY - height * 1.4, width: card.width * 0.26, height: height)),
        ]
    }

    /// The frame a preview grows from (its tile) toward the open card, at `fraction`.
    public func previewFrame(_ preview: Preview) -> Rect {
        let tile = levelButtons.first { $0.action == .tile(preview.tile) }?.rect ?? previewCard
        let card = previewCard
        let t = preview.fraction
        return Rect(
            x: tile.x + (card.x - tile.x) * t, y: tile.y + (card.y - tile.y) * t,
            width: tile.width + (card.width - tile.width) * t, height: tile.height + (card.height - tile.height) * t)
    }

    // MARK: Input

    /// Handles one input event.
    public func handle(_ input: InputEvent) {
        switch input {
        case .resized(let size):
            viewport = size
            relayout()
        case .focusLost:
            pressed = nil
            if let preview, !preview.isOpen { closePreview() }
            if edgePan != nil { endEdgePan(velocity: 0) }
            game?.handle(.focusLost)
        case .key(let chord):
            handleKey(chord)
        case .pointer(let event):
            handlePointer(event)
        }
    }

    private func relayout() {
        game?.handle(.resized(viewport))
        game?.toolbarHeight = screen == .play ? toolbarHeight : 0
    }

    private func handleKey(_ chord: KeyChord) {
        let key = chord.key.lowercased()
        if showsHelp {
            showsHelp = false
            return
        }
        if key == "f1" || key == "?" || (key == "/" && chord.shift) {
            showsHelp = true
            return
        }
        if let preview, preview.isOpen {
            switch key {
            case "return", "keypad enter", "space": activate(.previewPlay)
            case "escape": activate(.previewClose)
            default: break
            }
            return
        }
        if screen == .play, let game {
            if key == "escape" {
                back()
                return
            }
            if game.showsClearedOverlay, key == "return" || key == "keypad enter" || key == "space" || key == "n" {
                nextLevel()
                return
            }
            if key == "n" || key == "p" || key == "page down" || key == "page up" { return }  // levels are chosen in the list
            game.handle(.key(chord))
            return
        }
        switch key {
        case "escape":
            back()
        case "return", "keypad enter", "space":
            if let focus { activate(focus) }
        case "left", "right", "up", "down":
            moveFocus(key)
        case "page down":
            activate(.nextPage)
        case "page up":
            activate(.previousPage)
        default:
            break
        }
    }

    /// Moves the focus to the nearest enabled button in a direction (spatial navigation).
    private func moveFocus(_ direction: String) {
        let candidates = buttons.filter(\.isEnabled)
        guard let current = candidates.first(where: { $0.action == focus }) else {
            focus =
                candidates.first { if case .tile = $0.action { return true } else { return false } }?.action
                ?? candidates.first(where: { $0.action != .back })?.action ?? candidates.first?.action
            return
        }
        let from = current.rect.center
        var best: (score: Double, action: ButtonAction)?
        for button in candidates where button.action != current.action {
            let to = button.rect.center
            let dx = to.x - from.x
            let dy = to.y - from.y
            let (along, across): (Double, Double) =
                switch direction {
                case "left": (-dx, abs(dy))
                case "right": (dx, abs(dy))
                case "up": (-dy, abs(dx))
                default: (dy, abs(dx))
                }
            guard along > 1 else { continue }
            let score = along + across * 2
            if let current = best, current.score <= score { continue }
            best = (score, button.action)
        }
        if let best { focus = best.action }
    }

    private func handlePointer(_ event: PointerEvent) {
        if showsHelp {
            if event.phase == .down { showsHelp = false }
            return
        }
        if handlePreviewPointer(event) { return }
        if screen == .play, handleEdgePan(event) { return }
        if screen == .play, let game, game.showsClearedOverlay {
            if event.phase == .down, game.nextButton.contains(event.location) { nextLevel() }
            if event.phase == .down, !buttons.contains(where: { $0.rect.contains(event.location) }) { return }
        }
        let hit = buttons.first { $0.isEnabled && $0.rect.contains(event.location) }
        switch event.phase {
        case .down:
            if let hit {
                pressed = hit.action
                focus = nil
                if screen == .levels, case .tile(let index) = hit.action, isPlayable(index) {
                    beginPreview(tile: index, pointer: event.pointer, at: event.location, time: event.time, pressure: event.pressure)
                }
                return
            }
        case .moved:
            if pressed != nil { return }
        case .up:
            if let action = pressed {
                pressed = nil
                if let hit, hit.action == action { activate(action) }
                return
            }
        case .cancelled:
            pressed = nil
        }
        if screen == .play { game?.handle(.pointer(event)) }
    }

    // MARK: Actions

    /// Does what a button does.
    public func activate(_ action: ButtonAction) {
        sounds.append(.click)
        switch action {
        case .play: openLevel(continueIndex)
        case .levels:
            go(to: .levels)
        case .settings: go(to: .settings)
        case .about: go(to: .about)
        case .quit: wantsQuit = true
        case .back: back()
        case .undo: game?.perform(.undo)
        case .redo: game?.perform(.redo)
        case .restart: game?.perform(.restart)
        case .hint: game?.perform(.hint)
        case .tab(let index):
            guard packs.indices.contains(index) else { return }
            packIndex = index
            page = 0
            notice = nil
        case .previousPage: if page > 0 { page -= 1 }
        case .nextPage:
            if let pack = currentPack, (page + 1) * AppController.levelsPerPage < pack.items.count { page += 1 }
        case .tile(let index):
            openTile(index)
        case .continueLevel:
            openLevel(continueIndex)
        case .toggle(let key):
            switch key {
            case .colorBlindSymbols: settings.colorBlindSymbols.toggle()
            case .sound: settings.sound.toggle()
            case .fullscreen: settings.fullscreen.toggle()
            case .reducedMotion: settings.reducedMotion.toggle()
            }
        case .previewPlay:
            if let preview {
                self.preview = nil
                openTile(preview.tile)
            }
        case .previewClose: closePreview()
        }
    }

    /// Goes back a screen: play → levels → title → quit.
    public func back() {
        guard !isSingleLevel else { return }
        if let preview, preview.isOpen {
            closePreview()
            return
        }
        switch screen {
        case .play:
            leaveLevel()
            go(to: .levels)
        case .levels, .settings, .help, .about: go(to: .title)
        case .title: wantsQuit = true
        }
    }

    /// The level Continue opens: the first with an unfinished line, else the first open one
    /// not cleared, else the first.
    public var continueIndex: Int {
        guard let pack = currentPack else { return 0 }
        let levels = pack.playable
        let open = progress?.unlocked(levels) ?? Array(repeating: true, count: levels.count)
        if let index = levels.indices.first(where: { progress?.resume(levels[$0]) != nil }) { return index }
        return levels.indices.first { open[$0] && (progress?.bestStars(levels[$0]) ?? 0) == 0 } ?? 0
    }

    private func isPlayable(_ item: Int) -> Bool {
        guard let pack = currentPack, pack.items.indices.contains(item), case .playable = pack.items[item] else { return false }
        return true
    }

    private func openTile(_ item: Int) {
        guard let pack = currentPack, pack.items.indices.contains(item) else { return }
        switch pack.items[item] {
        case .broken(let name, let error):
            notice = "\(name): \(error)"
        case .playable(let level):
            guard let index = pack.playable.firstIndex(where: { $0.name == level.name }) else { return }
            let open = progress?.unlocked(pack.playable) ?? []
            if open.indices.contains(index), !open[index] {
                notice = "Locked: clear an earlier level to open it"
                return
            }
            openLevel(index)
        }
    }

    /// Opens a level of the current pack on the play screen.
    private func openLevel(_ index: Int) {
        guard let pack = currentPack, !pack.playable.isEmpty else { return }
        leaveLevel()
        let levels = pack.playable
        let game = GameController(
            levels: levels, index: index, viewport: viewport, solverMode: solverMode,
            resume: { [weak self] level in self?.progress?.resume(level) })
        game?.allowsLevelChange = !isSingleLevel
        game?.onCleared = { [weak self] level, moves, stars, time in
            self?.progress?.cleared(level, moves: moves, stars: stars, time: time)
        }
        game?.onLeavingLevel = { [weak self] level, line in self?.progress?.leaving(level, line: line) }
        game?.canOpen = { [weak self] index in
            guard let self, let pack = self.currentPack else { return true }
            let open = self.progress?.unlocked(pack.playable) ?? []
            return open.indices.contains(index) ? open[index] : true
        }
        self.game = game
        game?.toolbarHeight = toolbarHeight
        page = index / AppController.levelsPerPage
        notice = nil
        wasCleared = game?.scene.session.isCleared ?? false
        go(to: .play)
    }

    /// Saves the line of play of the level being left.
    public func leaveLevel() {
        if let game { progress?.leaving(game.current, line: game.unfinishedLine) }
    }

    private func nextLevel() {
        guard let game, !isSingleLevel else { return }
        confetti = nil
        wasCleared = false
        if game.hasNextLevel {
            game.perform(.nextLevel)
            page = game.index / AppController.levelsPerPage
        } else {
            go(to: .levels)
        }
    }

    private func go(to next: Screen) {
        screen = next
        focus = nil
        pressed = nil
        showsHelp = false
        if next != .play { confetti = nil }
        game?.toolbarHeight = toolbarHeight
    }

    /// Activates the cleared overlay's button (the play screen's next level).
    public func nextFromOverlay() { nextLevel() }

    // MARK: Confetti

    private func startConfetti() {
        guard let game else { return }
        confettiSeed &+= 1
        let frame = game.layout.boardFrame
        let count = settings.reducedMotion ? 24 : 140
        confetti = (
            ConfettiBurst(
                count: count, origin: Point(x: frame.center.x, y: frame.center.y), size: viewport, seed: confettiSeed,
                duration: settings.reducedMotion ? 1.2 : 2.4), 0
        )
    }

    // MARK: Press-and-hold preview

    private func beginPreview(tile: Int, pointer: PointerID, at point: Point, time: Double, pressure: Double?) {
        var recognizer = LongPressRecognizer()
        recognizer.allowableMovement = max(minimumButtonSize * 0.3, 8)
        recognizer.begin(at: point, time: time, pressure: pressure)
        let animator = PropertyAnimator(duration: 0.35, curve: .easeOut, driver: driver)
        animator.addAnimations { [weak self] value in self?.preview?.fraction = value }
        animator.addCompletion { [weak self] position in
            guard let self else { return }
            if position == .end {
                self.preview?.isOpen = true
                self.preview?.pointer = nil
            } else {
                self.preview = nil
            }
        }
        animator.pauseAnimation()
        preview = Preview(tile: tile, animator: animator, recognizer: recognizer, pointer: pointer, pressTime: time)
    }

    /// While the pointer holds the tile, hold time (or pressure) scrubs the preview,
    /// clamped to 0.01...0.99 so holding alone never opens it; reaching the end opens it.
    private func advancePreview(_ seconds: Double) {
        guard var current = preview, current.pointer != nil, !current.isOpen else { return }
        current.clock += seconds
        current.recognizer.update(time: current.pressTime + current.clock)
        preview = current
        syncPreview()
    }

    private func syncPreview() {
        guard let current = preview, current.pointer != nil else { return }
        let progress = current.recognizer.progress
        if current.recognizer.state == .completed {
            // Held to the end: the card opens (the tile's tap no longer plays).
            pressed = nil
            preview?.pointer = nil
            current.animator.isReversed = false
            current.animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 0.3)
            return
        }
        // A quick tap shows nothing: the preview starts growing after a tenth of a second.
        let shown = progress < 0.15 ? 0 : (progress - 0.15) / 0.85
        current.animator.fractionComplete = min(max(shown, 0.01), 0.99)
    }

    private func handlePreviewPointer(_ event: PointerEvent) -> Bool {
        guard var current = preview else { return false }
        if current.isOpen {
            guard event.phase == .down || event.phase == .up else { return true }
            let hit = previewButtons.first { $0.rect.contains(event.location) }
            if event.phase == .down {
                pressed = hit?.action
                if hit == nil, !previewCard.contains(event.location) { closePreview() }
            } else if let action = pressed {
                pressed = nil
                if hit?.action == action { activate(action) }
            }
            return true
        }
        guard current.pointer == event.pointer else { return false }
        switch event.phase {
        case .moved:
            current.recognizer.update(
                at: event.location, time: max(event.time, current.pressTime + current.clock), pressure: event.pressure)
            preview = current
            if current.recognizer.state == .cancelled {
                pressed = nil
                closePreview()
            } else {
                syncPreview()
            }
            return true
        case .up, .cancelled:
            let held = current.recognizer.progress
            preview?.pointer = nil
            if held < 0.15, event.phase == .up {
                // A tap: no preview; the tile opens as a button.
                current.animator.stopAnimation(true)
                preview = nil
                return false
            }
            pressed = nil
            closePreview()
            return true
        case .down:
            return true
        }
    }

    private func closePreview() {
        guard let current = preview else { return }
        preview?.pointer = nil
        preview?.isOpen = false
        if current.animator.state == .inactive {
            preview = nil
            return
        }
        current.animator.isReversed = true
        current.animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 0.5)
    }

    // MARK: Edge pan

    /// Handles a pan that starts at the left edge of the play screen: it drags the screen
    /// away toward the level list and finishes or cancels by its release velocity.
    private func handleEdgePan(_ event: PointerEvent) -> Bool {
        let edge = max(minimumButtonSize * 0.5, viewport.width * 0.03)
        if edgePan == nil {
            guard event.phase == .down, event.location.x <= edge, !isSingleLevel, game?.scene.hasMovesInFlight == false else {
                return false
            }
            var pan = PanRecognizer()
            pan.begin(at: event.location, time: event.time)
            edgePan = (event.pointer, pan)
            let transition = InteractiveTransition(
                duration: settings.reducedMotion ? 0.15 : 0.35, driver: driver,
                update: { [weak self] percent in self?.edgePanPercent = percent },
                completion: { [weak self] finished in
                    guard let self else { return }
                    self.edgePanPercent = nil
                    self.edgeTransition = nil
                    if finished { self.back() }
                })
            edgeTransition = transition
            edgePanPercent = 0
            return true
        }
        guard var current = edgePan, current.pointer == event.pointer else { return edgePan != nil }
        switch event.phase {
        case .moved:
            current.pan.move(to: event.location, time: event.time)
            edgePan = current
            edgeTransition?.update(max(current.pan.translation.x, 0) / max(viewport.width, 1))
        case .up:
            current.pan.end(at: event.location, time: event.time)
            edgePan = current
            endEdgePan(velocity: current.pan.velocity.x)
        case .cancelled:
            endEdgePan(velocity: 0)
        case .down:
            break
        }
        return true
    }

    private func endEdgePan(velocity: Double) {
        guard let transition = edgeTransition else { return }
        edgePan = nil
        let percent = transition.percentComplete
        let fling = viewport.width * 0.5  // half a screen per second
        let finish = abs(velocity) >= fling ? velocity > 0 : percent > 0.5
        transition.completionSpeed = max(abs(velocity) / max(viewport.width, 1), 1)
        if finish { transition.finish() } else { transition.cancel() }
    }
}

extension AppController {
    /// The credits of the About screen (also in the README).
    public static let credits: [String] = [
        "Bloq was created for iOS in 2016 by Trevor Phillips; this is a clone for Linux.",
        "Its block controllers follow his article on interactive animations",
        "with UIViewPropertyAnimator.",
        "The animator follows Apple's WWDC 2017 session \"Advanced Animations with UIKit\"",
        "and the UIViewPropertyAnimator chapter of raywenderlich.com's iOS Animations by Tutorials;",
        "transitions follow Yari D'areglia's \"Interactive Transitions\" (thinkandbuild.it);",
        "easing and composition follow Michael Michailidis's Kinieta.",
        "Built on SDL2, SDL2_ttf and SDL2_image. Text is set in DejaVu Sans.",
        "Code, levels and icon: MIT licence.",
    ]
}
