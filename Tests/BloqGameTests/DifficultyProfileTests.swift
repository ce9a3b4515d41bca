import Foundation
import Testing

@testable import BloqGame

/// The capped search and the difficulty profile against exhaustive search: every position
/// of a seeded board with the fewest moves from it (`LargeReachableGraph`), so each legal
/// move's kind (optimal, dead end, detour) is known independently of the solver.
@Suite("The capped search and the difficulty profile against exhaustive search")
struct DifficultyProfileTests {
    #if DEBUG
        static let boards = 10
        static let limit = 1_500
    #else
        static let boards = 200
        static let limit = 30_000
    #endif

    /// A board as the graph stores it.
    static func bytes(_ board: Board) -> [UInt8] {
        board.cells.map { cell -> UInt8 in
            switch cell {
            case .empty: 0
            case .wall: LargeReachableGraph.wall
            case .block(let color): UInt8(color.index + 1)
            }
        }
    }

    /// Seeded walled boards whose reachable positions the graph holds, with their seeds; with
    /// `oddColour`, only boards with a colour of three blocks (two of them can vanish and
    /// leave the third alone: a dead end).
    static func graphs(seed first: UInt64, oddColour: Bool = false) -> [(seed: UInt64, board: Board, graph: LargeReachableGraph)] {
        var found: [(UInt64, Board, LargeReachableGraph)] = []
        var seed = first
        while found.count < boards {
            let board = randomWalledBoards(count: 1, seed: seed, touching: false)[0]
            let counts = Dictionary(grouping: board.cells.compactMap(\.color), by: { $0 }).mapValues(\.count)
            if !oddColour || counts.values.contains(3), let graph = LargeReachableGraph(board, limit: limit) {
                found.append((seed, board, graph))
            }
            seed &+= 1
        }
        return found
    }

    @Test("clears(within:) answers as the breadth-first distances say, for every cap from 0 to one past the optimum")
    func cappedAgainstBreadthFirst() throws {
        for (seed, _, graph) in Self.graphs(seed: 31_000) {
            // Positions spread over the graph, the start first.
            for position in stride(from: 0, to: graph.positions.count, by: max(graph.positions.count / 12, 1)) {
                let board = graph.board(position)
                let distance = graph.distance[position]
                for cap in 0...((distance ?? 6) + 1) {
                    let (answer, _) = Solver().clears(board, within: cap)
                    switch answer {
                    case .clears:
                        #expect(distance.map { $0 <= cap } == true, "seed \(seed), cap \(cap), distance \(distance ?? -1):\n\(board)")
                    case .longer:
                        #expect(distance.map { $0 > cap } ?? true, "seed \(seed), cap \(cap), distance \(distance ?? -1):\n\(board)")
                    case .never:
                        #expect(distance == nil, "seed \(seed), cap \(cap): called dead, but \(distance ?? -1) moves clear\n\(board)")
                    case nil:
                        Issue.record("seed \(seed), cap \(cap): gave up on\n\(board)")
                    }
                }
            }
        }
    }

    @Test("the profile's counts along the solver's line are the breadth-first search's")
    func profileAgainstBreadthFirst() throws {
        var deadSeen = 0
        var forcedSeen = 0
        for (seed, board, graph) in Self.graphs(seed: 32_000, oddColour: true) {
            var index: [[UInt8]: Int] = [:]
            for (i, position) in graph.positions.enumerated() { index[position] = i }
            guard let optimum = graph.distance[0], optimum > 0 else {
                #expect(DifficultyProfile.measure(board) == nil, "seed \(seed): a profile of a board that cannot be cleared")
                continue
            }
            let profile = try #require(DifficultyProfile.measure(board), "seed \(seed)")
            guard case .solved(let moves) = Solver().solve(board).outcome else {
                Issue.record("seed \(seed): not solved")
                continue
            }
            var legal = 0
            var optimal = 0
            var forced = 0
            var deadAtMost = 0
            var lonely = 0
            var log2Sum = 0.0
            var position = board
            for (step, move) in moves.enumerated() {
                let left = optimum - step
                var here = 0
                for candidate in position.legalMoves {
                    let next = try #require(position.applying(candidate))
                    let child = try #require(index[Self.bytes(next)], "seed \(seed): a child the graph lacks")
                    legal += 1
                    if graph.distance[child] == left - 1 { here += 1 }
                    if graph.distance[child] == nil {
                        deadAtMost += 1
                        if Solver.lowerBound(next) == nil { lonely += 1 }
                    }
                }
                optimal += here
                if here == 1 { forced += 1 }
                log2Sum += log2(Double(max(here, 1)))
                position = try #require(position.applying(move))
            }
            #expect(profile.optimal == optimum, "seed \(seed)")
            #expect(profile.legalMoves == legal, "seed \(seed)")
            #expect(profile.optimalMoves == optimal, "seed \(seed)")
            #expect(profile.forcedMoves == forced, "seed \(seed)")
            #expect(abs(profile.optimalSolutionsLog2 - log2Sum) < 1e-9, "seed \(seed)")
            // Dead ends are those the search proves: every lone block, at most every dead one.
            #expect(profile.deadEnds >= lonely && profile.deadEnds <= deadAtMost, "seed \(seed): \(profile.deadEnds) dead ends")
            #expect(profile.openingMoves == board.legalMoves.count, "seed \(seed)")
            deadSeen += profile.deadEnds
            forcedSeen += forced
        }
        #expect(deadSeen > 0 && forcedSeen > 0, "the boards never exercise dead ends or forced moves")
    }

    @Test("the profile's logarithms, in Swift alone, are the C library's within two ulps, and exact at powers of two")
    func logarithms() {
        var values = (1...200_000).map(Double.init)
        values += [0.5, 0.1, 0.999_999, 1.000_001, 2.0.squareRoot(), 1e-300, 1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var worst = 0.0
        for x in values {
            for (ours, theirs) in [(DifficultyProfile.log2(x), Foundation.log2(x)), (DifficultyProfile.log10(x), Foundation.log10(x))] {
                let ulps = theirs == 0 ? (ours == 0 ? 0 : .infinity) : abs(ours - theirs) / theirs.ulp
                worst = max(worst, ulps)
                #expect(ulps <= 2, "log of \(x): \(ours), the C library's \(theirs)")
            }
        }
        for power in -1074...1023 { #expect(DifficultyProfile.log2(Double(sign: .plus, exponent: power, significand: 1)) == Double(power)) }
        #expect(DifficultyProfile.log2(0) == -.infinity && DifficultyProfile.log2(-1).isNaN)
        print("pure logarithms: worst \(worst) ulps over \(values.count) values")
    }
}
