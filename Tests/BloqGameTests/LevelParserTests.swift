import BloqGame
import Testing

/// Parses `text` and returns its diagnostics as "LINE:COLUMN: error: MESSAGE" without the
/// file name, for compact expectations.
private func problems(_ text: String) -> [String] {
    switch LevelParser.parse(text, name: "t.bloq") {
    case .success(let level): return level.warnings.map { "\($0.line):\($0.column): warning" }
    case .failure(let error): return error.diagnostics.map { "\($0.line):\($0.column): \($0.severity.rawValue)" }
    }
}

private func messages(_ text: String) -> [String] {
    switch LevelParser.parse(text, name: "t.bloq") {
    case .success: return []
    case .failure(let error): return error.diagnostics.map(\.message)
    }
}

@Suite("Level files (CONTRACT section 1)")
struct LevelParserTests {
    @Test("the contract's example loads with every header key")
    func contractExample() throws {
        let text = """
            ; A comment runs from ';' to the end of the line.
            title: Corner Pocket
            par: 9                 ; optional
            difficulty: medium     ; optional: easy | medium | hard
            author: Jo             ; optional

            R B O G
            G O B R
            R . G O
            B G R B

            """
        let level = try LevelParser.parse(text, name: "levels/x/corner.bloq").get()
        #expect(level.title == "Corner Pocket")
        #expect(level.par == 9)
        #expect(level.difficulty == .medium)
        #expect(level.author == "Jo")
        #expect(level.board == board("RBOG", "GOBR", "R.GO", "BGRB"))
        #expect(level.warnings.isEmpty)
    }

    @Test("the file name stands in for a missing title; x- keys are ignored")
    func defaults() throws {
        let level = try LevelParser.parse("x-tool: 42\nR.\n.B\n", name: "packs/a/07-two.bloq").get()
        #expect(level.title == "07-two")
        #expect(level.par == nil)
        #expect(level.difficulty == nil)
    }

    @Test("CRLF line ends, tabs between cells and trailing comments are accepted")
    func lineEnds() throws {
        let level = try LevelParser.parse("title: T\r\n\r\nR\t. ; a row\r\n. B\r\n", name: "t.bloq").get()
        #expect(level.title == "T")
        #expect(level.board == board("R.", ".B"))
    }

    @Test("a file as bytes: invalid UTF-8 and NUL are reported where they are")
    func bytes() {
        var bytes = Array("title: ok\nR.\n.".utf8)
        bytes.append(0xFF)
        let bad = LevelParser.parse(bytes, name: "b.bloq")
        guard case .failure(let error) = bad else {
            Issue.record("accepted invalid UTF-8")
            return
        }
        #expect(error.diagnostics.map(\.description) == ["b.bloq:3:2: error: invalid UTF-8 (byte 0xFF); save the file as UTF-8 text"])
        let nul = LevelParser.parse(Array("R.\n\u{0}B\n".utf8), name: "n.bloq")
        guard case .failure(let nulError) = nul else {
            Issue.record("accepted a NUL byte")
            return
        }
        #expect(nulError.diagnostics.first?.line == 2)
        #expect(nulError.diagnostics.first?.message.contains("binary") == true)
        // An overlong encoding of '/' is invalid too.
        #expect(problems(String(decoding: [0x52, 0x2E, 0x0A, 0xC0, 0xAF], as: UTF8.self)) != [])
        guard case .failure = LevelParser.parse([0x52, 0x2E, 0x0A, 0xC0, 0xAF], name: "o.bloq") else {
            Issue.record("accepted an overlong encoding")
            return
        }
    }

    @Test("files over 64 KiB are refused at 1:1")
    func tooLarge() {
        let text = String(repeating: "; padding padding padding\n", count: 3000) + "R.\n.B\n"
        #expect(problems(text) == ["1:1: error"])
        #expect(messages(text).first?.contains("64 KiB") == true)
    }

    @Test("every error of a file is reported, each at its line and column")
    func allErrors() {
        let text = """
            title: Bad
            colour: red
            par:
            R B x
            R . B .
            """
        #expect(problems(text) == ["2:1: error", "3:5: error", "4:5: error", "5:7: error"])
    }

    @Test("messages say what to fix")
    func messagesSayWhatToFix() {
        #expect(messages("Title: x\nR.\n.B")[0].contains("write 'title'"))
        #expect(messages("colour: red\nR.\n.B")[0].contains("known keys are title, par, difficulty, author and tip"))
        #expect(messages("title: a\ntitle: b\nR.\n.B")[0].contains("given twice"))
        #expect(messages("par: many\nR.\n.B")[0].contains("whole number"))
        #expect(messages("par: 0\nR.\n.B")[0].contains("whole number"))
        #expect(messages("difficulty: brutal\nR.\n.B")[0].contains("easy, medium or hard"))
        #expect(messages("r.\n.B")[0].contains("write 'R'"))
        #expect(messages("R?\n.B")[0].contains("'.' empty, '#' wall"))
        #expect(messages("R.\n.B\ntitle: late")[0].contains("header line after the grid"))
        #expect(messages("R.\n\n.B").contains { $0.contains("blank line") })
        #expect(messages("R.\n..") == [])
        #expect(messages("..\n..")[0].contains("no blocks"))
        #expect(messages("RR\n..")[0].contains("touch at the start"))
        #expect(messages("title: only a header\n")[0].contains("no grid"))
        #expect(messages("R.\n.B.")[0].contains("same number of cells"))
    }

    /// "title Pair" (no colon) read as a row: one "unknown cell" error per letter, and the
    /// next header line a row of the wrong length.
    @Test("a header line without its ':' and a line of words get one error each that says what to write")
    func wordsAreNotRows() {
        let missingColons = "title Pair\npar = 2\n\nR..R\n....\nB..B\n"
        #expect(problems(missingColons) == ["1:1: error", "2:1: error"])
        #expect(
            messages(missingColons) == [
                "'title Pair' needs a ':' after its key; write 'title: Pair'", "'par = 2' needs a ':' after its key; write 'par: 2'",
            ])
        #expect(
            messages("title: A\ntip\nR.\n.R") == [
                "'tip' is a header key with no ':' or value; write 'tip: ' and its value, or remove the line"
            ])
        let words = messages("My first level\nR.\n.R\nmade by Jo")
        #expect(
            words.count == 2 && words[0].contains("write a title as 'title: My first level'") && words[1].contains("'; made by Jo'"),
            "\(words)")
        // Rows in lower case, with or without spaces, are still told their letters one by one.
        #expect(messages("rgb\nBGR") == ["r", "g", "b"].map { "unknown cell '\($0)'; colours are upper case: write '\($0.uppercased())'" })
        #expect(problems("R . x\nabc") == ["1:5: error", "2:1: error", "2:2: error", "2:3: error"])
    }

    @Test("sizes from 2 to 16 rows and columns")
    func sizes() {
        #expect(problems("R.") == ["1:1: error"])
        #expect(messages("R.")[0].contains("2 to 16 rows"))
        let wide = String(repeating: ".", count: 16) + "R\n" + String(repeating: ".", count: 17)
        #expect(messages(wide)[0].contains("2 to 16 columns"))
        let tall = (0..<17).map { $0 == 0 ? "R." : ".." }.joined(separator: "\n")
        #expect(messages(tall)[0].contains("17 rows"))
        let largest = (0..<16).map { $0 == 0 ? "R" + String(repeating: ".", count: 15) : String(repeating: ".", count: 16) }
        #expect(problems(largest.joined(separator: "\n")) == [])
    }

    @Test("columns count characters, not bytes")
    func columnsAreCharacters() {
        #expect(problems("title: é\nR é\n.B") == ["2:3: error"])
    }

    @Test("diagnostics print as compilers print them")
    func format() {
        let diagnostic = Diagnostic(file: "a/b.bloq", line: 3, column: 7, message: "unknown cell 'x'")
        #expect(diagnostic.description == "a/b.bloq:3:7: error: unknown cell 'x'")
    }
}

@Suite("Editing level text")
struct LevelTextTests {
    @Test("a par is inserted after the header, replaced in place, and CRLF kept")
    func settingPar() {
        #expect(LevelText.settingPar("title: T\n\nR.R\n", to: 1) == "title: T\npar: 1\n\nR.R\n")
        #expect(LevelText.settingPar("R.R\n...\n", to: 1) == "par: 1\nR.R\n...\n")
        #expect(LevelText.settingPar("; c\nR.R\n", to: 1) == "; c\npar: 1\nR.R\n")
        #expect(LevelText.settingPar("par: 9 ; guess\r\nR.R\r\n", to: 1) == "par: 1   ; guess\r\nR.R\r\n")
        let level = try? LevelParser.parse(LevelText.settingPar("title: T\nR.R\n...\n", to: 1), name: "t").get()
        #expect(level?.par == 1 && level?.parLocation?.line == 2 && level?.parLocation?.column == 6)
    }
}
