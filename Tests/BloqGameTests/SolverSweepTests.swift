import BloqGame
import BloqTestSupport
import Foundation
import Testing

/// The solver on the whole benchmark sets of bench/ (docs/solver.md), against the optima
/// recorded there with a large budget: every board solved with the default budget, to the
/// same optimum. Long in a debug build, so it runs only with BLOQ_SOLVER_SWEEP=1 (`make
/// test-solver-sweep`, a release build); the normal suite solves a sample
/// (`SolverMoveBoundTests`).
@Suite("The solver on the benchmark sets", .enabled(if: ProcessInfo.processInfo.environment["BLOQ_SOLVER_SWEEP"] == "1"))
struct SolverSweepTests {
    static let bench = Repository.url("bench")

    /// The boards each set may leave undecided at the default budget: none of the dense
    /// set; two of the 8x8 set (both of optimum 20, which a budget of 20,000,000 decides).
    static let undecided = ["dense6x6": 0, "8x8": 2]

    @Test("every board of a set is decided at the default budget as the set records it, but a few", arguments: ["dense6x6", "8x8"])
    func set(_ name: String) throws {
        let text = try String(contentsOf: Self.bench.appendingPathComponent("solver-\(name).txt"), encoding: .utf8)
        var boards = 0
        var gaveUp: [Substring] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            let board = try #require(Board(parts[1].split(separator: "/").map(String.init)), "\(line)")
            let result = Solver().solve(board)
            boards += 1
            if result.outcome == .gaveUp {
                gaveUp.append(line)
                continue
            }
            switch parts[0] {
            case "-": #expect(result.outcome == .unsolvable, "\(line)")
            case "?": continue
            default:
                #expect(result.optimal == Int(parts[0]), "\(line): \(result.outcome)")
                if case .solved(let moves) = result.outcome { #expect(board.applying(moves)?.isCleared == true, "\(line)") }
            }
        }
        #expect(boards >= 50)
        #expect(gaveUp.count <= Self.undecided[name] ?? 0, "undecided at the default budget: \(gaveUp)")
    }
}
