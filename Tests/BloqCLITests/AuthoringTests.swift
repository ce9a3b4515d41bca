import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

extension ChildProcessSuite {
    /// The player's levels on the command line: `share`, `import`, `play --code`, and the editor's Save
    /// in a whole-app replay (CONTRACT section 5).
    @Suite("Share codes and the player's levels on the command line")
    struct AuthoringTests {
        static let level = Repository.path("levels/easy/003-into-the-gap.bloq")

        @Test("share prints a code holding the board; --title adds the file's title, --no-title (the default) leaves it out")
        func share() throws {
            let shipped = try shippedLevel("levels/easy/003-into-the-gap.bloq").level
            let result = try Bloq.run(["share", Self.level])
            #expect(result.status == 0, "\(result.err)")
            let code = result.out.trimmingCharacters(in: .newlines)
            #expect(result.out == code + "\n" && code.hasPrefix("B1"))
            let decoded = try ShareCode.decode(code).get()
            #expect(decoded.board == shipped.board && decoded.title == nil)
            #expect(try Bloq.run(["share", Self.level, "--no-title"]).out == result.out)

            let titled = try Bloq.run(["share", Self.level, "--title"]).out.trimmingCharacters(in: .newlines)
            #expect(try ShareCode.decode(titled).get().title == "Into the Gap")
            #expect(titled.count > code.count)

            // A file without a title shares none (its name is not a title).
            let untitled = try Scratch.keptFile("plain.bloq", "R . R\n. . .\n")
            let plain = try Bloq.run(["share", untitled, "--title"]).out.trimmingCharacters(in: .newlines)
            #expect(try ShareCode.decode(plain).get().title == nil)
            // Every 4x4 level's code is at most 24 characters (17, in fact).
            let full = Repository.path("levels/easy/100-full-house.bloq")
            let fourByFour = try Bloq.run(["share", full]).out.trimmingCharacters(in: .newlines)
            #expect(fourByFour.count == 17, "\(fourByFour)")
        }

        @Test("share: a missing file is 66, an invalid level 65 with its errors at PATH:LINE:COLUMN")
        func shareErrors() throws {
            let missing = try Bloq.run(["share", "/nonexistent/x.bloq"])
            #expect(missing.status == 66)
            let bad = try Scratch.keptFile("bad.bloq", "R R\n. .\n")
            let invalid = try Bloq.run(["share", bad])
            #expect(invalid.status == 65)
            #expect(invalid.err.hasPrefix("\(bad):1:"), "\(invalid.err)")
            #expect(invalid.out.isEmpty)
        }

        @Test("a malformed code is refused with what is wrong, exit 65, by import and play --code alike")
        func malformedCodes() throws {
            let code = try Bloq.run(["share", Self.level]).out.trimmingCharacters(in: .newlines)
            // One character changed in the middle.
            var characters = Array(code)
            let middle = characters.count / 2
            characters[middle] = characters[middle] == "A" ? "B" : "A"
            let typo = String(characters)
            let cases: [(String, String)] = [
                ("", "the share code is empty"),
                ("X1AAAA", "a share code starts with B1"),
                ("B9AAAA", "version '9'"),
                ("B1AA*A", "character 5 of the share code, '*'"),
                (typo, "checksum does not match"),
                (String(code.dropLast(3)), "share code"),
            ]
            let scratch = try Scratch("bloq-author")
            let home = scratch.path("data")
            for (bad, words) in cases {
                for arguments in [["import", bad], ["play", "--code", bad]] {
                    let result = try Bloq.run(arguments, environment: ["XDG_DATA_HOME": home, "DISPLAY": ""])
                    #expect(result.status == 65, "\(arguments): \(result.err)")
                    #expect(result.err.hasPrefix("bloq: error: ") && result.err.contains(words), "\(arguments): \(result.err)")
                }
            }
            // A well-formed code of a board that is not a level: two reds touching.
            let touchingBoard = try #require(Board(["RR", ".."]))
            let touching = try #require(ShareCode.encode(touchingBoard))
            let notLevel = try Bloq.run(["import", touching], environment: ["XDG_DATA_HOME": home])
            #expect(notLevel.status == 65 && notLevel.err.contains("not a valid level"), "\(notLevel.err)")
            // A level that cannot be cleared is not imported.
            let stuckBoard = try #require(Board(["R#.", "##.", "..R"]))
            let unsolvable = try #require(ShareCode.encode(stuckBoard))
            let stuck = try Bloq.run(["import", unsolvable], environment: ["XDG_DATA_HOME": home])
            #expect(stuck.status == 65 && stuck.err.contains("cannot be cleared"), "\(stuck.err)")
            #expect(!FileManager.default.fileExists(atPath: home + "/bloq/levels"), "nothing was saved")
        }

        @Test("import saves the level with its par in the player's pack, numbered, never over a file; it validates")
        func importCode() throws {
            let scratch = try Scratch("bloq-author")
            let home = scratch.path("data")
            let code = try Bloq.run(["share", Self.level, "--title"]).out.trimmingCharacters(in: .newlines)
            let first = try Bloq.run(["import", code], environment: ["XDG_DATA_HOME": home])
            #expect(first.status == 0, "\(first.err)")
            let path = first.out.trimmingCharacters(in: .newlines)
            #expect(path == home + "/bloq/levels/shared/001-into-the-gap.bloq")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("title: Into the Gap\npar: 1\n"), "\(text)")
            #expect(try Bloq.run(["validate", path]).status == 0)
            // The same code again (into any pack): where it already is, and nothing written.
            for again in [["import", code], ["import", code, "--pack", "from friends"]] {
                let second = try Bloq.run(again, environment: ["XDG_DATA_HOME": home])
                #expect(second.status == 0, "\(second.err)")
                #expect(second.out.trimmingCharacters(in: .newlines) == path)
                #expect(second.err.contains("already in your levels, as \(path); nothing was written"), "\(second.err)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/bloq/levels") == ["shared"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/bloq/levels/shared") == ["001-into-the-gap.bloq"])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
            // --pack NAME, and the code's share round-trips through the file.
            let other = Repository.path("levels/easy/001-first-push.bloq")
            let otherCode = try Bloq.run(["share", other, "--title"]).out.trimmingCharacters(in: .newlines)
            let named = try Bloq.run(["import", otherCode, "--pack", "from friends"], environment: ["XDG_DATA_HOME": home])
            let namedPath = named.out.trimmingCharacters(in: .newlines)
            #expect(namedPath == home + "/bloq/levels/from friends/001-first-push.bloq", "\(named.err)")
            #expect(try Bloq.run(["share", namedPath, "--title"]).out.trimmingCharacters(in: .newlines) == otherCode)
            // A code without a title is saved as "Shared level".
            let bareBoard = try #require(Board(["R.R", "...", "B.B"]))
            let bare = try #require(ShareCode.encode(bareBoard))
            let untitled = try Bloq.run(["import", bare], environment: ["XDG_DATA_HOME": home])
            #expect(untitled.out.trimmingCharacters(in: .newlines) == home + "/bloq/levels/shared/002-shared-level.bloq", "\(untitled.err)")
            // A pack name that is no folder name is an argument error.
            #expect(try Bloq.run(["import", code, "--pack", "../up"], environment: ["XDG_DATA_HOME": home]).status == 64)
        }

        @Test("play --code renders the code's level; the board is the code's")
        func playCode() throws {
            let code = try Bloq.run(["share", Self.level]).out.trimmingCharacters(in: .newlines)
            let scratch = try Scratch("bloq-code")
            let out = scratch.path("code.png")
            let result = try Bloq.run(["play", "--code", code, "--screenshot", out])
            #expect(result.status == 0, "\(result.err)")
            #expect(FileManager.default.fileExists(atPath: out))
            let both = try Bloq.run(["play", "--code", code, "--level", Self.level])
            #expect(both.status == 64 && both.err.contains("give one of --level, --pack and --code"))
            let watch = try Bloq.run(["play", "--watch"])
            #expect(watch.status == 64 && watch.err.contains("--watch goes with --level"))
        }

        @Test("the editor's Save writes DIR/levels/mine/NNN-slug.bloq with the solver's par; saving again makes the next number")
        func editorSave() throws {
            let scratch = try Scratch("bloq-author")
            let data = scratch.path("data")
            let script = Repository.path("Tests/replays/app/editor-save-and-play.script")
            let first = try Bloq.run(["replay", script, "--app", "--data", data])
            #expect(first.status == 0, "\(first.err)")
            let saved = data + "/levels/mine/001-two-pairs.bloq"
            let text = try String(contentsOfFile: saved, encoding: .utf8)
            #expect(text == "; Made in the Bloq level editor.\ntitle: Two Pairs\npar: 2\n\nB . B .\nR . . R\n. . . .\n# # # #\n")
            #expect(try Bloq.run(["validate", saved]).status == 0)
            // A second game, whose editor opens on the first one's draft (kept in the progress),
            // saving a level of the same title: the next number, the first kept.
            let again = try Scratch.keptFile(
                "again.script",
                "at 0 tap Make\nat 100 tap Clear\nat 200 tap Green\nat 300 press 0 0\nat 350 release 0 0\nat 400 press 2 0\nat 450 release 2 0\n"
                    + "at 1000 tap Save\nat 1100 end\n")
            let second = try Bloq.run(["replay", again, "--app", "--data", data, "--json"])
            #expect(second.status == 0, "\(second.err)")
            let status = "\"status\": \"Saved in My levels: find it under Levels\""
            #expect(second.out.contains(status), "\(second.out)")
            #expect(try String(contentsOfFile: saved, encoding: .utf8) == text)
            #expect(FileManager.default.fileExists(atPath: data + "/levels/mine/002-two-pairs.bloq"))
        }

        /// The editor's draft is kept with its placeholders as none, so they come back in the
        /// language of the day; "My level" and "mine" stayed placeholders after the player
        /// switched to German with the editor open, not a title and a pack typed.
        @Test("the editor's draft keeps the placeholders as none across a change of language")
        func draftPlaceholders() throws {
            let scratch = try Scratch("bloq-author")
            let data = scratch.path("data")
            let script = try Scratch.keptFile(
                "language.script",
                "at 0 tap Make\nat 300 press 0 0\nat 400 release 0 0\nat 700 tap Back\nat 1000 tap Settings\nat 1300 tap Language\n"
                    + "at 1600 tap Language\nat 1900 tap Zurück\nat 2200 tap Bauen\nat 2500 press 1 1\nat 2600 release 1 1\nat 3200 end\n")
            let result = try Bloq.run(["replay", script, "--app", "--data", data], environment: try TestCatalogs.environment())
            #expect(result.status == 0, "\(result.err)")
            let progress = try String(contentsOfFile: data + "/progress.json", encoding: .utf8)
            let draft = progress.split(separator: "\n").first { $0.hasPrefix("\"editor\":") }.map(String.init) ?? ""
            #expect(draft.hasPrefix(#""editor":{"lines":["R...",".R..","....","...."],"savedAt":"#), "\(progress)")
            #expect(!draft.contains("title") && !draft.contains("pack"), "\(draft)")
        }

        @Test("the player's packs' tabs are in the language shown: 'Geteilt (deins)', not 'Shared (yours)'")
        func playersTabsTranslated() throws {
            let scratch = try Scratch("bloq-author")
            let data = scratch.path("data")
            try FileManager.default.createDirectory(atPath: data + "/levels/shared", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.level, toPath: data + "/levels/shared/001-level.bloq")
            let script = try Scratch.keptFile("tabs.script", "at 0 tap Level\nat 400 end\n")
            let result = try Bloq.run(["replay", script, "--app", "--data", data, "--lang", "de", "--json"])
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out.contains("\"Geteilt (deins)\"") && !result.out.contains("(yours)"), "\(result.out)")
        }

        @Test("editing a shipped level saves a copy in the player's pack; the shipped file is never written")
        func copyOfShipped() throws {
            let scratch = try Scratch("bloq-author")
            let data = scratch.path("data")
            let shipped = Repository.path("levels/easy/001-first-push.bloq")
            let before = try Data(contentsOf: URL(fileURLWithPath: shipped))
            let script = Repository.path("Tests/replays/app/editor-copy-of-shipped.script")
            let result = try Bloq.run(["replay", script, "--app", "--data", data])
            #expect(result.status == 0, "\(result.err)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: shipped)) == before)
            let copy = try String(contentsOfFile: data + "/levels/mine/001-first-push.bloq", encoding: .utf8)
            #expect(copy.hasSuffix("title: First Push\npar: 1\n\n# . .\nR . R\n. . .\n"), "\(copy)")
        }

        @Test("play --watch on a file that does not load yet prints its errors and waits; a fixed save goes on to open the game")
        func watchWaitsForAFix() throws {
            let scratch = try Scratch("bloq-watch")
            let folder = scratch.path
            let path = folder + "/draft.bloq"
            try "title: Draft\n\nR . x\n. . .\n".write(toFile: path, atomically: true, encoding: .utf8)
            // SDL's offscreen driver stands in for a display, and the game stops after its first
            // frame (as bloq bench's start-up figure does): the frame shows the wait ended.
            let game = try Bloq.start(
                ["play", "--level", path, "--watch"],
                environment: [
                    "BLOQ_EXIT_AFTER_FIRST_FRAME": "1", "XDG_DATA_HOME": folder + "/data", "XDG_CONFIG_HOME": folder + "/config",
                ])
            #expect(game.waitForError("waiting for \(path) to load"), "\(game.standardError)")
            #expect(game.standardError.contains("\(path):3:5: error: unknown cell 'x'"))
            #expect(game.process.isRunning, "it waits for a fix")
            // Another broken save: its errors are printed as they come.
            try "title: Draft\n\nR . y\n. . .\n".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(game.waitForError("\(path):3:5: error: unknown cell 'y'"), "\(game.standardError)")
            #expect(game.process.isRunning)
            // The fix: past the wait, the window opens and draws its first frame.
            try "title: Draft\n\nR . R\n. . .\n".write(toFile: path, atomically: true, encoding: .utf8)
            let opened = game.finish()
            #expect(opened.status != -1, "the game did not open after the fix: \(opened.err)")
            #expect(opened.status == 0, "\(opened.err)")
            // With no display at all, the wait would end in nothing: the error comes at once.
            try "title: Draft\n\nR . x\n. . .\n".write(toFile: path, atomically: true, encoding: .utf8)
            let headless = try Bloq.run(
                ["play", "--level", path, "--watch"], environment: ["SDL_VIDEODRIVER": "offscreen"],
                removing: ["BLOQ_EXIT_AFTER_FIRST_FRAME"])
            #expect(headless.status == 1 && headless.err.contains("no display found"), "\(headless.err)")
            #expect(headless.err.contains("unknown cell 'x'") && !headless.err.contains("waiting for"))
            // A folder or a FIFO is not a draft being written: an error at once, as without --watch.
            let fifo = folder + "/fifo.bloq"
            #expect(mkfifo(fifo, 0o600) == 0)
            for path in [folder, fifo] {
                // With a display standing in, the old wait would only end at the timeout.
                let refused = try Bloq.run(
                    ["play", "--level", path, "--watch"], environment: ["BLOQ_EXIT_AFTER_FIRST_FRAME": "1"])
                #expect(refused.status != 0 && refused.status != -1 && !refused.err.contains("waiting for"), "\(path): \(refused.err)")
            }
            // A path that does not exist is not waited for.
            let missing = try Bloq.run(["play", "--level", folder + "/nope.bloq", "--watch"])
            #expect(missing.status == 66 && missing.err.contains("does not exist"), "\(missing.err)")
        }

        @Test("verify: a solve code's moves replayed; --json; a forged line says which move fails, exit 65; import takes a solve code")
        func verify() throws {
            let code = try Bloq.run([
                "share", Repository.path("levels/easy/100-full-house.bloq"), "--title", "--solution",
            ])
            .out.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(code.hasPrefix("S1"))
            let plain = try Bloq.run(["verify", code])
            #expect(plain.status == 0 && plain.out == "Full House: cleared in 9 moves (par 9) ★★★\n", "\(plain.out)\(plain.err)")
            let json = try Bloq.run(["verify", code, "--json"])
            #expect(json.out == #"{"level": "Full House", "moves": 9, "par": 9, "cleared": true, "stars": 3}"# + "\n", "\(json.out)")
            let share = try Bloq.run(["verify", "B1ABQEQ68"])
            #expect(share.status == 65 && share.err.contains("a share code holds a level, not a line"), "\(share.err)")
            let broken = try Bloq.run(["verify", String(code.dropLast(3))])
            #expect(broken.status == 65 && broken.err.hasPrefix("bloq: error: "), "\(broken.err)")
            let scratch = try Scratch("bloq-author")
            let data = scratch.path("data")
            let imported = try Bloq.run(["import", code], environment: ["XDG_DATA_HOME": data])
            #expect(imported.status == 0 && imported.out.hasSuffix(".bloq\n"), "\(imported.err)")
            #expect(imported.err.contains("the code carries a line that clears the level in 9 moves"), "\(imported.err)")
        }
    }
}
