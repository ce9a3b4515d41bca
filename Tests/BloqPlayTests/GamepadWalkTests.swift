import BloqEngine
import BloqGame
import BloqLayoutAudit
import Testing

@testable import BloqPlay

/// A Steam Deck: at 1280x800 with nothing but the D-pad, A, B and Start, every
/// screen is reached and used, and each one says what the buttons do there.
@Suite("Gamepad: every screen with the D-pad, A and B (a Steam Deck)")
struct GamepadWalkTests {
    static let deck = Size(width: 1280, height: 800)

    final class Pad {
        let app: AppController
        init(_ app: AppController) { self.app = app }

        func press(_ button: GamepadButton, shoulder: Bool = false, settle: Double = 0.3) {
            app.handle(.gamepad(GamepadPress(button, shoulderHeld: shoulder)))
            for _ in 0..<Int(settle * 120) { app.step(FixedStepClock.step) }
        }

        /// Moves the focus with the D-pad until it is on `id` (at most `limit` presses in
        /// each direction, searching like a player would); true when it got there.
        func focus(_ id: ControlID, limit: Int = 12) -> Bool {
            for direction in [GamepadButton.down, .right, .up, .left, .down] {
                for _ in 0..<limit {
                    if app.top.focus == id { return true }
                    let before = app.top.focus
                    press(direction, settle: 0.02)
                    if app.top.focus == before { break }
                }
            }
            return app.top.focus == id
        }

        /// What the gamepad's band says now.
        var hint: String { app.padHintTexts.map(\.text).joined(separator: " ") }
    }

    static func app() -> AppController {
        // Three levels: the first clears with one push right of the cursor's block.
        let boards = [["R.R.", "....", "....", "...."], ["RR..", "....", "..BB", "...."], ["R..R", "....", "G..G", "...."]]
        let items = boards.enumerated().map { index, rows in
            PackEntry.Item.playable(
                PlayableLevel(
                    name: "easy/\(index).bloq", level: Level(title: "Level \(index)", par: 1, board: Board(rows) ?? Board(["R.R"])!)))
        }
        let app = AppController(
            environment: AppEnvironment(
                packs: [PackEntry(title: "Easy", items: items)], today: { DailyDate("2026-03-14") }),
            viewport: deck)
        app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: 96), scale: 1)
        return app
    }

    @Test("title, levels, play to the Cleared card, editor, settings, about, daily and help, with the buttons' line on each")
    func walk() throws {
        let app = Self.app()
        let pad = Pad(app)
        pad.press(.down)
        #expect(app.usesGamepad && pad.hint.contains("A choose") && pad.hint.contains("B back"), "title: \(pad.hint)")
        #expect(app.metrics.viewport.height < Self.deck.height, "the band is kept out of the screens' area")

        // Levels, then the first level.
        #expect(pad.focus(.levels), "the title's Levels button is reachable")
        pad.press(.a)
        #expect(app.top.kind == .levels)
        #expect(pad.hint.contains("RB next page"), "levels: \(pad.hint)")
        #expect(pad.focus(.tile(0)))
        pad.press(.a, settle: 0.8)
        #expect(app.top.kind == .play)
        #expect(pad.hint.contains("X hint") && pad.hint.contains("Y undo") && pad.hint.contains("B levels"), "play: \(pad.hint)")
        // The cursor starts on the first block; LB + right pushes it into its match.
        pad.press(.right, shoulder: true, settle: 3)
        #expect(app.game?.scene.session.isCleared == true, "cleared with the pad")
        #expect(pad.hint.contains("A choose"), "the Cleared card: \(pad.hint)")
        pad.press(.b, settle: 0.8)
        #expect(app.top.kind == .levels)
        pad.press(.b, settle: 0.8)
        #expect(app.top.kind == .title)

        // The editor: off the grid to the palette, choose blue, back onto the grid, paint.
        #expect(pad.focus(.make))
        pad.press(.a)
        let editor = try #require(app.root.editorScreen)
        #expect(pad.hint.contains("X paint") && pad.hint.contains("A choose"), "editor: \(pad.hint)")
        pad.press(.down)  // shows the cursor at the top-left cell
        #expect(editor.cursor == CellPosition(row: 0, column: 0) && editor.focus == nil)
        pad.press(.left)  // past the grid's edge: the palette
        guard case .tool = editor.focus else {
            Issue.record("the D-pad left the grid for the palette, focus \(String(describing: editor.focus))")
            return
        }
        // The palette is two columns: red and orange, yellow and green, blue and purple…
        for _ in 0..<5 { pad.press(.up, settle: 0.02) }
        pad.press(.left, settle: 0.02)
        #expect(editor.focus == .tool(.block(.red)), "the palette's top left")
        pad.press(.down, settle: 0.02)
        pad.press(.down, settle: 0.02)
        #expect(editor.focus == .tool(.block(.blue)))
        pad.press(.a)
        #expect(editor.tool == .block(.blue))
        for _ in 0..<4 where editor.focus != nil { pad.press(.right) }
        #expect(editor.focus == nil && editor.cursor != nil, "back on the grid")
        let cell = try #require(editor.cursor)
        pad.press(.a)
        #expect(editor.draft[cell] == .block(.blue), "A paints the cursor's cell")
        pad.press(.b)
        #expect(app.top.kind == .title)

        // Settings: a choice moves on with A.
        #expect(pad.focus(.settings))
        pad.press(.a)
        #expect(app.top.kind == .settings)
        let before = app.settings.reducedMotion
        #expect(pad.focus(.appearance(.motion)))
        pad.press(.a)
        #expect(app.settings.reducedMotion != before)
        pad.press(.b)

        // About and Daily, and back.
        #expect(pad.focus(.about))
        pad.press(.a)
        #expect(app.top.kind == .about)
        pad.press(.b)
        #expect(pad.focus(.daily))
        pad.press(.a, settle: 1)
        #expect(app.top.kind == .play || app.top.kind == .daily)
        #expect(pad.hint.contains("B menu") || pad.hint.contains("B back"), "daily: \(pad.hint)")
        pad.press(.b, settle: 0.8)
        #expect(app.top.kind == .title)

        // Start shows the help; any button closes it.
        pad.press(.start)
        #expect(app.top.kind == .help && pad.hint.contains("Any button"), "help: \(pad.hint)")
        pad.press(.x)
        #expect(app.top.kind == .title)

        // A key takes the band away again.
        app.handle(.key(KeyChord(.down)))
        #expect(!app.usesGamepad && app.padHintTexts.isEmpty && app.metrics.viewport == Self.deck)
    }

    /// At 320x480 the band's two lines cut the play screen's line before "Start help"; it
    /// now takes a third. Where it wraps it breaks between items, and no line starts with
    /// "·" (360x640's second line did).
    @Test(
        "with the gamepad's band every screen still lays out, its line whole, at 1280x800, 360x640 and 320x480",
        arguments: [(1280, 800), (360, 640), (320, 480)])
    func layoutWithBand(_ window: (Int, Int)) {
        let size = Size(width: Double(window.0), height: Double(window.1))
        let app = LayoutAudit.app(size)
        app.handle(.gamepad(GamepadPress(.down)))
        #expect(app.usesGamepad)
        // The walk presses the board and a tile with the mouse: the pad is taken up again
        // before each screen is looked at.
        for shot in LayoutAudit.shots(size, app: app, before: { $0.use(.gamepad) }) {
            let found = LayoutAudit.problems(shot, size)
            #expect(found.isEmpty, "\(window.0)x\(window.1) \(shot.name) with the band:\n  \(found.prefix(12).joined(separator: "\n  "))")
            #expect(shot.texts.contains { $0.frame.minY >= app.metrics.viewport.height }, "\(shot.name): the band's line is shown")
            let band = shot.texts.filter { $0.frame.minY >= app.metrics.viewport.height }.map(\.text)
            let whole = band.joined(separator: " ")
            #expect(!whole.contains("…") && band.allSatisfy { !$0.hasPrefix("·") && !$0.hasSuffix("·") }, "\(shot.name): \(band)")
            #expect(!shot.name.hasPrefix("play") || whole.hasSuffix("Start help"), "\(shot.name): \(band)")
        }
    }
}
