import BloqFiles
import BloqTestSupport
import Foundation
import Testing

@Suite("The player's own level files")
struct PlayerLevelsTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-files") }

    func folder() throws -> String { try scratch.newFolder("bloq-player-levels") }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("a title becomes a file-name part of lower-case letters, digits and single dashes, in any language")
    func slugs() {
        #expect(PlayerLevels.slug("Two Pairs") == "two-pairs")
        #expect(PlayerLevels.slug("  Corner -- Pocket!! 2 ") == "corner-pocket-2")
        #expect(PlayerLevels.slug("Été ✓") == "ete")
        #expect(PlayerLevels.slug("Große Straße") == "grosse-strasse")
        #expect(PlayerLevels.slug("Œuvre Ærø") == "oeuvre-aero")
        #expect(PlayerLevels.slug("Лабиринт №2") == "лабиринт-2")
        #expect(PlayerLevels.slug("A/B\\C.bloq") == "a-b-c-bloq")
        // Accents typed as combining marks, Turkish İ, and scripts whose marks are not letters.
        #expect(PlayerLevels.slug("E\u{301}te\u{301}") == "ete")
        #expect(PlayerLevels.slug("İzmir") == "izmir")
        #expect(PlayerLevels.slug("हिन्दी") == "हिन्दी")
        // Never more than 40 characters or 120 bytes, whatever a share code's title holds.
        #expect(PlayerLevels.slug("a" + String(repeating: "\u{5B0}", count: 127)).utf8.count <= 120)
        #expect(PlayerLevels.slug("\u{5D0}" + String(repeating: "\u{5B0}", count: 127)).utf8.count <= 120)
        #expect(PlayerLevels.slug(String(repeating: "ß", count: 30)).count <= 40)
        #expect(PlayerLevels.slug(String(repeating: "日本", count: 40)).utf8.count <= 120)
        #expect(PlayerLevels.slug("✓✓") == "level")
        #expect(PlayerLevels.slug("") == "level")
        #expect(PlayerLevels.slug(String(repeating: "ab ", count: 40)).count <= 40)
    }

    @Test("a pack name is a folder name: not empty, no '/', no leading '.'")
    func packNames() {
        #expect(PlayerLevels.problem(packName: "mine") == nil)
        #expect(PlayerLevels.problem(packName: "My levels") == nil)
        #expect(PlayerLevels.problem(packName: "") != nil)
        #expect(PlayerLevels.problem(packName: "a/b") != nil)
        #expect(PlayerLevels.problem(packName: "..") != nil)
        #expect(PlayerLevels.problem(packName: ".hidden") != nil)
    }

    @Test("saves are numbered after the pack's last level, in a folder made for them, and never replace a file")
    func numbering() throws {
        let levels = try folder()
        let first = try PlayerLevels.save("R.R\n", title: "Two Pairs", pack: "mine", in: levels)
        #expect(first == levels + "/mine/001-two-pairs.bloq")
        #expect(try contents(first) == "R.R\n")
        let second = try PlayerLevels.save("B.B\n", title: "Two Pairs", pack: "mine", in: levels)
        #expect(second == levels + "/mine/002-two-pairs.bloq")
        #expect(try contents(first) == "R.R\n", "the first file is untouched")
        // A level the player numbered 041 by hand: the next save comes after it.
        try "G.G\n".write(toFile: levels + "/mine/041-by-hand.bloq", atomically: true, encoding: .utf8)
        let third = try PlayerLevels.save("O.O\n", title: "Next", pack: "mine", in: levels)
        #expect(third == levels + "/mine/042-next.bloq")
        // No temporary files are left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: levels + "/mine").sorted()
        #expect(names == ["001-two-pairs.bloq", "002-two-pairs.bloq", "041-by-hand.bloq", "042-next.bloq"])
    }

    @Test("replacing: the editor's own file in that pack is rewritten; a file anywhere else never is")
    func replacing() throws {
        let levels = try folder()
        let elsewhere = try folder()
        let saved = try PlayerLevels.save("R.R\n", title: "A", pack: "mine", in: levels)
        let again = try PlayerLevels.save("B.B\n", title: "A", pack: "mine", in: levels, replacing: saved)
        #expect(again == saved)
        #expect(try contents(saved) == "B.B\n")
        // A shipped level (any file outside the pack folder) is never written: a copy is made.
        let shipped = elsewhere + "/001-shipped.bloq"
        try "R.R\n".write(toFile: shipped, atomically: true, encoding: .utf8)
        let copy = try PlayerLevels.save("G.G\n", title: "A", pack: "mine", in: levels, replacing: shipped)
        #expect(copy == levels + "/mine/002-a.bloq")
        #expect(try contents(shipped) == "R.R\n")
        // Another pack's file is not replaced either.
        let other = try PlayerLevels.save("O.O\n", title: "A", pack: "other", in: levels, replacing: saved)
        #expect(other == levels + "/other/001-a.bloq")
        #expect(try contents(saved) == "B.B\n")
    }

    @Test("a pack that cannot be made says why")
    func failures() throws {
        let levels = try folder()
        // A file where the pack folder should be.
        try "x".write(toFile: levels + "/taken", atomically: true, encoding: .utf8)
        #expect(throws: PlayerLevels.SaveError.self) { try PlayerLevels.save("R.R\n", title: "A", pack: "taken", in: levels) }
        #expect(throws: PlayerLevels.SaveError.self) { try PlayerLevels.save("R.R\n", title: "A", pack: "../up", in: levels) }
    }
}
