import BloqEngine
import BloqGame
import BloqPlay
import BloqSDL
import BloqTestSupport
import Foundation
import Testing

extension SDLSuite {
    /// `bloq play --level FILE --watch`: a file rewritten under a running headless
    /// game, and the next frames' state read back.
    @Suite("Watching a level file")
    struct WatchTests {
        /// The `bloq` binary built beside the tests (to compare with `bloq validate`).
        static let bloq: URL = {
            var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("bloq").path), folder.path != "/" {
                folder.deleteLastPathComponent()
            }
            return folder.appendingPathComponent("bloq")
        }()

        /// What `bloq validate PATH` prints on standard error, line by line.
        func validate(_ path: String) throws -> [String] {
            let process = Process()
            process.executableURL = Self.bloq
            process.arguments = ["validate", path]
            let scratch = try Scratch("bloq-validate")
            let errors = URL(fileURLWithPath: try scratch.file("errors", ""))
            let handle = try FileHandle(forWritingTo: errors)
            process.standardError = handle
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try handle.close()
            return try String(contentsOf: errors, encoding: .utf8).split(separator: "\n").map(String.init)
        }

        /// A game on `path` as `bloq play --level PATH --watch` opens it, headless (the solver
        /// off the render thread, as live).
        func game(_ path: String, inotify: Bool) throws -> HeadlessGame {
            let level = try LevelParser.parse(String(contentsOfFile: path, encoding: .utf8), name: path).get()
            let game = try HeadlessGame(
                watching: path, packs: [PackEntry(title: level.title, items: [.playable(PlayableLevel(name: path, level: level))])],
                check: { level, stop in
                    // The solver's side of validate, as `bloq play --watch` runs it.
                    let optimal = Solver(stop: stop).solve(level.board).optimal
                    guard let par = level.par, let optimal, par != optimal else { return [] }
                    return [Diagnostic(file: path, line: 1, column: 1, message: "par is \(par) but the fewest moves is \(optimal)")]
                }, inotify: inotify)
            game.app.continuePlaying()
            return game
        }

        /// Runs the loop's frames (1/60 s each) until `done` or two seconds pass. Returns the
        /// wall-clock seconds until the state was reached (the frame that took it up), and
        /// until that frame was drawn; nil if it never was.
        func frames(_ game: HeadlessGame, until done: () -> Bool) -> (state: Double, drawn: Double)? {
            let start = Date()
            while Date().timeIntervalSince(start) < 2 {
                // What a frame does first: the watched file's news.
                game.app.pollExternalChanges()
                if done() {
                    let state = Date().timeIntervalSince(start)
                    game.frame(elapsed: 1.0 / 60)
                    return (state, Date().timeIntervalSince(start))
                }
                game.frame(elapsed: 1.0 / 60)
                usleep(2_000)
            }
            return nil
        }

        /// Reports a reload's latency. Its speed is a benchmark figure (`bloq bench`'s
        /// watch_reload_ms, goal 200 ms), never a timed test; here it only has to arrive
        /// (`frames` gives up after 2 s with nil).
        func reportLatency(_ latency: (state: Double, drawn: Double)?, _ what: String) {
            guard let latency else {
                Issue.record("\(what): never seen")
                return
            }
            print("watch: \(what): state \(Int(latency.state * 1000)) ms, drawn \(Int(latency.drawn * 1000)) ms")
        }

        /// Replaces the file as editors that save atomically do: a new file renamed over it.
        func save(_ text: String, to path: String) throws {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// Rewrites the file in place, as editors that truncate and write do.
        func overwrite(_ text: String, to path: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }

        func check(inotify: Bool) throws {
            let scratch = try Scratch("bloq-watch")
            let folder = scratch.path
            let path = folder + "/draft.bloq"
            try save("title: Draft\n\nR . R\n. . .\n", to: path)
            let game = try game(path, inotify: inotify)
            game.frame(elapsed: 1.0 / 60)
            let app = game.app
            #expect(app.game?.scene.board == Board(["R.R", "..."]))
            #expect(app.levelWatch?.report == nil)

            // A good edit: the new board, a fresh game.
            let good = try #require(Board(["B..B", "G..G"]))
            try save("title: Draft\n\nB . . B\nG . . G\n", to: path)
            let reload = frames(game) { app.game?.scene.board == good }
            #expect(app.game?.scene.board == good, "the edit was not loaded")
            reportLatency(reload, "a good edit reloaded")
            #expect(app.game?.level.level.title == "Draft" && app.levelWatch?.reloads == 1)

            // A bad edit, written in place: the errors over the last good board, as validate words them.
            try overwrite("title: Draft\n\nB . . B\nG . x\n", to: path)
            let shown = frames(game) { app.levelWatch?.report?.keepsLastGood == true }
            let report = try #require(app.levelWatch?.report)
            reportLatency(shown, "a bad edit's errors shown")
            #expect(report.keepsLastGood && report.heading.hasPrefix("draft.bloq has errors"))
            #expect(report.lines == (try validate(path)), "the same words and LINE:COL as bloq validate")
            #expect(report.lines.contains { $0.hasPrefix("\(path):4:5: error: unknown cell 'x'") }, "\(report.lines)")
            #expect(app.game?.scene.board == good, "the last good board stays")
            // Said in the message band, whole, beside the board: nothing of it over a cell.
            _ = frames(game) { app.shownTexts.contains { $0.text.hasPrefix("draft.bloq has errors") } }
            let said = app.shownTexts.filter { $0.role == .danger }
            let board = try #require(app.boardLayout?.boardFrame)
            #expect(said.first?.text.hasPrefix("draft.bloq has errors") == true, "\(app.shownTexts.map(\.text))")
            #expect(said.map(\.text).joined(separator: " ").contains("draft.bloq:4:5: error: unknown cell 'x'"), "\(said.map(\.text))")
            // Each error begins a line of its own, as validate prints them.
            #expect(said.contains { $0.text.hasPrefix("draft.bloq:4:5: error") }, "\(said.map(\.text))")
            #expect(!said.contains { $0.frame.intersects(board) }, "the errors cover the board: \(said.map(\.frame)) over \(board)")
            if let shot = ProcessInfo.processInfo.environment["BLOQ_WATCH_SCREENSHOT"] { try game.window.saveScreenshot(of: app, to: shot) }

            // The fix: the new board, the errors gone.
            let fixed = try #require(Board(["B..B", "G.G."]))
            try save("title: Draft\npar: 2\n\nB . . B\nG . G .\n", to: path)
            let fix = frames(game) { app.game?.scene.board == fixed }
            #expect(app.game?.scene.board == fixed)
            reportLatency(fix, "the fix reloaded")
            #expect(app.levelWatch?.report == nil)
            #expect(try validate(path).isEmpty)

            // A version that loads but states a wrong par: loaded, with the solver's word over it.
            try save("title: Draft\npar: 5\n\nB . . B\nG . G .\n", to: path)
            _ = frames(game) { app.levelWatch?.report != nil && app.game?.level.level.par == 5 }
            #expect(app.game?.level.level.par == 5)
            #expect(app.levelWatch?.report?.keepsLastGood == false)
            #expect(app.levelWatch?.report?.lines == ["\(path):1:1: error: par is 5 but the fewest moves is 2"])
        }

        @Test("a good edit reloads, a bad edit shows validate's errors over the last good board, a fix reloads")
        func inotify() throws { try check(inotify: true) }

        @Test("the same by polling, when inotify is not available")
        func polling() throws { try check(inotify: false) }
    }
}
