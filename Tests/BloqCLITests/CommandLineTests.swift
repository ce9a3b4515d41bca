import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// Runs the built `bloq` executable as users do and checks CONTRACT section 2: exit
/// statuses, JSON shapes and diagnostics.
struct Bloq {
    /// The `bloq` binary beside the test bundle in the build folder.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("bloq").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("bloq")
    }()

    /// The developers' harness (storms, save torture) built beside it.
    static var developerTool: URL { executable.deletingLastPathComponent().appendingPathComponent("BloqDev") }

    /// How long a child may run before it counts as hung: a guard against a hang, never a
    /// measure of speed (a debug build on a loaded machine is slow, not hung), so it is far
    /// beyond what any child here takes.
    static let hangGuard = 900.0

    /// Runs `bloq arguments` and returns its status, standard output and standard error.
    /// A child still running after `hangGuard` seconds is killed and reported as status -1,
    /// so a hang fails its test instead of hanging the run.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], removing: [String] = [], executable: URL = Bloq.executable,
        prefix: [String] = []
    ) throws -> (status: Int32, out: String, err: String) {
        try start(arguments, environment: environment, removing: removing, executable: executable, prefix: prefix).finish()
    }

    /// Starts `bloq arguments` (headless SDL, no crash backtraces, `environment` added and
    /// `removing` taken out) and returns at once: the test reads its output as it comes.
    /// `input`, when given, is its standard input (else it inherits the test's).
    static func start(
        _ arguments: [String], environment: [String: String] = [:], removing: [String] = [],
        executable: URL = Bloq.executable, prefix: [String] = [], input: FileHandle? = nil
    ) throws -> Child {
        let process = Process()
        if let input { process.standardInput = input }
        if prefix.isEmpty {
            process.executableURL = executable
            process.arguments = arguments
        } else {
            // Run through a wrapper (setpriv, sh -c 'ulimit ...; exec "$@"').
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [executable.path] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "offscreen"
        env["SDL_AUDIODRIVER"] = "dummy"
        // A crashing child fails the test at once instead of waiting on a backtrace.
        env["SWIFT_BACKTRACE"] = "enable=no"
        // English, whatever the developer's locale: a test that wants a language says so.
        for key in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { env[key] = nil }
        env["LANG"] = "C.UTF-8"
        for (key, value) in environment { env[key] = value }
        for key in removing { env[key] = nil }
        process.environment = env
        return try Child(process, description: arguments.joined(separator: " "))
    }

    /// A started `bloq`. Output goes to temporary files, not pipes: with pipes, a child
    /// started at the same moment can inherit a pipe's write end and leave a reader waiting
    /// for an end of file.
    final class Child {
        let process: Process
        let description: String
        private let scratch: Scratch
        private let outPath: String
        private let errPath: String
        private let out: FileHandle
        private let err: FileHandle

        init(_ process: Process, description: String) throws {
            self.process = process
            self.description = description
            scratch = try Scratch("bloq-run")
            outPath = try scratch.file("out", "")
            errPath = try scratch.file("err", "")
            out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
            err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
            process.standardOutput = out
            process.standardError = err
            try process.run()
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? out.close()
            try? err.close()
        }

        /// Its standard error so far.
        var standardError: String { String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self) }

        /// Its standard output so far.
        var standardOutput: String { String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self) }

        /// Whether `text` shows on its standard output before the child exits (or hangs).
        func waitForOutput(_ text: String) -> Bool {
            let deadline = Date().addingTimeInterval(Bloq.hangGuard)
            while Date() < deadline, process.isRunning {
                if standardOutput.contains(text) { return true }
                usleep(20_000)
            }
            return standardOutput.contains(text)
        }

        /// Whether `text` shows on its standard error before the child exits (or hangs).
        func waitForError(_ text: String) -> Bool {
            let deadline = Date().addingTimeInterval(Bloq.hangGuard)
            while Date() < deadline, process.isRunning {
                if standardError.contains(text) { return true }
                usleep(20_000)
            }
            return standardError.contains(text)
        }

        /// Waits for it to exit (killing it after `hangGuard` seconds: status -1) and returns
        /// its status, standard output and standard error.
        func finish() -> (status: Int32, out: String, err: String) {
            let deadline = Date().addingTimeInterval(Bloq.hangGuard)
            var timedOut = false
            while process.isRunning {
                if Date() > deadline {
                    kill(process.processIdentifier, SIGKILL)
                    timedOut = true
                    break
                }
                usleep(5_000)
            }
            process.waitUntilExit()
            if timedOut { return (-1, "", "hung: still running after \(Bloq.hangGuard) s: \(description)") }
            let outText = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
            return (process.terminationStatus, outText, standardError)
        }
    }
}

/// Every suite that starts child processes runs under this one or `ChildProcessLane`, one
/// test at a time in each: two lanes, which keep both cores busy once the in-process tests
/// are done, without starting more processes than the machine has cores.
@Suite("Child processes, one at a time", .serialized)
enum ChildProcessSuite {}

/// The second lane of child processes (the reliability and durability suites): one test at
/// a time, beside `ChildProcessSuite`.
@Suite("Child processes, second lane", .serialized)
enum ChildProcessLane {}

extension ChildProcessSuite {
    @Suite("The bloq command line")
    struct CommandLineTests {
        @Test("validate: 0 all valid, 65 any invalid (every error as PATH:LINE:COLUMN), 66 a path missing and 66 wins")
        func validate() throws {
            // One shipped pack (make test validates every shipped level with the release build).
            let good = try Bloq.run(["validate", Repository.path("levels/easy")])
            #expect(good.status == 0, "\(good.err)")
            let bad = try Scratch.keptFile("bad.bloq", "title: Bad\ncolour: red\nR R\n. x\n")
            let invalid = try Bloq.run(["validate", bad])
            #expect(invalid.status == 65)
            let lines = invalid.err.split(separator: "\n").map(String.init)
            #expect(
                lines.contains(
                    "\(bad):2:1: error: unknown header key 'colour'; known keys are title, par, difficulty, author and tip (prefix a tool's own key with 'x-')"
                ))
            #expect(lines.contains { $0.hasPrefix("\(bad):4:3: error: unknown cell 'x'") })
            let missing = try Bloq.run(["validate", bad, "/nonexistent/level.bloq"])
            #expect(missing.status == 66)
            let wrongPar = try Scratch.keptFile("par.bloq", "title: P\npar: 4\nR.R\n...\n")
            let par = try Bloq.run(["validate", wrongPar])
            #expect(par.status == 65)
            #expect(par.err.hasPrefix("\(wrongPar):2:6: error: par is 4 but the fewest moves"))
            let unsolvable = try Scratch.keptFile("u.bloq", "R#.\n##.\n..R\n")
            #expect(try Bloq.run(["validate", unsolvable]).status == 65)
        }

        /// CONTRACT section 2: play, replay and solve accept a wrong stated par, with a warning.
        /// helper-62: replay and play --screenshot said nothing (the game showed par 5, then 9).
        @Test("a wrong stated par is the same warning from replay, play --screenshot and solve, and each succeeds")
        func wrongParWarns() throws {
            let text = try Repository.text("levels/easy/100-full-house.bloq").replacingOccurrences(of: "par: 9", with: "par: 5")
            let level = try Scratch.keptFile("five.bloq", text)
            let warning =
                "\(level):3:6: warning: the level states par 5, but the optimum is 9; write 'par: 9' (or run bloq solve --write-par)"
            let script = try Scratch.keptFile("end.script", "at 0 end\n")
            let scratch = try Scratch("bloq-wrong-par")
            let runs = [
                ["solve", level], ["replay", script, "--level", level, "--json"],
                ["play", "--level", level, "--screenshot", scratch.path("shot.png"), "--window", "400x300"],
            ]
            for arguments in runs {
                let result = try Bloq.run(arguments, environment: ["XDG_DATA_HOME": scratch.path("data"), "DISPLAY": ""])
                #expect(result.status == 0, "\(arguments): \(result.err)")
                #expect(result.err.split(separator: "\n").contains { $0 == warning }, "\(arguments): \(result.err)")
            }
            // A right par says nothing.
            let right = try Bloq.run(["replay", script, "--level", Repository.path("levels/easy/100-full-house.bloq")])
            #expect(right.status == 0 && right.err.isEmpty, "\(right.err)")
        }

        @Test("solve --json: solvable, unsolvable, and gave up with exit 75")
        func solve() throws {
            let full = Repository.path("levels/easy/100-full-house.bloq")
            let solved = try Bloq.run(["solve", full, "--json"])
            #expect(solved.status == 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(solved.out.utf8)) as? [String: Any])
            #expect(object["solvable"] as? Bool == true)
            #expect(object["optimal"] as? Int == 9)
            let moves = try #require(object["moves"] as? [[String: Any]])
            #expect(moves.count == 9)
            #expect(moves.first?["row"] as? Int == 1 && moves.first?["col"] as? Int == 2 && moves.first?["direction"] as? String == "down")

            let unsolvable = try Scratch.keptFile("u.bloq", "R#.\n##.\n..R\n")
            let no = try Bloq.run(["solve", unsolvable, "--json"])
            #expect(no.status == 0)
            #expect(no.out.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"solvable": false, "optimal": null, "moves": []}"#)

            let gaveUp = try Bloq.run(["solve", full, "--json", "--max-states", "20"])
            #expect(gaveUp.status == 75)
            #expect(gaveUp.out.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"solvable": null, "optimal": null, "moves": []}"#)

            let invalid = try Scratch.keptFile("i.bloq", "RR\n..\n")
            #expect(try Bloq.run(["solve", invalid]).status == 65)
        }

        @Test("solve tests the goal before the budget: a board one move from clear solves with --max-states 2")
        func goalBeforeBudget() throws {
            // The red on the left is tried first (down, left): neither clears the board.
            let level = try Scratch.keptFile("one.bloq", ".R.R\n....\n")
            let result = try Bloq.run(["solve", level, "--json", "--max-states", "2"])
            #expect(result.status == 0, "\(result.out)\(result.err)")
            #expect(
                result.out.trimmingCharacters(in: .whitespacesAndNewlines)
                    == #"{"solvable": true, "optimal": 1, "moves": [{"row": 0, "col": 1, "direction": "right"}]}"#)
        }

        @Test("solve proves a block walled in without its colour unsolvable at once, on a 16x16 board")
        func walledIn() throws {
            var rows = (0..<16).map { _ in String(repeating: ".", count: 16) }
            rows[0] = "R#" + String(repeating: ".", count: 14)
            rows[1] = "#" + String(repeating: ".", count: 15)
            rows[7] = String(repeating: "BG", count: 8)
            rows[8] = String(repeating: "GB", count: 8)
            rows[15] = String(repeating: ".", count: 15) + "R"
            let level = try Scratch.keptFile("walled.bloq", rows.joined(separator: "\n") + "\n")
            let result = try Bloq.run(["solve", level, "--max-states", "2"])
            #expect(result.status == 0, "\(result.err)")
            #expect(
                result.out.trimmingCharacters(in: .whitespacesAndNewlines)
                    == "unsolvable: the red block at row 1, column 1 is the only red one within its walls, so it can never vanish")
        }

        @Test("solve --write-par fills in the par and keeps the rest of the file")
        func writePar() throws {
            let file = try Scratch.keptFile("w.bloq", "; keep me\ntitle: W\n\nR . R ; a row\n. . .\n. R .\n")
            #expect(try Bloq.run(["solve", "--write-par", file]).status == 0)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "; keep me\ntitle: W\npar: 1\n\nR . R ; a row\n. . .\n. R .\n")
            #expect(try Bloq.run(["validate", file]).status == 0)
        }

        @Test("generate --daily prints the day's pinned board; a bad date, or other options with it, is a usage error")
        func daily() throws {
            let result = try Bloq.run(["generate", "--daily", "2026-03-14"])
            #expect(result.status == 0, "\(result.err)")
            let pinned = try String(contentsOf: Repository.url("Tests/daily/2026-03-14.bloq"), encoding: .utf8)
            #expect(result.out == pinned)
            let level = try Scratch.keptFile("daily.bloq", result.out)
            #expect(try Bloq.run(["validate", level]).status == 0, "the printed board is a valid level with its par")
            for bad in ["2026-02-30", "14/03/2026", "1999-12-31"] {
                let failed = try Bloq.run(["generate", "--daily", bad])
                #expect(failed.status == 64 && failed.err.contains("--daily takes a date YYYY-MM-DD"), "\(bad): \(failed.err)")
            }
            let mixed = try Bloq.run(["generate", "--daily", "2026-03-14", "--count", "3"])
            #expect(mixed.status == 64 && mixed.err.contains("leave out --count"), "\(mixed.err)")
            let neither = try Bloq.run(["generate", "--count", "3"])
            #expect(neither.status == 64 && neither.err.contains("Missing expected argument '--difficulty"), "\(neither.err)")
            // The day of a replay: --date, else BLOQ_TODAY, which must be a date.
            let script = try Scratch.keptFile("d.script", "at 0 tap Daily\nat 500 end\n")
            let today = try Bloq.run(["replay", script, "--app"], environment: ["BLOQ_TODAY": "2026-03-14"])
            #expect(today.status == 0 && today.out.contains("level: daily/2026-03-14"), "\(today.out)\(today.err)")
            let wrong = try Bloq.run(["replay", script, "--app"], environment: ["BLOQ_TODAY": "soon"])
            #expect(wrong.status == 64 && wrong.err.contains("BLOQ_TODAY must be a date YYYY-MM-DD"), "\(wrong.err)")
            let flag = try Bloq.run(["replay", script, "--app", "--date", "2026-03-15"], environment: ["BLOQ_TODAY": "soon"])
            #expect(flag.status == 0 && flag.out.contains("level: daily/2026-03-15"), "--date wins over BLOQ_TODAY: \(flag.err)")
        }

        @Test("replay --json prints board, moves, cleared, log and blocks; a bad script is 65 with SCRIPT:LINE")
        func replay() throws {
            let script = try Scratch.keptFile("s.script", "at 0 press 1 0\nat 50 drag 1 0.6\nat 80 release 1 0.9\nat 1000 end\n")
            let level = Repository.path("levels/easy/001-first-push.bloq")
            let result = try Bloq.run(["replay", script, "--level", level, "--json"])
            #expect(result.status == 0, "\(result.err)")
            #expect(
                result.out.trimmingCharacters(in: .whitespacesAndNewlines)
                    == #"{"board": ["...", "...", "..."], "moves": 1, "cleared": true, "log": [{"row": 1, "col": 0, "direction": "right"}], "blocks": []}"#
            )
            let bad = try Scratch.keptFile("b.script", "at 0 press 1 0\nat 10 wiggle\nat 20 end\n")
            let failed = try Bloq.run(["replay", bad, "--level", level])
            #expect(failed.status == 65)
            #expect(failed.err.hasPrefix("\(bad):2: error: "))
        }

        /// `bloq play --record` on a level that opened on the player's saved line writes it as
        /// `resume` lines, and names a level in no file (the daily board) by its share code.
        @Test("a level replay starts on the line its resume lines give, from a file or a share code")
        func replayResumed() throws {
            let script = try Scratch.keptFile("r.script", "resume 1 2 down\nat 0 key Right\nat 1000 end\n")
            let level = Repository.path("levels/easy/001-first-push.bloq")
            let fromFile = try Bloq.run(["replay", script, "--level", level, "--json"])
            #expect(fromFile.status == 0, "\(fromFile.err)")
            #expect(
                fromFile.out.hasPrefix(
                    #"{"board": ["...", "R..", "..R"], "moves": 1, "cleared": false, "log": [{"row": 1, "col": 2, "direction": "down"}]"#),
                "\(fromFile.out)")
            let code = try Bloq.run(["share", level]).out.trimmingCharacters(in: .whitespacesAndNewlines)
            let fromCode = try Bloq.run(["replay", script, "--code", code, "--json"])
            #expect(fromCode.status == 0, "\(fromCode.err)")
            #expect(fromCode.out == fromFile.out)
        }

        /// CONTRACT §2: the state `end` reports is the state at that time, a block in flight
        /// where it is. helper-49 found every replay ended with its moves landed: the end
        /// of the script quit the game, and quitting lands a move let go (3c9c77b).
        @Test("a replay's end reports a move still in flight, for a level and for the whole app")
        func replayEndsMidFlight() throws {
            let level = Repository.path("docs/boards/motion-lanes.bloq")
            let script = try Scratch.keptFile("m.script", "at 0 key Shift+Right\nat 200 end\n")
            let result = try Bloq.run(["replay", script, "--level", level, "--json", "--window", "800x600"])
            #expect(result.status == 0, "\(result.err)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.out)")
            #expect(json["moves"] as? Int == 0, "the slide lands at 333 ms: \(result.out)")
            let blocks = try #require(json["blocks"] as? [[String: Any]])
            let moving: [[String: Any]] = blocks.filter { ($0["moving"] as? Bool) == true }
            let color = moving.first?["color"] as? String
            #expect(moving.count == 1 && color == "R", "\(result.out)")
            // 76 px a cell, at rest at x = 25: between one and two cells along (docs/motion.md).
            let x: Int = moving.first?["x"] as? Int ?? 0
            #expect(x > 25 + 76 && x < 25 + 76 * 2, "x = \(x)")
            let app = try Scratch.keptFile(
                "a.script", "at 0 tap Play\nat 1000 key Down\nat 1100 key Down\nat 1200 key Shift+Right\nat 1300 end\n")
            let whole = try Bloq.run(["replay", app, "--app", "--json"])
            #expect(whole.status == 0, "\(whole.err)")
            let state = try #require(try JSONSerialization.jsonObject(with: Data(whole.out.utf8)) as? [String: Any], "\(whole.out)")
            // Level 1's winning push, a one-cell slide that lands at 260 ms.
            #expect(state["moves"] as? Int == 0 && state["cleared"] as? Bool == false, "\(whole.out)")
            let appBlocks: [[String: Any]] = state["blocks"] as? [[String: Any]] ?? []
            #expect(appBlocks.contains { ($0["moving"] as? Bool) == true }, "\(whole.out)")
        }

        @Test("play --screenshot writes a PNG without a display and never touches progress")
        func screenshot() throws {
            let scratch = try Scratch("bloq-screenshot")
            let out = scratch.path("shot.png")
            let data = scratch.path("xdg")
            let level = Repository.path("levels/easy/100-full-house.bloq")
            let result = try Bloq.run(
                ["play", "--level", level, "--screenshot", out, "--window", "640x480"], environment: ["XDG_DATA_HOME": data, "DISPLAY": ""])
            #expect(result.status == 0, "\(result.err)")
            let png = try Data(contentsOf: URL(fileURLWithPath: out))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            // Width and height from the PNG header.
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 640 && height == 480)
            #expect(!FileManager.default.fileExists(atPath: data))
        }

        @Test("play with no display says so and exits 1 at once instead of running invisibly")
        func noDisplay() throws {
            let home = try Scratch("bloq-nodisplay")
            let result = try Bloq.run(
                ["play"], environment: ["XDG_DATA_HOME": home.path("data"), "XDG_CONFIG_HOME": home.path("config")],
                removing: ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_RENDER_DRIVER"])
            // It ended by itself, with 1: a game running on invisibly never would (the hang
            // guard would end it, status -1), whatever the machine's speed.
            #expect(result.status == 1, "\(result.err)")
            #expect(result.err.contains("no display found"), "\(result.err)")
            #expect(result.err.contains("DISPLAY") && result.err.contains("--screenshot"), "it says how to get one")
        }

        @Test("one executable: bloq alone in a folder draws a play and a replay screenshot itself, in its own process")
        func oneExecutable() throws {
            let scratch = try Scratch("bloq-alone")
            let folder = URL(fileURLWithPath: scratch.path)
            let alone = folder.appendingPathComponent("bloq")
            try FileManager.default.copyItem(at: Bloq.executable, to: alone)
            let level = Repository.path("levels/easy/100-full-house.bloq")
            let script = Repository.path("docs/replays/mid-drag.script")
            let runs: [[String]] = [
                ["play", "--level", level, "--screenshot", folder.appendingPathComponent("play.png").path],
                ["replay", script, "--level", level, "--screenshot", folder.appendingPathComponent("replay.png").path],
            ]
            for arguments in runs {
                // LD_DEBUG names each program the dynamic loader starts: an exec of another
                // program would be a second one.
                let result = try Bloq.run(arguments, environment: ["LD_DEBUG": "libs", "DISPLAY": ""], executable: alone)
                #expect(result.status == 0, "\(arguments): \(result.err.suffix(300))")
                let programs = result.err.split(separator: "\n").filter { $0.contains("initialize program:") }
                #expect(programs.count == 1 && programs.allSatisfy { $0.hasSuffix(alone.path) }, "\(arguments) ran \(programs)")
                #expect(result.err.contains("libSDL2"), "\(arguments) drew with SDL in the bloq process")
            }
            let made = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(made == ["bloq", "play.png", "replay.png"], "nothing but bloq was needed")
            for name in ["play.png", "replay.png"] {
                let png = try Data(contentsOf: folder.appendingPathComponent(name))
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
            }
        }

        @Test("--version and --help")
        func versionAndHelp() throws {
            let version = try Bloq.run(["--version"])
            #expect(version.status == 0 && !version.out.isEmpty)
            let help = try Bloq.run(["--help"])
            for command in ["play", "solve", "validate", "replay", "bench"] { #expect(help.out.contains(command)) }
            for hidden in ["storm", "save-torture"] { #expect(!help.out.contains(hidden), "a harness in the player's --help") }
        }
    }

}

/// The catalogue of Tests/malformed (its README says how cases declare what they expect):
/// every message about a file, folder or argument, each checked for its text and place.
enum MalformedCatalogue {
    static let folder = Repository.url("Tests/malformed")
    static let level = Repository.path("levels/easy/001-first-push.bloq")

    static func names(_ subfolder: String, suffix: String) -> [String] {
        let path = subfolder.isEmpty ? folder.path : folder.appendingPathComponent(subfolder).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
    }

    static var packs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("packs").path)) ?? []).sorted()
    }

    /// The file's declarations (`; expect: ...`, `; status: ...`), read past a byte-order mark.
    static func declarations(_ path: String, _ key: String) throws -> [String] {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(600))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line -> String? in
            line.hasPrefix("; \(key): ") ? String(line.dropFirst(key.count + 4)) : nil
        }
    }

    /// Splits `LINE:COLUMN: MESSAGE` (or `LINE: MESSAGE`) after `places` colons.
    static func split(_ expectation: String, places: Int) -> (place: String, rest: String) {
        var index = expectation.startIndex
        for _ in 0..<places {
            guard let colon = expectation[index...].firstIndex(of: ":") else { return ("", expectation) }
            index = expectation.index(after: colon)
        }
        return (String(expectation[..<expectation.index(before: index)]), expectation[index...].trimmingCharacters(in: .whitespaces))
    }

    /// The (line, column) places of a file's diagnostics, in the order printed.
    static func places(of path: String, in output: String) -> [[Int]] {
        output.split(separator: "\n").filter { $0.hasPrefix(path + ":") }.map {
            $0.dropFirst(path.count + 1).split(separator: ":").prefix(2).map { Int($0) ?? 0 }
        }
    }
}

extension ChildProcessSuite {
    @Suite("Malformed catalogue")
    struct MalformedCatalogueTests {
        @Test(
            "every malformed level file gets its error at the right place, errors sorted",
            arguments: MalformedCatalogue.names("", suffix: ".bloq"))
        func file(_ name: String) throws {
            let path = MalformedCatalogue.folder.appendingPathComponent(name).path
            let expected = try MalformedCatalogue.declarations(path, "expect")
            #expect(!expected.isEmpty, "\(name) declares no expectation")
            let result = try Bloq.run(["validate", path])
            if expected == ["valid"] {
                #expect(result.status == 0, "\(name): \(result.err)")
                return
            }
            // Warnings alone: the level is valid, and says them.
            let warnsOnly = expected.allSatisfy { MalformedCatalogue.split($0, places: 2).1.hasPrefix("warning: ") }
            #expect(result.status == (warnsOnly ? 0 : 65), "\(name): \(result.err)")
            let lines = result.err.split(separator: "\n").map(String.init)
            for expectation in expected {
                let (place, message) = MalformedCatalogue.split(expectation, places: 2)
                let severity = message.hasPrefix("warning: ") ? "" : "error: "
                #expect(
                    lines.contains { $0.hasPrefix("\(path):\(place): \(severity)\(message)") },
                    "\(name): expected \(place): \(message)\ngot:\n\(result.err)")
            }
            // `; errors: N` and `; warnings: N`: exactly N, so that no follow-on error (or
            // warning) says something false.
            for severity in ["error", "warning"] {
                guard let count = try MalformedCatalogue.declarations(path, severity + "s").first.flatMap({ Int($0) }) else { continue }
                let said = lines.filter { $0.hasPrefix("\(path):") && $0.contains(": \(severity): ") }
                #expect(said.count == count, "\(name): \(said.count) \(severity)s, not \(count):\n\(result.err)")
            }
            let places = MalformedCatalogue.places(of: path, in: result.err)
            #expect(places == places.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }, "\(name): not sorted by line and column")
        }

        @Test("every malformed script gets its error at its line", arguments: MalformedCatalogue.names("scripts", suffix: ".script"))
        func script(_ name: String) throws {
            let path = MalformedCatalogue.folder.appendingPathComponent("scripts/\(name)").path
            let expected = try MalformedCatalogue.declarations(path, "expect")
            #expect(!expected.isEmpty, "\(name) declares no expectation")
            let result = try Bloq.run(["replay", path, "--level", MalformedCatalogue.level])
            if expected == ["valid"] {
                #expect(result.status == 0, "\(name): \(result.err)")
                return
            }
            #expect(result.status == 65, "\(name)")
            for expectation in expected {
                let (place, message) = MalformedCatalogue.split(expectation, places: 1)
                #expect(
                    result.err.hasPrefix("\(path):\(place): error: \(message)"), "\(name): expected \(expectation)\ngot:\n\(result.err)")
            }
        }

        @Test("every malformed pack folder gets its problems at PACK:LINE:COLUMN", arguments: MalformedCatalogue.packs)
        func pack(_ name: String) throws {
            let folder = MalformedCatalogue.folder.appendingPathComponent("packs/\(name)").path
            let expected = try MalformedCatalogue.declarations(folder + "/pack", "expect")
            let status = try MalformedCatalogue.declarations(folder + "/pack", "status")
            #expect(status.count == 1, "\(name) declares no status")
            let result = try Bloq.run(["validate", folder])
            #expect("\(result.status)" == status.first, "\(name): \(result.err)")
            let lines = result.err.split(separator: "\n").map(String.init)
            for expectation in expected {
                #expect(
                    lines.contains { $0.hasPrefix("\(folder)/\(expectation)") }, "\(name): expected \(expectation)\ngot:\n\(result.err)")
            }
            if expected.isEmpty { #expect(result.err.isEmpty, "\(name): \(result.err)") }
        }

        @Test(
            "every command case (special files, folders, arguments) gives its message",
            arguments: MalformedCatalogue.names("cases", suffix: ".case"))
        func command(_ name: String) throws {
            let text = try String(contentsOf: MalformedCatalogue.folder.appendingPathComponent("cases/\(name)"), encoding: .utf8)
            let scratch = try Scratch()
            func substitute(_ value: String) -> String {
                value.replacingOccurrences(of: "$TMP", with: scratch.path).replacingOccurrences(
                    of: "$MALFORMED", with: MalformedCatalogue.folder.path
                )
                .replacingOccurrences(of: "$LEVEL", with: MalformedCatalogue.level)
            }
            var fields: [String: [String]] = [:]
            for line in text.split(separator: "\n") where !line.hasPrefix(";") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon]), default: []].append(
                    substitute(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            for setup in fields["setup"] ?? [] {
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", setup]
                try shell.run()
                shell.waitUntilExit()
                #expect(shell.terminationStatus == 0, "\(name): setup failed: \(setup)")
            }
            var prefix: [String] = []
            var executable = Bloq.executable
            if fields["as"] == ["nobody"] {
                guard AnotherUser.isAvailable else {
                    print("\(name): skipped: running as root without setpriv, so no user can be denied a folder")
                    return
                }
                (prefix, executable) = (AnotherUser.prefix, AnotherUser.executable)
            }
            var environment = ["SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy"]
            for pair in fields["env"] ?? [] {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { environment[parts[0]] = parts[1] }
            }
            let arguments = (fields["run"]?.first ?? "").split(separator: " ").map(String.init)
            let result = try Bloq.run(arguments, environment: environment, executable: executable, prefix: prefix)
            #expect("\(result.status)" == fields["status"]?.first, "\(name): \(result.err)")
            let errors = result.err.split(separator: "\n").map(String.init)
            for expectation in fields["expect"] ?? [] {
                #expect(errors.contains { $0.hasPrefix(expectation) }, "\(name): expected on stderr \(expectation)\ngot:\n\(result.err)")
            }
            let output = result.out.split(separator: "\n").map(String.init)
            for expectation in fields["stdout"] ?? [] {
                #expect(output.contains { $0.hasPrefix(expectation) }, "\(name): expected on stdout \(expectation)\ngot:\n\(result.out)")
            }
        }
    }
}

extension ChildProcessLane {
    @Suite("Crash-safe progress")
    struct CrashSafetyTests {
        /// Kills at random moments: 20 in `make test`, 200 in `make test-reliability`
        /// (BLOQ_RELIABILITY). The moments come from a seed, printed with any failure.
        @Test("killed with SIGKILL at random moments while saving, progress always holds the newest or the previous save")
        func killWhileSaving() throws {
            let scratch = try Scratch("bloq-kill")
            let folder = scratch.path("progress")
            let rounds = ProcessInfo.processInfo.environment["BLOQ_RELIABILITY"] == nil ? 20 : 200
            let seed = UInt64(ProcessInfo.processInfo.environment["BLOQ_SEED"] ?? "") ?? 2026
            var random = SeededGenerator(seed: seed)
            var lastCompleted = 0
            // Calibrate: how long until the first save completes on this machine and build
            // (a sanitizer build starts far slower); kills then land before, during and after saves.
            let calibration = folder + ".calibration"
            let firstSave: Double = try {
                _ = FileManager.default.createFile(atPath: calibration, contents: nil)
                defer { try? FileManager.default.removeItem(atPath: calibration) }
                let process = Process()
                process.executableURL = Bloq.developerTool
                process.arguments = ["save-torture", "--folder", folder + "-calibration"]
                process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: calibration))
                process.standardError = FileHandle.nullDevice
                let start = Date()
                try process.run()
                while Date().timeIntervalSince(start) < 30,
                    !String(decoding: FileManager.default.contents(atPath: calibration) ?? Data(), as: UTF8.self).contains("saved 2")
                {
                    usleep(2_000)
                }
                let elapsed = Date().timeIntervalSince(start)
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                try? FileManager.default.removeItem(atPath: folder + "-calibration")
                return elapsed
            }()
            let window = UInt32(max(firstSave * 500_000, 5_000))...UInt32(max(firstSave * 3_000_000, 20_000))
            for round in 0..<rounds {
                let process = Process()
                process.executableURL = Bloq.developerTool
                process.arguments = ["save-torture", "--folder", folder]
                process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
                let log = folder + ".log"
                _ = FileManager.default.createFile(atPath: log, contents: nil)
                let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                try process.run()
                usleep(UInt32.random(in: window, using: &random))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                try? output.close()
                let printed = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
                try? FileManager.default.removeItem(atPath: log)
                if let last = printed.split(separator: "\n").last(where: { $0.hasPrefix("saved ") }), let value = Int(last.dropFirst(6)) {
                    lastCompleted = value
                }
                let store = ProgressStore(folder: folder)
                let (progress, warnings) = store.load()
                #expect(warnings.isEmpty, "seed \(seed), round \(round): \(warnings)")
                let saved = SaveTortureFile.counter(progress, writer: 0)
                #expect(
                    saved == lastCompleted || saved == lastCompleted + 1,
                    "seed \(seed), round \(round): file holds \(saved), last completed save \(lastCompleted)")
                let lost = SaveTortureFile.missingClears(progress, writer: 0, upTo: saved)
                #expect(lost.isEmpty, "seed \(seed), round \(round): clears of saves \(lost) are missing")
                lastCompleted = saved
            }
            #expect(lastCompleted > 0)
        }
    }
}

extension ChildProcessSuite {
    /// Whole-app replays in Tests/replays/app: each `NAME.script` runs with `--app --json`
    /// and must print `NAME.json` (compared as whole values). A script whose header says
    /// `; data-from: OTHER.script` runs after OTHER in the same `--data` folder, as a
    /// player starting the game again; `; date: YYYY-MM-DD` runs it with `--date` (the day
    /// of the daily board), so it replays the same on any day.
    @Suite("Whole-app replays")
    struct AppReplayTests {
        static let folder = Repository.url("Tests/replays/app")
        static let scripts: [String] = {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".script") }.sorted()
        }()

        @Test("each app script ends in its expected state", arguments: scripts)
        func script(_ name: String) throws {
            let path = Self.folder.appendingPathComponent(name).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let scratch = try Scratch("bloq-app")
            let data = scratch.path("data")
            let header = text.split(separator: "\n").first { $0.hasPrefix("; data-from: ") }
            let date = text.split(separator: "\n").first { $0.hasPrefix("; date: ") }.map {
                ["--date", String($0.dropFirst("; date: ".count))]
            }
            if let from = header?.dropFirst("; data-from: ".count) {
                let first = try Bloq.run(
                    ["replay", Self.folder.appendingPathComponent(String(from)).path, "--app", "--data", data] + (date ?? []))
                #expect(first.status == 0, "\(first.err)")
            }
            let result = try Bloq.run(["replay", path, "--app", "--data", data, "--json"] + (date ?? []))
            #expect(result.status == 0, "\(result.err)")
            let expectedPath = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".script", with: ".json")).path
            let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: expectedPath))) as? NSDictionary
            let actual = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? NSDictionary
            #expect(actual != nil && actual == expected, "\(name) printed \(result.out)")
        }

        /// The fewest moves that clear `board`, by a breadth-first search over every legal
        /// move (independent of the solver: no bounds, no tables), or nil when none do.
        static func fewestMoves(_ board: Board) -> Int? {
            var seen: Set<Board> = [board]
            var layer = [board]
            var depth = 0
            while !layer.isEmpty {
                if layer.contains(where: \.isCleared) { return depth }
                var next: [Board] = []
                for position in layer {
                    for move in position.legalMoves {
                        if let after = position.applying(move), seen.insert(after).inserted { next.append(after) }
                    }
                }
                layer = next
                depth += 1
            }
            return nil
        }

        @Test("every review an app replay ends on agrees with a breadth-first search, move by move")
        func reviews() throws {
            var checked = 0
            for name in Self.scripts {
                let json = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".script", with: ".json"))
                let state = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
                guard let overlay = state?["overlay"] as? [String: Any], let review = overlay["review"] as? [[String: Any]],
                    let level = state?["level"] as? String
                else { continue }
                // The level's start: a shipped file, or the day's board; a level the replay
                // saved in its own data folder (the editor's) is gone with the folder.
                var board: Board
                if level.hasPrefix("daily/") {
                    let day = try #require(DailyDate(String(level.dropFirst("daily/".count))))
                    board = try #require(DailyBoard.make(for: day)?.level.board)
                } else if FileManager.default.fileExists(atPath: Repository.path(level)) {
                    let text = try String(contentsOfFile: Repository.path(level), encoding: .utf8)
                    board = try LevelParser.parse(text, name: level).get().board
                } else {
                    #expect(level.contains("/mine/"), "\(name): no level at \(level)")
                    continue
                }
                for (index, entry) in review.enumerated() {
                    let direction = (entry["direction"] as? String).flatMap(Direction.init(rawValue:))
                    let row = entry["row"] as? Int ?? -1
                    let column = entry["col"] as? Int ?? -1
                    let move = try #require(direction.map { Move(from: CellPosition(row: row, column: column), direction: $0) })
                    #expect(entry["par_before"] as? Int == Self.fewestMoves(board), "\(name) move \(index + 1): par before")
                    board = try #require(board.applying(move), "\(name) move \(index + 1) is not legal")
                    #expect(entry["par_after"] as? Int == Self.fewestMoves(board), "\(name) move \(index + 1): par after")
                    checked += 1
                }
                #expect(board.isCleared, "\(name): the review's line clears the board")
            }
            #expect(checked >= 8, "the replays hold \(checked) reviewed moves")
        }

        @Test("every statistics screen an app replay ends on agrees with the progress it reports")
        func statistics() throws {
            var checked = 0
            for name in Self.scripts {
                let json = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".script", with: ".json"))
                let state = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
                guard let stats = state?["statistics"] as? [String: Any], let progress = state?["progress"] as? [String: Any] else {
                    continue
                }
                let packs = stats["packs"] as? [[String: Any]] ?? []
                #expect(stats["cleared"] as? Int == progress["cleared"] as? Int, "\(name): levels cleared")
                #expect(stats["stars"] as? Int == progress["stars"] as? Int, "\(name): stars")
                #expect(packs.compactMap { $0["cleared"] as? Int }.reduce(0, +) == stats["cleared"] as? Int, "\(name): the packs add up")
                #expect(packs.compactMap { $0["stars"] as? Int }.reduce(0, +) == stats["stars"] as? Int, "\(name): the packs' stars add up")
                checked += 1
            }
            #expect(checked >= 1)
        }

        @Test("a tap on a control that is not shown, or cells with no board, stops the replay: SCRIPT:LINE, exit 65")
        func errors() throws {
            let tap = try Scratch.keptFile("tap.script", "at 0 tap Levels\nat 100 tap \"Next level\"\nat 200 end\n")
            let result = try Bloq.run(["replay", tap, "--app"])
            #expect(result.status == 65)
            #expect(
                result.err.hasPrefix(
                    "\(tap):2: error: no control \"Next level\" on the levels screen (visible: Back, Paste code, Easy, Medium, Hard, Expert, Master, 1,"
                ))
            let cells = try Scratch.keptFile("cells.script", "at 0 press 1 1\nat 100 end\n")
            let second = try Bloq.run(["replay", cells, "--app"])
            #expect(
                second.status == 65 && second.err.contains("\(cells):1: error: cell coordinates need a board on screen"), "\(second.err)")
        }

        @Test("without --data a fresh folder is used and removed; the player's own files are never touched")
        func privateFolder() throws {
            let scratch = try Scratch("bloq-home")
            let home = scratch.path
            let script = Self.folder.appendingPathComponent("redo-winning-move.script").path
            let result = try Bloq.run(
                ["replay", script, "--app", "--json"],
                environment: ["XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config", "TMPDIR": home + "/tmp"])
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out.contains("\"progress\": {\"cleared\": 1, \"stars\": 3}"))
            #expect(!FileManager.default.fileExists(atPath: home + "/data") && !FileManager.default.fileExists(atPath: home + "/config"))
        }
    }
}
