import BloqGame
import Testing

@Suite("Titles from strangers carry no control characters")
struct PrintableTextTests {
    @Test("escape sequences go whole, other control characters go, line ends and tabs become spaces")
    func printable() {
        #expect(LevelText.printable("Plain title ✓") == "Plain title ✓")
        #expect(LevelText.printable("\u{1B}[31mRed\u{1B}[0m") == "Red")
        #expect(LevelText.printable("a\u{1B}]0;window title\u{07}b") == "ab", "OSC up to BEL")
        #expect(LevelText.printable("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b") == "alinkb", "OSC up to ST")
        #expect(LevelText.printable("a\u{9B}2Jb") == "ab", "C1 CSI")
        #expect(LevelText.printable("a\u{1B}Mb") == "ab", "ESC and one character")
        #expect(LevelText.printable("one\ntwo\r\nthree\tfour") == "one two  three four")
        #expect(LevelText.printable("bell\u{07}del\u{7F}nul\u{0}c1\u{85}") == "belldelnulc1 ")
        #expect(LevelText.printable("cut short \u{1B}[") == "cut short ")
        #expect(LevelText.headerValue("a;b\u{1B}[1m") == "a,b")
    }

    @Test("for standard error: escape sequences and control characters go, line feeds and tabs stay")
    func keepingLines() {
        #expect(LevelText.printable("one\n\ttwo\u{1B}]0;x\u{07}\u{1B}[2J\rthree\u{9B}1m\n", keepingLines: true) == "one\n\ttwo three\n")
        #expect(LevelText.printable("one\ntwo", keepingLines: false) == "one two")
    }

    @Test("a share code whose title is only spaces has no title, so its level loads as an untitled one")
    func spacesOnlyTitle() throws {
        let board = try #require(Board(["R.R", "..."]))
        let code = try #require(ShareCode.encode(board, title: "   "))
        #expect(try ShareCode.decode(code).get().title == nil)
        #expect(try ShareCode.level(from: code).get().title == "Shared level")
        let padded = try #require(ShareCode.encode(board, title: "  Gap  "))
        #expect(try ShareCode.decode(padded).get().title == "Gap")
        #expect(ShareCode.decode("B").failureMessage?.contains("cut short") == true)
    }

    @Test("a share code's title and a level file's title are read without them")
    func fromCodesAndFiles() throws {
        let board = try #require(Board(["R.R", "..."]))
        let code = try #require(ShareCode.encode(board, title: "Evil\u{1B}[2J\u{1B}]0;x\u{07} title"))
        #expect(try ShareCode.decode(code).get().title == "Evil title")
        let onlyEscapes = try #require(ShareCode.encode(board, title: "\u{1B}[2J"))
        #expect(try ShareCode.decode(onlyEscapes).get().title == nil)
        let level = try LevelParser.parse("title: Bad\u{1B}[5m blink\nauthor: x\u{7}y\nR . R\n. . .\n", name: "t.bloq").get()
        #expect(level.title == "Bad blink")
        #expect(level.author == "xy")
    }
}

extension Result where Failure == ShareCode.DecodeError {
    /// The failure's message, or nil on success.
    var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}
