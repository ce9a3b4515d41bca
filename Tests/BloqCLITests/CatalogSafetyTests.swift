import BloqTestSupport
import Foundation
import Testing

extension ChildProcessSuite {
    @Suite("Catalogs checked before they are used")
    struct CatalogSafetyTests {
        @Test("a catalog damaged on disk is skipped with a warning that names it: the game starts in English (was SIGSEGV)")
        func damaged() throws {
            var bytes = [UInt8](try BoundedRun.german())
            // Every translation's offset far past the end of the file, as a damaged disk might.
            let translations = Int(bytes[16]) | Int(bytes[17]) << 8 | Int(bytes[18]) << 16 | Int(bytes[19]) << 24
            let count = Int(bytes[8]) | Int(bytes[9]) << 8
            for index in 0..<count {
                for (i, byte) in [0xFF, 0xFF, 0xFF, 0x7F].enumerated() { bytes[translations + index * 8 + 4 + i] = UInt8(byte) }
            }
            let folder = try BoundedRun.catalogs(["de": Data(bytes)])
            let scratch = try Scratch("bloq-damaged")
            let out = scratch.path("title.png")
            let result = try Bloq.run(
                ["play", "--screen", "title", "--lang", "de", "--screenshot", out], environment: ["BLOQ_LOCALEDIR": folder])
            #expect(result.status == 0, "\(result.err)")
            #expect(
                result.err.contains(
                    "\(folder)/de/LC_MESSAGES/bloq.mo is not used: translation 1 (")
                    && result.err.contains("runs past the end of the file"),
                "\(result.err)")
            #expect(result.err.contains("so the game shows English; reinstall Bloq, or compile the catalog again"))
            let words = try Bloq.run(
                ["words", "--lang", "de", "hint"], environment: ["BLOQ_LOCALEDIR": folder], executable: Bloq.developerTool)
            #expect(words.out == "start\thint\n")
        }

        @Test("a Plural-Forms rule that divides by zero (msgfmt takes it) is refused: English plurals (was SIGFPE)")
        func divisionByZero() throws {
            let po = """
                msgid ""
                msgstr ""
                "Content-Type: text/plain; charset=UTF-8\\n"
                "Plural-Forms: nplurals=2; plural=n/0;\\n"

                msgid "%1 record in your progress could not be read"
                msgid_plural "%1 records in your progress could not be read"
                msgstr[0] "eins"
                msgstr[1] "viele"

                """
            let folder = try BoundedRun.catalogs(["de": try BoundedRun.compile(po)])
            let text = "%1 record in your progress could not be read|%1 records in your progress could not be read#2"
            let result = try Bloq.run(
                ["words", "--lang", "de", text], environment: ["BLOQ_LOCALEDIR": folder], executable: Bloq.developerTool)
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out == "start\t2 records in your progress could not be read\n")
            #expect(result.err.contains("its Plural-Forms rule divides by zero for n = 0"), "\(result.err)")
        }

        @Test("a LANGUAGE entry with '../' is no language: no catalog from outside the folder, and a warning says why")
        func outsideFolder() throws {
            let german = try BoundedRun.german()
            let folder = try BoundedRun.catalogs(["fr": german])
            let outside = folder + "-outside"
            try FileManager.default.createDirectory(atPath: outside + "/de/LC_MESSAGES", withIntermediateDirectories: true)
            try german.write(to: URL(fileURLWithPath: outside + "/de/LC_MESSAGES/bloq.mo"))
            let name = "../" + (outside as NSString).lastPathComponent + "/de"
            let result = try Bloq.run(
                ["words", "hint"], environment: ["BLOQ_LOCALEDIR": folder, "LANG": "de_DE.UTF-8", "LANGUAGE": name],
                executable: Bloq.developerTool)
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out == "start\thint\n", "the catalog outside the folder was read")
            #expect(
                result.err.contains("names '\(name)', which holds '/' or '..' and so is no language name: it is ignored"), "\(result.err)")
        }

        @Test("a catalog of 200,000-character translations is refused at once, and the game plays in English (was a 12-minute hang)")
        func hugeTranslations() throws {
            let huge = String(repeating: "Wort ", count: 40_000)
            let po =
                "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
                + ["Undo", "Redo", "Restart", "Hint", "Levels", "Play"].map { "msgid \"\($0)\"\nmsgstr \"\(huge)\"\n" }.joined(
                    separator: "\n")
            let folder = try BoundedRun.catalogs(["de": try BoundedRun.compile(po)])
            let level = try Scratch.keptFile("first.bloq", "title: First\n\nR . R\n. . .\n")
            let scratch = try Scratch("bloq-huge")
            let out = scratch.path("level.png")
            let child = try Bloq.start(
                ["play", "--level", level, "--lang", "de", "--screenshot", out], environment: ["BLOQ_LOCALEDIR": folder])
            let ended = try #require(BoundedRun.wait(child, guardSeconds: 300), "still running after 300 s")
            #expect(ended.status == 0, "\(ended.err)")
            #expect(ended.err.contains("is 200000 bytes long; a translation may be at most 4096"), "\(ended.err)")
        }
    }
}
