import BloqGame
import Testing

/// Walls cut a board into regions no block can leave: the solver takes them one at a time.
@Suite("The solver, a region at a time")
struct SolverRegionTests {
    /// A trap no region count sees (red, blue, red, blue in a one-wide corridor: no red can
    /// reach the other) above a wall, and below it an open region of 15 cells whose search
    /// alone passes the default budget of positions: the trap decides it at once.
    @Test("a trapped corridor beside a big open region is unsolvable at once")
    func corridorTrap() throws {
        let board = try #require(Board(["RB.RB", "#####", "GO.Y.", ".YG.O", "O..GY"]))
        #expect(Solver.lowerBound(board) != nil, "no colour is alone in its region")
        let result = Solver().solve(board)
        #expect(result.outcome == .unsolvable)
        #expect(result.states < 100, "\(result.states) positions")
        #expect(result.deadRegion == CellPosition(row: 0, column: 0))
        #expect(
            result.unsolvableReason(on: board)
                == "the part of the board the walls close in at row 1, column 1 cannot be cleared (the solver searched every position it can reach)"
        )
        // One search of the whole board runs out of positions first.
        let whole = Solver(maxStates: 200_000, splitsRegions: false).solve(board)
        #expect(whole.outcome == .gaveUp)
    }

    /// Seeded boards with a wall across the middle (and a few more walls): split and whole
    /// searches agree on every outcome and length, and a split solution clears the board.
    @Test("split and whole searches agree on 300 seeded boards of two or more regions")
    func agreesWithOneSearch() throws {
        var random = SeededGenerator(seed: 2611)
        let colors: [Cell] = [.block(.red), .block(.blue), .block(.green), .block(.yellow)]
        var checked = 0
        var solved = 0
        while checked < 300 {
            let rows = Int.random(in: 3...5, using: &random)
            let columns = Int.random(in: 2...4, using: &random)
            var cells = [Cell](repeating: .empty, count: rows * columns)
            let wallRow = Int.random(in: 1..<(rows - 1), using: &random)
            for column in 0..<columns { cells[wallRow * columns + column] = .wall }
            // Each side gets a few walls and its colours in twos and threes, so many boards clear.
            for side in [0..<(wallRow * columns), ((wallRow + 1) * columns)..<cells.count] {
                var free = Array(side).shuffled(using: &random)
                for _ in 0..<Int.random(in: 0...1, using: &random) where !free.isEmpty { cells[free.removeLast()] = .wall }
                for color in colors.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)) {
                    for _ in 0..<Int.random(in: 2...3, using: &random) where !free.isEmpty { cells[free.removeLast()] = color }
                }
            }
            guard let board = Board(rows: rows, columns: columns, cells: cells), board.touchingPairs.isEmpty else { continue }
            checked += 1
            let whole = Solver(splitsRegions: false).solve(board)
            let parts = Solver().solve(board)
            #expect(whole.optimal == parts.optimal, "\(board)")
            #expect((whole.outcome == .unsolvable) == (parts.outcome == .unsolvable), "\(board)")
            if case .solved(let moves) = parts.outcome {
                #expect(board.applying(moves)?.isCleared == true, "\(board)")
            }
            if parts.optimal != nil { solved += 1 }
        }
        #expect(solved > 30, "solvable boards among them: \(solved)")
    }

    @Test("one region, or blocks in one region only, is one search as before")
    func oneRegion() throws {
        let board = try #require(Board(["R.R.", "....", "####", "...."]))
        #expect(Solver().solve(board) == Solver(splitsRegions: false).solve(board))
    }
}
