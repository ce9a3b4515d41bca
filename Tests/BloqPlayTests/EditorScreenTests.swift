import BloqEngine
import BloqGame
import BloqTestSupport
import Testing

@testable import BloqPlay

/// The editor without pixels: verdicts, Save through the platform's hook, Copy code.
@Suite("The level editor")
struct EditorScreenTests {
    /// An app on the editor, with a saver that records what it is asked.
    final class Saves {
        var requests: [(text: String, title: String, pack: String, replacing: String?)] = []
    }

    /// The saver records each request; with `refusal`, it throws that instead.
    func editorApp(refusal: (any Error)? = nil) throws -> (AppController, EditorScreen, Saves) {
        let saves = Saves()
        let app = testApp {
            $0.levelSaver = LevelSaver { text, title, pack, replacing in
                if let refusal { throw refusal }
                saves.requests.append((text, title, pack, replacing))
                return replacing ?? "/data/levels/\(pack)/00\(saves.requests.count)-level.bloq"
            }
        }
        app.showEditor()
        let editor = try #require(app.root.editorScreen)
        return (app, editor, saves)
    }

    func paint(_ app: AppController, _ editor: EditorScreen, _ tool: EditorTool, _ cells: [(Int, Int)]) {
        let pointer = Hand(app)
        pointer.tap(.tool(tool))
        for (row, column) in cells {
            pointer.tap(at: editor.gridLayout.pixel(for: CellPoint(row: Double(row), column: Double(column))))
        }
    }

    @Test("a block clicked again is erased, and a drag begun on one erases along it, as one edit; Space on one erases it too")
    func clickAgainErases() throws {
        let (app, editor, _) = try editorApp()
        let hand = Hand(app)
        func pixel(_ row: Int, _ column: Int) -> Point { editor.gridLayout.pixel(for: CellPoint(row: Double(row), column: Double(column))) }
        func at(_ row: Int, _ column: Int) -> Cell { editor.draft[CellPosition(row: row, column: column)] }
        paint(app, editor, .block(.red), [(0, 0), (0, 1), (0, 2), (1, 1)])
        hand.tap(at: pixel(1, 1))
        #expect(at(1, 1) == .empty, "clicked again: erased")
        // Another colour over a red block paints, as before.
        paint(app, editor, .block(.blue), [(0, 0)])
        #expect(at(0, 0) == .block(.blue))
        // A drag begun on a blue block erases what it crosses (a red one too), and is one edit.
        hand.drag(from: pixel(0, 0), to: pixel(0, 2), pixelsPerSecond: 400)
        #expect(at(0, 0) == .empty && at(0, 1) == .empty && at(0, 2) == .empty)
        key(app, "Z")
        #expect(at(0, 0) == .block(.blue) && at(0, 1) == .block(.red) && at(0, 2) == .block(.red), "one undo puts the stroke back")
        // A drag begun on an empty cell paints, over empty and blocks alike.
        hand.drag(from: pixel(1, 0), to: pixel(1, 2), pixelsPerSecond: 400)
        #expect(at(1, 0) == .block(.blue) && at(1, 1) == .block(.blue) && at(1, 2) == .block(.blue))
        // The keyboard: Space on the cursor's cell (the top left, a blue block) erases it,
        // and again paints it.
        editor.focus = nil
        key(app, "Space")
        #expect(editor.cursor == CellPosition(row: 0, column: 0) && at(0, 0) == .empty)
        key(app, "Space")
        #expect(at(0, 0) == .block(.blue))
        // The Empty swatch still erases, clicked on an empty cell or not.
        paint(app, editor, .empty, [(1, 2), (1, 2)])
        #expect(at(1, 2) == .empty)
    }

    @Test("a copy saved unchanged into the pack that has its board is not written twice; changed, or a shipped level's, it is")
    func noTwinSaved() throws {
        let board = try #require(Board(["R.R.", "....", "....", "...."]))
        let mine = PlayableLevel(
            name: "/data/levels/mine/001-twin.bloq", level: Level(title: "Twin", par: 1, board: board))
        let shipped = testPack(30)
        let saves = Saves()
        let app = testApp([shipped, PackEntry(title: "Mine", items: [.playable(mine)], isPlayers: true, folder: "mine")]) {
            $0.levelSaver = LevelSaver { text, title, pack, replacing in
                saves.requests.append((text, title, pack, replacing))
                return replacing ?? "/data/levels/\(pack)/00\(saves.requests.count + 1)-level.bloq"
            }
        }
        app.showEditor(copyOf: mine)
        let editor = try #require(app.root.editorScreen)
        run(app, 0.3)
        Hand(app).tap(.editor(.save))
        #expect(saves.requests.isEmpty)
        #expect(editor.status == "Not saved: My levels has this board already, as level 1 (Twin)")
        // Changed, it is a new level.
        paint(app, editor, .block(.blue), [(3, 0), (3, 3)])
        run(app, 0.3)
        Hand(app).tap(.editor(.save))
        #expect(saves.requests.count == 1 && saves.requests.first?.pack == "mine")
        // A shipped level's copy goes into mine: mine does not have it.
        guard case .playable(let first) = shipped.items[0] else { return }
        app.showEditor(copyOf: first)
        let copy = try #require(app.root.editorScreen)
        run(app, 0.3)
        Hand(app).tap(.editor(.save))
        #expect(saves.requests.count == 2, "\(copy.status)")
    }

    @Test("Tab goes from the title field to the pack field, Shift+Tab back; past the pack, on to the next control, shown")
    func tabThroughFields() throws {
        let (app, editor, _) = try editorApp()
        Hand(app).tap(.editTitle)
        #expect(editor.editing == .title)
        app.handle(.text("Corner"))
        key(app, "Tab")
        #expect(editor.editing == .pack && editor.draft.title == "Corner", "the title kept, the pack typed in")
        key(app, "Shift+Tab")
        #expect(editor.editing == .title)
        key(app, "Tab")
        key(app, "Tab")
        #expect(
            editor.editing == nil && editor.focus != nil && editor.focus != .editPack && app.showsFocus,
            "\(String(describing: editor.focus))")
        // Return and Escape still end the typing where it is.
        Hand(app).tap(.editTitle)
        key(app, "Return")
        #expect(editor.editing == nil)
    }

    @Test("Edit a copy over an unsaved draft keeps the draft: Undo brings it back")
    func copyKeepsDraft() throws {
        let (app, editor, _) = try editorApp()
        paint(app, editor, .block(.green), [(0, 0), (2, 2)])
        let made = editor.draft
        key(app, "Escape")
        #expect(app.top.kind == .title)
        let level = try #require(app.environment.packs.first?.playable.first)
        app.showEditor(copyOf: level)
        #expect(app.root.editorScreen === editor && editor.draft.board == level.level.board)
        #expect(editor.status == "A copy to edit: Undo brings back what you were making")
        key(app, "Z")
        #expect(editor.draft == made)
    }

    /// Seen live: a level drawn in the editor and not saved was gone after Ctrl+Q and a new
    /// start. The draft is kept in the progress at every edit (saved soon), and the editor
    /// of the next run opens on it.
    @Test("a level drawn and not saved is there at the next start: its grid, its title and pack typed, placeholders in today's words")
    func draftKept() throws {
        var saved: [PlayerProgress] = []
        let app = testApp { $0.saveProgress = { progress, _ in saved.append(progress) } }
        app.showEditor()
        let editor = try #require(app.root.editorScreen)
        paint(app, editor, .block(.red), [(0, 0), (0, 2)])
        paint(app, editor, .wall, [(1, 1)])
        let kept = try #require(saved.last?.editorDraft, "each edit is saved")
        #expect(kept.lines == ["R.R.", ".#..", "....", "...."] && kept.title == nil && kept.pack == nil)
        // The title typed, then the pack.
        Hand(app).tap(.editTitle)
        app.handle(.text("Twin pairs"))
        key(app, "Tab")
        key(app, "Ctrl+A")
        app.handle(.text("friends"))
        key(app, "Return")
        let typed = try #require(saved.last?.editorDraft)
        #expect(typed.title == "Twin pairs" && typed.pack == "friends" && typed.savedAt > kept.savedAt)
        // The next run, on the progress saved.
        let next = testApp(progress: try #require(saved.last)) { $0.saveProgress = { progress, _ in saved.append(progress) } }
        next.showEditor()
        let back = try #require(next.root.editorScreen)
        #expect(back.draft == editor.draft && back.pack == "friends")
        #expect(!back.history.canUndo, "a new run's history starts at the draft")
        // A draft whose title and pack were never typed comes back with the placeholders.
        var untitled = PlayerProgress()
        untitled.editorDraft = kept
        let third = testApp(progress: untitled)
        third.showEditor()
        let fresh = try #require(third.root.editorScreen)
        #expect(fresh.draft.title == EditorScreen.placeholder(.title) && fresh.pack == EditorScreen.placeholder(.pack))
        #expect(fresh.draft.board.lines == kept.lines)
        // A copy of a level whose file gives a title longer than a draft keeps: kept cut, so
        // the progress stays one that reads back whole.
        let long = Level(title: String(repeating: "Long ", count: 100), par: 1, board: try #require(Board(["R.R", "..."])))
        next.showEditor(copyOf: PlayableLevel(name: "long.bloq", level: long))
        let cut = try #require(saved.last?.editorDraft)
        let whole = try #require(saved.last)
        #expect(cut.title?.count == EditorDraft.longestName && cut.isPlausible && whole.isPlausible)
    }

    /// Saved, quit, opened again and changed: Save made a second file (002-two-pairs.bloq
    /// beside 001), since the file the last Save wrote was forgotten with the run.
    @Test("saving a draft of the last run again replaces the file its last Save wrote, as within a run")
    func savedFileKept() throws {
        let saves = Saves()
        var kept: [PlayerProgress] = []
        let saver = LevelSaver { text, title, pack, replacing in
            saves.requests.append((text, title, pack, replacing))
            return replacing ?? "/data/levels/\(pack)/00\(saves.requests.count)-level.bloq"
        }
        let app = testApp {
            $0.levelSaver = saver
            $0.saveProgress = { progress, _ in kept.append(progress) }
        }
        app.showEditor()
        let editor = try #require(app.root.editorScreen)
        paint(app, editor, .block(.red), [(0, 0), (0, 2)])
        run(app, 0.3)
        Hand(app).tap(.editor(.save))
        #expect(saves.requests.count == 1 && saves.requests.first?.replacing == nil)
        let progress = try #require(kept.last)
        #expect(progress.editorDraft?.savedFile == EditorDraft.SavedFile(path: "/data/levels/mine/001-level.bloq", pack: "mine"))
        // The next run: changed, and saved into the same file.
        let next = testApp(progress: progress) { $0.levelSaver = saver }
        next.showEditor()
        let again = try #require(next.root.editorScreen)
        paint(next, again, .block(.blue), [(2, 0), (2, 2)])
        run(next, 0.3)
        Hand(next).tap(.editor(.save))
        #expect(saves.requests.count == 2 && saves.requests.last?.replacing == "/data/levels/mine/001-level.bloq")
    }

    /// The shell's stamps start after the latest moment its progress records; the draft's
    /// was left out, so with the clock set back (or a file from a machine whose clock runs
    /// ahead) a new edit was stamped older than the draft kept, and a merge kept the old one.
    @Test("an edit made with the clock behind the draft kept is still the newer draft")
    func draftStampedLater() throws {
        var progress = PlayerProgress()
        progress.editorDraft = EditorDraft(lines: ["R.", ".."], title: nil, pack: nil, savedAt: 2_000_000_000)
        var saved: [PlayerProgress] = []
        let app = testApp(progress: progress) {
            $0.now = { 1_800_000_000 }
            $0.saveProgress = { progress, _ in saved.append(progress) }
        }
        app.showEditor()
        let editor = try #require(app.root.editorScreen)
        paint(app, editor, .block(.red), [(1, 1)])
        let edited = try #require(saved.last?.editorDraft)
        #expect(edited.lines == ["R.", ".R"] && edited.savedAt > 2_000_000_000)
        #expect(progress.merged(with: try #require(saved.last)).editorDraft == edited)
    }

    @Test("every change is judged: thinking, then par and difficulty, or why not")
    func verdicts() throws {
        let (app, editor, _) = try editorApp()
        // An empty grid: how to begin, in the words of the player's hands, and no error.
        #expect(editor.status == "Choose a colour and click the grid; click a block again to erase it")
        #expect(editor.verdict == .unplayable(reason: "not a level yet: no blocks (choose a colour, then click the grid)"))
        let finger = Hand(app, .finger(1))
        finger.tap(at: Point(x: 1, y: 599))
        #expect(editor.status == "Choose a colour and tap the grid; tap a block again to erase it")
        let status = try #require(app.top.texts.first { $0.text.hasPrefix("Choose a colour") })
        #expect(status.role == .secondary)
        paint(app, editor, .block(.red), [(0, 0)])
        #expect(editor.status == "Unsolvable: a lone red block can never vanish (add another)")
        paint(app, editor, .block(.red), [(0, 2)])
        #expect(editor.verdict == .thinking && editor.status == "Thinking…")
        run(app, 0.2)
        guard case .playable(let par, _, _) = editor.verdict else {
            Issue.record("not playable: \(editor.verdict)")
            return
        }
        // The difficulty has a word, the score beside it.
        #expect(par == 1 && editor.status.hasPrefix("Playable: par 1 · easy (difficulty score "))
        // Undo goes back a stroke, and its verdict with it.
        key(app, "Z")
        #expect(editor.status == "Unsolvable: a lone red block can never vanish (add another)")
    }

    @Test("Save hands the level text with its par to the platform; again in the pack replaces that file; Clear starts anew")
    func save() throws {
        let (app, editor, saves) = try editorApp()
        let pointer = Hand(app)
        paint(app, editor, .block(.blue), [(0, 0), (0, 2)])
        run(app, 0.2)
        pointer.tap(.editor(.save))
        #expect(saves.requests.count == 1)
        #expect(saves.requests.first?.text.contains("title: My level\npar: 1\n\nB . B .\n") == true)
        #expect(saves.requests.first?.pack == "mine" && saves.requests.first?.replacing == nil)
        // The game's own pack by the name its tab and the Pack field give it, not its folder.
        #expect(editor.pack == "My levels" && editor.status == "Saved in My levels: find it under Levels")
        pointer.tap(.editor(.save))
        #expect(saves.requests.last?.replacing == "/data/levels/mine/001-level.bloq")
        pointer.tap(.editor(.clear))
        paint(app, editor, .block(.green), [(1, 0), (1, 2)])
        run(app, 0.2)
        pointer.tap(.editor(.save))
        #expect(saves.requests.count == 3 && saves.requests.last?.replacing == nil)
    }

    @Test("Save and Play wait for a playable verdict; a saver's refusal is shown")
    func refusals() throws {
        struct Refusal: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        let (app, editor, _) = try editorApp(refusal: Refusal())
        #expect(editor.controls.first { $0.id == .editor(.save) }?.isEnabled == false)
        #expect(editor.controls.first { $0.id == .editor(.testPlay) }?.isEnabled == false)
        paint(app, editor, .block(.blue), [(0, 0), (0, 2)])
        run(app, 0.2)
        Hand(app).tap(.editor(.save))
        #expect(editor.status == "Not saved: the disk is full")
    }

    @Test("Copy code waits for a level (import refuses anything else), puts its code on the clipboard; Paste code plays it")
    func copyAndPaste() throws {
        let (app, editor, _) = try editorApp()
        let pointer = Hand(app)
        paint(app, editor, .block(.blue), [(0, 0)])
        run(app, 0.2)
        #expect(editor.controls.first { $0.id == .copyCode }?.isEnabled == false, "a lone block: not a level")
        paint(app, editor, .block(.blue), [(0, 2)])
        run(app, 0.2)
        #expect(editor.controls.first { $0.id == .copyCode }?.isEnabled == true)
        pointer.tap(.copyCode)
        let code = try #require(app.environment.clipboard.paste())
        let decoded = try ShareCode.decode(code).get()
        #expect(decoded.board == editor.draft.board && decoded.title == "My level")
        #expect(editor.status == "The level's code is on the clipboard: paste it in a message, or in Paste code")
        pointer.tap(.back)
        app.showLevels()
        pointer.tap(.pasteCode)
        #expect(app.game?.scene.board == editor.draft.board)
        #expect(app.playScreen?.caption == "A shared level")
    }

    @Test("trying the level, the key line and the gamepad's band say Escape and B go back to the editor, as they do")
    func tryingSaysEditor() throws {
        let (app, editor, _) = try editorApp()
        paint(app, editor, .block(.blue), [(0, 0), (0, 2)])
        run(app, 0.2)
        Hand(app).tap(.editor(.testPlay))
        let play = try #require(app.playScreen)
        let keys = try #require(play.footer?.text)
        #expect(keys.contains("Esc editor") && !keys.contains("Esc levels"), "\(keys)")
        app.use(.gamepad)
        let pad = app.padHintTexts.map(\.text).joined(separator: " ")
        #expect(pad.contains("B editor") && !pad.contains("B levels"), "\(pad)")
        app.use(.keyboard)
        key(app, "Escape")
        run(app, 0.5)
        #expect(app.root.editorScreen != nil, "Escape went back to the editor")
    }

    @Test(
        "the grid stays under the hand painting it as the status changes: how to begin, a reason, par, a code copied, a long file saved",
        arguments: [Size(width: 800, height: 600), Size(width: 360, height: 640), Size(width: 480, height: 320)])
    func gridStays(_ size: Size) throws {
        let app = testApp {
            $0.levelSaver = LevelSaver { _, _, pack, _ in
                "/data/levels/\(pack)/001-a-title-as-long-as-a-whole-sentence-that-a-player-might-write-in-the-field.bloq"
            }
        }
        app.showEditor()
        let editor = try #require(app.root.editorScreen)
        app.resize(size)
        run(app, 0.1)
        let frame = editor.gridLayout.boardFrame
        var seen: [String] = [editor.status]
        func check() {
            seen.append(editor.status)
            #expect(editor.gridLayout.boardFrame == frame, "\(size) moved for \"\(editor.status)\"")
        }
        for cells in [[(0, 0)], [(0, 2)], [(2, 1)], [(3, 3)]] {
            paint(app, editor, .block(.blue), cells)
            run(app, 0.3)
            check()
        }
        Hand(app).tap(.copyCode)
        run(app, 0.1)
        check()
        // A long file name in a pack the player named: "Saved as …" takes three lines and more.
        Hand(app).tap(.editTitle)
        key(app, "Tab")
        key(app, "Ctrl+A")
        app.handle(.text("puzzles"))
        key(app, "Return")
        run(app, 0.1)
        check()
        Hand(app).tap(.editor(.save))
        run(app, 0.1)
        #expect(editor.status.hasPrefix("Saved as ") && editor.status.count > 120, "\(editor.status)")
        check()
        // The next stroke: the verdict again.
        paint(app, editor, .block(.blue), [(1, 3)])
        run(app, 0.3)
        check()
        #expect(Set(seen).count >= 6, "\(seen)")
    }

    @Test("Paste code plays the level and saves it in the pack shared, as bloq import does: par found, saved once, said in a toast")
    func pasteSaves() throws {
        final class Saved: @unchecked Sendable { var calls: [(text: String, identity: String, title: String)] = [] }
        let saved = Saved()
        let board = try #require(Board(["R.R.", "....", "B..B", "...."]))
        let code = try #require(ShareCode.encode(board, title: "Two Pairs"))
        let app = testApp {
            $0.clipboard = .inMemory(holding: code)
            $0.levelSaver = LevelSaver(
                save: { _, _, _, _ in "" },
                saveShared: { text, identity, title in
                    saved.calls.append((text, identity, title))
                    let path = "/data/levels/shared/001-two-pairs.bloq"
                    return saved.calls.count == 1 ? .saved(path) : .existing(path)
                })
        }
        app.showLevels()
        Hand(app).tap(.pasteCode)
        #expect(app.game?.scene.board == board, "played at once: \(app.root.levelList?.notice ?? "") \(app.toast?.text ?? "")")
        run(app, 0.2)
        #expect(saved.calls.count == 1)
        let text = try #require(saved.calls.first?.text)
        #expect(
            text.contains("title: Two Pairs") && text.contains("par: 2") && text.contains("; Imported from a share code: \(code)"),
            "\(text)")
        #expect(saved.calls.first?.identity == board.identity && saved.calls.first?.title == "Two Pairs")
        #expect(app.toast?.text == "Saved in your levels as shared/001-two-pairs.bloq: find it under Levels")
        // The same code again: found among the player's levels, not written twice.
        run(app, AppController.toastSeconds + 0.5)
        app.showLevels()
        Hand(app).tap(.pasteCode)
        run(app, 0.2)
        #expect(saved.calls.count == 2 && app.toast?.text == "This level is in your levels already, as shared/001-two-pairs.bloq")
        // Pasted once more while that toast shows: the same sentence is not queued to show
        // again after it (the save notices' one queue).
        app.showLevels()
        Hand(app).tap(.pasteCode)
        run(app, 0.2)
        #expect(saved.calls.count == 3)
        run(app, AppController.toastSeconds + 0.5)
        #expect(app.toast == nil, "\(app.toast?.text ?? "")")
    }

    /// helper-52: a bad code pasted in French read "Pas un niveau : the share code is cut
    /// short…", the command line's English account after the game's French words.
    @Test("a bad code pasted is said in the game's own words, one sentence for each kind of fault")
    func pasteBadCode() throws {
        let board = try #require(Board(["R.R.", "....", "B..B", "...."]))
        let code = try #require(ShareCode.encode(board, title: "Two Pairs"))
        let characters = Array(code)
        func changed(_ place: Int, to character: Character) -> String {
            var copy = characters
            copy[place] = character
            return String(copy)
        }
        let cases: [(String, String)] = [
            ("hola amigo", "The clipboard holds no share code: a code starts with B1; copy one, then paste again"),
            (String(code.dropLast(3)), "The code is cut short: copy the whole code again"),
            (changed(8, to: characters[8] == "A" ? "B" : "A"), "The code is damaged, a character wrong or missing: copy it again"),
            (changed(5, to: "!"), "Character 6 of the code is not one a code uses: copy the whole code again"),
            (changed(1, to: "7"), "This code is from a newer Bloq: update Bloq to open it"),
        ]
        for (text, said) in cases {
            let app = testApp { $0.clipboard = .inMemory(holding: text) }
            app.showLevels()
            Hand(app).tap(.pasteCode)
            #expect(app.root.levelList?.notice == said, "\(text)")
            #expect(app.game == nil)
        }
    }

    @Test("a pasted level that cannot be cleared is played, not saved, and the toast says why")
    func pasteUnsolvable() throws {
        final class Calls: @unchecked Sendable { var count = 0 }
        let calls = Calls()
        let board = try #require(Board(["R.G.", "....", "....", "...."]))
        let code = try #require(ShareCode.encode(board))
        let app = testApp {
            $0.clipboard = .inMemory(holding: code)
            $0.levelSaver = LevelSaver(
                save: { _, _, _, _ in "" },
                saveShared: { _, _, _ in
                    calls.count += 1
                    return .saved("")
                })
        }
        app.showLevels()
        Hand(app).tap(.pasteCode)
        run(app, 0.2)
        #expect(calls.count == 0)
        #expect(app.toast?.text.hasPrefix("The pasted level was not saved: it cannot be cleared") == true, "\(app.toast?.text ?? "")")
    }

    /// A person clicks "My level" and types the level's name: it was appended ("My
    /// levelTwin pairs"), seen in a live window. The game's own names are selected, so that
    /// typing replaces them; a name the player typed keeps the caret at its end.
    @Test("a click on the title or the pack the game named selects it: typing names the level")
    func placeholderSelected() throws {
        let (app, editor, _) = try editorApp()
        let pointer = Hand(app)
        pointer.tap(.editTitle)
        app.handle(.text("Twin pairs"))
        pointer.tap(.editPack)
        app.handle(.text("puzzles"))
        key(app, "Return")
        #expect(editor.draft.title == "Twin pairs" && editor.pack == "puzzles")
        pointer.tap(.editTitle)
        app.handle(.text("!"))
        pointer.tap(.editPack)
        key(app, "Backspace")
        key(app, "Return")
        #expect(editor.draft.title == "Twin pairs!" && editor.pack == "puzzle")
    }

    @Test("the title field takes Ctrl+A, Home/End, arrows, Ctrl+Backspace and paste")
    func titleKeys() throws {
        let (app, editor, _) = try editorApp()
        let pointer = Hand(app)
        pointer.tap(.editTitle)
        #expect(editor.wantsTextInput)
        key(app, "Ctrl+A")
        app.handle(.text("Corner"))
        #expect(editor.draft.title == "Corner", "Ctrl+A then typing replaces the title")
        key(app, "Home")
        app.handle(.text("The "))
        key(app, "End")
        app.handle(.text(" Pocket"))
        #expect(editor.draft.title == "The Corner Pocket")
        key(app, "Ctrl+Backspace")
        #expect(editor.draft.title == "The Corner ")
        key(app, "Left")
        key(app, "Backspace")
        #expect(editor.draft.title == "The Corne ")
        #expect(app.environment.clipboard.copy("r, again"))
        key(app, "Ctrl+V")
        #expect(editor.draft.title == "The Corner, again ")
        key(app, "Return")
        #expect(!editor.wantsTextInput)
        // A ';' would start a comment in the file: the title shows the ',' it is saved with.
        pointer.tap(.editTitle)
        key(app, "End")
        app.handle(.text("; part 2"))
        #expect(editor.draft.title == "The Corner, again , part 2")
        #expect(editor.draft.levelText(par: 1).contains("title: The Corner, again , part 2\n"))
    }

    @Test("text input is wanted only while a field is edited, with that field's box (the on-screen keyboard)")
    func textInputOnlyForFields() throws {
        let (app, editor, _) = try editorApp()
        #expect(app.textInputRect == nil, "the editor with no field edited takes no text")
        let pointer = Hand(app)
        pointer.tap(.editTitle)
        let title = try #require(editor.controls.first { $0.id == .editTitle }?.rect)
        #expect(app.textInputRect == title)
        pointer.tap(.editPack)
        let pack = try #require(editor.controls.first { $0.id == .editPack }?.rect)
        #expect(app.textInputRect == pack)
        key(app, "Return")
        #expect(app.textInputRect == nil)
        app.showTitle()
        #expect(app.textInputRect == nil && !app.isPlayingLevel)
    }

    /// A long translation's tools take more of a small window, or show Undo and Redo as ↶ ↷
    /// (issue 39); English's fit the first try, so replays tap "Undo" and "Redo" by name in
    /// every window as before.
    @Test(
        "in English the editor's tools say Undo and Redo, whole, in the small landscape windows",
        arguments: [Size(width: 400, height: 300), Size(width: 480, height: 320), Size(width: 560, height: 360)])
    func englishTools(viewport: Size) throws {
        let app = AppController(environment: AppEnvironment(packs: [testPack(3)]), viewport: viewport)
        app.display(minimumButtonSize: Metrics.minimumButtonSize(dpi: 96), scale: 1)
        app.showEditor()
        run(app, 0.5)
        let labels = Dictionary(app.top.controls.map { ("\($0.id)", $0.label) }, uniquingKeysWith: { first, _ in first })
        #expect(labels["undo"] == "Undo" && labels["redo"] == "Redo", "\(labels)")
        let tools = app.top.controls.filter { [.undo, .redo, .editor(.clear), .editor(.mirror), .editor(.rotate)].contains($0.id) }
        #expect(tools.count == 5 && tools.allSatisfy { !$0.label.hasSuffix("…") }, "\(tools.map(\.label))")
    }
}
