import BloqEngine
import BloqGame
import BloqPlay
import BloqTestSupport
import Testing

@Suite("App shell: navigation, focus, previews, transitions")
struct AppControllerTests {
    @Test("Ctrl+Q quits from every screen, the help and a text field being typed in; the help lists it")
    func controlQ() {
        let screens: [(String, (AppController) -> Void)] = [
            ("title", { _ in }), ("levels", { $0.showLevels() }), ("play", { $0.openLevel(pack: 0, level: 0) }),
            ("settings", { $0.showSettings() }), ("about", { $0.showAbout() }), ("editor", { $0.showEditor() }),
            ("help", { $0.showHelp() }),
            (
                "the editor's title field",
                { app in
                    app.showEditor()
                    Hand(app).tap(.editTitle)
                }
            ),
        ]
        for (name, open) in screens {
            let app = testApp()
            open(app)
            key(app, "Ctrl+Q")
            #expect(app.wantsQuit, "Ctrl+Q on \(name)")
        }
        #expect(CommandTable.standard.helpRows.contains { $0.keys == "Ctrl+Q" && $0.does == "quit the game" })
    }

    @Test("a quit while progress waits unsaved first says why and that the next quit loses it; the next one quits")
    func quitWithUnsavedProgress() throws {
        final class Waiting { var reason: String? = "permission denied: make ~/.local/share/bloq writable" }
        let waiting = Waiting()
        let warning =
            "Your progress since the last save cannot be saved: permission denied: make ~/.local/share/bloq writable. "
            + "Quit again to quit anyway, and lose it."
        // Ctrl+Q in play, and the title's Quit button.
        let app = testApp { $0.unsavedProgress = { waiting.reason } }
        app.openLevel(pack: 0, level: 0)
        key(app, "Ctrl+Q")
        #expect(!app.wantsQuit && app.toast?.text == warning)
        #expect(app.shownTexts.contains { $0.text.contains("Quit again") }, "on screen: \(app.shownTexts.map(\.text))")
        key(app, "Ctrl+Q")
        #expect(app.wantsQuit)
        // Over the Cleared card too, which keeps the toast's band for itself: the warning
        // waited unseen behind it, live, and the quit seemed to do nothing.
        let cleared = testApp([singleLevelPack(try shippedLevel("levels/easy/001-first-push.bloq"))]) {
            $0.unsavedProgress = { waiting.reason }
        }
        cleared.openLevel(pack: 0, level: 0)
        #expect(cleared.game?.scene.perform(Move(row: 1, column: 0, direction: .right)) == true)
        run(cleared, 2.5)
        key(cleared, "Ctrl+Q")
        #expect(cleared.playScreen?.overlay != nil)
        #expect(cleared.shownTexts.contains { $0.text.contains("Quit again") }, "on screen: \(cleared.shownTexts.map(\.text))")
        let title = testApp { $0.unsavedProgress = { waiting.reason } }
        let quit = control(title, .quit)?.rect
        Hand(title).tap(.quit)
        #expect(!title.wantsQuit && title.toast?.text == warning)
        // A second click where it was still quits (helper-67: the warning moved it 41 px up,
        // and the click hit the warning).
        let moved = try #require(control(title, .quit)?.rect)
        #expect(quit.map { moved.contains($0.center) } == true, "\(String(describing: quit)) → \(moved)")
        Hand(title).tap(.quit)
        #expect(title.wantsQuit)
        // Escape on the title's Quit is a quit asked for too.
        let escaped = testApp { $0.unsavedProgress = { waiting.reason } }
        key(escaped, "Escape")
        key(escaped, "Escape")
        #expect(!escaped.wantsQuit && escaped.toast?.text == warning)
        key(escaped, "Escape")
        #expect(escaped.wantsQuit)
        // Saved meanwhile (the folder made writable): the quit is at once.
        let saved = testApp { $0.unsavedProgress = { waiting.reason } }
        key(saved, "Ctrl+Q")
        waiting.reason = nil
        run(saved, AppController.toastSeconds + 0.5)
        key(saved, "Ctrl+Q")
        #expect(saved.wantsQuit)
        // The quit signal's path (`finish`) asks nothing.
        waiting.reason = "the disk is full"
        let signalled = testApp { $0.unsavedProgress = { waiting.reason } }
        _ = signalled.finish()
        #expect(signalled.wantsQuit)
    }

    @Test("a level is being played while its board shows uncleared: not on the title, the list or after the clear")
    func playingLevel() {
        let app = testApp()
        #expect(!app.isPlayingLevel)
        app.openLevel(pack: 0, level: 0)
        #expect(app.isPlayingLevel)
        clearOpenLevel(app)
        #expect(app.game?.scene.session.isCleared == true && !app.isPlayingLevel)
        app.showLevels()
        #expect(!app.isPlayingLevel)
    }

    @Test("title → levels → play and back again with Escape; Escape on the title goes to Quit, and again quits")
    func navigation() {
        let app = testApp()
        let mouse = Hand(app)
        #expect(app.top.kind == .title)
        mouse.tap(.levels)
        #expect(app.top.kind == .levels)
        mouse.tap(.tile(0))
        #expect(app.top.kind == .play && app.playScreen?.levelIndex == 0)
        key(app, "Escape")
        #expect(app.top.kind == .levels)
        key(app, "Escape")
        #expect(app.top.kind == .title && !app.wantsQuit)
        key(app, "Escape")
        #expect(!app.wantsQuit && app.top.focus == .quit && app.showsFocus, "the way out, shown")
        key(app, "Escape")
        #expect(app.wantsQuit)
    }

    @Test("every screen is reachable by keyboard: arrows move the focus, Enter chooses")
    func keyboard() {
        let app = testApp()
        key(app, "Down")
        #expect(app.top.focus == .levels)
        key(app, "Return")
        #expect(app.top.kind == .levels)
        key(app, "Right")
        #expect(app.top.focus == .tile(0))
        key(app, "Right")
        #expect(app.top.focus == .tile(1), "locked tiles take the focus too")
        key(app, "Return")
        #expect(app.top.kind == .levels, "a locked level does not open")
        #expect(app.root.levelList?.notice?.contains("locked") == true, "it says why")
        key(app, "Left")
        key(app, "Return")
        #expect(app.top.kind == .play && app.playScreen?.levelIndex == 0)
    }

    @Test("Enter on the title plays at once: the focus starts on Play")
    func enterOnTitle() {
        let app = testApp()
        #expect(app.top.focus == .play && !app.showsFocus, "focused, but no ring until a key is used")
        key(app, "Return")
        #expect(app.top.kind == .play)
    }

    @Test("the level list pages 20 at a time, shows locks, and reports broken levels instead of hiding them")
    func levelList() {
        let app = testApp([testPack(30, broken: true)])
        let mouse = Hand(app)
        mouse.tap(.levels)
        #expect(app.top.controls.filter { if case .tile = $0.id { return true } else { return false } }.count == 20)
        #expect(control(app, .tile(0))?.isEnabled == true)
        #expect(control(app, .tile(2))?.isEnabled == false, "locked until an earlier level is cleared")
        mouse.tap(.tile(1))
        let list = app.root.levelList
        #expect(app.top.kind == .levels)
        #expect(list?.notice?.contains("bad.bloq: line 3: unknown cell 'x'") == true)
        mouse.tap(.nextPage)
        #expect(list?.page == 1)
        #expect(control(app, .tile(20)) != nil)
        #expect(control(app, .nextPage)?.isEnabled == false)
    }

    @Test("a locked level shakes when pressed and says which level opens it")
    func lockedFeedback() {
        let app = testApp()
        let mouse = Hand(app)
        mouse.tap(.levels)
        guard let locked = control(app, .tile(2)), let list = app.root.levelList else {
            Issue.record("no level list")
            return
        }
        #expect(!locked.isEnabled)
        func tiles() -> [Rect] {
            app.top.controls.compactMap { control in
                if case .tile = control.id { control.rect } else { nil }
            }
        }
        let before = tiles()
        mouse.tap(at: locked.rect.center)
        #expect(app.top.kind == .levels)
        #expect(list.notice == "Level 3 is locked: clear level 1 to open it")
        // Said in the summary's line: no tile moves from under the finger.
        #expect(tiles() == before)
        #expect(app.top.texts.contains { $0.text == list.notice && $0.role == .accent })
        run(app, 0.1)
        #expect(list.shake?.tile == 2 && abs(list.shake?.offset ?? 0) > 0, "the tile shakes")
        run(app, 0.5)
        #expect(list.shake == nil)
        #expect(app.takeSounds().contains(.bump))
    }

    @Test("press and hold grows a preview, clamped short of open while held; held to the end it opens")
    func previewHeld() {
        let app = testApp()
        let mouse = Hand(app)
        mouse.tap(.levels)
        guard let tile = control(app, .tile(0)), let list = app.root.levelList else { return }
        mouse.down(tile.rect.center)
        run(app, 0.3)
        // Still a person's tap: nothing grows yet.
        #expect((list.preview?.fraction ?? 1) <= 0.01)
        run(app, 0.35)
        let halfway = list.preview?.fraction ?? 0
        #expect(halfway > 0.2 && halfway < 0.99)
        run(app, 0.2)
        #expect((list.preview?.fraction ?? 1) <= 0.99 && list.preview?.isOpen == false)
        run(app, 0.5)
        #expect(list.preview?.isOpen == true)
        mouse.time = 1.5
        mouse.up(tile.rect.center)
        #expect(app.top.kind == .levels, "releasing after it opened does not play")
        mouse.tap(.previewPlay)
        #expect(app.top.kind == .play && app.playScreen?.levelIndex == 0)
    }

    @Test("a right-click or the Menu key opens a level's preview without a hold; a locked tile, the middle button and a release do not")
    func previewWithoutHold() {
        let app = testApp()
        let mouse = Hand(app)
        mouse.tap(.levels)
        guard let tile = control(app, .tile(0)), let locked = control(app, .tile(2)), let list = app.root.levelList else {
            Issue.record("no level list")
            return
        }
        // The right button as SDL reports it, through the same translation as live play.
        var translator = InputTranslator()
        func click(_ point: Point, _ button: RawInput.MouseButton, down: Bool = true) {
            for case .input(let input) in translator.translate(
                .mouseButton(down: down, x: Int32(point.x), y: Int32(point.y), button: button), time: mouse.time)
            {
                app.handle(input)
            }
        }
        click(locked.rect.center, .right)
        click(tile.rect.center, .other)
        click(tile.rect.center, .right, down: false)
        #expect(list.preview == nil)
        click(tile.rect.center, .right)
        #expect(list.preview?.tile == 0 && list.preview?.isOpen == false, "it grows from the tile")
        run(app, 0.5)
        #expect(list.preview?.isOpen == true)
        #expect(app.top.kind == .levels)
        // Copy code says it was done, on the card that covers the list's notice.
        #expect(control(app, .copyCode)?.label == "Copy code")
        mouse.tap(.copyCode)
        #expect(control(app, .copyCode)?.label == "Copied ✓" && app.environment.clipboard.paste()?.hasPrefix("B1") == true)
        mouse.tap(.previewClose)
        run(app, 0.5)
        #expect(list.preview == nil)
        // The keyboard: the Menu key shows the focused level's, not a locked one's.
        list.focus = .tile(2)
        app.handle(.key(KeyChord("Menu")))
        #expect(list.preview == nil)
        list.focus = .tile(0)
        app.handle(.key(KeyChord("Menu")))
        run(app, 0.5)
        #expect(list.preview?.isOpen == true && list.preview?.tile == 0)
        app.handle(.key(KeyChord("Escape")))
        run(app, 0.5)
        #expect(list.preview == nil && app.top.kind == .levels)
    }

    /// A Steam Deck's or any gamepad's left stick did nothing: menus everywhere move with it.
    @Test("the left stick is a D-pad: a lean is one press of its main direction, again after it rests or leans elsewhere")
    func stickAsDPad() {
        var translator = InputTranslator()
        func presses(_ leans: [(Double, Double)], shoulder: Bool = false) -> [String] {
            leans.flatMap { translator.translate(.stick(x: $0.0, y: $0.1, shoulderHeld: shoulder), time: 0) }.compactMap {
                if case .input(.gamepad(let press)) = $0 { press.scriptName } else { nil }
            }
        }
        #expect(presses([(0.2, 0), (0.7, 0.1), (0.9, 0.2), (1, 0)]) == ["Right"], "pushed and held: one press")
        #expect(presses([(0.5, 0), (0.7, 0)]).isEmpty, "not back at rest: no second press")
        #expect(presses([(0.1, 0), (0.8, 0)]) == ["Right"], "rested, then again")
        #expect(presses([(0.2, 0.9)]) == ["Down"], "leaning elsewhere")
        #expect(presses([(0, -0.7)]) == ["Up"])
        #expect(presses([(0, 0), (-0.65, 0.3)], shoulder: true) == ["LB+Left"], "the left shoulder held: a push")
        #expect(presses([(.nan, .nan), (0.7, 0)]) == ["Right"])
        // Held leaning, it presses again as a held D-pad does; eased off or unplugged, no more.
        func repeats(upTo time: Double) -> [String] {
            guard let due = translator.padRepeatDue, due <= time else { return [] }
            return translator.padRepeat(now: time).compactMap {
                if case .repeated(.gamepad(let press)) = $0 { press.scriptName } else { nil }
            }
        }
        #expect(repeats(upTo: 0.35).isEmpty, "not before the delay")
        #expect(repeats(upTo: 0.45) == ["Right"])
        #expect(repeats(upTo: 0.5) == ["Right"])
        #expect(repeats(upTo: 2) == ["Right"] && repeats(upTo: 2).isEmpty, "a stalled frame: one press, not fifteen")
        #expect(presses([(0.45, 0)]).isEmpty && repeats(upTo: 5).isEmpty, "eased part-way: no more")
        #expect(presses([(0.1, 0), (0.9, 0)]) == ["Right"] && repeats(upTo: 0.5) == ["Right"])
        _ = translator.translate(.gamepadUp(nil), time: 0.5)
        #expect(repeats(upTo: 9).isEmpty, "unplugged")
        #expect(presses([(0.9, 0)]) == ["Right"], "and leaning again after is a press")
        // On the title, two leans down move the focus as two presses of the D-pad do.
        let app = testApp()
        var fresh = InputTranslator()
        for lean in [(0.0, 0.0), (0.0, 0.9), (0.0, 0.1), (0.0, 0.9)] {
            for case .input(let input) in fresh.translate(.stick(x: lean.0, y: lean.1, shoulderHeld: false), time: 0) { app.handle(input) }
        }
        let pad = testApp()
        pad.handle(.gamepad(GamepadPress(.down)))
        pad.handle(.gamepad(GamepadPress(.down)))
        #expect(app.top.focus != nil && app.top.focus == pad.top.focus)
    }

    @Test("the mouse wheel turns the list's pages and the help's, a notch a page, sideways too, a touchpad's fractions added up")
    func wheelTurnsPages() {
        let app = testApp()
        let mouse = Hand(app)
        mouse.tap(.levels)
        guard let list = app.root.levelList, list.pages > 1 else {
            Issue.record("no list of two pages or more")
            return
        }
        var translator = InputTranslator()
        func wheel(_ y: Float, sideways x: Float = 0) {
            for case .input(let input) in translator.translate(.wheel(x: x, y: y), time: mouse.time) { app.handle(input) }
        }
        wheel(-1)
        #expect(list.page == 1, "a notch toward the player: the next page")
        wheel(1)
        #expect(list.page == 0)
        // A touchpad: three fifths of a notch, then two fifths more, make one.
        wheel(-0.6)
        #expect(list.page == 0)
        wheel(-0.4)
        #expect(list.page == 1)
        // Turned back, what was left of the other way is dropped: a half back and a half on
        // turn nothing.
        wheel(-0.5)
        wheel(0.5)
        #expect(list.page == 1)
        wheel(1)
        wheel(1)
        #expect(list.page == 0, "no page before the first")
        wheel(-100)
        #expect(list.page == list.pages - 1, "nor after the last")
        // A turn past the last page changes nothing: the focus stays where it was.
        list.focus = .previousPage
        wheel(-1)
        #expect(list.page == list.pages - 1 && list.focus == .previousPage)
        // Sideways (a tilt wheel, a touchpad): to the left is back.
        wheel(0.2, sideways: -1)
        #expect(list.page == list.pages - 2)
        wheel(0, sideways: 1)
        #expect(list.page == list.pages - 1)
        // The help's pages; it stays open.
        app.handle(.key(KeyChord("F1")))
        guard let help = app.top as? HelpScreen else {
            Issue.record("no help")
            return
        }
        let pages = help.layout.pages
        wheel(-1)
        #expect(app.top === help && help.page == min(1, pages - 1))
        wheel(5)
        #expect(app.top === help && help.page == 0)
    }

    /// helper-53: swiping across the level list turns its page, and the gestures' help did
    /// not say so.
    @Test("the help for a finger lists the gestures, the list's page swipe among them")
    func touchHelp() throws {
        let app = testApp()
        Hand(app, .finger(1)).tap(.showHelp)
        let help = try #require(app.top as? HelpScreen)
        #expect(help.rows.contains { $0.keys == "Swipe across the levels" && $0.does == "the next or previous page" })
        #expect(help.texts.contains { $0.text == "Gestures" } && help.texts.contains { $0.text == "Tap anywhere to close" })
    }

    /// The help said "Press any key to close" over two pages that the arrows turn.
    @Test("the key help in pages says the arrows turn them; they do, and another key closes it")
    func helpPagesSayArrows() throws {
        let app = testApp()
        app.handle(.key(KeyChord("F1")))
        let help = try #require(app.top as? HelpScreen)
        try #require(help.layout.pages > 1, "800x600 holds the keys in two pages")
        let closing = help.texts.map(\.text).joined(separator: " ")
        #expect(closing.contains("Arrows turn the pages") && !closing.contains("any key to close"), "\(closing)")
        // The mouse is at hand too: a click closes it (helper-61 was told only of keys).
        #expect(closing.contains("or a click closes"), "\(closing)")
        app.handle(.key(KeyChord("Right")))
        #expect(app.top === help && help.page == 1)
        app.handle(.key(KeyChord("Up")))
        #expect(app.top === help && help.page == 0)
        app.handle(.key(KeyChord("Q")))
        #expect(!(app.top is HelpScreen))
    }

    @Test("a swipe across the list turns its page, from a tile, a locked tile or between them; a press with a wander still opens")
    func swipeTurnsPages() {
        let app = testApp()
        let hand = Hand(app)
        hand.tap(.levels)
        guard let list = app.root.levelList, list.pages > 1, let tile = control(app, .tile(0)), let locked = control(app, .tile(2))
        else {
            Issue.record("no list of two pages")
            return
        }
        let reach = list.swipeReach
        // From a level's tile, leftward at a person's pace (a sample every 1/60 s): the next
        // page, the level not opened and no preview.
        let start = tile.rect.center
        hand.drag(from: start, to: Point(x: start.x - reach * 1.5, y: start.y + 8), pixelsPerSecond: 600)
        #expect(list.page == 1 && app.top.kind == .levels)
        hand.wait(1)
        #expect(list.preview == nil)
        // Rightward from between the tiles: back.
        let between = Point(x: tile.rect.maxX + 1, y: tile.rect.center.y)
        hand.drag(from: between, to: Point(x: between.x + reach * 1.5, y: between.y), pixelsPerSecond: 600)
        #expect(list.page == 0)
        // Mostly down, or too short: no page turns.
        hand.drag(from: start, to: Point(x: start.x - reach * 1.2, y: start.y + reach * 1.2), pixelsPerSecond: 600)
        hand.drag(from: between, to: Point(x: between.x - reach * 0.6, y: between.y), pixelsPerSecond: 600)
        #expect(list.page == 0 && list.notice == nil)
        // From a locked tile, leftward: the page, not the lock's notice.
        hand.drag(from: locked.rect.center, to: Point(x: locked.rect.center.x - reach * 1.5, y: locked.rect.center.y), pixelsPerSecond: 600)
        #expect(list.page == 1 && list.notice == nil)
        hand.tap(.previousPage)
        // A flick: half the reach, but at two windows' widths a second.
        hand.drag(from: between, to: Point(x: between.x - reach * 0.5, y: between.y), pixelsPerSecond: 1600)
        #expect(list.page == 1, "a flick turns the page")
        hand.tap(.previousPage)
        // A press of 150 ms that wanders a few pixels still opens its level.
        hand.press(start, milliseconds: 150, wander: 3)
        #expect(app.top.kind == .play)
    }

    @Test("lifting a hold early shrinks the preview back; a tap plays the level")
    func previewLifted() {
        let app = testApp()
        let mouse = Hand(app)
        mouse.tap(.levels)
        guard let tile = control(app, .tile(0)), let list = app.root.levelList else { return }
        mouse.down(tile.rect.center)
        run(app, 0.6)
        mouse.time += 0.6
        mouse.up(tile.rect.center)
        #expect(list.preview != nil)
        run(app, 1)
        #expect(list.preview == nil && app.top.kind == .levels)
        mouse.tap(.tile(0))
        #expect(app.top.kind == .play)
    }

    /// Seen live at 800x600: Continue double-clicked (presses of 90 ms, 80 ms apart, as a
    /// desktop player clicks) opened the level, and the second click took a hint, since
    /// the toolbar's Hint lies under Continue: two stars at most before a move.
    @Test("a double-click opens a level and no more: its second click presses nothing; a press 0.3 s after the release does")
    func doubleClick() throws {
        let app = testApp()
        let mouse = Hand(app)
        mouse.tap(.levels)
        mouse.wait(1)
        let spot = try #require(control(app, .continueLevel)).rect.center
        mouse.doubleClick(spot)
        #expect(app.top.kind == .play)
        let hint = try #require(control(app, .hint))
        #expect(hint.rect.contains(spot), "the premise: Hint lies under Continue")
        #expect(app.game?.usedHint == false, "the double-click's second press took a hint")
        // A person who means it: the screen read, the same place pressed 0.3 s on (still a
        // double-click to SDL, within its 500 ms).
        mouse.wait(0.3)
        mouse.press(spot, milliseconds: 90, clicks: 2)
        #expect(app.game?.usedHint == true)
    }

    /// A fingertip rolls as it lifts: a tap near a button's edge ended a few pixels outside
    /// it and did nothing.
    @Test("a finger lifted just past a button or a tile presses it; a mouse must lift over it; a finger far off presses nothing")
    func fingerSlop() throws {
        let app = testApp()
        /// A press 1 pixel inside the left edge of `id`, lifted `past` pixels left of it.
        func press(_ id: ControlID, by hand: Hand, liftedPast past: Double) throws {
            let rect = try #require(control(app, id)).rect
            hand.down(Point(x: rect.minX + 1, y: rect.center.y))
            hand.wait(0.12)
            hand.up(Point(x: rect.minX - past, y: rect.center.y))
            hand.wait(0.5)
        }
        let mouse = Hand(app)
        try press(.levels, by: mouse, liftedPast: 4)
        #expect(app.top.kind == .title, "a mouse lifted off the button")
        let finger = Hand(app, .finger(1))
        finger.time = mouse.time
        try press(.levels, by: finger, liftedPast: 12)
        #expect(app.top.kind == .title, "a finger slid off the button, past the 8 points")
        let levels = try #require(control(app, .levels)).rect
        let below = try #require(app.top.controls.first { $0.rect.minY >= levels.maxY }).rect
        finger.down(Point(x: levels.center.x, y: levels.maxY - 1))
        finger.wait(0.12)
        finger.up(Point(x: levels.center.x, y: below.minY + 1))
        finger.wait(0.5)
        #expect(app.top.kind == .title, "lifted on the button below: neither")
        try press(.levels, by: finger, liftedPast: 4)
        #expect(app.top.kind == .levels)
        // A level tile opens only when released on it (GAME.md, "Tap or hold").
        try press(.tile(0), by: finger, liftedPast: 4)
        #expect(app.top.kind == .levels)
        try press(.tile(0), by: finger, liftedPast: -4)
        #expect(app.top.kind == .play)
    }

    /// An app with its first level opened by the mouse, settled.
    func firstLevelOpen() -> (AppController, Hand) {
        let app = testApp()
        let mouse = Hand(app)
        mouse.tap(.levels)
        mouse.tap(.tile(0))
        mouse.wait(1)
        return (app, mouse)
    }

    /// A live window as the loop sees it: it sleeps until input, and a person's input comes
    /// between the loop's steps, not on them (the tests' other windows hand input on at a
    /// step's time, so a step always follows it).
    final class WokenWindow: GamePlatform {
        var now = 0.0
        var inputs: [RawInput] = []
        /// Sizes a person gives the window, each at its time (ms) or in the first wait after
        /// it: a resize wakes a wait, as SDL's window event does, and the frame it starts lays
        /// the game out at the new size.
        var sizes: [(time: Double, width: Double, height: Double)] = []
        var end = 5000.0
        var sleepsWhenIdle: Bool { true }
        var geometry = WindowGeometry(points: Size(width: 800, height: 600))
        var isFocused: Bool { true }
        var isFinished: Bool { now > end }
        /// A frame takes 1/60 s; a wait ends at its timeout, or at the input, 0.3 ms past a
        /// step, or at the next size.
        func gatherInput(waitingUpTo timeout: Double) -> Bool {
            if timeout == 0 {
                now += 1000 / 60
            } else if !inputs.isEmpty {
                now += 100.3
            } else {
                now = min(now + timeout, max(sizes.first?.time ?? .infinity, now))
            }
            if timeout > 0, let size = sizes.first, size.time <= now {
                sizes.removeFirst()
                geometry = WindowGeometry(points: Size(width: size.width, height: size.height))
                inputs.append(.mouseMotion(x: 1, y: 1))
            }
            return !inputs.isEmpty
        }
        func nextInputTime() -> Double? { inputs.isEmpty ? nil : now }
        func takeInput() -> RawInput? { inputs.isEmpty ? nil : inputs.removeFirst() }
        func present(_ app: AppController, sounds: [SoundCue]) {}
    }

    @Test("the window's close button while progress waits unsaved: the first press says why, the second quits")
    func closeWithUnsavedProgress() {
        let once = WokenWindow()
        once.inputs = [.quit]
        once.end = 2000
        let app = testApp { $0.unsavedProgress = { "the disk is full" } }
        GameLoop(app: app, platform: once).run()
        #expect(!app.wantsQuit && app.toast?.text.hasPrefix("Your progress since the last save cannot be saved: the disk is full") == true)
        let twice = WokenWindow()
        twice.inputs = [.quit, .quit]
        twice.end = 60_000
        let other = testApp { $0.unsavedProgress = { "the disk is full" } }
        GameLoop(app: other, platform: twice).run()
        #expect(other.wantsQuit && twice.now < 60_000)
    }

    /// Seen by helper-45 live, on a touchscreen: a finger that slid off a tile within a tap's
    /// time left the tile drawn as a preview card just begun (no number, no stars) until the
    /// next input. Replays never showed it: a step follows their input; a live loop's input
    /// can come after its last step, and then it slept with the card not yet dropped.
    @Test("a press slid off a tile leaves the tile as it was, though the loop sleeps")
    func slidOffTile() throws {
        let app = testApp()
        app.showLevels(pack: 0)
        let tile = try #require(control(app, .tile(0))).rect.center
        let window = WokenWindow()
        func finger(_ phase: RawInput.FingerPhase, _ offset: Double) -> RawInput {
            .finger(id: 3, phase: phase, x: Float((tile.x + offset) / 800), y: Float((tile.y + offset) / 600), pressure: 0)
        }
        window.inputs = [finger(.down, 0)] + (1...6).map { finger(.move, Double($0) * 10) } + [finger(.up, 60)]
        GameLoop(app: app, platform: window).run()
        #expect(window.inputs.isEmpty)
        #expect(app.root.levelList != nil && app.root.levelList?.preview == nil, "the card the press began is gone")
    }

    /// Kept only as the game quit: a game killed after the player sized its window opened
    /// again at the size before.
    @Test("a window sized by the player is kept once it stands still, not at each step of the drag, and not fullscreen")
    func keepsWindowSize() throws {
        var saves: [Settings] = []
        var savedAt: [Double] = []
        func run(end: Double, fullscreen: Bool = false) -> AppController {
            saves = []
            let window = WokenWindow()
            let app = testApp {
                $0.settings = SettingsStorage(save: {
                    saves.append($0)
                    savedAt.append(window.now)
                    return nil
                })
            }
            if fullscreen { app.settings.fullscreen = true }
            saves = []
            // A corner dragged over 300 ms at 60 Hz, from 800x600 to 1000x700.
            let drag = (1...18).map { (step: Int) -> (time: Double, width: Double, height: Double) in
                let part = Double(step) / 18
                return (time: 1000 + part * 300, width: 800 + part * 200, height: 600 + part * 100)
            }
            window.sizes = drag
            window.end = end
            GameLoop(app: app, platform: window).run()
            return app
        }
        let kept = run(end: 4000)
        #expect(kept.settings.windowWidth == 1000 && kept.settings.windowHeight == 700, "\(String(describing: kept.settings.windowWidth))")
        #expect(saves.count == 1, "one save once the drag ended: \(saves.map { ($0.windowWidth, $0.windowHeight) })")
        // A second after the drag's last size (1300 ms), not when the idle wait next ends.
        #expect(savedAt.last.map { $0 >= 2300 && $0 < 2400 } == true, "saved at \(savedAt) ms")
        let soon = run(end: 1600)
        #expect(soon.settings.windowWidth == nil && saves.isEmpty, "not yet kept half a second after the drag")
        let full = run(end: 4000, fullscreen: true)
        #expect(full.settings.windowWidth == nil && saves.isEmpty, "a fullscreen window's size is not its windowed one")
    }

    /// helper-47: the winning slide let go, then Ctrl+Q 50 ms later (or a SIGTERM): the game
    /// quit with the level not cleared, the move not yet landed, its stars lost.
    @Test("a winning move let go just before quitting lands, and its clear is kept")
    func quitWhileLanding() throws {
        let app = testApp([testPack(2)])
        #expect(app.openLevel(pack: 0, level: 0))
        run(app, 0.5)
        let game = try #require(app.game)
        #expect(game.scene.perform(Move(row: 0, column: 0, direction: .right)))
        run(app, 0.05)
        #expect(game.scene.hasMoveLanding && !game.scene.session.isCleared)
        app.quit()
        #expect(game.scene.session.isCleared)
        #expect(app.progress.record(game.level)?.cleared == true && app.progress.record(game.level)?.bestStars == 3)
    }

    /// Seen by helper-45 on a touchscreen: a flick, then Undo tapped 100 ms later, while the
    /// block still slid. Undo was off until the move landed, so the tap did nothing; Z at the
    /// same moment waited and took the move back.
    @Test("Undo tapped the moment after a flick takes the flicked move back once it lands, as Z does")
    func undoAfterFlick() throws {
        let board = try #require(Board(["R...B", ".....", "B...R"]))
        let app = testApp([
            PackEntry(title: "B", items: [.playable(PlayableLevel(name: "long", level: Level(title: "Long", board: board)))])
        ])
        #expect(app.openLevel(pack: 0, level: 0))
        let finger = Hand(app, .finger(1))
        finger.wait(0.5)
        let game = try #require(app.game)
        #expect(control(app, .undo)?.isEnabled == false, "nothing to take back yet")
        let start = game.layout.pixel(for: CellPoint(row: 0, column: 0))
        finger.drag(from: start, to: Point(x: start.x + 40, y: start.y), pixelsPerSecond: 800)
        finger.wait(0.1)
        #expect(game.scene.hasMovesInFlight && game.scene.session.log.isEmpty, "the flicked block still slides")
        #expect(control(app, .undo)?.isEnabled == true && control(app, .restart)?.isEnabled == true)
        finger.press(.undo, milliseconds: 120)
        finger.wait(1.5)
        #expect(game.scene.session.log.isEmpty && game.scene.board == board, "\(game.scene.session.log)")
        #expect(control(app, .undo)?.isEnabled == false && control(app, .redo)?.isEnabled == true)
    }

    /// Solution asks first ("Show it"): a double-click out of habit answered its own question
    /// and showed the solution, the stars gone.
    @Test("a double-click on Solution asks and no more: the second click does not answer the question the first asked")
    func doubleClickSolution() throws {
        let (app, mouse) = firstLevelOpen()
        let solution = try #require(control(app, .solution))
        mouse.doubleClick(solution.rect.center)
        #expect(control(app, .solution)?.label == "Show it" && app.game?.showedSolution == false)
        // Read, then pressed: the solution shows.
        mouse.wait(0.5)
        mouse.press(solution.rect.center, milliseconds: 100)
        #expect(app.game?.showedSolution == true)
    }

    /// A flick is no tap: a second flick begun where the first did, a moment after, turned
    /// no page when its press was taken for a double tap's second on a new tile.
    @Test("a quick press after a flick is a press of its own: two flicks turn two pages")
    func flickThenFlick() throws {
        let app = testApp([testPack(60)])
        Hand(app).tap(.levels)
        let list = try #require(app.root.levelList)
        let start = try #require(control(app, .tile(0))).rect.center
        let first = Hand(app, .finger(1))
        first.drag(from: start, to: Point(x: start.x - 300, y: start.y), pixelsPerSecond: 3000)
        #expect(list.page == 1)
        let second = Hand(app, .finger(2))
        second.time = first.time + 0.1
        // Counted a double tap's second by the platform (within 500 ms of a lift).
        second.send(.down, start, clicks: 2)
        for sample in 1...6 {
            second.wait(1.0 / 60)
            second.move(Point(x: start.x - 50 * Double(sample), y: start.y))
        }
        second.up(Point(x: start.x - 300, y: start.y))
        second.wait(1)
        #expect(list.page == 2)
    }

    /// A recording leaves out what live play ignored: its replay, counting no double-clicks,
    /// would press it.
    @Test("a double-click's ignored second press is not recorded")
    func echoNotRecorded() throws {
        let (app, mouse) = firstLevelOpen()
        var recorder = InputRecorder(window: (800, 600))
        let solution = try #require(control(app, .solution)).rect.center
        for (phase, clicks, wait) in [(PointerEvent.Phase.down, 1, 0.09), (.up, 1, 0.08), (.down, 2, 0.09), (.up, 1, 0.0)] {
            let event = PointerEvent(pointer: .mouse, phase: phase, location: solution, time: mouse.time, clicks: clicks)
            recorder.record(.pointer(event), at: mouse.time * 1000, app: app)
            app.handle(.pointer(event))
            mouse.wait(wait)
        }
        #expect(control(app, .solution)?.label == "Show it" && app.game?.showedSolution == false)
        let recorded = recorder.events.map {
            switch $0.action {
            case .press: "press"
            case .release: "release"
            default: "other"
            }
        }
        #expect(recorded == ["press", "release"])
        // An input handed on after another but stamped before it is written at its time:
        // a script's times never go back.
        let last = try #require(recorder.events.last).time
        recorder.record(.key(KeyChord("Z")), at: last - 5, app: app)
        #expect(recorder.events.last?.time == last)
        // An ignored press held when the window lost the focus: its release never comes, and
        // the mouse's next drag is recorded.
        let leave = try #require(control(app, .back)).rect.center
        mouse.tap(at: leave)
        mouse.send(.down, leave, clicks: 2)
        #expect(app.swallows(PointerEvent(pointer: .mouse, phase: .moved, location: leave, time: mouse.time)))
        app.handle(.focusLost)
        #expect(!app.swallows(PointerEvent(pointer: .mouse, phase: .moved, location: leave, time: mouse.time)))
    }

    @Test("two quick clicks on one screen are two presses: Next double-clicked turns two pages")
    func doubleClickOneScreen() throws {
        let app = testApp([testPack(60)])
        let mouse = Hand(app)
        mouse.tap(.levels)
        mouse.wait(1)
        mouse.doubleClick(try #require(control(app, .nextPage)).rect.center)
        mouse.wait(1)
        #expect(app.root.levelList?.page == 2)
    }

    @Test("a pan from the left edge drags the play screen away; released back, it stays")
    func edgePan() {
        let app = testApp()
        let mouse = Hand(app)
        mouse.tap(.levels)
        mouse.tap(.tile(0))
        func pan(to x: Double, release: Double, at time: Double) {
            let finger = Hand(app, .finger(1))
            finger.time = time
            finger.down(Point(x: 3, y: 300))
            for step in 1...10 {
                finger.time = time + Double(step) * 0.02
                finger.move(Point(x: 3 + (x - 3) * Double(step) / 10, y: 300))
            }
            #expect(abs((app.playScreen?.edgePanPercent ?? 0) - (x - 3) / 800) < 1e-9)
            // A flick over the last 60 ms toward `release`.
            for step in 1...3 {
                finger.time = time + 0.2 + Double(step) * 0.02
                finger.move(Point(x: x + (release - x) * Double(step) / 3, y: 300))
            }
            finger.time = time + 0.27
            finger.up(Point(x: release, y: 300))
            run(app, 1)
        }
        pan(to: 500, release: 400, at: 0)  // flicked back: cancelled
        #expect(app.top.kind == .play && app.playScreen?.edgePanPercent == nil)
        pan(to: 300, release: 360, at: 5)  // flicked on: finished
        #expect(app.top.kind == .levels)
    }

    @Test("settings that cannot be saved are said once, in a toast, and still apply; on Settings its footer says it and nothing moves")
    func settingsNotSaved() {
        final class Calls { var count = 0 }
        let calls = Calls()
        let reason = "the disk of /x is full: free some space on it"
        let said = "Your settings are not saved: \(reason). The ones you change apply until Bloq quits."
        func failing() -> AppController {
            testApp {
                $0.settings = SettingsStorage(
                    path: "/x/settings.json",
                    save: { _ in
                        calls.count += 1
                        return reason
                    })
            }
        }
        // Away from Settings (F11 on the title): a toast.
        let app = failing()
        key(app, "F11")
        run(app, 0.1)
        #expect(app.toast?.text == said && app.settings.fullscreen)
        run(app, AppController.toastSeconds + 0.5)
        // Told once: the next changes fail for the same reason and add no toast after it.
        let mouse = Hand(app)
        mouse.tap(.settings)
        mouse.tap(.toggle(.sound))
        mouse.tap(.toggle(.colorBlindSymbols))
        run(app, 0.5)
        #expect(
            calls.count == 3 && app.toast == nil && app.settings.colorBlindSymbols && !app.settings.sound, "\(calls.count) \(app.settings)")
        #expect(app.top.texts.contains { $0.text.contains("Settings not saved: \(reason)") }, "\(app.top.texts.map(\.text))")
        // On Settings: its footer says it, no toast, and the rows stay where they were (the
        // toast's band took two columns of them, helper-64).
        let other = failing()
        Hand(other).tap(.settings)
        #expect(other.top.texts.contains { $0.text == "Saved in /x/settings.json" })
        let rows = other.top.controls.map(\.rect)
        Hand(other).tap(.toggle(.colorBlindSymbols))
        run(other, 1.5)
        #expect(other.toast == nil && other.settings.colorBlindSymbols)
        #expect(other.top.texts.contains { $0.text.contains("Settings not saved: \(reason)") }, "\(other.top.texts.map(\.text))")
        #expect(other.top.controls.map(\.rect) == rows)
        // Known at start (a link to what is not Bloq's): said from the first look.
        let linked = testApp {
            $0.settings = SettingsStorage(path: "/x/settings.json", problem: "settings.json is a link") { _ in "settings.json is a link" }
        }
        // A change away from Settings is still told in a toast (the footer's words known at
        // start kept it quiet).
        key(linked, "F11")
        run(linked, 0.1)
        #expect(linked.toast?.text.hasPrefix("Your settings are not saved: settings.json is a link") == true)
        Hand(linked).tap(.settings)
        #expect(linked.top.texts.contains { $0.text == "Settings not saved: settings.json is a link" }, "\(linked.top.texts.map(\.text))")
    }

    @Test("settings toggle and report the change; sounds follow the setting; the screen says where they are saved")
    func settings() {
        final class Changes { var saved: [Settings] = [] }
        let changes = Changes()
        let app = testApp {
            $0.settings = SettingsStorage(
                path: "/somewhere/else/bloq/settings.json",
                save: {
                    changes.saved.append($0)
                    return nil
                })
        }
        let mouse = Hand(app)
        mouse.tap(.settings)
        #expect((app.root.screen as? SettingsScreen)?.savedIn == "/somewhere/else/bloq/settings.json")
        mouse.tap(.toggle(.colorBlindSymbols))
        mouse.tap(.toggle(.sound))
        #expect(changes.saved.count == 2 && app.settings.colorBlindSymbols && !app.settings.sound)
        #expect(app.takeSounds().isEmpty, "no sound when sound is off")
        mouse.tap(.toggle(.sound))
        #expect(app.takeSounds() == [.click])
        key(app, "F11")
        #expect(app.settings.fullscreen, "F11 comes from the command table")
        // The language's row: each press picks the next choice, round the list, saved.
        var chosen: [String] = []
        for _ in Settings.languageChoices {
            mouse.tap(.language)
            chosen.append(app.settings.language)
        }
        #expect(chosen == Array(Settings.languageChoices.dropFirst()) + [Settings.automaticLanguage])
        #expect(changes.saved.last?.language == Settings.automaticLanguage)
        #expect(changes.saved.dropLast().last?.language == Settings.languageChoices.last)
        let shown = app.top.texts.first { $0.owner == .language }?.text
        #expect(shown == "Automatic (English)", "the row says the choice and what it shows: \(String(describing: shown))")
    }

    @Test("a clear bursts confetti, none with reduced motion")
    func confetti() {
        for reduced in [false, true] {
            let app = testApp()
            app.settings.reducedMotion = reduced
            let mouse = Hand(app)
            mouse.tap(.levels)
            mouse.tap(.tile(0))
            key(app, "Shift+Right")
            run(app, 0.5)
            let overlay = app.playScreen?.overlay
            let pieces = overlay?.confetti.map { $0.pieces(at: overlay?.confettiTime ?? 0).count } ?? 0
            // Reduced motion: no confetti at all.
            #expect(pieces == (reduced ? 0 : 140))
            #expect(app.takeSounds().contains(.clear))
        }
    }

    @Test("every control is at least the minimum size; a window under 340 px keeps at least 24")
    func controlSizes() {
        for viewport in [Size(width: 320, height: 480), Size(width: 800, height: 600), Size(width: 2560, height: 1440)] {
            // A window whose short side is under 340 px is a small desktop window, never a
            // touchscreen: its controls may drop to the small window's 24 px.
            let floor = min(viewport.width, viewport.height) < 340 ? 24 : 48 * 0.85
            let app = testApp()
            app.display(minimumButtonSize: 48, scale: 1)
            app.handle(.resized(viewport))
            let mouse = Hand(app)
            for screen in [ControlID.levels, .settings] {
                mouse.tap(screen)
                for control in app.top.controls {
                    #expect(min(control.rect.width, control.rect.height) >= floor, "\(control.id) at \(viewport)")
                }
                key(app, "Escape")
            }
        }
    }
}

@Suite("Packs added while the game runs")
struct PackReloadTests {
    /// Whether the folders changed, as the environment's watcher answers, and the packs it
    /// reads again.
    final class Folders {
        var changed = false
        var packs: [PackEntry]
        init(_ packs: [PackEntry]) { self.packs = packs }

        /// An app listing these packs, reading them again when they `changed`.
        func app() -> AppController {
            testApp(packs) { environment in
                environment.reloadPacks = { self.packs }
                environment.packsChanged = {
                    defer { self.changed = false }
                    return self.changed
                }
            }
        }
    }

    @Test("a pack imported while the list shows is listed within a second, on the same tab; a level being played keeps its pack")
    func imported() throws {
        let first = testPack(30)
        let folders = Folders([first])
        let app = folders.app()
        let mouse = Hand(app)
        mouse.tap(.levels)
        #expect(app.packs.count == 1)
        let friends = PackEntry(title: "friends", items: testPack(2).items)
        folders.packs = [friends, first]
        folders.changed = true
        run(app, 1.1)
        #expect(app.packs.map(\.title) == ["friends", first.title], "listed without a restart")
        #expect(app.root.levelList?.currentPack?.title == first.title, "the list stays on the pack it showed")
        // On the board, the pack stays as it was until the player leaves the level.
        mouse.tap(.tile(0))
        #expect(app.playScreen != nil)
        folders.packs = [first]
        folders.changed = true
        run(app, 1.1)
        #expect(app.packs.count == 2, "not while a level of it is played")
        app.back()
        run(app, 0.1)
        #expect(app.packs.count == 1, "read again once the level is left")
    }

    /// A window that sleeps while nothing moves, as SDL's does: each wait for input passes
    /// its whole timeout (a frame's at least) and brings none; `during` runs after each.
    final class SleepingWindow: GamePlatform {
        var now = 0.0
        let seconds: Double
        let during: (Double) -> Void
        /// The packs' titles each frame shown had.
        var shown: [[String]] = []

        init(seconds: Double, during: @escaping (Double) -> Void) {
            self.seconds = seconds
            self.during = during
        }

        var sleepsWhenIdle: Bool { true }
        /// Input it gives, one each wait.
        var inputs: [RawInput] = []

        func gatherInput(waitingUpTo timeout: Double) -> Bool {
            now += max(timeout, 1000 / 60)
            during(now / 1000)
            return !inputs.isEmpty
        }
        func nextInputTime() -> Double? { inputs.isEmpty ? nil : now }
        func takeInput() -> RawInput? { inputs.isEmpty ? nil : inputs.removeFirst() }
        var geometry = WindowGeometry(points: Size(width: 800, height: 600))
        var isFocused = true
        var isFinished: Bool { now >= seconds * 1000 }
        func present(_ app: AppController, sounds: [SoundCue]) { shown.append(app.packs.map(\.title)) }
    }

    /// Seen live: levels copied into a pack's folder while the list showed were read within
    /// a second, but the window, asleep with nothing moving, kept showing the list without
    /// them until the next input; and not focused (a file manager beside it), it did not
    /// look at the folders at all.
    @Test("levels copied in while the window sleeps are drawn without waiting for an input, focused or not", arguments: [true, false])
    func drawnWhileAsleep(focused: Bool) throws {
        let first = testPack(30)
        let folders = Folders([first])
        let app = folders.app()
        Hand(app).tap(.levels)
        let friends = PackEntry(title: "friends", items: testPack(2).items)
        var copied = false
        let window = SleepingWindow(seconds: 6) { seconds in
            guard seconds >= 2, !copied else { return }
            copied = true
            folders.packs = [friends, first]
            folders.changed = true
        }
        window.isFocused = focused
        GameLoop(app: app, platform: window).run()
        #expect(app.packs.map(\.title) == ["friends", first.title])
        #expect(window.shown.last == ["friends", first.title], "the last frame shown: \(window.shown.suffix(3))")
    }

    /// An X11 desktop at 2x is a window of pixels with `Xft.dpi: 192`; before, the game laid
    /// it out at scale 1, its text and buttons half the size of a Wayland window's at 2x.
    @Test("a window on an X11 desktop at 2x lays out as the same pixels on Wayland at scale 2, not as plain pixels")
    func desktopScale() throws {
        func laidOut(_ geometry: WindowGeometry) -> Metrics {
            let app = Folders([testPack(3)]).app()
            let window = SleepingWindow(seconds: 0.1) { _ in }
            window.geometry = geometry
            GameLoop(app: app, platform: window).run()
            return app.metrics
        }
        let x11 = laidOut(WindowGeometry(points: Size(width: 800, height: 600), dpi: 192 / 2, contentScale: 2))
        let wayland = laidOut(WindowGeometry(points: Size(width: 400, height: 300), scale: Point(x: 2, y: 2)))
        let plain = laidOut(WindowGeometry(points: Size(width: 800, height: 600)))
        #expect(x11 == wayland)
        #expect(x11.scale == 2 && x11.window == Size(width: 800, height: 600))
        #expect(x11.type.caption == 24, "the smallest text 12 points of 2 pixels, not 12 pixels")
        #expect(plain.type.caption < x11.type.caption && plain.minimumButtonSize < x11.minimumButtonSize)
        #expect(x11.minimumButtonSize == Metrics.minimumButtonSize(dpi: 96, scale: 2))
    }
}

@Suite("Recording what the player does (bloq play --record)")
struct RecordingTests {
    typealias SleepingWindow = PackReloadTests.SleepingWindow

    /// `bloq play --record` on an X11 desktop at 2x wrote the window's pixels (800x600), and
    /// the replay, at scale 1, laid the level out as 800x600 points: not as played.
    @Test("a recording made on an X11 desktop at 2x says the window in the desktop's points, as its replay lays out")
    func recordedInPoints() throws {
        let app = testApp([testPack(1)], singleLevel: true)
        let window = SleepingWindow(seconds: 0.5) { _ in }
        window.geometry = WindowGeometry(points: Size(width: 800, height: 600), dpi: 96, contentScale: 2)
        window.inputs = [.key(KeyChord("Right"))]
        let loop = GameLoop(app: app, platform: window)
        loop.startRecording()
        loop.run()
        let script = try #require(loop.recordedScript())
        #expect(script.window?.width == 400 && script.window?.height == 300)
        #expect(script.events.count == 2, "the key and the end: \(script.events)")
    }

    /// Level 1 of `app`'s first pack (of two levels) opened while recording, its first input
    /// (Right) recorded.
    func recordingLevelOne(_ app: AppController = testApp([testPack(2)])) -> (app: AppController, window: SleepingWindow, loop: GameLoop) {
        let window = SleepingWindow(seconds: 10) { _ in }
        let loop = GameLoop(app: app, platform: window)
        loop.startRecording()
        #expect(app.openLevel(pack: 0, level: 0))
        window.inputs = [.key(KeyChord("Right"))]
        loop.frame()
        return (app, window, loop)
    }

    /// Hands `key` to the loop and expects the recording to have ended before it: only the
    /// first input, then the end.
    func expectEnded(before key: String, _ recording: (app: AppController, window: SleepingWindow, loop: GameLoop)) throws {
        recording.window.inputs = [.key(KeyChord(key))]
        recording.loop.frame()
        let script = try #require(recording.loop.recordedScript())
        #expect(script.events.map(\.action) == [.key("Right"), .end], "\(script.text)")
    }

    /// Seen by helper-45: a recording went on to the Cleared card's Next level, which in the
    /// level replay is Play again, so the replay ended on the level's start, not cleared.
    @Test("a recording ends at the level's clear")
    func endsAtClear() throws {
        let recording = recordingLevelOne()
        #expect(recording.app.game?.scene.perform(Move(row: 0, column: 0, direction: .right)) == true)
        for _ in 0..<120 { recording.loop.frame() }
        #expect(recording.app.game?.scene.session.isCleared == true)
        try expectEnded(before: "Return", recording)
    }

    /// helper-48: the recorder told levels apart by pack and index, which the daily board, a
    /// trial and a shared level lack, and a level left and opened again on its saved line is
    /// no longer the board the replay plays.
    @Test("a recording ends when its level is left")
    func endsWhenLeft() throws {
        let recording = recordingLevelOne()
        recording.app.showLevels(pack: 0)
        #expect(recording.app.openLevel(pack: 0, level: 0))
        try expectEnded(before: "Left", recording)
    }

    /// Seen live: a recording made on a level that opened on the player's saved line
    /// replayed from the level's start, another board; a window resized on the title screen
    /// was recorded at its old size; and `bloq play` named the first level of the first pack
    /// as the one to replay, whichever was played.
    @Test("a recording follows the level played, from the line and the window it opened with")
    func recordsResumedLevel() throws {
        let board = try #require(Board(["R...B", ".....", "B...R"]))
        let long = PlayableLevel(name: "B/long.bloq", level: Level(title: "Long", board: board))
        let saved = [Move(row: 0, column: 0, direction: .right)]
        var progress = PlayerProgress()
        progress.setUnfinished(level: board.identity, UnfinishedLine(log: saved, playTime: 3, usedHint: true), at: 1)
        let app = testApp([testPack(1), PackEntry(title: "B", items: [.playable(long)])], progress: progress)
        let window = SleepingWindow(seconds: 10) { _ in }
        let loop = GameLoop(app: app, platform: window)
        loop.startRecording()
        window.geometry = WindowGeometry(points: Size(width: 1000, height: 700))
        loop.frame()
        #expect(app.openLevel(pack: 1, level: 0))
        window.inputs = [.key(KeyChord("Right"))]
        loop.frame()
        #expect(loop.recordedLevel?.level.name == "B/long.bloq" && loop.recordedLevel?.inPack == true)
        let script = try #require(loop.recordedScript())
        #expect(script.window?.width == 1000 && script.window?.height == 700)
        #expect(script.resume.moves == saved && script.resume.usedHint)
        // The text says it, and its replay opens the level where the player did.
        let parsed = try InputScript.parse(Array(script.text.utf8), name: "r.script").get()
        #expect(parsed.resume.moves == saved && parsed.resume.usedHint)
        let replay = testApp(
            [PackEntry(title: "B", items: [.playable(long)])], progress: try parsed.resume.progress(on: long.level).get(), singleLevel: true
        )
        _ = try ScriptPlatform.run(parsed, on: replay, size: (1000, 700))
        #expect(replay.game?.scene.session.log == saved && app.game?.scene.session.log == saved)
        #expect(replay.game?.usedHint == true)
    }

    /// A level left while the solver played it, or after it was shown, keeps that on its
    /// line: its recording says so, and the replay's clear earns what play's did.
    @Test("a recording on a line played after Show solution says so, and its replay opens the line as it was")
    func recordsSolutionShown() throws {
        let board = try #require(Board(["R...B", ".....", "B...R"]))
        let long = PlayableLevel(name: "B/long.bloq", level: Level(title: "Long", board: board))
        let saved = [Move(row: 0, column: 0, direction: .right)]
        let lines = [
            UnfinishedLine(log: saved, playTime: 3, usedHint: false, showedSolution: true),
            UnfinishedLine(log: saved, playTime: 3, usedHint: true, sawSolution: true),
        ]
        for line in lines {
            var progress = PlayerProgress()
            progress.setUnfinished(level: board.identity, line, at: 1)
            let loop = recordingLevelOne(testApp([PackEntry(title: "B", items: [.playable(long)])], progress: progress)).loop
            let text = try #require(loop.recordedScript()).text
            let parsed = try InputScript.parse(Array(text.utf8), name: "r.script").get()
            let replay = testApp(
                [PackEntry(title: "B", items: [.playable(long)])], progress: try parsed.resume.progress(on: long.level).get(),
                singleLevel: true)
            _ = try ScriptPlatform.run(parsed, on: replay, size: (800, 600))
            let game = try #require(replay.game)
            #expect(
                game.showedSolution == line.showedSolution && game.sawSolution == line.sawSolution && game.usedHint == line.usedHint,
                "\(text)")
        }
    }
}

/// A player's progress built by hand, as play would record it: clears and lines stamped by
/// a clock the test sets (each stamp later than the one before, as the shell's are).
struct ProgressFixture {
    var progress = PlayerProgress()
    var clock: Double
    private var lastStamp = 0.0

    init(clock: Double = 0) { self.clock = clock }

    private mutating func stamp() -> Double {
        lastStamp = max(clock, lastStamp + 0.001)
        return lastStamp
    }

    mutating func cleared(_ level: PlayableLevel, moves: Int, stars: Int, time: Double) {
        let moment = stamp()
        progress.recordClear(level: level.level.board.identity, stars: stars, moves: moves, time: time, at: moment)
    }

    mutating func leaving(_ level: PlayableLevel, line: UnfinishedLine?) {
        let moment = stamp()
        var stamped = line
        stamped?.savedAt = moment
        progress.setUnfinished(level: level.level.board.identity, stamped, at: moment)
    }
}
