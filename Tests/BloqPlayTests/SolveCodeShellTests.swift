import BloqEngine
import BloqGame
import BloqPlay
import BloqTestSupport
import Testing

/// Solve codes in the shell: the Cleared card's Share copies a one-line result and its solve
/// code; Paste code takes a solve code and offers its line to watch.
@Suite("Solve codes in the game: Share and Watch")
struct SolveCodeShellTests {
    @Test("Share copies 'Bloq \"TITLE\" ★★★ N moves (par P) m:ss' and a solve code that verifies; not after Show solution")
    func share() throws {
        let app = testApp()
        #expect(app.openLevel(pack: 0, level: 0))
        run(app, 0.3)
        app.perform(.play(.pushAtCursor(.right)))
        run(app, 1.5)
        let pointer = Hand(app)
        pointer.tap(.shareResult)
        let copied = try #require(app.lastCopied)
        let lines = copied.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0] == "Bloq \"L0\" ★★★ 1 move (par 1) 0:00", "\(copied)")
        let contents = try SolveCode.decode(lines[1]).get()
        #expect(contents.title == "L0" && SolveCode.replay(contents.moves, on: contents.board).cleared)
        #expect(app.shownTexts.contains { $0.text.contains("Your result and its solve code are on the clipboard") })
        // After Show solution, nothing to share.
        key(app, "R")
        run(app, 0.5)
        key(app, "Shift+S")
        run(app, 3)
        #expect(app.playScreen?.visibleOverlay?.showedSolution == true)
        #expect(!app.top.controls.contains { $0.id == .shareResult })
    }

    @Test(
        "the card's buttons stay where they are when Share says it copied: the card grows upward, under the hand",
        arguments: [Size(width: 360, height: 640), Size(width: 640, height: 360), Size(width: 800, height: 600)])
    func shareKeepsButtons(_ size: Size) throws {
        var environment = AppEnvironment(packs: [testPack(3)])
        environment.inputMode = .touch
        let app = AppController(environment: environment, viewport: size)
        #expect(app.openLevel(pack: 0, level: 0))
        run(app, 0.3)
        app.perform(.play(.pushAtCursor(.right)))
        run(app, 1.5)
        let before = app.top.controls.map(\.rect)
        Hand(app).tap(.shareResult)
        run(app, 0.2)
        #expect(app.shownTexts.map(\.text).joined(separator: " ").contains("on the clipboard"))
        #expect(app.top.controls.map(\.rect) == before, "\(size): \(before) then \(app.top.controls.map(\.rect))")
    }

    @Test("a copy the desktop refuses (Wayland with no press yet) is said as such: Share and the editor's Copy code")
    func refusedCopy() throws {
        let refusing = Clipboard(copy: { _ in false }, paste: { nil })
        let app = testApp { $0.clipboard = refusing }
        #expect(app.openLevel(pack: 0, level: 0))
        run(app, 0.3)
        app.perform(.play(.pushAtCursor(.right)))
        run(app, 1.5)
        Hand(app).tap(.shareResult)
        let said = app.shownTexts.map(\.text).joined(separator: " ")
        #expect(app.lastCopied == nil)
        #expect(!said.contains("on the clipboard") && said.contains(Clipboard.notCopied), "\(said)")
        key(app, "Escape")
        app.showEditor()
        let editor = try #require(app.root.editorScreen)
        let hand = Hand(app)
        hand.tap(.tool(.block(.blue)))
        for column in [0.0, 2.0] { hand.tap(at: editor.gridLayout.pixel(for: CellPoint(row: 0, column: column))) }
        run(app, 0.2)
        hand.tap(.copyCode)
        #expect(editor.status == Clipboard.notCopied)
    }

    @Test("a shipped level's code opens that level where it is open, and saves no copy; a locked one plays as a code, unsaved")
    func shippedCode() throws {
        final class Saved: @unchecked Sendable { var count = 0 }
        let saved = Saved()
        let pack = testPack(30)
        let clipboard = Clipboard.inMemory()
        let app = testApp([pack]) {
            $0.clipboard = clipboard
            $0.levelSaver = LevelSaver(
                save: { _, _, _, _ in "" },
                saveShared: { _, _, _ in
                    saved.count += 1
                    return .saved("/data/levels/shared/001-l.bloq")
                })
        }
        // Level 1 (open), as a friend would copy it.
        #expect(clipboard.copy(try #require(ShareCode.encode(pack.playable[0].level.board))))
        app.showLevels()
        Hand(app).tap(.pasteCode)
        run(app, 0.2)
        guard case .pack(0, 0) = app.playScreen?.source else {
            Issue.record("not level 1 of the pack: \(String(describing: app.playScreen?.source))")
            return
        }
        // Level 20 is locked: played from the code, still no copy saved.
        #expect(clipboard.copy(try #require(ShareCode.encode(pack.playable[19].level.board))))
        app.showLevels()
        Hand(app).tap(.pasteCode)
        run(app, 0.2)
        guard case .code = app.playScreen?.source else {
            Issue.record("a locked level's code did not play as a code: \(String(describing: app.playScreen?.source))")
            return
        }
        #expect(saved.count == 0, "copies saved: \(saved.count)")
    }

    @Test("Paste code when the clipboard's program does not answer says so, not that the clipboard is empty")
    func unansweredPaste() throws {
        let app = testApp { $0.clipboard = Clipboard(copy: { _ in false }, read: { .unanswered }) }
        app.showLevels()
        Hand(app).tap(.pasteCode)
        let said = app.shownTexts.map(\.text).joined(separator: " ")
        #expect(said.contains("did not answer") && !said.contains("empty"), "\(said)")
        #expect(app.top.kind == .levels)
    }

    @Test("Paste code with a solve code opens its level with Watch in the Solution button's place; Watch plays the line, no stars")
    func watch() throws {
        let board = try #require(Board(["R..R", "....", "B..B"]))
        let code = try #require(
            SolveCode.encode(
                board, title: "Two", moves: [Move(row: 0, column: 0, direction: .right), Move(row: 2, column: 0, direction: .right)]))
        let clipboard = Clipboard.inMemory(holding: code)
        let app = testApp { $0.clipboard = clipboard }
        app.showLevels()
        Hand(app).tap(.pasteCode)
        run(app, 0.3)
        #expect(app.top.kind == .play && app.playScreen?.offeredLine?.count == 2)
        #expect(app.top.controls.contains { $0.id == .watchLine && $0.label == "Watch" })
        #expect(app.shownTexts.map(\.text).joined(separator: " ").contains("This code carries a line that clears the level in 2 moves"))
        Hand(app).tap(.watchLine)
        run(app, 3)
        let overlay = try #require(app.playScreen?.visibleOverlay)
        #expect(overlay.showedSolution && overlay.stars == 0 && overlay.moves == 2)
    }
}
