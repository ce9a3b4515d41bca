import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// Through the real commands: files the game did not write are left alone,
/// imports run at once save one level, and every failure says what, where and how to fix it
/// with a status of CONTRACT section 2.
extension ChildProcessLane {
    @Suite("Files, saves, imports and messages")
    struct ForeignFilesCommandTests {
        static let firstLevel = Repository.path("levels/easy/001-first-push.bloq")

        /// Whether `text` holds a control character other than a line feed or a tab: an
        /// escape sequence reaching the terminal.
        static func hasControl(_ text: String) -> Bool {
            text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }
        }

        @Test("progress.json linked to a folder: after a clear the folder is as it was, the clear is beside the link and comes back")
        func linkToFolder() throws {
            let scratch = try Scratch()
            let data = try scratch.folder("data")
            let documents = try scratch.folder("Documents")
            _ = try scratch.file("Documents/letter.txt", "mine\n")
            _ = try scratch.link("data/progress.json", to: "../Documents")
            let script = try scratch.file("clear.script", DurabilityFixtures.clearScript)
            let game = try Bloq.run(["replay", script, "--app", "--data", data])
            #expect(game.status == 0, "\(game.err)")
            #expect(
                game.err.contains("is a symbolic link to \(documents), which is not a Bloq progress file (it is a folder)"), "\(game.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: documents) == ["letter.txt"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["Documents", "clear.script", "data"])
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: data + "/progress.json")) == "../Documents")
            // Link removed: the next start makes progress.json with the clear kept beside it.
            try FileManager.default.removeItem(atPath: data + "/progress.json")
            let start = try scratch.file("start.script", DurabilityFixtures.startScript)
            let next = try Bloq.run(["replay", start, "--app", "--data", data])
            #expect(next.out.contains("progress: 1 cleared"), "\(next.out)")
            #expect(DurabilityFixtures.progressFile(data + "/progress.json")?.levels[try DurabilityFixtures.firstLevel()]?.cleared == true)
        }

        @Test("six bloq import of one code at once save exactly one level, and all six print its path")
        func concurrentImports() throws {
            let scratch = try Scratch()
            let home = scratch.path + "/home"
            // A level whose par takes the solver a while, so the six overlap.
            let level = Repository.path("levels/hard/050-misty-compass.bloq")
            let code = try Bloq.run(["share", level]).out.trimmingCharacters(in: .newlines)
            let children = try (0..<6).map { _ in try Bloq.start(["import", code], environment: ["XDG_DATA_HOME": home]) }
            let results = children.map { $0.finish() }
            for result in results { #expect(result.status == 0, "\(result.err)") }
            let files = LevelFiles.levelPaths(under: home + "/bloq/levels") ?? []
            #expect(files.count == 1, "\(files)")
            #expect(Set(results.map(\.out)).count == 1, "\(results.map(\.out))")
        }

        @Test("an unwritable --screenshot exits 73 saying why: a missing folder, a folder, a full disk; /dev/null is written into")
        func screenshotCannotBeWritten() throws {
            let scratch = try Scratch()
            let environment = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "SDL_AUDIODRIVER": "dummy"]
            let cases: [(String, String)] =
                [
                    (scratch.path + "/missing/shot.png", "its folder \(scratch.path)/missing does not exist"),
                    (scratch.path, "it is a folder"),
                ] + (FileManager.default.fileExists(atPath: "/dev/full") ? [("/dev/full", "no space left on the disk")] : [])
            for (out, reason) in cases {
                let shot = try Bloq.run(["play", "--level", Self.firstLevel, "--screenshot", out], environment: environment)
                #expect(shot.status == 73, "\(out): \(shot.err)")
                #expect(shot.err.contains("bloq: error: cannot write the screenshot to \(out): \(reason)"), "\(shot.err)")
            }
            let script = try scratch.file("s.script", "at 0 end\n")
            let replayed = try Bloq.run(
                ["replay", script, "--level", Self.firstLevel, "--screenshot", scratch.path + "/no/x.png"], environment: environment)
            #expect(replayed.status == 73, "\(replayed.err)")
            #expect(replayed.err.contains("does not exist"), "\(replayed.err)")
            var before = stat()
            stat("/dev/null", &before)
            let discarded = try Bloq.run(["play", "--level", Self.firstLevel, "--screenshot", "/dev/null"], environment: environment)
            #expect(discarded.status == 0, "\(discarded.err)")
            var after = stat()
            stat("/dev/null", &after)
            #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_ino == before.st_ino, "/dev/null is still the device")
        }

        @Test("a progress file holding null says so plainly, without Swift's words")
        func nullProgress() throws {
            let scratch = try Scratch()
            let data = try scratch.folder("data")
            _ = try scratch.file("data/progress.json", "null")
            _ = try scratch.file("data/settings.json", "null")
            let script = try scratch.file("start.script", DurabilityFixtures.startScript)
            let game = try Bloq.run(["replay", script, "--app", "--data", data])
            #expect(game.status == 0, "\(game.err)")
            // The sentence says what is wrong; the line under it on standard error, why.
            #expect(game.err.contains("Your progress could not be read (it is not valid progress JSON);"), "\(game.err)")
            #expect(game.err.contains("progress.json: it is not valid progress JSON (it holds null, not an object)"), "\(game.err)")
            #expect(game.err.contains("Your settings could not be read (it is not valid settings JSON);"), "\(game.err)")
            #expect(game.err.contains("settings.json: it is not valid settings JSON (it holds null, not an object)"), "\(game.err)")
            for word in ["DecodingError", "Dictionary", "Swift", "Any>", "codingPath"] {
                #expect(!game.err.contains(word), "\(game.err)")
            }
        }

        @Test("messages: --data a file, --app with --level, an empty path, a code cut to 'B', a title of spaces")
        func smallerMessages() throws {
            let scratch = try Scratch()
            let script = try scratch.file("s.script", "at 0 end\n")
            let file = try scratch.file("a-file", "not a folder\n")
            let data = try Bloq.run(["replay", script, "--app", "--data", file])
            #expect(data.status == 73)
            #expect(data.err.contains("cannot use \(file) as the data folder: it is a file, not a folder"), "\(data.err)")
            #expect(!data.err.contains("File exists"), "\(data.err)")
            let played = try Bloq.run(
                ["play", "--data", file, "--screenshot", scratch.path + "/x.png"],
                environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy"])
            #expect(played.status == 66)
            #expect(played.err.contains("is \(file), which is not a folder"), "\(played.err)")
            let both = try Bloq.run(["replay", script, "--app", "--level", Self.firstLevel])
            #expect(both.status == 64)
            #expect(both.err.contains("--app and --level do not go together"), "\(both.err)")
            for arguments in [["validate", ""], ["solve", ""], ["share", ""], ["validate", Self.firstLevel, ""]] {
                let empty = try Bloq.run(arguments)
                #expect(empty.status == 64, "\(arguments): \(empty.err)")
                #expect(empty.err.contains("is an empty path (''), which names no file or folder"), "\(empty.err)")
                #expect(!empty.err.contains(":1:1:"), "\(empty.err)")
            }
            let cut = try Bloq.run(["import", "B"], environment: ["XDG_DATA_HOME": scratch.path + "/home"])
            #expect(cut.status == 65)
            #expect(cut.err.contains("the share code is cut short: 'B' is only its first letter"), "\(cut.err)")
            #expect(!cut.err.contains("version ''"), "\(cut.err)")
            let board = try #require(Board(["R.R", "...", "G.G"]))
            let spaces = try #require(ShareCode.encode(board, title: "    "))
            let imported = try Bloq.run(["import", spaces], environment: ["XDG_DATA_HOME": scratch.path + "/home"])
            #expect(imported.status == 0, "\(imported.err)")
            #expect(!imported.err.contains("has no value"), "\(imported.err)")
            let text = try String(contentsOfFile: imported.out.trimmingCharacters(in: .newlines), encoding: .utf8)
            #expect(text.contains("title: Shared level"), "\(text)")
        }

        @Test("settings.json naming a language this Bloq lacks: the game says so and follows the desktop's language")
        func unknownLanguage() throws {
            let scratch = try Scratch()
            let data = try scratch.folder("data")
            _ = try scratch.file("data/settings.json", "{\"language\": \"xx\"}")
            let script = try scratch.file("s.script", "at 0 tap Settings\nat 300 end\n")
            let game = try Bloq.run(["replay", script, "--app", "--data", data])
            #expect(game.status == 0, "\(game.err)")
            #expect(
                game.err.contains(
                    "the settings name the language 'xx', which this Bloq has no translation for, so the game follows the desktop's language"
                ),
                "\(game.err)")
            #expect(!game.err.contains("no catalog for the language 'xx'"), "\(game.err)")
            #expect(try String(contentsOfFile: data + "/settings.json", encoding: .utf8).contains("xx"), "the file is left as it was")
        }

        @Test("escape sequences in a file's name or text never reach the terminal")
        func escapeSequences() throws {
            let scratch = try Scratch()
            let name = try scratch.file("evil\u{1B}]0;owned\u{07}\u{1B}[2J.bloq", "title: x\u{1B}[31m\nR R\n. .\n")
            let checked = try Bloq.run(["validate", name])
            #expect(checked.status == 65)
            #expect(checked.err.contains("evil"), "\(checked.err)")
            #expect(!Self.hasControl(checked.err), "\(checked.err.debugDescription)")
        }
    }
}
