import BloqEngine
import BloqGame
import BloqTestSupport
import Testing

@testable import BloqPlay

/// The game played as a person plays it. A click lasts 80-150 ms and a tap
/// 100-200 ms; a person reacts in about 200 ms; a finger wanders a little and a drag is
/// sampled at 60 Hz. Every random choice comes from one seed, printed when a test fails.
@Suite("Played by human hands")
struct HumanHandsTests {
    static let sizes = [Size(width: 800, height: 600), Size(width: 360, height: 640)]

    /// An app of `size` on a pack of one-move levels.
    static func app(_ size: Size, packs: [PackEntry] = [testPack(30)]) -> AppController {
        let app = AppController(environment: AppEnvironment(packs: packs), viewport: size)
        app.display(minimumButtonSize: Metrics.minimumButtonSize(), scale: 1)
        return app
    }

    @Test(
        "a click or a tap of 40 to 350 ms on a level tile opens the level: mouse and finger, 800x600 and 360x640",
        arguments: [40.0, 80, 110, 150, 170, 200, 250, 280, 300, 330, 350])
    func tileTaps(_ milliseconds: Double) {
        for size in Self.sizes {
            for pointer in [PointerID.mouse, .finger(3)] {
                let app = Self.app(size)
                let hand = Hand(app, pointer, seed: UInt64(milliseconds))
                hand.press(.levels, milliseconds: 120)
                hand.wait(0.3)
                #expect(app.top.kind == .levels)
                // A finger wanders a few pixels; a mouse stays put.
                hand.press(.tile(0), milliseconds: milliseconds, wander: pointer == .mouse ? 0 : 3)
                hand.wait(0.2)
                #expect(
                    app.top.kind == .play && app.playScreen?.levelIndex == 0,
                    "a \(milliseconds) ms \(pointer) press at \(size.width)x\(size.height) left the player on the \(app.top.kind) screen")
            }
        }
    }

    @Test("held past a tap (400 ms and more) a tile grows its preview and, let go, opens nothing")
    func holdIsNoTap() throws {
        for milliseconds in [400.0, 600, 800] {
            let app = Self.app(Self.sizes[0])
            let hand = Hand(app)
            hand.press(.levels, milliseconds: 100)
            let list = try #require(app.root.levelList)
            let tile = try #require(app.top.controls.first { $0.id == .tile(0) })
            hand.send(.down, tile.rect.center)
            hand.wait(milliseconds / 1000)
            #expect((list.preview?.fraction ?? 0) > 0.01, "\(milliseconds) ms: the preview grows")
            hand.send(.up, tile.rect.center)
            hand.wait(1)
            #expect(app.top.kind == .levels && list.preview == nil, "\(milliseconds) ms: nothing opens")
        }
    }

    @Test("buttons act on release, however long the press: Levels, Undo, Restart held 400 ms")
    func longPressesOnButtons() {
        let app = Self.app(Self.sizes[0])
        let hand = Hand(app, .finger(1))
        hand.press(.levels, milliseconds: 400)
        hand.wait(0.2)
        #expect(app.top.kind == .levels)
        hand.press(.tile(0), milliseconds: 180)
        hand.wait(0.5)
        #expect(app.top.kind == .play)
        app.perform(.play(.pushAtCursor(.down)))  // R.R: the left red down, a move that clears nothing
        hand.wait(1)
        #expect(app.game?.scene.session.moves == 1)
        hand.press(.undo, milliseconds: 400)
        hand.wait(0.6)
        #expect(app.game?.scene.session.moves == 0)
        hand.press(.redo, milliseconds: 400)
        hand.wait(0.6)
        hand.press(.restart, milliseconds: 400)
        hand.wait(0.6)
        #expect(app.game?.scene.session.moves == 0 && app.game?.scene.session.canUndo == true)
    }

    @Test("Show solution and the help are reachable by taps (Solution, then Show it; ?) and by the gamepad (LB+X; Start)")
    func everyFunctionByEveryHand() throws {
        let pair = Board(["R...R.", "......"]) ?? Board(["R.R"])!
        let packs = [
            PackEntry(title: "Pair", items: [.playable(PlayableLevel(name: "pair.bloq", level: Level(title: "Pair", par: 1, board: pair)))])
        ]
        // By taps.
        let app = Self.app(Self.sizes[1], packs: packs)
        let hand = Hand(app, .finger(2))
        app.openLevel(pack: 0, level: 0)
        hand.wait(0.5)
        hand.press(.solution, milliseconds: 150)
        hand.wait(0.5)
        // The first tap asks; nothing moves yet.
        #expect(app.game?.scene.session.moves == 0 && app.playScreen?.confirmingSolution != nil)
        #expect(app.top.controls.first { $0.id == .solution }?.label == "Show it")
        hand.press(.solution, milliseconds: 150)
        hand.wait(2)
        #expect(app.game?.scene.session.isCleared == true && app.game?.showedSolution == true)
        hand.press(.back, milliseconds: 150)
        hand.wait(0.5)
        #expect(app.top.kind == .levels)
        hand.press(.back, milliseconds: 150)
        hand.wait(0.5)
        hand.press(.showHelp, milliseconds: 150)
        hand.wait(0.2)
        #expect(app.top.kind == .help)
        #expect(app.top.texts.contains { $0.text == "Gestures" })
        hand.press(Point(x: 180, y: 320), milliseconds: 150)
        hand.wait(0.2)
        #expect(app.top.kind == .title)

        // By the gamepad.
        let pad = Self.app(Self.sizes[0], packs: packs)
        pad.openLevel(pack: 0, level: 0)
        run(pad, 0.5)
        pad.handle(.gamepad(GamepadPress(.x, shoulderHeld: true)))
        run(pad, 2)
        #expect(pad.game?.scene.session.isCleared == true && pad.game?.showedSolution == true)
        pad.handle(.gamepad(GamepadPress(.start)))
        run(pad, 0.2)
        #expect(pad.top.kind == .help && pad.top.texts.contains { $0.text == "Gamepad" })
        let helpTexts = pad.top.texts.map(\.text)
        #expect(helpTexts.contains("LB+X") && helpTexts.contains { $0.contains("solution") }, "the help lists LB+X: \(helpTexts)")
    }

    /// Words that name a key or a mouse: none may show to a touch player.
    static let keyWords = [
        "F1", "F11", "Esc", "Shift", "Ctrl", "Tab", "Enter", "Return", "Space", "click", "mouse", "key", "arrow", "(Z)", "(R)",
    ]

    @Test("after a touch no text names a key or a mouse: title, list, preview, play, cleared, stuck, help, settings, about, editor")
    func touchWords() throws {
        let gap = Board(["R.R", "...", ".R."]) ?? Board(["R.R"])!
        let packs = [
            testPack(30),
            PackEntry(title: "Gap", items: [.playable(PlayableLevel(name: "gap.bloq", level: Level(title: "Gap", par: 1, board: gap)))]),
        ]
        for size in Self.sizes {
            let app = Self.app(size, packs: packs)
            let hand = Hand(app, .finger(1))
            var seen: [String: [String]] = [:]
            func look(_ name: String) {
                seen[name] = app.shownTexts.map(\.text) + app.notices
            }
            hand.press(Point(x: 2, y: size.height - 2), milliseconds: 120)  // a touch on nothing
            look("title")
            hand.press(.levels, milliseconds: 150)
            look("levels")
            let tile = try #require(app.top.controls.first { $0.id == .tile(0) })
            hand.send(.down, tile.rect.center)
            hand.wait(1.2)
            hand.send(.up, tile.rect.center)
            look("preview")
            hand.press(.previewPlay, milliseconds: 150)
            hand.wait(0.3)
            look("play")
            hand.press(.showHelp, milliseconds: 150)
            look("help")
            hand.press(Point(x: 10, y: 10), milliseconds: 150)
            app.perform(.play(.pushAtCursor(.right)))
            hand.wait(1.5)
            look("cleared")
            app.openLevel(pack: 1, level: 0)
            hand.wait(0.3)
            app.perform(.play(.pushAtCursor(.down)))
            hand.wait(1)
            #expect(app.game?.isStuck == true)
            look("stuck")
            app.showSettings()
            hand.wait(0.2)
            look("settings")
            app.showAbout()
            hand.wait(0.2)
            look("about")
            app.showEditor()
            hand.wait(0.2)
            look("editor")
            #expect(app.inputMode == .touch)
            for (screen, texts) in seen {
                for text in texts {
                    let named = Self.keyWords.filter { text.lowercased().contains($0.lowercased()) }
                    #expect(named.isEmpty, "\(size.width)x\(size.height) \(screen): \"\(text)\" names \(named)")
                }
            }
        }
    }

    @Test("a keyboard player reads the keys: the play screen's footer and the title's line, and a key brings them back after a touch")
    func keyboardWords() {
        let app = Self.app(Self.sizes[0])
        #expect(app.shownTexts.contains { $0.text == "F1 or ? shows the keys" })
        Hand(app, .finger(1)).press(Point(x: 2, y: 598), milliseconds: 100)
        #expect(!app.shownTexts.contains { $0.text == "F1 or ? shows the keys" })
        key(app, "Down")
        #expect(app.shownTexts.contains { $0.text == "F1 or ? shows the keys" })
    }

    /// A board where the red block has three cells to slide: "R...R." (it stops beside the
    /// other red, both vanish), at 800x600.
    static func pairApp() -> AppController {
        let pair = Board(["R...R.", "......", "B....B"]) ?? Board(["R.R"])!
        let app = Self.app(
            Self.sizes[0],
            packs: [
                PackEntry(
                    title: "Pair", items: [.playable(PlayableLevel(name: "pair.bloq", level: Level(title: "Pair", par: 1, board: pair)))])
            ])
        app.openLevel(pack: 0, level: 0)
        return app
    }

    @Test("a 3-cell slide released at 2 cells/s is still in flight 200 ms after the release, and a press where it is drawn catches it")
    func catchAfterRelease() throws {
        let app = Self.pairApp()
        let hand = Hand(app)
        hand.wait(0.3)
        let game = try #require(app.game)
        let cell = game.layout.cellSize
        let start = game.layout.pixel(for: CellPoint(row: 0, column: 0))
        // 0.6 cell at 2 cells/s, a sample every 1/60 s, then let go on the move.
        hand.drag(from: start, to: Point(x: start.x + cell * 0.6, y: start.y), pixelsPerSecond: cell * 2)
        hand.wait(0.2)
        let sprite = try #require(game.scene.blockSprites.first { $0.color == .red && $0.position.row == 0 && $0.position.column < 3.5 })
        #expect(game.scene.movingBlockIDs.contains(sprite.id), "200 ms after the release the block still moves")
        #expect(
            sprite.position.column > 0.6 && sprite.position.column < 2.6,
            "well on its way, 0.4 cell or more from its end: column \(sprite.position.column)")
        print("3-cell slide released at 2 cells/s: 200 ms later at column \(sprite.position.column) of 3")
        // A person's press where it is drawn now catches it: it stays there while held.
        let drawn = sprite.drawnRect(in: game.layout).center
        hand.send(.down, drawn)
        let caught = try #require(game.scene.blockSprites.first { $0.id == sprite.id }).position
        hand.wait(0.5)
        #expect(game.scene.blockSprites.first { $0.id == sprite.id }?.position == caught, "held, it does not move on")
        #expect(game.scene.session.moves == 0, "nothing committed while held")
        // Dragged back home and let go: it returns.
        hand.drag(from: drawn, to: start, pixelsPerSecond: cell * 4, release: false)
        hand.wait(0.3)
        hand.send(.up, start)
        hand.wait(1)
        #expect(game.scene.session.moves == 0 && game.scene.board == game.scene.session.start)
    }

    @Test(
        "a 2-or-more-cell slide by key, solution, redo or undo is in flight 200 ms after it starts; a key-pushed one is caught after a reaction of 150-250 ms",
        arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func reactionCatch(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let reaction = Double.random(in: 0.15...0.25, using: &random)
        let app = Self.pairApp()
        let hand = Hand(app, seed: seed)
        hand.wait(0.3)
        let game = try #require(app.game)
        app.perform(.play(.pushAtCursor(.right)))
        hand.wait(reaction)
        let sprite = try #require(game.scene.blockSprites.first { game.scene.movingBlockIDs.contains($0.id) }, "seed \(seed)")
        let drawn = sprite.drawnRect(in: game.layout).center
        let offset = hand.jitter(game.layout.cellSize * 0.15)
        hand.send(.down, Point(x: drawn.x + offset.x, y: drawn.y + offset.y))
        hand.wait(0.5)
        #expect(game.scene.session.moves == 0, "seed \(seed): caught after \(Int(reaction * 1000)) ms, nothing committed")
        #expect(game.scene.movingBlockIDs.contains(sprite.id), "seed \(seed): held mid-slide")
        hand.send(.up, Point(x: drawn.x + offset.x, y: drawn.y + offset.y))
        hand.wait(1)

        // Redo and undo of a three-cell slide: in flight 200 ms after they start.
        let redone = Self.pairApp()
        let game2 = try #require(redone.game)
        run(redone, 0.3)
        redone.perform(.play(.pushAtCursor(.down)))  // the red down one cell: no clear
        run(redone, 1)
        redone.perform(.play(.undo))
        run(redone, 0.2)
        #expect(!game2.scene.movingBlockIDs.isEmpty, "an undo of a one-cell slide still moves at 200 ms")
        run(redone, 1)
        redone.perform(.play(.redo))
        run(redone, 0.2)
        #expect(!game2.scene.movingBlockIDs.isEmpty, "a redo still moves at 200 ms")
    }

    /// helper-49, on a phone: an eleven-cell slide on a twelve-column board is 22 px a cell
    /// at 360x640 and cells further on by the time a finger comes down where it was seen.
    /// A press where the block was drawn 100-150 ms before, after a reaction of 150-250 ms,
    /// catches it, at 800x600 and 360x640.
    @Test("a long slide is caught where a person saw it, a moment behind where it is", arguments: [UInt64(1), 2, 3, 4])
    func catchWhereSeen(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let board = try #require(Board(["R..........B", "............", "B..........R"]))
        for size in [Self.sizes[0], Size(width: 360, height: 640)] {
            let app = Self.app(
                size,
                packs: [
                    PackEntry(title: "Long", items: [.playable(PlayableLevel(name: "long", level: Level(title: "Long", board: board)))])
                ])
            app.openLevel(pack: 0, level: 0)
            let hand = Hand(app, .finger(1), seed: seed)
            hand.wait(0.3)
            let game = try #require(app.game)
            app.perform(.play(.pushAtCursor(.right)))
            let reaction = Double.random(in: 0.15...0.25, using: &random)
            let lag = Double.random(in: 0.10...0.15, using: &random)
            hand.wait(reaction - lag)
            let seen = try #require(game.scene.blockSprites.first { game.scene.movingBlockIDs.contains($0.id) })
            hand.wait(lag)
            let offset = hand.jitter(game.layout.cellSize * 0.15)
            let drawn = seen.drawnRect(in: game.layout).center
            hand.down(Point(x: drawn.x + offset.x, y: drawn.y + offset.y))
            hand.wait(0.5)
            let note = "seed \(seed), \(size.width)x\(size.height), reaction \(Int(reaction * 1000)) ms, seen \(Int(lag * 1000)) ms before"
            #expect(game.scene.session.moves == 0 && game.scene.movingBlockIDs.contains(seen.id), "\(note): not caught")
            hand.up(Point(x: drawn.x + offset.x, y: drawn.y + offset.y))
        }
    }

    /// GAME.md: a slide by undo is one a player who sees it go wrong can catch. Undo
    /// tapped (120 ms), a reaction of 150-250 ms, a press where the block is drawn: the undo
    /// waits in the hand; thrown back, it is not made; thrown on, it is. A redo the same.
    @Test("an undo's or a redo's slide is caught after a reaction of 150-250 ms, and the hand decides it", arguments: [UInt64(1), 2, 3, 4])
    func catchUndo(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let app = Self.pairApp()
        let hand = Hand(app, seed: seed)
        hand.wait(0.3)
        let game = try #require(app.game)
        let cell = game.layout.cellSize
        app.perform(.play(.pushAtCursor(.right)))  // the reds meet and vanish
        hand.wait(1)
        let pushed = [Move(row: 0, column: 0, direction: .right)]
        #expect(game.scene.session.log == pushed, "seed \(seed)")
        /// Taps `control`, waits a reaction and presses where the moving block is drawn;
        /// returns that point and the block's column.
        func catchSlide(after control: ControlID) throws -> (Point, Double) {
            hand.press(control, milliseconds: 120)
            hand.wait(Double.random(in: 0.15...0.25, using: &random))
            let sprite = try #require(game.scene.blockSprites.first { game.scene.movingBlockIDs.contains($0.id) }, "seed \(seed)")
            let offset = hand.jitter(cell * 0.15)
            let drawn = sprite.drawnRect(in: game.layout).center
            let point = Point(x: drawn.x + offset.x, y: drawn.y + offset.y)
            hand.down(point)
            hand.wait(0.5)
            let held = try #require(game.scene.blockSprites.first { $0.id == sprite.id }, "seed \(seed)")
            #expect(held.position == sprite.position, "seed \(seed): held where it was caught")
            #expect(game.scene.movingBlockIDs.contains(sprite.id), "seed \(seed): in the hand")
            return (point, sprite.position.column)
        }
        // The undo caught on its way home (column 3 to 0) and thrown back to the right.
        var (point, column) = try catchSlide(after: .undo)
        #expect(column > 0.3 && column < 2.7, "seed \(seed): caught mid-slide at column \(column)")
        #expect(game.scene.session.log == pushed, "seed \(seed): an undo in the hand is not made")
        hand.drag(from: point, to: Point(x: point.x + cell, y: point.y), pixelsPerSecond: cell * 4)
        hand.wait(1)
        #expect(game.scene.session.log == pushed && !game.scene.session.canRedo, "seed \(seed): thrown back, no undo")
        #expect(game.scene.blockSprites.allSatisfy { $0.color == .blue }, "seed \(seed): the reds gone again")
        // Caught again and thrown on home: the undo is made.
        (point, column) = try catchSlide(after: .undo)
        hand.drag(from: point, to: Point(x: point.x - cell, y: point.y), pixelsPerSecond: cell * 4)
        hand.wait(1)
        #expect(game.scene.session.log.isEmpty && game.scene.session.canRedo, "seed \(seed): thrown on, undone")
        #expect(game.scene.board == game.scene.session.start)
        // A redo caught and thrown back home: not made.
        (point, column) = try catchSlide(after: .redo)
        #expect(game.scene.session.log.isEmpty, "seed \(seed): a redo in the hand is not made")
        hand.drag(from: point, to: Point(x: point.x - cell, y: point.y), pixelsPerSecond: cell * 4)
        hand.wait(1)
        #expect(game.scene.session.log.isEmpty && game.scene.session.canRedo, "seed \(seed): thrown back, no redo")
        #expect(game.scene.board == game.scene.session.start && game.scene.blockSprites.count == 4)
    }

    @Test("the hint's second move stays after its first is made; another move ends it")
    func hintKeepsSecondMove() throws {
        // Two pairs each a two-cell slide from meeting: the best line is two moves.
        let board = Board(["R..R", "....", "B..B"]) ?? Board(["R.R"])!
        let game = GameController(
            level: PlayableLevel(name: "two.bloq", level: Level(title: "Two", par: 2, board: board)),
            viewport: Size(width: 800, height: 600))
        game.perform(.hint)
        for _ in 0..<60 { game.step(1.0 / 120) }
        let hint = game.hint
        #expect(hint.count == 2)
        let first = try #require(hint.first)
        #expect(game.scene.perform(first))
        for _ in 0..<120 { game.step(1.0 / 120) }
        #expect(game.hint == Array(hint.dropFirst()), "the second move stays: \(game.hint)")
        // A move other than the hint's ends it.
        let other = try #require(game.scene.board.legalMoves.first { $0 != game.hint.first })
        #expect(game.scene.perform(other))
        for _ in 0..<120 { game.step(1.0 / 120) }
        #expect(game.hint.isEmpty)
    }

    @Test("tap LABEL lasts 100 ms unless 'for MS' says otherwise; a later line may come before its release")
    func tapLength() throws {
        let text = "at 0 tap Levels\nat 10 tap \"Next level\" for 150\nat 20 tap Play for 0\nat 30 tap 7 for 350\nat 400 end\n"
        let script = try InputScript.parse(Array(text.utf8), name: "t.script").get()
        let taps = script.events.compactMap { event -> Double? in
            if case .tap(_, let milliseconds) = event.action { return milliseconds }
            return nil
        }
        #expect(taps == [100, 150, 0, 350])
        #expect(script.text.contains("at 0 tap \"Levels\"\n") && script.text.contains("at 10 tap \"Next level\" for 150\n"))
        for bad in [
            "at 0 tap Play for\nat 1 end\n", "at 0 tap Play for -1\nat 1 end\n", "at 0 tap Play for 1e3\nat 1 end\n",
            "at 0 tap Play 150\nat 1 end\n",
        ] {
            guard case .failure(let error) = InputScript.parse(Array(bad.utf8), name: "b.script") else {
                Issue.record("accepted: \(bad)")
                continue
            }
            #expect(error.line == 1 && error.message.contains("tap"), "\(error)")
        }
        // Run: a 100 ms tap on Levels is a press now and a release 100 ms later; the next
        // line, at 50 ms, already sees... the title still (the release is due at 100).
        let app = Self.app(Self.sizes[0])
        let run = try InputScript.parse(Array("at 0 tap Levels\nat 50 end\n".utf8), name: "r.script").get()
        _ = try ScriptPlatform.run(run, on: app, size: (800, 600))
        #expect(app.top.kind == .title, "the button is still held at 50 ms")
        let whole = Self.app(Self.sizes[0])
        _ = try ScriptPlatform.run(
            try InputScript.parse(Array("at 0 tap Levels\nat 120 tap 1 for 250\nat 600 end\n".utf8), name: "r.script").get(), on: whole,
            size: (800, 600))
        #expect(whole.top.kind == .play, "a 250 ms tap on a tile opens it")
    }
}
