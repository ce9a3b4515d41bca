import ArgumentParser
import BloqBench
import BloqGame

/// Solves every board of a set file (bench/solver-*.txt: `OPTIMUM BOARD` lines) with the
/// default budgets, a line each: the outcome, the positions stored and the time; then the
/// worst time and the share decided within a second. For comparing solvers (docs/solver.md).
struct SolveSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve-set", abstract: "Solve every board of a bench set file, a line each.")

    @Argument(help: "The set file.") var file: String

    func run() throws {
        guard let set = BenchmarkBoards.set(path: file) else { throw ValidationError("\(file): cannot be read, or is not a board set") }
        var times: [Double] = []
        var decidedInASecond = 0
        for (recorded, board) in set {
            let (result, ms) = BenchClock.timed { Solver().solve(board) }
            times.append(ms)
            let outcome = result.outcome == .gaveUp ? "gave-up" : SolverOutcomeSummary(result.outcome).text
            if result.outcome != .gaveUp, ms <= 1000 { decidedInASecond += 1 }
            print("\(recorded.text) \(outcome) \(result.states) \(Int(ms)) \(board.lines.joined(separator: "/"))")
        }
        print(
            "boards \(times.count), worst \(Int(times.max() ?? 0)) ms, median \(Int(BenchClock.median(times))) ms, decided within 1 s: \(decidedInASecond)"
        )
    }
}
