import BloqEngine
import BloqGame
import BloqLayoutAudit
import BloqPlay
import BloqTestSupport
import Testing

/// What saving has to say is shown whole, wherever the player is when it comes. It came at
/// the clear, while the Cleared card covered the play screen's message band: the toast ran
/// its six seconds there unseen (the progress not saved, and nothing said). And a band too
/// small for the sentence (the play screen's at 400x300) cut it with an ellipsis. The
/// shell's own band takes the toast then, unless the screen cannot spare the room (the
/// editor in a window under about 400 px tall).
@Suite("A notice from saving is shown whole wherever it comes")
struct ToastPlaceTests {
    static let long = BoardUnderNoticeTests.long

    /// The toast's words as laid out, its lines joined (a path broken across lines is
    /// whole again: the spaces are left out).
    static func shown(_ app: AppController) -> String { app.toastTexts.map(\.text).joined().filter { !$0.isWhitespace } }
    static let whole = long.filter { !$0.isWhitespace }

    /// Plays First Push's one move as a player does by the keyboard.
    static func clear(_ app: AppController) {
        for name in ["Down", "Down", "Shift+Right"] {
            key(app, name)
            run(app, 0.1)
        }
        run(app, 1.5)
    }

    /// The controls the toast's band lies over.
    static func covered(_ app: AppController) -> [String] {
        guard let band = app.toastBand else { return [] }
        return app.top.controls.filter { $0.rect.intersects(band) }.map(\.label)
    }

    @Test(
        "a notice at the clear shows whole: beside the Cleared card where the header can stay put, else once the card is gone",
        arguments: [(Size(width: 360, height: 640), true), (Size(width: 800, height: 600), false), (Size(width: 400, height: 300), false)])
    func atTheClear(viewport: Size, besideCard: Bool) throws {
        let (app, say) = try BoardUnderNoticeTests.app(viewport, notice: Self.long)
        app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: 96), scale: 1)
        Self.clear(app)
        #expect(app.playScreen?.visibleOverlay != nil)
        let header = app.top.texts.first?.frame
        say()
        run(app, 0.5)
        #expect(app.top.texts.first?.frame == header, "the header stays where it was")
        #expect(Self.covered(app).isEmpty, "the toast covers \(Self.covered(app))")
        let card = LayoutAudit.problems(LayoutAudit.shot(app, "cleared"), viewport)
        #expect(card.isEmpty, "\(card.prefix(6).joined(separator: "; "))")
        if besideCard {
            #expect(Self.shown(app) == Self.whole, "on screen: \"\(Self.shown(app))\"")
        } else {
            #expect(app.toastTexts.isEmpty, "no room beside the card")
            run(app, AppController.toastSeconds * 2)
            #expect(app.notices.contains(Self.long), "the notice waits for the card to go")
            Hand(app).tap(.playAgain)
            run(app, 0.5)
            #expect(app.playScreen?.visibleOverlay == nil)
            #expect(Self.shown(app) == Self.whole, "after Play again: \"\(Self.shown(app))\"")
        }
        run(app, AppController.toastSeconds - 1.5)
        #expect(Self.shown(app) == Self.whole, "still shown a second before its time is up")
        run(app, 1.5)
        #expect(app.toastTexts.isEmpty && app.toastBand == nil, "gone after its time")
        #expect(!app.notices.contains(Self.long))
    }

    @Test(
        "a long notice in the play screen is never cut, in any window; in the editor, where it can spare the room",
        arguments: LayoutAudit.windows.map { (Int($0.width), Int($0.height)) })
    func neverCut(_ window: (Int, Int)) throws {
        let size = Size(width: Double(window.0), height: Double(window.1))
        let (app, say) = try BoardUnderNoticeTests.app(size, notice: Self.long)
        app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: 96), scale: 1)
        say()
        run(app, 0.5)
        #expect(Self.shown(app) == Self.whole, "\(window.0)x\(window.1), play: \"\(Self.shown(app))\"")
        app.showEditor()
        run(app, 0.5)
        #expect(app.root.editorScreen != nil)
        // The editor is made for windows 300 px tall and more: under a band of five lines,
        // the three small landscape windows keep the toast in the status line, cut.
        let cut = [(400, 300), (480, 320), (560, 360)].contains { $0 == window }
        #expect((Self.shown(app) == Self.whole) == !cut, "\(window.0)x\(window.1), editor: \"\(Self.shown(app))\"")
        if cut { #expect(app.toastBand == nil, "the editor keeps its whole area") }
        let found = LayoutAudit.problems(LayoutAudit.shot(app, "editor"), size) + Self.covered(app)
        #expect(found.isEmpty, "\(window.0)x\(window.1): \(found.prefix(8).joined(separator: "; "))")
    }

    @Test("a notice no screen can show waits, and shows its whole time once there is room")
    func waitsUnseen() throws {
        let (app, say) = try BoardUnderNoticeTests.app(Size(width: 400, height: 300), notice: Self.long)
        app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: 96), scale: 1)
        app.showEditor()
        run(app, 0.5)
        let editor = try #require(app.root.editorScreen)
        editor.activate(.copyCode)
        #expect(editor.notice != nil, "the editor says the code was copied")
        say()
        run(app, AppController.toastSeconds * 2)
        #expect(app.notices.contains(Self.long), "the notice waits while the editor's own holds its only place")
        #expect(app.toastTexts.isEmpty)
        Hand(app).tap(at: editor.gridLayout.pixel(for: CellPoint(row: 0, column: 0)))
        run(app, 0.5)
        #expect(editor.notice == nil)
        #expect(!app.toastTexts.isEmpty, "shown in the status line once the editor's notice is gone")
        run(app, AppController.toastSeconds - 1)
        #expect(app.notices.contains(Self.long), "for its whole time")
        run(app, 1.5)
        #expect(!app.notices.contains(Self.long))
    }
}
