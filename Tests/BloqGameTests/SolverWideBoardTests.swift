import BloqGame
import Testing

/// Boards of over 64 open cells with more empty cells than blocks take the search's sparse
/// way (docs/solver.md): a position is read a block at a time, slides end by bit scans
/// along rows and columns, and group counts are cached by cell indices. Against the
/// exhaustive search. (Crowded boards of that size keep the way they had, which
/// `SolverTests`' 16x16 board and the memory tests run.)
@Suite("The solver on boards of over 64 open cells")
struct SolverWideBoardTests {
    /// `count` seeded boards of `rows` x `columns` (one of each range) with `walls` walls
    /// and `blocks` blocks in `colours` colours (each colour twice or more), no same colours
    /// touching, and over 64 open cells.
    static func boards(
        count: Int, seed: UInt64, rows: ClosedRange<Int>, columns: ClosedRange<Int>, walls: ClosedRange<Int>,
        blocks: ClosedRange<Int>, colours: ClosedRange<Int>
    ) -> [Board] {
        var random = SeededGenerator(seed: seed)
        var found: [Board] = []
        while found.count < count {
            let height = rows.lowerBound + random.below(rows.count)
            let width = columns.lowerBound + random.below(columns.count)
            let palette = Array(BlockColor.allCases.prefix(colours.lowerBound + random.below(colours.count)))
            let blockCount = max(blocks.lowerBound + random.below(blocks.count), palette.count * 2)
            var pieces = palette.flatMap { [Cell.block($0), Cell.block($0)] }
            while pieces.count < blockCount { pieces.append(.block(palette[random.below(palette.count)])) }
            var cells = [Cell](repeating: .wall, count: walls.lowerBound + random.below(walls.count)) + pieces
            cells += [Cell](repeating: .empty, count: max(height * width - cells.count, 0))
            for i in stride(from: cells.count - 1, to: 0, by: -1) { cells.swapAt(i, random.below(i + 1)) }
            guard let board = Board(rows: height, columns: width, cells: cells), board.touchingPairs.isEmpty,
                board.cells.filter({ $0 != .wall }).count > 64
            else { continue }
            found.append(board)
        }
        return found
    }

    /// The exhaustive search's optimum: `.some(nil)` when no sequence clears `board`, nil
    /// when it stored more than `limit` positions first.
    static func exhaustive(_ board: Board, limit: Int) -> Int?? {
        var seen: Set<Board> = [board]
        var frontier = [board]
        var depth = 0
        while !frontier.isEmpty {
            if frontier.contains(where: \.isCleared) { return .some(depth) }
            var next: [Board] = []
            for current in frontier {
                for move in current.legalMoves {
                    guard let result = current.applying(move), seen.insert(result).inserted else { continue }
                    next.append(result)
                }
            }
            guard seen.count <= limit else { return nil }
            frontier = next
            depth += 1
        }
        return .some(nil)
    }

    /// The solver's answer on `board` against the exhaustive search's, when both decide.
    /// Returns whether they were compared.
    static func compare(_ board: Board, limit: Int) -> Bool {
        let result = Solver(maxStates: limit).solve(board)
        guard result.outcome != .gaveUp, let reference = exhaustive(board, limit: limit) else { return false }
        switch result.outcome {
        case .solved(let moves):
            #expect(moves.count == reference, "optimum differs from the exhaustive search on\n\(board)")
            #expect(board.applying(moves)?.isCleared == true, "the solution does not clear\n\(board)")
        case .unsolvable:
            #expect(reference == nil, "called unsolvable, but \(reference ?? -1) moves clear\n\(board)")
        case .gaveUp: break
        }
        return true
    }

    @Test("sparse boards of 8 to 10 rows and columns, with and without walls: the exhaustive search's optimum")
    func sparse() {
        let boards = Self.boards(count: 12, seed: 35, rows: 8...10, columns: 8...10, walls: 0...8, blocks: 4...5, colours: 2...2)
        let compared = boards.filter { Self.compare($0, limit: 20_000) }.count
        #expect(compared >= 8, "only \(compared) of \(boards.count) boards were decided by both searches")
    }
}
