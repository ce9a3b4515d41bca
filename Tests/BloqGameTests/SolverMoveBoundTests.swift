import BloqGame
import Foundation
import Testing

/// Every position reachable from a board of any size, with the fewest moves from each to the
/// empty board: a plain breadth-first search over boards as byte arrays that plays
/// GAME.md's rules itself (not the solver's code, nor `Board.applying`). Slower than
/// `ReachableGraph`, but not limited to 16 cells, so the movement bound meets walls, long
/// slides and colours of up to eight blocks.
struct LargeReachableGraph {
    static let wall: UInt8 = 255

    let rows: Int
    let columns: Int
    var positions: [[UInt8]] = []
    var children: [[Int32]] = []
    /// Fewest moves to clear each position; nil when no sequence of moves clears it.
    var distance: [Int?] = []

    /// Nil when more than `limit` positions are reachable.
    init?(_ start: Board, limit: Int) {
        rows = start.rows
        columns = start.columns
        let first = start.cells.map { cell -> UInt8 in
            switch cell {
            case .empty: 0
            case .wall: Self.wall
            case .block(let color): UInt8(color.index + 1)
            }
        }
        var index: [[UInt8]: Int32] = [first: 0]
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
        var frontier = positions.indices.filter { positions[$0].allSatisfy { $0 == 0 || $0 == Self.wall } }
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

    func value(_ position: [UInt8], _ row: Int, _ column: Int) -> UInt8 {
        guard row >= 0, row < rows, column >= 0, column < columns else { return Self.wall }
        return position[row * columns + column]
    }

    /// Every position one move away: a block slides through empty cells until the next is a
    /// block, a wall or the edge (at least one cell), then vanishes with the blocks of its
    /// colour it touches.
    func successors(of position: [UInt8]) -> [[UInt8]] {
        var results: [[UInt8]] = []
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
                    var result = position
                    result[row * columns + column] = 0
                    var vanished = false
                    for (er, ec) in [(-1, 0), (1, 0), (0, -1), (0, 1)] where value(result, r + er, c + ec) == color {
                        result[(r + er) * columns + c + ec] = 0
                        vanished = true
                    }
                    if !vanished { result[r * columns + c] = color }
                    results.append(result)
                }
            }
        }
        return results
    }

    /// The position as a `Board`.
    func board(_ index: Int) -> Board {
        let cells = positions[index].map { value -> Cell in
            if value == 0 { return .empty }
            if value == Self.wall { return .wall }
            return .block(BlockColor.allCases[Int(value) - 1])
        }
        return Board(rows: rows, columns: columns, cells: cells) ?? Board(["..", ".."])!
    }
}

/// Random boards of 4 to 6 rows and columns with walls and 4 to 9 blocks in 2 to 4 colours
/// (two to three a colour), so colours meet across the board; with `touching`, same colours
/// may touch at the start.
func randomWalledBoards(count: Int, seed: UInt64, touching: Bool) -> [Board] {
    var random = Seeded(state: seed)
    let palette: [BlockColor] = [.red, .blue, .green, .yellow]
    var boards: [Board] = []
    while boards.count < count {
        let rows = 4 + Int(random.next() % 3)
        let columns = 4 + Int(random.next() % 3)
        var cells = [Cell](repeating: .empty, count: rows * columns)
        var free = Array(cells.indices)
        free.shuffle(using: &random)
        for _ in 0..<(2 + Int(random.next() % 5)) { cells[free.removeLast()] = .wall }
        for color in palette.prefix(2 + Int(random.next() % 3)) {
            // At least four cells stay empty.
            for _ in 0..<(2 + Int(random.next() % 2)) where free.count > 4 { cells[free.removeLast()] = .block(color) }
        }
        guard let board = Board(rows: rows, columns: columns, cells: cells) else { continue }
        if !touching, !board.touchingPairs.isEmpty { continue }
        boards.append(board)
    }
    return boards
}

@Suite("The movement bound against exhaustive search")
struct SolverMoveBoundTests {
    /// Boards checked, and the most positions a board may reach to be checked: a few in a
    /// debug build (what `swift test` and `make test` run), many in a release build
    /// (`swift test -c release --filter SolverMoveBoundTests`).
    #if DEBUG
        static let boards = 12
        static let limit = 1_500
    #else
        static let boards = 400
        static let limit = 30_000
    #endif

    @Test(
        "seeded walled boards up to 6x6: the optimum is the breadth-first search's, and on every reachable position the bound is at most the optimum, falls by at most one a move and rises by at most Solver.boundRise",
        arguments: [false, true])
    func againstBreadthFirst(touching: Bool) throws {
        var checked = 0
        var positionsSeen = 0
        var stronger = 0
        var seed: UInt64 = touching ? 29_001 : 29_000
        while checked < Self.boards {
            let board = randomWalledBoards(count: 1, seed: seed, touching: touching)[0]
            seed &+= 2
            guard let graph = LargeReachableGraph(board, limit: Self.limit) else { continue }
            checked += 1
            positionsSeen += graph.positions.count
            let result = Solver().solve(board)
            switch result.outcome {
            case .solved(let moves):
                #expect(
                    moves.count == graph.distance[0],
                    "seed \(seed - 2): optimum \(moves.count), BFS \(graph.distance[0] ?? -1) on\n\(board)")
                #expect(board.applying(moves)?.isCleared == true, "seed \(seed - 2): the solution does not clear\n\(board)")
            case .unsolvable:
                #expect(
                    graph.distance[0] == nil, "seed \(seed - 2): called unsolvable, but \(graph.distance[0] ?? -1) moves clear\n\(board)")
            case .gaveUp:
                Issue.record("seed \(seed - 2): gave up on\n\(board)")
            }
            let bounds = Solver.lowerBounds(graph.positions.indices.map { graph.board($0) })
            for (position, bound) in bounds.enumerated() {
                let distance = graph.distance[position]
                guard let bound else {
                    #expect(distance == nil, "seed \(seed - 2): called dead, but \(distance ?? -1) moves clear\n\(graph.board(position))")
                    continue
                }
                #expect((bound == 0) == graph.positions[position].allSatisfy { $0 == 0 || $0 == LargeReachableGraph.wall })
                if let distance {
                    #expect(bound <= distance, "seed \(seed - 2): bound \(bound) over the optimum \(distance) on\n\(graph.board(position))")
                }
                for child in graph.children[position] {
                    guard let childBound = bounds[Int(child)] else { continue }
                    #expect(
                        bound - childBound <= 1 && childBound - bound <= Solver.boundRise,
                        "seed \(seed - 2): bound \(bound) then \(childBound) after one move:\n\(graph.board(position))\nto\n\(graph.board(Int(child)))"
                    )
                }
            }
            // The start's movement bound alone never passes the optimum either, and it is
            // sometimes above the group count (the test then exercises it).
            let parts = Solver.boundParts(board)
            if let distance = graph.distance[0] {
                let movement = parts.map { $0.movement ?? 0 }.reduce(0, +)
                #expect(movement <= distance, "seed \(seed - 2): movement bound \(movement) over the optimum \(distance) on\n\(board)")
            }
            if parts.contains(where: { ($0.movement ?? 0) > $0.groups }) { stronger += 1 }
        }
        #expect(positionsSeen > checked * 100, "the boards are too small to test much: \(positionsSeen) positions")
        #expect(stronger > 0, "no board where the movement bound beats the group count")
    }

    @Test("the movement bound counts the moves a pair needs to meet past walls, where the group count says two")
    func pastWalls() throws {
        // The reds can only meet by going round the walls: no move puts one beside the other
        // in two moves even if a move could stop anywhere.
        let board = try #require(Board(["R.#...", "#.#.#.", "..#.#.", ".##.#.", "....#R"]))
        let parts = Solver.boundParts(board)
        let red = try #require(parts.first { $0.color == .red })
        #expect(red.groups == 2)
        let movement = try #require(red.movement)
        #expect(movement > 2)
        let optimum = try #require(Solver().solve(board).optimal)
        #expect(movement <= optimum)
        #expect(Solver.lowerBound(board) == min(movement, red.groups + Solver.boundRise - 1))
    }

    @Test("a small sample of the dense 6x6 benchmark set (bench/solver-dense6x6.txt): the recorded optima")
    func denseSample() throws {
        // The two cheapest boards of the set, so a debug build solves them quickly; the
        // whole set runs in `bloq bench --only solverdense6` and in SolverSweepTests.
        let samples = [
            (18, "#RGOBP/.YBRP./BRO#OR/Y#YOBG/O..PGP/GP..YB"),
            (18, "P.GR../G..#PB/YB.R.O/RY.BP#/OBYO#P/GYOGBR"),
        ]
        for (optimum, text) in samples {
            let board = try #require(Board(text.split(separator: "/").map(String.init)))
            #expect(Solver().solve(board).optimal == optimum, "\(text)")
        }
    }
}
