import BloqGame
import Testing

/// Solve codes: a level and the moves of a line, round-tripped, checksummed,
/// and replayed through the rules, which say which move fails.
@Suite("Solve codes")
struct SolveCodeTests {
    static let house = Board(["RBRB", "BRBR", "RB.G", "GOGO"]) ?? Board(["R.R"])!

    @Test("every shipped level with its best solution round-trips and clears; a 4x4 one in 9 moves with its title is 49 characters")
    func shippedLevels() throws {
        for url in ShippedLevelsTests.files where url.lastPathComponent.hasPrefix("0") && url.path.contains("/easy/") {
            let level = try ShippedLevelsTests.load(url)
            guard case .solved(let moves) = Solver().solve(level.board).outcome else {
                Issue.record("\(url.lastPathComponent) unsolved")
                continue
            }
            let code = try #require(SolveCode.encode(level.board, title: level.title, moves: moves))
            #expect(code.hasPrefix("S1") && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            let back = try SolveCode.decode(code).get()
            #expect(back == SolveCode.Contents(board: level.board, title: level.title, moves: moves), "\(code)")
            #expect(SolveCode.replay(back.moves, on: back.board) == SolveCode.Verdict(cleared: true, moves: moves.count, failure: nil))
        }
        guard case .solved(let moves) = Solver().solve(Self.house).outcome else {
            Issue.record("Full House unsolved")
            return
        }
        #expect(SolveCode.encode(Self.house, title: "Full House", moves: moves)?.count == 49)
        #expect(ShareCode.level(from: try #require(SolveCode.encode(Self.house, moves: moves))).map(\.board) == .success(Self.house))
    }

    @Test("a tampered code: a changed character fails the checksum; moves that do not clear say which move fails, or what is left")
    func tampered() throws {
        guard case .solved(let moves) = Solver().solve(Self.house).outcome else {
            Issue.record("Full House unsolved")
            return
        }
        let code = try #require(SolveCode.encode(Self.house, moves: moves))
        var characters = Array(code)
        characters[10] = characters[10] == "A" ? "B" : "A"
        guard case .failure(let error) = SolveCode.decode(String(characters)) else {
            Issue.record("accepted a changed code")
            return
        }
        #expect(error.message.contains("checksum"), "\(error)")
        // Re-sealed with a move swapped for one that cannot be played: the checksum passes,
        // the rules refuse it, and say which.
        var wrong = moves
        wrong[3] = Move(row: 0, column: 0, direction: .up)
        let forged = try #require(SolveCode.encode(Self.house, moves: wrong))
        let read = try SolveCode.decode(forged).get()
        let verdict = SolveCode.replay(read.moves, on: read.board)
        #expect(!verdict.cleared && verdict.moves == 3)
        #expect(verdict.failure?.hasPrefix("move 4 (row 1, column 1, up) cannot be played") == true, "\(verdict)")
        let short = SolveCode.replay(Array(moves.dropLast()), on: Self.house)
        #expect(short.failure?.hasPrefix("after its 8 moves the board still holds 2 blocks") == true, "\(short)")
        let extra = SolveCode.replay(moves + [moves[0]], on: Self.house)
        #expect(extra.failure?.contains("comes after the board is cleared") == true, "\(extra)")
    }

    @Test("malformed codes are refused with what is wrong: empty, a share code, another version, a cut, off the board")
    func malformed() throws {
        func message(_ code: String) -> String? {
            if case .failure(let error) = SolveCode.decode(code) { return error.message }
            return nil
        }
        #expect(message("")?.contains("empty") == true)
        #expect(message("B1ABQEQ68")?.contains("starts with S1") == true)
        #expect(message("S2ABC")?.contains("version '2'") == true)
        #expect(message("S")?.contains("cut short") == true)
        #expect(SolveCode.encode(Self.house, moves: [Move(row: 5, column: 0, direction: .up)]) == nil, "a cell off the board")
        #expect(SolveCode.isSolveCode("  S1abc") && !SolveCode.isSolveCode("B1abc"))
    }
}
