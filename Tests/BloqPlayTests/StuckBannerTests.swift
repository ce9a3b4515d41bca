import BloqEngine
import BloqGame
import BloqPlay
import Testing

/// The stuck banner offers only what helps: Undo while a move can be taken back, Restart
/// unless the board is the level's start; and on a level that cannot be cleared at all (a
/// player's own file) it says so, instead of "undo the last move" at 0 moves.
@Suite("Play: the stuck banner says what is true and offers what helps")
struct StuckBannerTests {
    /// Two packs (the first level of each is open): a level that cannot be cleared from its
    /// start (a lone red block), and Into the Gap, stranded by pushing the top-left red down.
    static func app() -> AppController {
        let lone = Board(["R..", "..B", ".B."]) ?? Board(["R.R"])!
        let gap = Board(["R.R", "...", ".R."]) ?? Board(["R.R"])!
        return testApp([
            PackEntry(
                title: "Mine", items: [.playable(PlayableLevel(name: "mine/lone.bloq", level: Level(title: "Lone", par: nil, board: lone)))]
            ),
            PackEntry(
                title: "Easy",
                items: [.playable(PlayableLevel(name: "easy/gap.bloq", level: Level(title: "Into the Gap", par: 1, board: gap)))]),
        ])
    }

    static func banner(_ app: AppController) -> (buttons: [ControlID], words: String) {
        let buttons = app.top.controls.map(\.id).filter { $0 == .stuckUndo || $0 == .stuckRestart }
        return (buttons, app.shownTexts.map(\.text).joined(separator: " "))
    }

    @Test("a level that cannot be cleared from its start: the banner says so and offers neither Undo nor Restart")
    func unsolvableLevel() {
        let app = Self.app()
        app.openLevel(pack: 0, level: 0)
        run(app, 1)
        let banner = Self.banner(app)
        #expect(banner.buttons.isEmpty, "\(banner.buttons)")
        #expect(banner.words.contains(PlayScreen.unsolvableNotice), "\(banner.words)")
        #expect(!banner.words.contains("undo"), "\(banner.words)")
        #expect(app.playScreen?.levelCannotBeCleared == true)
    }

    @Test("a stranding move: Undo and Restart, and Restart clears the banner")
    func strandedBoard() throws {
        let app = Self.app()
        app.openLevel(pack: 1, level: 0)
        run(app, 0.5)
        #expect(Self.banner(app).buttons.isEmpty, "not stuck yet")
        app.perform(.play(.pushAtCursor(.down)))
        run(app, 1)
        let banner = Self.banner(app)
        #expect(banner.buttons == [.stuckUndo, .stuckRestart])
        #expect(banner.words.contains(PlayScreen.stuckNotice), "\(banner.words)")
        #expect(app.playScreen?.levelCannotBeCleared == false)
        let restart = try #require(app.top.controls.first { $0.id == .stuckRestart })
        let pointer = Pointer(app)
        pointer.down(restart.rect.center)
        pointer.up(restart.rect.center)
        run(app, 1)
        #expect(Self.banner(app).buttons.isEmpty && app.playScreen?.game.isStuck == false)
    }
}
