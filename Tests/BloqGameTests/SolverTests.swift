import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// Solves `board` and checks the answer against the plain exhaustive search: the same
/// optimum (or both unsolvable), and a solution that, played through the rules, clears it.
func assertSolves(_ board: Board, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = Solver().solve(board)
    let reference = shortestClear(board)
    switch result.outcome {
    case .solved(let moves):
        #expect(moves.count == reference, "optimum differs from the exhaustive search on\n\(board)", sourceLocation: sourceLocation)
        #expect(board.applying(moves)?.isCleared == true, "the solution does not clear\n\(board)", sourceLocation: sourceLocation)
    case .unsolvable:
        #expect(reference == nil, "called unsolvable, but \(reference ?? -1) moves clear\n\(board)", sourceLocation: sourceLocation)
    case .gaveUp:
        Issue.record("gave up on a small board\n\(board)", sourceLocation: sourceLocation)
    }
}

@Suite("Solver")
struct SolverTests {
    @Test("one colour of exactly three blocks is solvable: the original solver's bug")
    func threeOfOneColour() {
        let board = board("R.R", "...", ".R.")
        #expect(Solver().solve(board).outcome == .solved([Move(row: 2, column: 1, direction: .up)]))
    }

    @Test("a cleared board needs no moves; a lone block can never vanish")
    func trivial() {
        #expect(Solver().solve(board("..", "#.")).outcome == .solved([]))
        #expect(Solver().solve(board("R.", "..")).outcome == .unsolvable)
        #expect(Solver().solve(board("RB", "B.")).outcome == .unsolvable)
    }

    @Test("a pair walled apart is proved unsolvable")
    func walledApart() {
        assertSolves(board("R#.", "##.", "..R"))
        #expect(Solver().solve(board("R#.", "##.", "..R")).outcome == .unsolvable)
    }

    @Test("the budget of states is honoured: it gives up rather than guess")
    func budget() throws {
        let full = board("RBRB", "BRBR", "RB.G", "GOGO")
        let result = Solver(maxStates: 50).solve(full)
        #expect(result.outcome == .gaveUp)
        #expect(result.states <= 50)
        #expect(Solver().solve(full).optimal == 9)
    }

    @Test("random small boards agree with the exhaustive search", arguments: 0..<6)
    func sweep(batch: UInt64) {
        var random = Seeded(state: batch &* 7919)
        let palette: [Cell] = [.block(.red), .block(.blue), .block(.green), .empty, .empty, .wall]
        var checked = 0
        while checked < 40 {
            let rows = 2 + Int(random.next() % 3)
            let columns = 2 + Int(random.next() % 3)
            let cells = (0..<(rows * columns)).map { _ in palette[Int(random.next() % UInt64(palette.count))] }
            guard let board = Board(rows: rows, columns: columns, cells: cells), board.touchingPairs.isEmpty,
                board.blockCount > 0
            else { continue }
            assertSolves(board)
            checked += 1
        }
    }

    @Test("classic 4x4 boards with one hole agree with the exhaustive search", arguments: 0..<3)
    func classic(seed: UInt64) {
        var random = Seeded(state: 2016 &+ seed)
        let colors: [Cell] = [.block(.red), .block(.blue), .block(.orange), .block(.green)]
        var checked = 0
        while checked < 2 {
            var cells = (0..<15).map { _ in colors[Int(random.next() % 4)] } + [.empty]
            cells.shuffle(using: &random)
            guard let board = Board(rows: 4, columns: 4, cells: cells), board.touchingPairs.isEmpty else { continue }
            // Keep the reference search affordable in a debug build.
            guard let quick = Solver().solve(board).optimal, quick <= 9 else { continue }
            assertSolves(board)
            checked += 1
        }
    }

    @Test("works from any position, not only the start")
    func anyPosition() {
        let start = board("RBRB", "BRBR", "RB.G", "GOGO")
        guard case .solved(let moves) = Solver().solve(start).outcome else {
            Issue.record("unsolved")
            return
        }
        var position = start
        for (index, move) in moves.enumerated() {
            #expect(Solver().solve(position).optimal == moves.count - index)
            position = position.applying(move) ?? position
        }
        #expect(position.isCleared)
    }

    @Test("a 16x16 board with walls is solved")
    func large() {
        var lines = (0..<16).map { _ in String(repeating: ".", count: 16) }
        lines[0] = "R" + String(repeating: ".", count: 14) + "R"
        lines[5] = String(repeating: "#", count: 8) + "B......B"
        lines[15] = "G" + String(repeating: ".", count: 7) + "#" + String(repeating: ".", count: 6) + "G"
        let result = Solver().solve(
            board(
                lines[0], lines[1], lines[2], lines[3], lines[4], lines[5], lines[6], lines[7], lines[8], lines[9], lines[10], lines[11],
                lines[12], lines[13], lines[14], lines[15]))
        // Red and blue clear in one push each; the greens are split by a wall and need three
        // (up the left edge, across row 6, down the right edge): 5, as an independent
        // breadth-first search agrees.
        #expect(result.optimal == 5)
    }

    @Test("the original pool: never longer than the recorded par, and every 'impossible' board solved")
    func originalPool() throws {
        let path = Repository.url("../shared/data/original-pool.txt").standardizedFileURL.path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return }  // the pool is optional
        let entries = text.split(separator: "\n").compactMap { line -> (Int, Board)? in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let par = Int(parts[0]) else { return nil }
            let cells = Array(parts[1])
            return Board((0..<4).map { String(cells[($0 * 4)..<($0 * 4 + 4)]) }).map { (par, $0) }
        }
        #expect(entries.count == 968)
        // Every 'impossible' board, and a spread sample of the rest (all of them: make bench).
        for (index, (par, board)) in entries.enumerated() where par == 999 || index % 24 == 0 {
            guard case .solved(let moves) = Solver().solve(board).outcome else {
                Issue.record("not solved:\n\(board)")
                continue
            }
            #expect(board.applying(moves)?.isCleared == true)
            if par != 999 { #expect(moves.count <= par, "longer than the recorded par \(par):\n\(board)") }
        }
    }
}
