import BloqEngine
import BloqGame
import BloqTestSupport
import Testing

@testable import BloqPlay

/// The stuck banner says what is true, names the stranded colour, and does not repeat the
/// toolbar: its Undo and Restart are the toolbar's (the one that helps stands out), and
/// Hint and Solution, which have nothing to show, are off. On a level that cannot be
/// cleared at all (a player's own file) it says so, instead of "undo the last move" at 0
/// moves, and nothing is offered.
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

    /// The toolbar's state: which of its buttons are enabled, and which stands out.
    static func toolbar(_ app: AppController) -> (enabled: Set<ControlID>, accent: Set<ControlID>) {
        let tools = app.playScreen?.toolbar ?? []
        return (Set(tools.filter(\.isEnabled).map(\.id)), Set(tools.filter { $0.style == .accent }.map(\.id)))
    }

    static func words(_ app: AppController) -> String { app.shownTexts.map(\.text).joined(separator: " ") }

    /// How many controls of the screen say `label`.
    static func count(_ app: AppController, _ label: String) -> Int { app.top.controls.filter { $0.label == label }.count }

    @Test("a level that cannot be cleared from its start: the banner names the lone colour; Undo, Restart, Hint, Solution are off")
    func unsolvableLevel() {
        let app = Self.app()
        app.openLevel(pack: 0, level: 0)
        run(app, 1)
        let words = Self.words(app)
        #expect(words.contains("This level cannot be cleared: it has a single red block, which can never vanish"), "\(words)")
        #expect(!words.contains("undo"), "\(words)")
        let tools = Self.toolbar(app)
        #expect(tools.enabled.isDisjoint(with: [.undo, .redo, .restart, .hint, .solution]), "\(tools.enabled)")
        #expect(app.playScreen?.levelCannotBeCleared == true)
    }

    @Test("a stranding move: the banner names red, the toolbar's Undo stands out, Hint and Solution are off, once each")
    func strandedBoard() throws {
        let app = Self.app()
        app.openLevel(pack: 1, level: 0)
        run(app, 0.5)
        #expect(Self.toolbar(app).enabled.isSuperset(of: [.hint, .solution]), "not stuck yet")
        #expect(!Self.toolbar(app).enabled.contains(.restart), "nothing to restart at the start")
        app.perform(.play(.pushAtCursor(.down)))
        run(app, 1)
        #expect(app.playScreen?.game.isStuck == true)
        let words = Self.words(app)
        #expect(words.contains("Only one red block is left, and it can never vanish: undo the last move, or restart"), "\(words)")
        let tools = Self.toolbar(app)
        #expect(tools.enabled.isSuperset(of: [.undo, .restart]) && tools.enabled.isDisjoint(with: [.hint, .solution]), "\(tools.enabled)")
        #expect(tools.accent == [.undo], "\(tools.accent)")
        // Not repeated: one Undo and one Restart on the screen, the toolbar's.
        #expect(Self.count(app, "Undo") == 1 && Self.count(app, "Restart") == 1)
        #expect(app.playScreen?.levelCannotBeCleared == false)
        // H does nothing either: no ghosts, no hint.
        key(app, "H")
        run(app, 0.5)
        #expect(app.playScreen?.game.hint.isEmpty == true && app.playScreen?.game.scene.isShowingGhosts == false)
        let restart = try #require(app.top.controls.first { $0.id == .restart })
        let pointer = Hand(app)
        pointer.down(restart.rect.center)
        pointer.up(restart.rect.center)
        run(app, 1)
        #expect(app.playScreen?.game.isStuck == false)
        #expect(Self.toolbar(app).enabled.isSuperset(of: [.hint, .solution]))
    }

    /// helper-52: at 400x300 the banner was a strip over "‹ Menu" reading "Stuck: one
    /// red…", the toolbar in one column beside a board as wide as it could be.
    @Test("in a small landscape window the banner says at least its short sentence whole")
    func smallWindow() throws {
        for size in [Size(width: 400, height: 300), Size(width: 480, height: 320)] {
            let app = Self.app()
            app.resize(size)
            app.openLevel(pack: 1, level: 0)
            run(app, 0.5)
            app.perform(.play(.pushAtCursor(.down)))
            run(app, 1)
            #expect(app.playScreen?.game.isStuck == true)
            let words = Self.words(app)
            #expect(!words.contains("…") && words.contains("red"), "\(size): \(words)")
            let banner = try #require(app.playScreen?.layout.banner)
            let toolbar = app.playScreen?.toolbar ?? []
            #expect(toolbar.allSatisfy { !$0.rect.intersects(banner) }, "\(size)")
        }
    }

    @Test("stuck for want of a meeting, not a lone block: the banner says so without a colour")
    func strandedWithoutLoneBlock() {
        // Two reds walled in on either side of a wall: neither can ever reach the other.
        let board = Board(["R#R", "###"]) ?? Board(["R.R"])!
        let app = testApp([
            PackEntry(
                title: "Mine",
                items: [.playable(PlayableLevel(name: "mine/walls.bloq", level: Level(title: "Walls", par: nil, board: board)))])
        ])
        app.openLevel(pack: 0, level: 0)
        run(app, 1)
        #expect(app.playScreen?.strandedColor == nil)
        #expect(Self.words(app).contains(PlayScreen.unsolvableNotice), "\(Self.words(app))")
    }
}
