import BloqGame
import Testing

/// Every position reachable from a board, with the fewest moves from each to the empty
/// board: the plain breadth-first search the solver's answers and bound are checked
/// against. It plays the rules on its own (a position is the board's cells, 4 bits each,
/// in one word), written from GAME.md, not from the solver or `Board.applying`.
struct ReachableGraph {
    let rows: Int
    let columns: Int
    var positions: [UInt64] = []
    var children: [[Int32]] = []
    /// Fewest moves to clear each position; nil when no sequence of moves clears it.
    var distance: [Int?] = []

    static let wall: UInt64 = 15

    /// Nil when more than `limit` positions are reachable (or the board has over 16 cells).
    init?(_ start: Board, limit: Int) {
        rows = start.rows
        columns = start.columns
        guard rows * columns <= 16 else { return nil }
        var first: UInt64 = 0
        for (i, cell) in start.cells.enumerated() {
            let value: UInt64
            switch cell {
            case .empty: value = 0
            case .wall: value = Self.wall
            case .block(let color): value = UInt64(color.index + 1)
            }
            first |= value << UInt64(4 * i)
        }
        var index: [UInt64: Int32] = [first: 0]
        positions = [first]
        var next = 0
        while next < positions.count {
            var links: [Int32] = []
            for result in successors(of: positions[next]) {
                if let known = index[result] {
                    links.append(known)
                } else {
                    guard positions.count < limit else { return nil }
                    index[result] = Int32(positions.count)
                    links.append(Int32(positions.count))
                    positions.append(result)
                }
            }
            children.append(links)
            next += 1
        }
        var parents = [[Int32]](repeating: [], count: positions.count)
        for (from, links) in children.enumerated() {
            for to in links { parents[Int(to)].append(Int32(from)) }
        }
        distance = [Int?](repeating: nil, count: positions.count)
        var frontier = positions.indices.filter { isCleared(positions[$0]) }
        for goal in frontier { distance[goal] = 0 }
        var depth = 0
        while !frontier.isEmpty {
            depth += 1
            var following: [Int] = []
            for position in frontier {
                for parent in parents[position] where distance[Int(parent)] == nil {
                    distance[Int(parent)] = depth
                    following.append(Int(parent))
                }
            }
            frontier = following
        }
    }

    func value(_ position: UInt64, _ row: Int, _ column: Int) -> UInt64 {
        guard row >= 0, row < rows, column >= 0, column < columns else { return Self.wall }
        return position >> UInt64(4 * (row * columns + column)) & 15
    }

    func isCleared(_ position: UInt64) -> Bool {
        (0..<(rows * columns)).allSatisfy { (cell: Int) -> Bool in
            let value: UInt64 = position >> UInt64(4 * cell) & 15
            return value == 0 || value == Self.wall
        }
    }

    /// Every position one move away: a block slides through empty cells until the next is a
    /// block, a wall or the edge (at least one cell), then vanishes with the blocks of its
    /// colour it touches.
    func successors(of position: UInt64) -> [UInt64] {
        var results: [UInt64] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let color = value(position, row, column)
                guard color != 0, color != Self.wall else { continue }
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    var r = row
                    var c = column
                    while value(position, r + dr, c + dc) == 0 {
                        r += dr
                        c += dc
                    }
                    guard r != row || c != column else { continue }
                    var result = position & ~(UInt64(15) << UInt64(4 * (row * columns + column)))
                    var vanished = false
                    for (er, ec) in [(-1, 0), (1, 0), (0, -1), (0, 1)] where value(result, r + er, c + ec) == color {
                        result &= ~(UInt64(15) << UInt64(4 * ((r + er) * columns + c + ec)))
                        vanished = true
                    }
                    if !vanished { result |= color << UInt64(4 * (r * columns + c)) }
                    results.append(result)
                }
            }
        }
        return results
    }

    /// The position as a `Board`.
    func board(_ index: Int) -> Board {
        let cells = (0..<(rows * columns)).map { i -> Cell in
            let value = positions[index] >> UInt64(4 * i) & 15
            if value == 0 { return .empty }
            if value == Self.wall { return .wall }
            return .block(BlockColor.allCases[Int(value) - 1])
        }
        return Board(rows: rows, columns: columns, cells: cells) ?? Board(["..", ".."])!
    }
}

/// Random small boards: 2 to 4 rows and columns, 12 cells at most, 2 to 4 colours, some
/// walls and holes. With `touching`, same colours may touch at the start (the library takes
/// such boards and plays them by the rules).
func randomSmallBoards(count: Int, seed: UInt64, touching: Bool = false) -> [Board] {
    var random = Seeded(state: seed)
    let colours: [BlockColor] = [.red, .blue, .green, .yellow]
    var boards: [Board] = []
    while boards.count < count {
        let rows = 2 + Int(random.next() % 3)
        let columns = 2 + Int(random.next() % UInt64(rows == 4 ? 2 : 3))
        let palette = colours.prefix(2 + Int(random.next() % 3))
        let cells = (0..<(rows * columns)).map { _ -> Cell in
            switch random.next() % 100 {
            case 0..<12: .wall
            case 12..<40: .empty
            default: .block(palette[palette.startIndex + Int(random.next() % UInt64(palette.count))])
            }
        }
        guard let board = Board(rows: rows, columns: columns, cells: cells), board.blockCount > 0 else { continue }
        if !touching, !board.touchingPairs.isEmpty { continue }
        boards.append(board)
    }
    return boards
}

@Suite("The solver's bound and dead positions")
struct SolverBoundTests {
    /// Boards per batch of the sweep against the breadth-first search (10 batches): 1,200
    /// in a debug build (what `swift test` and `make test` run, in a few seconds), 10,000 in
    /// a release build (`swift test -c release --filter SolverBoundTests`).
    #if DEBUG
        static let boardsPerBatch = 120
    #else
        static let boardsPerBatch = 1_000
    #endif

    @Test(
        "seeded random boards: the optimum is the breadth-first search's, and the bound is admissible and consistent on every reachable position, and rises by at most Solver.boundRise a move",
        arguments: 0..<10)
    func againstBreadthFirst(batch: UInt64) {
        var checked = 0
        var tried = 0
        var positionsSeen = 0
        var seed = 19_000 &+ batch &* 1_000_003
        while checked < Self.boardsPerBatch {
            // Boards with more than 400 reachable positions are left out, to keep the
            // reference quick; about a third are.
            // Every other board may start with same colours touching.
            let board = randomSmallBoards(count: 1, seed: seed, touching: seed % 2 == 1)[0]
            seed &+= 1
            tried += 1
            guard let graph = ReachableGraph(board, limit: 400) else { continue }
            checked += 1
            positionsSeen += graph.positions.count
            let result = Solver().solve(board)
            switch result.outcome {
            case .solved(let moves):
                #expect(moves.count == graph.distance[0], "optimum \(moves.count), BFS \(graph.distance[0] ?? -1) on\n\(board)")
                #expect(board.applying(moves)?.isCleared == true, "the solution does not clear\n\(board)")
            case .unsolvable:
                #expect(graph.distance[0] == nil, "called unsolvable, but \(graph.distance[0] ?? -1) moves clear\n\(board)")
            case .gaveUp:
                Issue.record("gave up on a small board\n\(board)")
            }
            let bounds = Solver.lowerBounds(graph.positions.indices.map { graph.board($0) })
            for (position, bound) in bounds.enumerated() {
                let distance = graph.distance[position]
                guard let bound else {
                    #expect(distance == nil, "called dead, but \(distance ?? -1) moves clear\n\(graph.board(position))")
                    continue
                }
                #expect((bound == 0) == graph.board(position).isCleared)
                if let distance { #expect(bound <= distance, "bound \(bound) over the optimum \(distance) on\n\(graph.board(position))") }
                for child in graph.children[position] {
                    guard let childBound = bounds[Int(child)] else { continue }
                    #expect(
                        bound - childBound <= 1 && childBound - bound <= Solver.boundRise,
                        "bound \(bound) then \(childBound) after one move:\n\(graph.board(position))\nto\n\(graph.board(Int(child)))")
                }
            }
        }
        #expect(tried < checked * 2, "most boards too large for the reference: \(tried - checked) of \(tried)")
        #expect(positionsSeen > checked * 20, "the boards are too small to test much: \(positionsSeen) positions")
    }

    @Test("a block walled into a region without its colour is proved unsolvable at once, on any board size")
    func walledIn() throws {
        var lines = (0..<16).map { _ in String(repeating: ".", count: 16) }
        // A red alone in the top-left corner behind walls; everything else could be cleared.
        lines[0] = "R#" + String(repeating: ".", count: 14)
        lines[1] = "##" + "B.B" + String(repeating: ".", count: 11)
        lines[8] = String(repeating: "GB", count: 8)
        lines[9] = String(repeating: "BG", count: 8)
        lines[15] = "R" + String(repeating: ".", count: 14) + "R"
        let board = try #require(Board(lines))
        let result = Solver().solve(board)
        #expect(result.outcome == .unsolvable)
        #expect(result.states == 1)
        #expect(result.loneBlock == CellPosition(row: 0, column: 0))
        #expect(
            result.unsolvableReason(on: board)
                == "the red block at row 1, column 1 is the only red one within its walls, so it can never vanish")
        #expect(Solver.lowerBound(board) == nil)
        // With a second red inside the walls it is not dead.
        #expect(Solver.lowerBound(try #require(Board(["R#..", ".#..", "R#..", "##.."]))) != nil)
    }

    @Test("a region count, not a board count: three reds, one walled off, are dead at once")
    func regionCount() throws {
        let board = try #require(Board(["R.R", "###", "..R"]))
        #expect(Solver().solve(board).outcome == .unsolvable)
        #expect(Solver().solve(board).states == 1)
        #expect(Solver.lowerBound(board) == nil)
    }

    @Test("the goal is tested before the budget: a board one move from clear solves with any budget")
    func goalBeforeBudget() throws {
        // The first moves tried (the red on the left, down and left) are not the goal.
        let board = try #require(Board([".R.R", "...."]))
        for budget in 1...3 {
            let result = Solver(maxStates: budget).solve(board)
            #expect(result.outcome == .solved([Move(row: 0, column: 1, direction: .right)]), "budget \(budget)")
        }
        // Two moves with a budget of one position: it gives up rather than guess.
        #expect(Solver(maxStates: 1).solve(try #require(Board(["R...", "....", "..R.", "...."]))).outcome == .gaveUp)
    }

    @Test("a board whose same colours already touch is played by the rules: they stay until a move joins them")
    func touchingAtStart() throws {
        // The reds touch, but nothing vanishes until a red is pushed next to a red.
        let board = try #require(Board(["RR", ".."]))
        #expect(Solver().solve(board).optimal == 2)
        #expect(ReachableGraph(board, limit: 100)?.distance.first == 2)
        // Touching and never joined again: unsolvable, as the rules say.
        let stuck = try #require(Board(["RR#", "###"]))
        #expect(Solver().solve(stuck).outcome == .unsolvable)
    }

    @Test("the bound: groups that one move could clear, as the walls allow")
    func groupCounts() throws {
        // Two reds in neighbouring rows: one push can join them.
        #expect(Solver.lowerBound(try #require(Board(["R...", "...R", "....", "...."]))) == 1)
        // Two reds two rows and two columns apart: no single push joins them.
        #expect(Solver.lowerBound(try #require(Board(["R...", "....", "..R.", "...."]))) == 2)
        // Four reds around one cell: one push into it clears all four.
        #expect(Solver.lowerBound(try #require(Board([".R.", "R.R", ".R."]))) == 1)
        // A wall between a red and the cell it would have to reach.
        #expect(Solver.lowerBound(try #require(Board(["R#.", "...", "..R"]))) == 2)
        // Six reds, one a row, no two adjacent to one cell (so no group of three), but each
        // in a row or column next to another's: three pairs, where ⌈6 / 4⌉ would say 2.
        let scattered = try #require(Board(["R.....", "...R..", ".R....", "....R.", "..R...", ".....R"]))
        #expect(Solver.lowerBound(scattered) == 3)
    }
}
