import BloqEngine
import BloqGame
import BloqLayoutAudit
import BloqPlay
import BloqTestSupport
import Testing

/// A notice from saving shows in the play screen's message band. A long one takes the board's
/// room, and in a short window it moves the header and the toolbar beside the board: the board
/// must then make room, never lie under the words or the buttons (it did at 800x600, a
/// player's report), and go back where it was once the notice is gone.
@Suite("The board makes room for a long notice")
struct BoardUnderNoticeTests {
    /// What saving says when progress.json is a link to a folder, with a player's long path.
    static let long =
        "Your progress cannot go into progress.json now (it is a symbolic link to "
        + "/home/someone/.local/share/some-sync-tool/folders/a-rather-long-folder-name/bloq, which is not a Bloq progress "
        + "file (it is a folder)); it is kept beside it and merged in as soon as it can be."

    /// First Push, opened in a window of `viewport`, and what makes saving say `notice` at
    /// the next frame.
    static func app(_ viewport: Size, notice: String) throws -> (AppController, () -> Void) {
        let level = try shippedLevel("levels/easy/001-first-push.bloq")
        let pending = Pending()
        let app = AppController(
            environment: {
                var environment = AppEnvironment(packs: [PackEntry(title: "Easy", items: [.playable(level)])])
                environment.takeSaveEvents = { pending.take() }
                return environment
            }(), viewport: viewport)
        app.openLevel(pack: 0, level: 0)
        run(app, 0.5)
        return (app, { pending.events = [.notice(notice)] })
    }

    /// What saving has to say, taken by the app's next frame.
    final class Pending {
        var events: [SaveEvent] = []
        func take() -> [SaveEvent] {
            defer { events = [] }
            return events
        }
    }

    /// What covers the board now: controls, texts and the toast, by their words.
    static func covering(_ app: AppController) -> [String] {
        guard let board = app.boardRect else { return ["no board"] }
        let controls = app.top.controls.filter { $0.rect.intersects(board) }.map { "button \($0.label)" }
        let texts = app.shownTexts.filter { $0.frame.intersects(board) }.map { "text \"\($0.text.prefix(30))\"" }
        let band = app.toastBand.map { $0.intersects(board) ? ["the toast's band \($0)"] : [] } ?? []
        return controls + texts + band
    }

    @Test(
        "a long notice: the board moves clear of it, and back when it is gone",
        arguments: [Size(width: 800, height: 600), Size(width: 360, height: 640), Size(width: 400, height: 300)])
    func longNotice(viewport: Size) throws {
        let (app, say) = try Self.app(viewport, notice: Self.long)
        let before = try #require(app.boardRect)
        #expect(Self.covering(app).isEmpty, "before the notice: \(Self.covering(app))")
        say()
        run(app, 0.5)
        #expect(app.notices.contains(Self.long), "the notice shows")
        #expect(Self.covering(app).isEmpty, "with the notice, the board is under \(Self.covering(app))")
        run(app, AppController.toastSeconds + 1)
        #expect(!app.notices.contains(Self.long), "the notice has gone")
        #expect(app.boardRect == before, "the board is back where it was")
    }

    @Test(
        "a long notice arriving mid-level, in every window the layout rules are checked in",
        arguments: LayoutAudit.windows.map { (Int($0.width), Int($0.height)) })
    func everyWindow(_ window: (Int, Int)) throws {
        let size = Size(width: Double(window.0), height: Double(window.1))
        let (app, say) = try Self.app(size, notice: Self.long)
        app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: 96), scale: 1)
        run(app, 0.5)
        say()
        run(app, 0.5)
        let found = LayoutAudit.problems(LayoutAudit.shot(app, "play"), size) + Self.covering(app)
        #expect(found.isEmpty, "\(window.0)x\(window.1): \(found.prefix(8).joined(separator: "; "))")
    }

    /// Seen by helper-47 at 800x600: the notice put the header beside the board; the
    /// Cleared card hid the notice, and the header, laid out anew without it, went across the
    /// top while the board stayed on the left, under it.
    @Test("a level cleared under a long notice is laid out under its card as one without the notice")
    func clearedUnderNotice() throws {
        func cleared(saying notice: Bool) throws -> AppController {
            let (app, say) = try Self.app(Size(width: 800, height: 600), notice: Self.long)
            if notice { say() }
            run(app, 0.5)
            #expect(app.game?.scene.perform(Move(row: 1, column: 0, direction: .right)) == true)
            run(app, 3)
            #expect(app.playScreen?.visibleOverlay != nil, "the Cleared card shows")
            return app
        }
        let noticed = try cleared(saying: true)
        let plain = try cleared(saying: false)
        #expect(noticed.boardRect == plain.boardRect)
        #expect(noticed.shownTexts.map(\.frame) == plain.shownTexts.map(\.frame))
        #expect(noticed.top.controls.map(\.rect) == plain.top.controls.map(\.rect))
    }

    @Test("a short notice leaves the board where it is")
    func shortNotice() throws {
        let (app, say) = try Self.app(Size(width: 800, height: 600), notice: "Saved elsewhere.")
        let before = try #require(app.boardRect)
        say()
        run(app, 0.5)
        #expect(app.notices.contains("Saved elsewhere."))
        #expect(app.boardRect == before)
        #expect(Self.covering(app).isEmpty, "\(Self.covering(app))")
    }
}
