import BloqEngine
import BloqGame
import BloqPlay
import BloqSDL
import BloqTestSupport
import Testing

/// SDL's state is global: these tests run one at a time, each with its own window on the
/// offscreen driver and software renderer.
extension SDLSuite {
    @Suite("The real SDL loop, headless")
    struct HeadlessLoopTests {
        static let size = (width: 800, height: 600)

        func makeApp(_ lines: [String]) throws -> HeadlessGame {
            let level = Level(title: "Test", board: try #require(Board(lines)))
            return try HeadlessGame(level: PlayableLevel(name: "test.bloq", level: level))
        }

        /// The colour at the centre of a cell, from the frame read back with SDL_RenderReadPixels.
        func pixel(_ app: HeadlessGame, row: Double, column: Double) throws -> UInt32 {
            let frame = try app.pixels()
            let point = app.game!.layout.pixel(for: CellPoint(row: row, column: column))
            return frame.pixels[Int(point.y) * frame.width + Int(point.x)] & 0x00FF_FFFF
        }

        func windowPoint(_ app: HeadlessGame, _ row: Double, _ column: Double) -> (x: Int, y: Int) {
            let point = app.game!.layout.pixel(for: CellPoint(row: row, column: column))
            return (Int(point.x), Int(point.y))
        }

        @Test("a mouse drag pushed with SDL_PushEvent slides a block, vanishes a pair and redraws")
        func mouseDrag() throws {
            let app = try makeApp(["R..R", "....", "..B."])
            app.frame(elapsed: 0)
            let red = try pixel(app, row: 0, column: 0)
            let empty = try pixel(app, row: 1, column: 1)
            #expect(red != empty)
            #expect((red >> 16) & 0xFF > 0xC0, "a red block is drawn at (0, 0): \(String(red, radix: 16))")

            let start = windowPoint(app, 0, 0)
            try app.push(.mouseButton(down: true, x: start.x, y: start.y))
            for step in 1...10 {
                let point = windowPoint(app, 0, Double(step) * 0.25)
                try app.push(.mouseMotion(x: point.x, y: point.y, buttonHeld: true))
                app.frame(elapsed: 1.0 / 60)
            }
            let end = windowPoint(app, 0, 2.5)
            try app.push(.mouseButton(down: false, x: end.x, y: end.y))
            for _ in 0..<60 { app.frame(elapsed: 1.0 / 60) }

            #expect(app.game!.scene.session.log == [Move(row: 0, column: 0, direction: .right)])
            #expect(app.game!.scene.board == Board(["....", "....", "..B."]))
            #expect(try pixel(app, row: 0, column: 0) == empty, "the red block is gone from the frame")
            #expect(try pixel(app, row: 0, column: 3) == empty)
            #expect(app.window.framesDrawn > 60)
        }

        @Test("mouse events synthesised from touch are ignored; fingers drive blocks")
        func touch() throws {
            let app = try makeApp(["B...", "....", "...."])
            app.frame(elapsed: 0)
            let start = windowPoint(app, 0, 0)
            try app.push(.touchMouseButton(down: true, x: start.x, y: start.y))
            let far = windowPoint(app, 0, 2)
            try app.push(.mouseMotion(x: far.x, y: far.y, buttonHeld: true))
            try app.push(.touchMouseButton(down: false, x: far.x, y: far.y))
            for _ in 0..<30 { app.frame(elapsed: 1.0 / 60) }
            #expect(app.game!.scene.session.moves == 0)

            func normalised(_ row: Double, _ column: Double) -> (Double, Double) {
                let point = windowPoint(app, row, column)
                return (Double(point.x) / Double(Self.size.width), Double(point.y) / Double(Self.size.height))
            }
            var point = normalised(0, 0)
            try app.push(.finger(id: 3, phase: .down, x: point.0, y: point.1))
            for step in 1...8 {
                point = normalised(Double(step) * 0.3, 0)
                try app.push(.finger(id: 3, phase: .move, x: point.0, y: point.1))
                app.frame(elapsed: 1.0 / 60)
            }
            try app.push(.finger(id: 3, phase: .up, x: point.0, y: point.1))
            for _ in 0..<60 { app.frame(elapsed: 1.0 / 60) }
            #expect(app.game!.scene.board == Board(["....", "....", "B..."]))
        }

        @Test("the mouse resting on a button with none held lights that button; leaving it, the window or a finger's tap puts it out")
        func hover() throws {
            let app = try makeApp(["R..R", "....", "...."])
            app.frame(elapsed: 0)
            let hint = try #require(app.app.top.controls.first { $0.id == .hint && $0.isEnabled })
            // Inside the button, left of its label.
            let spot = (x: Int(hint.rect.x + hint.rect.height * 0.4), y: Int(hint.rect.y + hint.rect.height * 0.5))
            func colour() throws -> UInt32 {
                let frame = try app.pixels()
                return frame.pixels[spot.y * frame.width + spot.x] & 0x00FF_FFFF
            }
            func rest(_ x: Int, _ y: Int) throws {
                try app.push(.mouseMotion(x: x, y: y, buttonHeld: false))
                app.frame(elapsed: 1.0 / 60)
            }
            let plain = try colour()
            try rest(spot.x, spot.y)
            #expect(app.app.hoveredControl == .hint)
            let lit = try colour()
            #expect(lit != plain, "the hovered button's fill: \(String(lit, radix: 16)), unlit \(String(plain, radix: 16))")
            // Over the board: no control.
            let cell = windowPoint(app, 1, 1)
            try rest(cell.x, cell.y)
            #expect(app.app.hoveredControl == nil)
            #expect(try colour() == plain)
            try rest(spot.x, spot.y)
            #expect(try colour() == lit)
            try app.push(.focusLost)
            app.frame(elapsed: 1.0 / 60)
            #expect(app.app.hoveredControl == nil)
            #expect(try colour() == plain)
            // Pressed on the button, dragged off it and let go over the board: lit no more.
            try rest(spot.x, spot.y)
            try app.push(.mouseButton(down: true, x: spot.x, y: spot.y))
            try app.push(.mouseMotion(x: cell.x, y: cell.y, buttonHeld: true))
            try app.push(.mouseButton(down: false, x: cell.x, y: cell.y))
            app.frame(elapsed: 1.0 / 60)
            #expect(app.app.hoveredControl == nil)
            #expect(try colour() == plain)
            // A finger taps an empty cell: touch plays now, and the mouse's place is forgotten.
            try rest(spot.x, spot.y)
            let point = (x: Double(cell.x) / Double(Self.size.width), y: Double(cell.y) / Double(Self.size.height))
            try app.push(.finger(id: 1, phase: .down, x: point.x, y: point.y))
            try app.push(.finger(id: 1, phase: .up, x: point.x, y: point.y))
            app.frame(elapsed: 1.0 / 60)
            #expect(app.app.hoveredControl == nil)
            #expect(app.game!.scene.session.moves == 0)
        }

        /// Seen live under Xvfb: Escape held 1.5 s in a level went back to the list, then
        /// the title, then quit the game (X11 repeats a held key every 40 ms after 660 ms).
        @Test("a key held down repeats only what repeats: the cursor moves on, Escape goes back once")
        func heldKeys() throws {
            let app = try HeadlessGame(app: { viewport in
                AppController(environment: AppEnvironment(packs: [testPack(3)]), viewport: viewport)
            })
            func key(_ name: String, repeated: Bool = false) throws {
                try app.push(.key(name: name, shift: false, control: false, alt: false, repeated: repeated))
                app.frame(elapsed: 0.04)
            }
            app.frame(elapsed: 0)
            try key("Return")
            #expect(app.app.top.kind == .play, "the title's Play opens the first level")
            // The first Right shows the cursor where it is; the repeat moves it.
            try key("Right")
            try key("Right", repeated: true)
            #expect(app.game?.cursor == CellPosition(row: 0, column: 1))
            try key("Escape")
            #expect(app.app.top.kind == .levels)
            for _ in 0..<20 { try key("Escape", repeated: true) }
            #expect(app.app.top.kind == .levels, "Escape held goes back once")
            #expect(!app.loop.isDone, "and never quits")
        }

        @Test("a gamepad button held presses again from 0.4 s, ten a second, only where its command repeats")
        func heldPadButton() throws {
            let tall = try #require(Board(["R.R"] + Array(repeating: "...", count: 8)))
            var pack = testPack(12)
            pack.items.insert(.playable(PlayableLevel(name: "Test/tall.bloq", level: Level(title: "Tall", par: 1, board: tall))), at: 0)
            let app = try HeadlessGame(app: { viewport in AppController(environment: AppEnvironment(packs: [pack]), viewport: viewport) })
            /// Holds SDL's button `name` down for `seconds` of 60 Hz frames, then lets go.
            func hold(_ name: String, for seconds: Double) throws {
                try app.push(.gamepadButton(name, down: true))
                for _ in 0..<Int((seconds * 60).rounded()) { app.frame(elapsed: 1.0 / 60) }
                try app.push(.gamepadButton(name, down: false))
                for _ in 0..<30 { app.frame(elapsed: 1.0 / 60) }
            }
            app.frame(elapsed: 0)
            app.loop.startRecording()
            try hold("a", for: 1)
            #expect(app.app.top.kind == .play, "A on the title plays the first level")
            // The first press shows the cursor where it is; held 0.85 s, it moves at 0.4,
            // 0.5, 0.6, 0.7 and 0.8 s, and no more once let go.
            try hold("dpdown", for: 0.85)
            #expect(app.game?.cursor == CellPosition(row: 5, column: 0))
            try hold("dpdown", for: 0.2)
            #expect(app.game?.cursor == CellPosition(row: 6, column: 0), "a short press: one step")
            // The recording has each repeat as a press of its own, in time order, and reads back.
            let script = try #require(app.loop.recordedScript())
            let pads = script.events.filter { if case .pad = $0.action { true } else { false } }
            #expect(pads.count == 7, "the cursor's presses: 1 and 5 repeats, then 1 (the title's A is before the level)")
            #expect(zip(script.events, script.events.dropFirst()).allSatisfy { $0.time <= $1.time })
            if case .failure(let error) = InputScript.parse(Array(script.text.utf8), name: "held.txt") { Issue.record("\(error)") }
            try hold("b", for: 1.5)
            #expect(app.app.top.kind == .levels, "B held goes back once")
            #expect(!app.loop.isDone)
            // Losing the focus with a button down (its release goes elsewhere) ends the hold.
            try app.push(.gamepadButton("dpright", down: true))
            app.frame(elapsed: 1.0 / 60)
            let focus = app.app.top.focus
            try app.push(.focusLost)
            for _ in 0..<60 { app.frame(elapsed: 1.0 / 60) }
            #expect(app.app.top.focus == focus)
        }

        /// Double taps, as double-clicks: Continue double-tapped opened the level and the
        /// second tap took a hint (Hint lies under Continue). SDL counts no taps; the platform does.
        @Test("a double tap opens a level and no more; a tap 0.3 s after the release is pressed")
        func doubleTap() throws {
            let app = try HeadlessGame(app: { viewport in
                AppController(environment: AppEnvironment(packs: [testPack(3)]), viewport: viewport)
            })
            app.frame(elapsed: 0)
            var finger: Int64 = 0
            /// A tap of 120 ms by a new finger at the centre of `control` (or at `spot`).
            func tap(_ control: ControlID? = nil, at spot: Point? = nil) throws {
                let point = try #require(spot ?? app.app.top.controls.first { $0.id == control }?.rect.center)
                finger += 1
                try app.push(.finger(id: finger, phase: .down, x: point.x / 800, y: point.y / 600))
                for _ in 0..<7 { app.frame(elapsed: 1.0 / 60) }
                try app.push(.finger(id: finger, phase: .up, x: point.x / 800, y: point.y / 600))
                app.frame(elapsed: 1.0 / 60)
            }
            try tap(.levels)
            for _ in 0..<60 { app.frame(elapsed: 1.0 / 60) }
            let spot = try #require(app.app.top.controls.first { $0.id == .continueLevel }?.rect.center)
            try tap(at: spot)
            for _ in 0..<5 { app.frame(elapsed: 1.0 / 60) }
            try tap(at: spot)
            #expect(app.app.top.kind == .play)
            #expect(app.game?.usedHint == false, "the double tap's second took a hint")
            for _ in 0..<18 { app.frame(elapsed: 1.0 / 60) }
            try tap(at: spot)
            #expect(app.game?.usedHint == true, "a tap meant, 0.3 s after the release")
        }

        /// A frame the clock cut short (a stall) moves its origin on: a repeat placed by the
        /// old one came early, so a press during a stall moved the cursor twice.
        @Test("a gamepad press in a stalled frame presses once")
        func padPressInStall() throws {
            let app = try makeApp(["R...", "....", "....", "...."])
            app.frame(elapsed: 0)
            try app.push(.gamepadButton("dpdown", down: true))
            app.frame(elapsed: 1.0 / 60)
            #expect(app.game?.cursor == CellPosition(row: 0, column: 0), "the first press shows the cursor")
            app.frame(elapsed: 1)
            #expect(app.game?.cursor == CellPosition(row: 0, column: 0), "no repeat before 0.4 s of the game's time")
            // The stall counted 0.25 s (the clock cuts it); 0.2 s more: the first repeat, at 0.4 s.
            for _ in 0..<12 { app.frame(elapsed: 1.0 / 60) }
            #expect(app.game?.cursor == CellPosition(row: 1, column: 0))
            try app.push(.gamepadButton("dpdown", down: false))
            app.frame(elapsed: 1.0 / 60)
        }

        @Test("losing focus mid-drag releases the block with no velocity")
        func focusLost() throws {
            let app = try makeApp(["R...", "....", "...."])
            app.frame(elapsed: 0)
            let start = windowPoint(app, 0, 0)
            try app.push(.mouseButton(down: true, x: start.x, y: start.y))
            let near = windowPoint(app, 0, 0.6)
            try app.push(.mouseMotion(x: near.x, y: near.y, buttonHeld: true))
            app.frame(elapsed: 1.0 / 60)
            try app.push(.focusLost)
            for _ in 0..<60 { app.frame(elapsed: 1.0 / 60) }
            // 0.6 of a 3-cell slide is 0.2: the block returns.
            #expect(app.game!.scene.session.moves == 0)
            #expect(app.game!.scene.blockSprites.first?.position == CellPoint(row: 0, column: 0))
        }
    }
}
