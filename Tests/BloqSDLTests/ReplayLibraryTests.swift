import BloqEngine
import BloqGame
import BloqPlay
import BloqSDL
import BloqTestSupport
import Foundation
import Testing

/// The replay library in Tests/replays: one script per behaviour of GAME.md's "The feel".
/// Each names its level and the final board and move count it must give:
///
///     ; level: pair.bloq
///     ; expect-moves: 1
///     ; expect-board: ......
extension SDLSuite {
    @Suite("Replay library")
    struct ReplayLibraryTests {
        static let folder = Repository.url("Tests/replays")

        static let scripts: [String] = {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".script") }.sorted()
        }()

        struct Expectation {
            var level: String
            var moves: Int
            var board: [String]
        }

        static func expectation(in text: String) -> Expectation? {
            var level: String?
            var moves: Int?
            var board: [String] = []
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                func value(_ key: String) -> String? {
                    trimmed.hasPrefix("; \(key):") ? trimmed.dropFirst(key.count + 3).trimmingCharacters(in: .whitespaces) : nil
                }
                if let name = value("level") { level = name }
                if let count = value("expect-moves") { moves = Int(count) }
                if let row = value("expect-board") { board.append(row) }
            }
            guard let level, let moves, !board.isEmpty else { return nil }
            return Expectation(level: level, moves: moves, board: board)
        }

        /// Replays `script` on `level` in a headless window and returns the window and the app.
        static func replay(_ script: InputScript, level: Level) throws -> (window: SDLWindow, app: AppController) {
            try replayInWindow(script, level: level)
        }

        static func load(_ name: String) throws -> (InputScript, Level, Expectation) {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let expected = try #require(expectation(in: text), "\(name) lacks level / expect-moves / expect-board comments")
            let script = try InputScript.parse(Array(text.utf8), name: name).get()
            let levelBytes = try Data(contentsOf: folder.appendingPathComponent("levels").appendingPathComponent(expected.level))
            let level = try LevelParser.parse(Array(levelBytes), name: expected.level).get()
            return (script, level, expected)
        }

        @Test("the library covers every behaviour of The feel")
        func coverage() {
            let needed = [
                "drag-completes", "drag-brought-back", "quick-fling", "fling-back", "slow-release-past-half",
                "slow-release-short-of-half", "catch-and-send-back", "blocked-direction", "several-cells",
                "drag-far-past-end", "two-fingers", "two-fingers-race", "touch-drag-completes", "press-empty-cell",
                "cancelled-pan", "second-pointer-ignored", "keyboard",
            ]
            for name in needed { #expect(Self.scripts.contains("\(name).script"), "missing \(name).script") }
        }

        @Test("each script gives its expected board and move count", arguments: scripts)
        func script(_ name: String) throws {
            let (script, level, expected) = try Self.load(name)
            let app = try Self.replay(script, level: level).app
            let session = app.game!.scene.session
            #expect(session.board.lines == expected.board, "\(name): board\n\(session.board)")
            #expect(session.moves == expected.moves, "\(name): moves")
            #expect(session.board == level.board.applying(session.log), "\(name): the board is the start with the log applied")
        }

        @Test("a replay without a window (bloq replay --json) ends exactly where the SDL window's does", arguments: scripts)
        func windowless(_ name: String) throws {
            let (script, level, _) = try Self.load(name)
            let windowed = try Self.replay(script, level: level).app
            let shell = AppController(
                environment: AppEnvironment(packs: [PackEntry(title: "t", items: [.playable(PlayableLevel(name: "test", level: level))])]),
                viewport: Size(width: 800, height: 600), singleLevel: true)
            _ = try ScriptPlatform.run(script, on: shell, size: (800, 600))
            let pure = try #require(shell.game)
            #expect(pure.scene.session.log == windowed.game!.scene.session.log, "\(name)")
            #expect(pure.scene.blockSprites.map(\.position) == windowed.game!.scene.blockSprites.map(\.position), "\(name): sprites")
        }

        @Test("replays are bit-for-bit repeatable, pixels included")
        func repeatable() throws {
            for name in ["catch-and-send-on.script", "two-fingers.script", "keyboard.script"] {
                let (script, level, _) = try Self.load(name)
                var runs: [(log: [Move], board: Board, pixels: [UInt32])] = []
                for _ in 0..<2 {
                    let (window, app) = try Self.replay(script, level: level)
                    window.draw(app)
                    runs.append((app.game!.scene.session.log, app.game!.scene.board, try window.readPixels().pixels))
                }
                #expect(runs[0].log == runs[1].log && runs[0].board == runs[1].board, "\(name)")
                #expect(runs[0].pixels == runs[1].pixels, "\(name): the final frames differ")
            }
        }

        @Test("a recorded game replays to the same final board")
        func recordThenReplay() throws {
            let level = try LevelParser.parse("R . . . R .\n. . . . . .\nB . . G . .\n", name: "r.bloq").get()
            let recorded: InputScript
            let liveLog: [Move]
            do {
                let app = try HeadlessGame(level: PlayableLevel(name: "r", level: level))
                let game = try #require(app.game)
                app.loop.startRecording()
                func at(_ row: Double, _ column: Double) -> (x: Int, y: Int) {
                    let pixel = game.layout.pixel(for: CellPoint(row: row, column: column))
                    return (Int(pixel.x.rounded()), Int(pixel.y.rounded()))
                }
                // A slow drag of red, a fling of blue, a key push of green, and an undo.
                var point = at(0, 0)
                try app.push(.mouseButton(down: true, x: point.x, y: point.y))
                for step in 1...12 {
                    point = at(0, Double(step) * 0.2)
                    try app.push(.mouseMotion(x: point.x, y: point.y, buttonHeld: true))
                    app.frame(elapsed: 1.0 / 60)
                }
                try app.push(.mouseButton(down: false, x: point.x, y: point.y))
                for _ in 0..<40 { app.frame(elapsed: 1.0 / 60) }
                point = at(2, 0)
                try app.push(.finger(id: 9, phase: .down, x: Double(point.x) / 800, y: Double(point.y) / 600))
                app.frame(elapsed: 1.0 / 60)
                point = at(1.6, 0)
                try app.push(.finger(id: 9, phase: .move, x: Double(point.x) / 800, y: Double(point.y) / 600))
                app.frame(elapsed: 1.0 / 60)
                try app.push(.finger(id: 9, phase: .up, x: Double(point.x) / 800, y: Double(point.y) / 600))
                for _ in 0..<40 { app.frame(elapsed: 1.0 / 60) }
                try app.push(.key(name: "Z", shift: false, control: false, alt: false))
                for _ in 0..<40 { app.frame(elapsed: 1.0 / 60) }
                recorded = try #require(app.loop.recordedScript())
                liveLog = game.scene.session.log
            }
            #expect(liveLog.count == 1, "red committed, blue's fling committed, then one undo: \(liveLog)")
            // The written text parses back to the same events.
            let reparsed = try InputScript.parse(Array(recorded.text.utf8), name: "recorded").get()
            #expect(reparsed.events.map(\.action) == recorded.events.map(\.action))
            let app = try Self.replay(reparsed, level: level).app
            #expect(app.game!.scene.session.log == liveLog)
            #expect(app.game!.scene.board == level.board.applying(liveLog))
        }
    }
}
