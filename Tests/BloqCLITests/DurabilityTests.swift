import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// Nothing a player did is lost, through the real game: a whole-app replay clears the first level while the
/// player's files are locked by another process, unreadable to the game's user, or linked
/// elsewhere; and `bloq import` with repeated, large and hostile codes.
enum DurabilityFixtures {
    /// A replay that opens the first easy level and clears it with one push.
    static let clearScript = """
        at 0    tap Levels
        at 100  tap 1
        at 400  key Down
        at 420  key Down
        at 450  key Shift+Right
        at 2000 end

        """

    /// A replay that only starts the game (the next start, which merges the journal).
    static let startScript = "at 0 end\n"

    /// The identity the first easy level's progress is kept under.
    static func firstLevel() throws -> String {
        try shippedLevel("levels/easy/001-first-push.bloq").level.board.identity
    }

    /// `progress.json` itself, decoded whole (as any Bloq reads it), or nil.
    static func progressFile(_ path: String) -> PlayerProgress? {
        FileManager.default.contents(atPath: path).flatMap { try? soundProgress($0) }
    }

    /// The journal entries in `folder` (published ones: a temporary being written is not an
    /// entry yet, and a start removes it once its writer is gone).
    static func journal(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasPrefix("progress.json.journal-") && !$0.hasSuffix(".tmp")
        }
    }

}

extension ChildProcessLane {
    @Suite("Nothing a player did is lost")
    struct DurabilityTests {
        @Test("a clear made while another process holds the lock for the whole game is on disk afterwards")
        func heldLock() throws {
            let scratch = try Scratch()
            let data = try scratch.folder("data")
            let script = try scratch.file("clear.script", DurabilityFixtures.clearScript)
            // The test holds the very lock the game takes, through a descriptor of its own
            // (flock(2)), and lets go only after the game ended, however slow the machine.
            let lock = try HeldLock(data + "/progress.json.lock")
            let game = try Bloq.run(["replay", script, "--app", "--data", data])
            #expect(game.status == 0, "\(game.err)")
            #expect(game.out.contains("progress: 1 cleared"), "\(game.out)")
            #expect(HeldLock.isHeld(lock.path), "the lock was held for the whole game")
            #expect(
                game.err.contains("is kept beside it, in \(data)/progress.json.journal-* (each save replaces the one before)"),
                "\(game.err)")
            #expect(!DurabilityFixtures.journal(data).isEmpty, "the clear is on disk, beside progress.json")
            lock.release()
            // The next start takes the lock and merges the journal into progress.json.
            let start = try scratch.file("start.script", DurabilityFixtures.startScript)
            let next = try Bloq.run(["replay", start, "--app", "--data", data])
            #expect(next.status == 0, "\(next.err)")
            #expect(next.out.contains("progress: 1 cleared"), "\(next.out)")
            let file = DurabilityFixtures.progressFile(data + "/progress.json")
            #expect(file?.levels[try DurabilityFixtures.firstLevel()]?.cleared == true, "the clear is in progress.json itself")
            #expect(DurabilityFixtures.journal(data).isEmpty, "the journal was merged and removed")
        }

        @Test("a SIGKILL after a committed move, then Play, resumes at that move")
        func killAfterMove() throws {
            let scratch = try Scratch()
            let data = try scratch.folder("data")
            // On the first easy level (R . R in its middle row), the left red pushed up: a
            // move that clears nothing. Then the game runs on for an hour of script time.
            let script = try scratch.file(
                "move.script", "at 0    tap Play\nat 300  key Down\nat 320  key Down\nat 350  key Shift+Up\nat 3599000 end\n")
            // The lock held by the test (as another copy of the game would hold it): the game
            // cannot end (its last saves wait for the lock) before the test has killed it,
            // however fast the machine; the line of play goes to the journal, which takes no
            // lock.
            let lock = try HeldLock(data + "/progress.json.lock")
            let game = try Bloq.start(["replay", script, "--app", "--data", data])
            // The committed move reaches the disk on its own, within a second of game play:
            // wait until the journal holds the line with that move, then kill.
            let level = try DurabilityFixtures.firstLevel()
            func lineOnDisk() -> Bool {
                DurabilityFixtures.journal(data).contains { name in
                    let entry = FileManager.default.contents(atPath: data + "/" + name)
                    let progress = entry.flatMap { try? soundProgress($0) }
                    return progress?.unfinished[level]?.log.count == 1
                }
            }
            let deadline = Date().addingTimeInterval(Bloq.hangGuard)
            while !lineOnDisk(), game.process.isRunning, Date() < deadline { usleep(5_000) }
            let runningAtKill = game.process.isRunning
            kill(game.process.processIdentifier, SIGKILL)
            let killed = game.finish()
            #expect(runningAtKill, "the game was killed while it ran (\(killed.err))")
            #expect(lineOnDisk(), "the line of play was on disk before the kill")
            lock.release()
            // The next start: Play resumes at that move.
            let play = try scratch.file("play.script", "at 0 tap Play\nat 200 end\n")
            let next = try Bloq.run(["replay", play, "--app", "--data", data, "--json"])
            #expect(next.status == 0, "\(next.err)")
            let state = try #require(try JSONSerialization.jsonObject(with: Data(next.out.utf8)) as? [String: Any], "\(next.out)")
            #expect(state["level"] as? String == "levels/easy/001-first-push.bloq")
            #expect(state["moves"] as? Int == 1)
            #expect(state["board"] as? [String] == ["R..", "..R", "..."])
        }

        @Test(
            "an unreadable progress file is unchanged after a run by another user, and saved into once it can be read",
            .enabled(if: AnotherUser.isAvailable, "running as root without setpriv"))
        func unreadable() throws {
            let scratch = try Scratch()
            let data = try scratch.folder("data")
            chmod(data, 0o777)
            let file = data + "/progress.json"
            let earlier = "00000000000000e1"
            var progress = PlayerProgress()
            progress.recordClear(level: earlier, stars: 2, moves: 7, time: 3, at: 1000)
            try ProgressStore(folder: data).save(progress)
            // Read before it is made unreadable: a test run by a user other than root could
            // not read it afterwards either.
            let before = try Data(contentsOf: URL(fileURLWithPath: file))
            if geteuid() != 0 { chmod(file, 0) } else { chmod(file, 0o600) }
            var status = stat()
            stat(file, &status)
            let script = try scratch.file("clear.script", DurabilityFixtures.clearScript)
            let game = try AnotherUser.run(["replay", script, "--app", "--data", data])
            #expect(game.status == 0, "\(game.err)")
            #expect(game.err.contains("\(file) cannot be read (permission denied); it was left as it is"), "\(game.err)")
            #expect(game.out.contains("progress: 1 cleared"), "the game played on in memory: \(game.out)")
            // Untouched: the same file (inode), contents and mode; nothing moved aside.
            var after = stat()
            stat(file, &after)
            chmod(file, 0o600)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
            #expect(after.st_ino == status.st_ino && after.st_mode == status.st_mode && after.st_uid == status.st_uid)
            let names = try FileManager.default.contentsOfDirectory(atPath: data)
            #expect(!names.contains { $0.contains("corrupt") || $0.hasSuffix(".prev") }, "\(names)")
            #expect(!DurabilityFixtures.journal(data).isEmpty, "the clear is kept beside it")
            // Readable again: the next start merges the clear into it, keeping what it held.
            chmod(file, 0o644)
            let start = try scratch.file("start.script", DurabilityFixtures.startScript)
            let next = try AnotherUser.run(["replay", start, "--app", "--data", data])
            #expect(next.status == 0, "\(next.err)")
            let merged = DurabilityFixtures.progressFile(file)
            #expect(merged?.levels[earlier]?.bestStars == 2)
            #expect(merged?.levels[try DurabilityFixtures.firstLevel()]?.cleared == true)
            #expect(DurabilityFixtures.journal(data).isEmpty)
        }

        @Test("a symlinked progress file is still a link after a clear, and its target holds the clear and what it held")
        func symlinked() throws {
            let scratch = try Scratch()
            let data = try scratch.folder("data")
            let sync = try scratch.folder("sync")
            let earlier = "00000000000000e2"
            var progress = PlayerProgress()
            progress.recordClear(level: earlier, stars: 3, moves: 4, time: 2, at: 1000)
            try ProgressStore(folder: sync).save(progress)
            let link = try scratch.link("data/progress.json", to: "../sync/progress.json")
            let script = try scratch.file("clear.script", DurabilityFixtures.clearScript)
            let game = try Bloq.run(["replay", script, "--app", "--data", data])
            #expect(game.status == 0, "\(game.err)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "../sync/progress.json", "still a link")
            let target = DurabilityFixtures.progressFile(sync + "/progress.json")
            #expect(target?.levels[try DurabilityFixtures.firstLevel()]?.cleared == true, "the target holds the clear")
            #expect(target?.levels[earlier]?.bestStars == 3)
            #expect(FileManager.default.fileExists(atPath: sync + "/progress.json.prev"), "the previous save is beside the target")
        }

        @Test("import: one code imported twice makes one file; a board too large to solve is saved without a par, saying so")
        func importOnce() throws {
            let scratch = try Scratch()
            let home = scratch.path + "/home"
            let level = Repository.path("levels/easy/003-into-the-gap.bloq")
            let code = try Bloq.run(["share", level]).out.trimmingCharacters(in: .newlines)
            let first = try Bloq.run(["import", code], environment: ["XDG_DATA_HOME": home])
            #expect(first.status == 0, "\(first.err)")
            let second = try Bloq.run(["import", code, "--pack", "again"], environment: ["XDG_DATA_HOME": home])
            #expect(second.status == 0, "\(second.err)")
            #expect(second.out == first.out, "it says where the level already is")
            #expect(second.err.contains("already in your levels"), "\(second.err)")
            let files = LevelFiles.levelPaths(under: home + "/bloq/levels") ?? []
            #expect(files.count == 1, "\(files)")
            // A 16x16 board with a small budget: saved without a par, with a warning, at once.
            let big = try scratch.file("big.bloq", SolverMemoryBoards.sixteenBySixteen)
            let bigCode = try Bloq.run(["share", big]).out.trimmingCharacters(in: .newlines)
            let large = try Bloq.run(["import", bigCode, "--max-states", "2000"], environment: ["XDG_DATA_HOME": home])
            #expect(large.status == 0, "\(large.err)")
            #expect(
                large.err.contains(
                    "too large to solve within the solver's budget (2000 positions, --max-states 2000); it is saved without a par"),
                "\(large.err)")
            let saved = try String(contentsOfFile: large.out.trimmingCharacters(in: .newlines), encoding: .utf8)
            #expect(!saved.contains("par:"), "\(saved)")
        }

        @Test("import: escape codes in a title reach neither the file nor the terminal; control characters in a pack name are refused")
        func hostileNames() throws {
            let scratch = try Scratch()
            let home = scratch.path + "/home"
            let board = try #require(Board(["R.R", "...", "G.G"]))
            let title = "Evil\u{1B}]0;owned\u{07}\u{1B}[31m Red\u{1B}[0m\nNext\u{9B}2J\u{7F}"
            let code = try #require(ShareCode.encode(board, title: title))
            let imported = try Bloq.run(["import", code], environment: ["XDG_DATA_HOME": home])
            #expect(imported.status == 0, "\(imported.err)")
            #expect(!(imported.out + imported.err).unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
            let text = try String(contentsOfFile: imported.out.trimmingCharacters(in: .newlines), encoding: .utf8)
            #expect(text.contains("\ntitle: Evil Red Next\n"), "\(text)")
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
            let shown = try Bloq.run(["solve", imported.out.trimmingCharacters(in: .newlines)])
            #expect(shown.status == 0)
            for pack in ["two\nlines", "bell\u{07}", "esc\u{1B}[2J"] {
                let refused = try Bloq.run(["import", code, "--pack", pack], environment: ["XDG_DATA_HOME": home])
                #expect(refused.status == 64, "\(refused.err)")
                #expect(refused.err.contains("a pack name cannot contain control characters"), "\(refused.err)")
                #expect(!refused.err.contains(pack), "the name is shown with its control characters written out")
            }
        }
    }
}
