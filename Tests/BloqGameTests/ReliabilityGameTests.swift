import BloqGame
import Testing

private func messages(_ text: String) -> [String] {
    switch LevelParser.parse(text, name: "t.bloq") {
    case .success: return []
    case .failure(let error): return error.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
    }
}

@Suite("Messages that help a level author")
struct AuthorMessageTests {
    @Test("a byte-order mark is one error, and the rest of the file is read as usual")
    func byteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("title: T\nR . R\n. . .\n".utf8)
        guard case .failure(let error) = LevelParser.parse(bytes, name: "b.bloq") else {
            Issue.record("accepted a byte-order mark")
            return
        }
        #expect(error.diagnostics.map(\.description) == ["b.bloq:1:1: error: remove the byte-order mark (U+FEFF) at the start"])
    }

    @Test("CR-only line ends are read as line ends")
    func carriageReturns() throws {
        let level = try LevelParser.parse("title: Old Mac\r\rR . R\r. . .\r", name: "m.bloq").get()
        #expect(level.title == "Old Mac")
        #expect(level.board.rows == 2)
        #expect(messages("title: x\rR x\r. .") == ["2:3: unknown cell 'x'; use '.' empty, '#' wall or a colour R O Y G B P C W"])
        #expect(LevelText.settingPar("title: T\rR.R\r", to: 1) == "title: T\rpar: 1\rR.R\r")
    }

    @Test("an unknown key names the known keys, whatever its spelling; a misspelt known key is corrected")
    func keys() {
        #expect(
            messages("my_key: 1\nR.\n.R") == [
                "1:1: unknown header key 'my_key'; known keys are title, par, difficulty, author and tip (prefix a tool's own key with 'x-')"
            ])
        #expect(messages("Title: x\nR.\n.R") == ["1:1: header key 'Title' must be lower-case letters, digits and '-'; write 'title'"])
        #expect(messages("x_tool: 1\nR.\n.R") == ["1:1: header key 'x_tool' must be lower-case letters, digits and '-'; write 'x-tool'"])
    }

    @Test("par must be digits: '+1' is not a par")
    func parDigits() {
        #expect(messages("par: +1\nR.R\n...") == ["1:6: par must be a whole number of moves from 1 to 999, not '+1'"])
    }

    @Test("errors come sorted by line and column")
    func sorted() {
        // The grid's size is checked after its cells, but reported before them.
        let found = messages("R x . q")
        let places = found.map { $0.split(separator: ":").prefix(2).map { Int($0) ?? 0 } }
        #expect(places == [[1, 1], [1, 3], [1, 7]], "\(found)")
    }

    @Test("plurals are right")
    func plurals() {
        #expect(Wording.count(1, "position") == "1 position")
        #expect(Wording.count(2, "position") == "2 positions")
        #expect(Wording.count(0, "board") == "0 boards")
    }
}

@Suite("Pack files")
struct PackFileTests {
    func parse(_ text: String, levels: [String] = ["a.bloq", "b.bloq", "c.bloq"]) -> PackFile {
        PackFile.parse(Array(text.utf8), name: "pack", levels: levels)
    }

    @Test("title and order; left-out levels play after, in byte order, with a warning")
    func order() {
        let pack = parse("; a pack\ntitle: Mine\norder: c.bloq\norder: a.bloq\n")
        #expect(pack.title == "Mine")
        #expect(pack.playOrder(["a.bloq", "b.bloq", "c.bloq"]) == ["c.bloq", "a.bloq", "b.bloq"])
        #expect(
            pack.diagnostics.map(\.description) == [
                "pack:4:1: warning: 'b.bloq' is not in the order; it plays after the ordered levels (add 'order: b.bloq' to place it)"
            ])
    }

    @Test("unknown keys, missing and repeated files, garbage lines and a byte-order mark are errors at their place")
    func errors() {
        let pack = parse("\u{FEFF}title: T\n  ordr: a.bloq\norder: nope.bloq\norder: b.bloq\norder:   b.bloq\ngarbage\ntitle: again\n")
        #expect(
            pack.diagnostics.filter { $0.severity == .error }.map { "\($0.line):\($0.column) \($0.message.prefix(24))" } == [
                "1:1 remove the byte-order ma", "2:3 unknown key 'ordr'; did ", "3:8 order names 'nope.bloq',",
                "5:10 'b.bloq' is already in t",
                "6:1 expected 'title: TEXT' o", "7:1 'title' is given twice (",
            ])
        #expect(pack.diagnostics.contains { $0.message.contains("'ordr'; did you mean 'order'? a pack file knows") })
        #expect(pack.order == ["b.bloq"])
    }

    @Test("CRLF and CR-only line ends")
    func lineEnds() {
        #expect(parse("title: T\r\norder: b.bloq\r\norder: a.bloq\r\norder: c.bloq\r\n").order == ["b.bloq", "a.bloq", "c.bloq"])
        #expect(parse("order: c.bloq\rorder: a.bloq\rorder: b.bloq\r").order == ["c.bloq", "a.bloq", "b.bloq"])
    }
}

@Suite("The generator at every size")
struct GeneratorSizeTests {
    @Test("every size from 2x2 to 16x16 has a non-empty band for every difficulty, and the bands do not overlap")
    func bands() {
        for rows in 2...16 {
            for columns in 2...16 {
                let easy = LevelGenerator(difficulty: .easy, rows: rows, columns: columns, seed: 0).band
                let medium = LevelGenerator(difficulty: .medium, rows: rows, columns: columns, seed: 0).band
                let hard = LevelGenerator(difficulty: .hard, rows: rows, columns: columns, seed: 0).band
                #expect(easy.upperBound < medium.lowerBound && medium.upperBound < hard.lowerBound, "\(rows)x\(columns)")
            }
        }
        #expect(LevelGenerator(difficulty: .easy, rows: 2, columns: 2, seed: 0).band == 1...1)
    }

    @Test("2x2 boards can never be levels: the run ends on its attempts and makes none, without trapping")
    func tiny() {
        let run = LevelGenerator(difficulty: .easy, rows: 2, columns: 2, seed: 1).run(count: 3)
        #expect(run.made.isEmpty)
        #expect(run.shortfall == .attempts(3_000), "one level's budget, not three")
    }

    @Test("the budget of positions bounds a run on boards too large to solve")
    func statesBudget() {
        var generator = LevelGenerator(difficulty: .hard, rows: 16, columns: 16, seed: 1)
        generator.statesPerLevel = 50_000
        let run = generator.run(count: 1)
        #expect(run.made.isEmpty)
        #expect(run.shortfall == .states(50_000))
        #expect(run.progress.statesSearched <= 50_000)
    }

    @Test("titles never run out: when every random pair is taken, a number is added (no endless loop)")
    func titles() {
        let taken = Set(LevelGenerator.allTitles)
        #expect(taken.count == 1_024)
        let made = LevelGenerator(difficulty: .easy, seed: 7).generate(count: 2, excludingTitles: taken)
        #expect(made.count == 2)
        #expect(made.allSatisfy { !taken.contains($0.title) && $0.title.hasSuffix(" 2") })
        #expect(Set(made.map(\.title)).count == 2)
    }
}

@Suite("The solver's memory")
struct SolverMemoryTests {
    /// 16 open cells (4 walls on a 4x5 board); the reds and blues fill a walled-in corner and
    /// can never move, so it can never be cleared, and the search runs until its budget.
    static let sixteenOpenCells = Board(["RB#PO", "BR#YP", "##GO.", "G.CYC"])

    @Test("at most 25 bytes a stored position on a board of 16 open cells")
    func bytesPerState() throws {
        let board = try #require(Self.sixteenOpenCells)
        // One search of the whole board (split, the jammed corner alone proves it unsolvable).
        let result = Solver(maxStates: 300_000, splitsRegions: false).solve(board)
        #expect(result.outcome == .gaveUp && result.limit == .states)
        #expect(result.states == 300_000)
        #expect(result.bytesPerState <= 25, "\(result.bytesPerState) bytes a position")
        #expect(Solver.bytesPerState(openCells: 16) == 25)
    }

    @Test("the memory budget is honoured: the search gives up at it instead of growing past it")
    func memoryBudget() throws {
        let board = try #require(Self.sixteenOpenCells)
        let result = Solver(maxStates: 100_000_000, memoryBudget: 4 << 20, splitsRegions: false).solve(board)
        #expect(result.outcome == .gaveUp)
        #expect(result.limit == .memory)
        #expect(result.peakBytes <= 4 << 20)
        #expect(result.states > 100_000)
        let none = Solver(maxStates: 10, memoryBudget: 0, splitsRegions: false).solve(board)
        #expect(none.outcome == .gaveUp && none.limit == .memory)
    }
}
