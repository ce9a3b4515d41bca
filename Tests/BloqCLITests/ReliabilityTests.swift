import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// What `BloqDev save-torture` leaves in a progress file (see SaveTorture.swift).
enum SaveTortureFile {
    /// How far writer `writer` got: the time stamp of its counter line.
    static func counter(_ progress: PlayerProgress, writer: Int) -> Int {
        Int(progress.unfinished[String(format: "f%015x", writer)]?.savedAt ?? 0)
    }

    /// The saves from 1 to `upTo` of writer `writer` whose clear the file does not hold.
    static func missingClears(_ progress: PlayerProgress, writer: Int, upTo: Int) -> [Int] {
        guard upTo > 0 else { return [] }
        return (1...upTo).filter { progress.levels[String(format: "%x%015x", writer, $0)]?.cleared != true }
    }
}

/// A valid level and an invalid one, as file text.
let goodLevel = "title: Good\npar: 1\nR . R\n. . .\n. R .\n"
let badLevel = "title: Bad\nR R\n. .\n"

/// The environment of a headless game that exits after its first frame.
func headlessGame(_ scratch: Scratch) -> [String: String] {
    [
        "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "SDL_AUDIODRIVER": "dummy", "BLOQ_EXIT_AFTER_FIRST_FRAME": "1",
        "XDG_DATA_HOME": scratch.path + "/data", "XDG_CONFIG_HOME": scratch.path + "/config",
    ]
}

extension ChildProcessLane {
    @Suite("Two game windows saving at once")
    struct TwoWriterTests {
        @Test("two writers with different clears, interleaved, both survive")
        func interleaved() throws {
            let scratch = try Scratch()
            let folder = scratch.path + "/progress"
            var writers: [(Process, String)] = []
            for writer in 1...2 {
                let process = Process()
                process.executableURL = Bloq.developerTool
                process.arguments = ["save-torture", "--folder", folder, "--writer", "\(writer)", "--saves", "40"]
                let log = scratch.path + "/writer-\(writer).log"
                _ = FileManager.default.createFile(atPath: log, contents: nil)
                process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
                process.standardError = FileHandle.nullDevice
                writers.append((process, log))
            }
            for (process, _) in writers { try process.run() }
            for (process, _) in writers { process.waitUntilExit() }
            for (process, _) in writers { #expect(process.terminationStatus == 0) }
            let loaded = ProgressStore(folder: folder).loadReport()
            #expect(loaded.damage == nil)
            for writer in 1...2 {
                #expect(SaveTortureFile.counter(loaded.progress, writer: writer) == 40)
                #expect(SaveTortureFile.missingClears(loaded.progress, writer: writer, upTo: 40).isEmpty, "writer \(writer) lost clears")
            }
        }

        /// `make test-reliability`: 2 processes × 200 saves, each killed with SIGKILL at
        /// random moments and started again, while the other saves too; after every kill and
        /// at the end, every save either reported is in the file.
        @Test(
            "2 writers x 200 saves with SIGKILLs: nothing lost",
            .enabled(if: ProcessInfo.processInfo.environment["BLOQ_RELIABILITY"] != nil, "make test-reliability runs it"))
        func killedWhileSaving() throws {
            let scratch = try Scratch()
            let folder = scratch.path + "/progress"
            let seed = UInt64(ProcessInfo.processInfo.environment["BLOQ_SEED"] ?? "") ?? 2026
            print("two writers: seed \(seed)")
            var random = SeededGenerator(seed: seed)
            var completed = [1: 0, 2: 0]
            var running: [Int: (Process, String)] = [:]
            var kills = 0
            var rounds = 0
            func start(_ writer: Int) throws {
                let process = Process()
                process.executableURL = Bloq.developerTool
                process.arguments = ["save-torture", "--folder", folder, "--writer", "\(writer)"]
                process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
                let log = scratch.path + "/writer-\(writer)-\(rounds).log"
                _ = FileManager.default.createFile(atPath: log, contents: nil)
                process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
                process.standardError = FileHandle.nullDevice
                try process.run()
                running[writer] = (process, log)
            }
            func reported(_ log: String) -> Int? {
                let text = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
                return text.split(separator: "\n").last { $0.hasPrefix("saved ") }.flatMap { Int($0.dropFirst(6)) }
            }
            func check(_ label: String) {
                let loaded = ProgressStore(folder: folder).loadReport()
                #expect(loaded.damage == nil, "\(label): \(loaded.warnings)")
                for writer in 1...2 {
                    let counter = SaveTortureFile.counter(loaded.progress, writer: writer)
                    #expect(
                        counter >= completed[writer, default: 0],
                        "\(label): writer \(writer) at \(counter), reported \(completed[writer, default: 0])")
                    let lost = SaveTortureFile.missingClears(loaded.progress, writer: writer, upTo: completed[writer, default: 0])
                    #expect(lost.isEmpty, "\(label): writer \(writer) lost the clears of saves \(lost)")
                }
            }
            try start(1)
            try start(2)
            while completed.values.contains(where: { $0 < 200 }), rounds < 5_000 {
                rounds += 1
                usleep(UInt32.random(in: 1_000...25_000, using: &random))
                let victim = Int.random(in: 1...2, using: &random)
                guard let (process, log) = running[victim] else { continue }
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                kills += 1
                if let last = reported(log) { completed[victim] = max(completed[victim, default: 0], last) }
                for (writer, entry) in running where writer != victim {
                    if let last = reported(entry.1) { completed[writer] = max(completed[writer, default: 0], last) }
                }
                check("after kill \(kills)")
                try start(victim)
            }
            for (writer, entry) in running {
                kill(entry.0.processIdentifier, SIGKILL)
                entry.0.waitUntilExit()
                if let last = reported(entry.1) { completed[writer] = max(completed[writer, default: 0], last) }
            }
            check("at the end")
            #expect(completed.values.allSatisfy { $0 >= 200 }, "saves completed: \(completed)")
            print("two writers: \(completed[1] ?? 0) + \(completed[2] ?? 0) saves, \(kills) kills, nothing lost")
        }
    }

    @Suite("Special files never hang or crash")
    struct SpecialFileTests {
        @Test("a FIFO named *.bloq: validate and solve say 'not a regular file' at 1:1 instead of hanging")
        func fifoLevel() throws {
            let scratch = try Scratch()
            _ = try scratch.file("d/a.bloq", goodLevel)
            let fifo = try scratch.fifo("d/x.bloq")
            let validate = try Bloq.run(["validate", scratch.path + "/d"])
            #expect(validate.status == 65, "\(validate.err)")
            #expect(validate.err.split(separator: "\n").contains("\(fifo):1:1: error: not a regular file but a named pipe"))
            let solve = try Bloq.run(["solve", fifo])
            #expect(solve.status == 65)
            #expect(solve.err.hasPrefix("\(fifo):1:1: error: not a regular file"))
            let device = try Bloq.run(["solve", "/dev/zero"])
            #expect(device.status == 65)
            #expect(device.err.hasPrefix("/dev/zero:1:1: error: not a regular file"))
        }

        @Test("play --pack of a folder holding a FIFO level and a FIFO pack file renders instead of hanging")
        func fifoInPack() throws {
            let scratch = try Scratch()
            _ = try scratch.file("d/a.bloq", goodLevel)
            _ = try scratch.fifo("d/b.bloq")
            _ = try scratch.fifo("d/pack")
            let out = scratch.path + "/shot.png"
            let played = try Bloq.run(["play", "--pack", scratch.path + "/d", "--screenshot", out])
            #expect(played.status == 0, "\(played.err)")
            #expect(played.err.contains("\(scratch.path)/d/pack:1:1: error: not a regular file"))
            let validate = try Bloq.run(["validate", scratch.path + "/d"])
            #expect(validate.status == 65)
            #expect(validate.err.contains("\(scratch.path)/d/pack:1:1: error: not a regular file"))
        }

        @Test("a FIFO script: replay says 'not a regular file' instead of hanging")
        func fifoScript() throws {
            let scratch = try Scratch()
            let script = try scratch.fifo("s.script")
            let level = try scratch.file("a.bloq", goodLevel)
            let result = try Bloq.run(["replay", script, "--level", level])
            #expect(result.status == 65)
            #expect(result.err.hasPrefix("\(script):1:1: error: not a regular file"))
        }

        @Test("FIFOs as progress.json and settings.json: the game starts, says so, and leaves them where they are")
        func fifoPlayerFiles() throws {
            let scratch = try Scratch()
            let progress = try scratch.fifo("data/bloq/progress.json")
            let settings = try scratch.fifo("config/bloq/settings.json")
            let level = Repository.path("levels/easy/001-first-push.bloq")
            let result = try Bloq.run(["play", "--level", level], environment: headlessGame(scratch))
            #expect(result.status == 0, "\(result.err)")
            let said = "cannot be read (it is not a regular file but a named pipe; move it away); it was left as it is"
            #expect(result.err.contains(said), "\(result.err)")
            #expect(result.err.contains("Your settings file"), "\(result.err)")
            #expect(RegularFile.kind(progress) == .other, "the FIFO, which the game never made, is where it was")
            #expect(RegularFile.kind(settings) == .other)
        }

        @Test(
            "huge sparse files are never read whole: an 8 GiB script and settings file under a 2 GiB address-space limit",
            .disabled(if: underSanitizer, "a sanitizer's runtime cannot start under an address-space limit"))
        func hugeFiles() throws {
            let scratch = try Scratch()
            let script = try scratch.file("huge.script", "")
            #expect(truncate(script, 8 << 30) == 0)
            let level = try scratch.file("a.bloq", goodLevel)
            let limited = ["/bin/sh", "-c", "ulimit -v 2000000; exec \"$0\" \"$@\""]
            let replay = try Bloq.run(["replay", script, "--level", level], prefix: limited)
            #expect(replay.status == 65, "\(replay.err)")
            #expect(replay.err.hasPrefix("\(script):1: error: script is 8589934592 bytes, more than the limit of 4194304 (4 MiB)"))
            let settings = try scratch.file("config/bloq/settings.json", "")
            #expect(truncate(settings, 8 << 30) == 0)
            let levelPath = Repository.path("levels/easy/001-first-push.bloq")
            let played = try Bloq.run(["play", "--level", levelPath], environment: headlessGame(scratch), prefix: limited)
            #expect(played.status == 0, "\(played.err)")
            #expect(played.err.contains("it is 8589934592 bytes, more than the 65536 bytes a settings file may be"))
        }
    }

    @Suite("Folders are walked the way users expect")
    struct FolderTests {
        @Test("a symbolic link to a folder of invalid levels, and a symlinked subfolder, are read")
        func symlinks() throws {
            let scratch = try Scratch()
            let bad = try scratch.file("real/bad.bloq", badLevel)
            let link = try scratch.link("link", to: scratch.path + "/real")
            let direct = try Bloq.run(["validate", link])
            #expect(direct.status == 65)
            #expect(direct.err.contains("\(link)/bad.bloq:2:3: error: red blocks"))
            _ = try scratch.file("top/ok.bloq", goodLevel)
            let sub = try scratch.link("top/sub", to: "../real")
            let nested = try Bloq.run(["validate", scratch.path + "/top"])
            #expect(nested.status == 65)
            #expect(nested.err.contains("\(sub)/bad.bloq:2:3: error: red blocks"))
            #expect(!bad.isEmpty)
            // play --pack reads the link the same way.
            _ = try scratch.file("real/good.bloq", goodLevel)
            let shot = try Bloq.run(["play", "--pack", link, "--screenshot", scratch.path + "/shot.png"])
            #expect(shot.status == 0, "\(shot.err)")
        }

        @Test("a symbolic link loop ends: each folder is read once, the loop is a warning")
        func loop() throws {
            let scratch = try Scratch()
            _ = try scratch.file("a/ok.bloq", goodLevel)
            let back = try scratch.link("a/again", to: "..")
            let result = try Bloq.run(["validate", scratch.path + "/a"])
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out.contains("1 level valid"))
            #expect(result.err.contains("\(back)/a:1:1: warning: a symbolic link loop"))
        }

        @Test("an empty folder is an error: no .bloq files here")
        func empty() throws {
            let scratch = try Scratch()
            let empty = try scratch.folder("empty")
            let result = try Bloq.run(["validate", empty])
            #expect(result.status == 65)
            #expect(result.err.split(separator: "\n").contains("\(empty):1:1: error: no .bloq files here"))
            let play = try Bloq.run(["play", "--pack", empty, "--screenshot", scratch.path + "/x.png"])
            #expect(play.status == 65)
            #expect(play.err.contains("\(empty):1:1: error: no .bloq files here"))
        }

        @Test(
            "an unreadable folder is an error (exit 65), checked as the user nobody",
            .enabled(if: AnotherUser.isAvailable, "running as root without setpriv, so no user can be denied a folder"))
        func unreadable() throws {
            let scratch = try Scratch()
            _ = try scratch.file("top/ok.bloq", goodLevel)
            let locked = try scratch.folder("top/locked")
            _ = try scratch.file("top/locked/hidden.bloq", badLevel)
            chmod(locked, 0)
            // Root reads any folder; the check runs as nobody, as the issue's repro does.
            let result = try AnotherUser.run(["validate", scratch.path + "/top"])
            #expect(result.status == 65, "\(result.err)")
            #expect(result.err.split(separator: "\n").contains("\(locked):1:1: error: cannot read this folder: permission denied"))
        }

        @Test("pack files are checked: unknown keys, missing and duplicated order lines, garbage; left-out levels warn; CRLF works")
        func packFiles() throws {
            let scratch = try Scratch()
            _ = try scratch.file("p/a.bloq", goodLevel)
            _ = try scratch.file("p/b.bloq", goodLevel)
            _ = try scratch.file("p/c.bloq", goodLevel)
            let pack = try scratch.file("p/pack", "title: P\nordr: b.bloq\norder: b.bloq\norder: missing.bloq\norder: b.bloq\njust words\n")
            let result = try Bloq.run(["validate", scratch.path + "/p"])
            #expect(result.status == 65)
            let lines = result.err.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("\(pack):2:1: error: unknown key 'ordr'") })
            #expect(lines.contains { $0.hasPrefix("\(pack):4:8: error: order names 'missing.bloq'") })
            #expect(lines.contains { $0.hasPrefix("\(pack):5:8: error: 'b.bloq' is already in the order (line 3)") })
            #expect(lines.contains { $0.hasPrefix("\(pack):6:1: error: expected 'title: TEXT' or 'order: FILE.bloq'") })
            #expect(lines.contains { $0.hasPrefix("\(pack):5:1: warning: 'a.bloq' is not in the order") })
            let crlf = try scratch.file("q/pack", "title: Q\r\norder: c.bloq\r\norder: a.bloq\r\norder: b.bloq\r\n")
            for name in ["a", "b", "c"] { _ = try scratch.file("q/\(name).bloq", goodLevel) }
            let clean = try Bloq.run(["validate", scratch.path + "/q"])
            #expect(clean.status == 0, "\(clean.err)")
            #expect(clean.err.isEmpty, "\(crlf): \(clean.err)")
        }
    }

    @Suite("Arguments are range-checked; the generator and solver stay bounded")
    struct ArgumentTests {
        @Test("every numeric option out of range is exit 64 naming the range")
        func ranges() throws {
            let scratch = try Scratch()
            let level = try scratch.file("a.bloq", goodLevel)
            let out = scratch.path + "/out"
            let cases: [([String], String)] = [
                (["validate", level, "--max-states", "0"], "--max-states must be from 1 to 100000000"),
                (["validate", level, "--max-states", "-5"], "--max-states must be from 1 to 100000000"),
                (["validate", level, "--max-states=-5"], "--max-states must be from 1 to 100000000"),
                (["solve", level, "--max-states", "-1"], "--max-states must be from 1 to 100000000"),
                (["solve", level, "--max-states", "100000001"], "--max-states must be from 1 to 100000000"),
                (["generate", "--difficulty", "easy", "--count", "0", "--seed", "1", "--out", out], "--count must be from 1 to 1000"),
                (["generate", "--difficulty", "easy", "--count", "-5", "--seed", "1", "--out", out], "--count must be from 1 to 1000"),
                (
                    ["generate", "--difficulty", "easy", "--count", "1", "--seed", "-1", "--out", out],
                    "--seed must be a whole number from 0 to 18446744073709551615"
                ),
                (
                    ["generate", "--difficulty", "easy", "--count", "1", "--seed", "18446744073709551616", "--out", out],
                    "--seed must be a whole number from 0 to 18446744073709551615"
                ),
                (
                    ["generate", "--difficulty", "easy", "--count", "1", "--seed", "1", "--size", "1x1", "--out", out],
                    "--size must be ROWSxCOLUMNS with each from 2 to 16"
                ),
                (
                    ["generate", "--difficulty", "easy", "--count", "1", "--seed", "1", "--max-attempts", "0", "--out", out],
                    "--max-attempts must be from 1 to 1000000"
                ),
                (
                    ["generate", "--difficulty", "easy", "--count", "1", "--seed", "1", "--moves", "9-7", "--out", out],
                    "--moves must be a length N or a range MIN-MAX"
                ),
                (
                    ["generate", "--difficulty", "easy", "--count", "1", "--seed", "1", "--moves", "0", "--out", out],
                    "--moves must be a length N or a range MIN-MAX"
                ),
                (
                    ["generate", "--difficulty", "easy", "--count", "1", "--seed", "1", "--moves", "3-x", "--out", out],
                    "--moves must be a length N or a range MIN-MAX"
                ),
                (["play", "--level", level, "--window", "10x10", "--screenshot", out + ".png"], "--window"),
            ]
            for (arguments, message) in cases {
                let result = try Bloq.run(arguments)
                #expect(result.status == 64, "\(arguments): \(result.err)")
                #expect(result.err.contains(message), "\(arguments): \(result.err)")
            }
            #expect(!FileManager.default.fileExists(atPath: out))
        }

        @Test("--seed accepts any UInt64")
        func largestSeed() throws {
            let scratch = try Scratch()
            let result = try Bloq.run(
                ["generate", "--difficulty", "easy", "--count", "1", "--seed", "18446744073709551615", "--out", scratch.path + "/out"])
            #expect(result.status == 0, "\(result.err)")
        }

        @Test("generate --moves keeps only levels of those optimal lengths and says so in each file")
        func chosenLengths() throws {
            let scratch = try Scratch()
            let result = try Bloq.run(
                ["generate", "--difficulty", "hard", "--count", "2", "--seed", "9", "--moves", "12", "--out", scratch.path + "/x"])
            #expect(result.status == 0, "\(result.err)")
            #expect(result.err.contains("(optimal 12-12 moves)"), "\(result.err)")
            let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/x").sorted()
            #expect(files.count == 2)
            for file in files {
                let text = try String(contentsOfFile: scratch.path + "/x/" + file, encoding: .utf8)
                #expect(text.contains("\npar: 12\n"), "\(file): \(text)")
                #expect(text.hasPrefix("; Made by bloq generate --difficulty hard --seed 9 --size 4x4 --moves 12\n"), "\(text)")
            }
        }

        @Test("generate --size 2x2 cannot make a level, and says so instead of crashing")
        func tinyBoards() throws {
            let scratch = try Scratch()
            for difficulty in ["easy", "medium", "hard"] {
                let result = try Bloq.run(
                    ["generate", "--difficulty", difficulty, "--count", "3", "--seed", "1", "--size", "2x2", "--out", scratch.path + "/x"])
                #expect(result.status == 1, "\(difficulty): \(result.err)")
                #expect(result.err.contains("could not make 3 of the 3 \(difficulty) 2x2 levels asked for"), "\(result.err)")
            }
        }

        @Test("generate on a board too large to solve stops at its budget and says what it could not make")
        func budget() throws {
            let scratch = try Scratch()
            let result = try Bloq.run(
                [
                    "generate", "--difficulty", "hard", "--count", "1", "--seed", "1", "--size", "16x2", "--max-states", "400000",
                    "--out", scratch.path + "/x",
                ])
            #expect(result.status == 1, "\(result.err)")
            #expect(result.err.contains("could not make 1 of the 1 hard 16x2 level asked for: the solver's budget of 400000 positions"))
        }

        @Test("generate prints a progress line per level on a stderr that is not a terminal")
        func progressLines() throws {
            let scratch = try Scratch()
            let result = try Bloq.run(
                ["generate", "--difficulty", "easy", "--count", "2", "--seed", "5", "--out", scratch.path + "/x"])
            #expect(result.status == 0, "\(result.err)")
            let lines = result.err.split(separator: "\n")
            #expect(lines.contains { $0.hasPrefix("bloq: made 1 of 2 easy 4x4 levels (") })
            #expect(lines.contains { $0.hasPrefix("bloq: made 2 of 2 easy 4x4 levels (") })
        }

        @Test("file numbers after 9223372036854775807 do not overflow")
        func numbering() throws {
            let scratch = try Scratch()
            _ = try scratch.file("x/9223372036854775807-a.bloq", goodLevel)
            let result = try Bloq.run(
                ["generate", "--difficulty", "easy", "--count", "1", "--seed", "3", "--out", scratch.path + "/x"])
            #expect(result.status == 0, "\(result.err)")
            let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/x")
            #expect(names.contains { $0.hasPrefix("9223372036854775808-") }, "\(names)")
        }

        /// 300 MB: room for the program (a debug build maps about 100 MB) and a search big
        /// enough to meet the memory budget well before the state budget.
        @Test(
            "the largest solver budget under a 300 MB address-space limit gives up with 75, never aborts",
            .disabled(if: underSanitizer, "a sanitizer's runtime cannot start under an address-space limit"))
        func solverMemory() throws {
            let scratch = try Scratch()
            let level = try scratch.file("big.bloq", SolverMemoryBoards.sixteenBySixteen)
            let limited = ["/bin/sh", "-c", "ulimit -v 300000; exec \"$0\" \"$@\""]
            let result = try Bloq.run(["solve", level, "--max-states", "100000000"], prefix: limited)
            #expect(result.status == 75, "\(result.err)")
            #expect(result.out.contains("the memory budget of"), "\(result.out)")
        }

        @Test("solve --write-par through a symbolic link writes the target, keeps the link, the mode and the owner")
        func writeParThroughLink() throws {
            let scratch = try Scratch()
            let real = try scratch.file("real.bloq", "title: W\n\nR . R\n. . .\n. R .\n")
            chmod(real, 0o600)
            if geteuid() == 0 { chown(real, 65534, 65534) }
            var before = stat()
            stat(real, &before)
            let link = try scratch.link("link.bloq", to: "real.bloq")
            let result = try Bloq.run(["solve", "--write-par", link])
            #expect(result.status == 0, "\(result.err)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.bloq", "the link stays a link")
            #expect(try String(contentsOfFile: real, encoding: .utf8) == "title: W\npar: 1\n\nR . R\n. . .\n. R .\n")
            var after = stat()
            stat(real, &after)
            #expect(after.st_mode & 0o7777 == 0o600)
            #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid)
        }
    }
}

/// Boards for the solver's memory checks.
enum SolverMemoryBoards {
    /// A 16x16 board with 4 holes and four colours, none touching: far too large to solve.
    static let sixteenBySixteen: String = {
        var random = SeededGenerator(seed: 16)
        func next() -> Int { Int(random.next() >> 1) }
        let colors: [Character] = ["R", "B", "O", "G"]
        var cells = [Character](repeating: ".", count: 256)
        let holes: Set<Int> = [17, 90, 163, 236]
        for index in 0..<256 where !holes.contains(index) {
            let left: Character? = index % 16 > 0 ? cells[index - 1] : nil
            let up: Character? = index >= 16 ? cells[index - 16] : nil
            let allowed = colors.filter { $0 != left && $0 != up }
            cells[index] = allowed[next() % allowed.count]
        }
        return (0..<16).map { row in String(cells[(row * 16)..<(row * 16 + 16)]) }.joined(separator: "\n") + "\n"
    }()
}
