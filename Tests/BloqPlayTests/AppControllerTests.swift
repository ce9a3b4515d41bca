import BloqEngine
import BloqGame
import BloqPlay
import Testing

/// A progress book in memory: levels listed in `cleared` are cleared with 3 stars.
final class MemoryBook: ProgressBook {
    var cleared: Set<String> = []
    var saved: [String: UnfinishedLine] = [:]
    func bestStars(_ level: PlayableLevel) -> Int { cleared.contains(level.name) ? 3 : 0 }
    func unlocked(_ levels: [PlayableLevel]) -> [Bool] {
        var open = levels.indices.map { $0 == 0 }
        for (index, level) in levels.enumerated() where cleared.contains(level.name) {
            for next in index...min(index + 2, levels.count - 1) { open[next] = true }
        }
        return open
    }
    func resume(_ level: PlayableLevel) -> UnfinishedLine? { saved[level.name] }
    func cleared(_ level: PlayableLevel, moves: Int, stars: Int, time: Double) { cleared.insert(level.name) }
    func leaving(_ level: PlayableLevel, line: UnfinishedLine?) { saved[level.name] = line }
}

private func pack(_ count: Int, broken: Bool = false) -> PackEntry {
    var items: [PackEntry.Item] = (0..<count).map { index in
        let board = Board(["R.R", "..."]) ?? Board(["R.", ".R"])!
        return .playable(PlayableLevel(name: "level\(index)", level: Level(title: "L\(index)", par: 1, board: board)))
    }
    if broken { items.insert(.broken(name: "bad.bloq", error: "line 3: unknown cell 'x'"), at: 1) }
    return PackEntry(title: "Test", items: items)
}

private func app(_ packs: [PackEntry] = [pack(30)], book: ProgressBook? = nil) -> AppController {
    let app = AppController(packs: packs, viewport: Size(width: 800, height: 600), progress: book)
    app.minimumButtonSize = 40
    return app
}

private func run(_ app: AppController, _ seconds: Double) {
    for _ in 0..<Int((seconds * 120).rounded()) { app.step(1.0 / 120) }
}

private func click(_ app: AppController, _ action: ButtonAction, time: Double = 0) {
    guard let button = app.buttons.first(where: { $0.action == action }) else {
        Issue.record("no button \(action) on \(app.screen)")
        return
    }
    app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .down, location: button.rect.center, time: time)))
    app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .up, location: button.rect.center, time: time + 0.05)))
}

@Suite("App controller: screens, focus, previews, transitions")
struct AppControllerTests {
    @Test("title → levels → play and back again with Escape; Escape on the title quits")
    func navigation() {
        let app = app()
        #expect(app.screen == .title)
        click(app, .levels)
        #expect(app.screen == .levels)
        click(app, .tile(0))
        #expect(app.screen == .play && app.game?.index == 0)
        app.handle(.key(KeyChord("Escape")))
        #expect(app.screen == .levels)
        app.handle(.key(KeyChord("Escape")))
        #expect(app.screen == .title && !app.wantsQuit)
        app.handle(.key(KeyChord("Escape")))
        #expect(app.wantsQuit)
    }

    @Test("every screen is reachable by keyboard: arrows move the focus, Enter chooses")
    func keyboard() {
        let app = app()
        app.handle(.key(KeyChord("Down")))
        #expect(app.focus == .play)
        app.handle(.key(KeyChord("Down")))
        #expect(app.focus == .levels)
        app.handle(.key(KeyChord("Return")))
        #expect(app.screen == .levels)
        app.handle(.key(KeyChord("Right")))
        #expect(app.focus == .tile(0))
        app.handle(.key(KeyChord("Right")))
        #expect(app.focus == .tile(1))
        app.handle(.key(KeyChord("Down")))
        #expect(app.focus == .tile(6))
        app.handle(.key(KeyChord("Return")))
        #expect(app.screen == .play && app.game?.index == 6)
    }

    @Test("the level list pages 20 at a time, shows locks, and reports broken levels instead of hiding them")
    func levelList() {
        let book = MemoryBook()
        let app = app([pack(30, broken: true)], book: book)
        click(app, .levels)
        #expect(app.buttons.filter { if case .tile = $0.action { return true } else { return false } }.count == 20)
        #expect(app.buttons.first { $0.action == .tile(0) }?.isEnabled == true)
        #expect(app.buttons.first { $0.action == .tile(2) }?.isEnabled == false, "locked until an earlier level is cleared")
        click(app, .tile(1))
        #expect(app.screen == .levels)
        #expect(app.notice?.contains("bad.bloq: line 3: unknown cell 'x'") == true)
        click(app, .nextPage)
        #expect(app.page == 1)
        #expect(app.buttons.contains { $0.action == .tile(20) })
        #expect(app.buttons.first { $0.action == .nextPage }?.isEnabled == false)
    }

    @Test("Continue opens the first level not yet cleared")
    func continueLevel() {
        let book = MemoryBook()
        book.cleared = ["level0", "level1"]
        let app = app([pack(10)], book: book)
        click(app, .play)
        #expect(app.screen == .play && app.game?.index == 2)
    }

    @Test("press and hold grows a preview, clamped short of open while held; held to the end it opens")
    func previewHeld() {
        let app = app()
        click(app, .levels)
        guard let tile = app.buttons.first(where: { $0.action == .tile(0) }) else { return }
        app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .down, location: tile.rect.center, time: 0)))
        run(app, 0.3)
        let halfway = app.preview?.fraction ?? 0
        #expect(halfway > 0.2 && halfway < 0.99)
        run(app, 0.2)
        #expect((app.preview?.fraction ?? 1) <= 0.99 && app.preview?.isOpen == false)
        run(app, 0.5)
        #expect(app.preview?.isOpen == true)
        app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .up, location: tile.rect.center, time: 1)))
        #expect(app.screen == .levels, "releasing after it opened does not play")
        click(app, .previewPlay, time: 2)
        #expect(app.screen == .play && app.game?.index == 0)
    }

    @Test("lifting early shrinks the preview back; a quick tap plays the level")
    func previewLifted() {
        let app = app()
        click(app, .levels)
        guard let tile = app.buttons.first(where: { $0.action == .tile(0) }) else { return }
        app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .down, location: tile.rect.center, time: 0)))
        run(app, 0.3)
        app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .up, location: tile.rect.center, time: 0.3)))
        #expect(app.preview != nil)
        run(app, 1)
        #expect(app.preview == nil && app.screen == .levels)
        click(app, .tile(0), time: 2)
        #expect(app.screen == .play)
    }

    @Test("a pan from the left edge drags the play screen away; released back, it stays")
    func edgePan() {
        let app = app()
        click(app, .levels)
        click(app, .tile(0))
        func pan(to x: Double, release: Double, at time: Double) {
            app.handle(.pointer(PointerEvent(pointer: .finger(1), phase: .down, location: Point(x: 3, y: 300), time: time)))
            for step in 1...10 {
                app.handle(
                    .pointer(
                        PointerEvent(
                            pointer: .finger(1), phase: .moved, location: Point(x: 3 + (x - 3) * Double(step) / 10, y: 300),
                            time: time + Double(step) * 0.02)))
            }
            #expect(abs((app.edgePanPercent ?? 0) - (x - 3) / 800) < 1e-9)
            // A flick over the last 60 ms toward `release`.
            for step in 1...3 {
                let at = x + (release - x) * Double(step) / 3
                app.handle(
                    .pointer(
                        PointerEvent(
                            pointer: .finger(1), phase: .moved, location: Point(x: at, y: 300), time: time + 0.2 + Double(step) * 0.02)))
            }
            app.handle(.pointer(PointerEvent(pointer: .finger(1), phase: .up, location: Point(x: release, y: 300), time: time + 0.27)))
            run(app, 1)
        }
        pan(to: 500, release: 400, at: 0)  // flicked back: cancelled
        #expect(app.screen == .play && app.edgePanPercent == nil)
        pan(to: 300, release: 360, at: 5)  // flicked on: finished
        #expect(app.screen == .levels)
    }

    @Test("settings toggle and report the change; sounds follow the setting")
    func settings() {
        let app = app()
        var changes: [Settings] = []
        app.onSettingsChanged = { changes.append($0) }
        click(app, .settings)
        click(app, .toggle(.colorBlindSymbols))
        click(app, .toggle(.sound))
        #expect(changes.count == 2 && app.settings.colorBlindSymbols && !app.settings.sound)
        #expect(app.takeSounds().isEmpty, "no sound when sound is off")
        click(app, .toggle(.sound))
        #expect(app.takeSounds() == [.click])
    }

    @Test("a clear bursts confetti, fewer pieces with reduced motion")
    func confetti() {
        for reduced in [false, true] {
            let app = app()
            app.settings.reducedMotion = reduced
            click(app, .levels)
            click(app, .tile(0))
            app.game?.scene.perform(Move(row: 0, column: 0, direction: .right))
            run(app, 0.5)
            let pieces = app.confetti.map { $0.burst.pieces(at: $0.time).count } ?? 0
            #expect(pieces == (reduced ? 24 : 140))
            #expect(app.takeSounds().contains(.clear))
        }
    }

    @Test("every button is at least the minimum size, at any window size")
    func buttonSizes() {
        for viewport in [Size(width: 320, height: 480), Size(width: 800, height: 600), Size(width: 2560, height: 1440)] {
            let app = app()
            app.minimumButtonSize = 48
            app.handle(.resized(viewport))
            for screen in [ButtonAction.levels, .settings] {
                click(app, screen)
                for button in app.buttons {
                    #expect(min(button.rect.width, button.rect.height) >= 48 * 0.85, "\(button.action) at \(viewport)")
                }
                app.handle(.key(KeyChord("Escape")))
            }
        }
    }
}
