import ArgumentParser
import BloqGame
import Foundation

/// Solves every board of a set file (bench/solver-*.txt: `OPTIMUM BOARD` lines) with the
/// default budgets, a line each: the outcome, the positions stored and the time; then the
/// worst time and the share decided within a second. For comparing solvers (docs/solver.md).
struct SolveSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve-set", abstract: "Solve every board of a bench set file, a line each.")

    @Argument(help: "The set file.") var file: String

    func run() throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var times: [Double] = []
        var decidedInASecond = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let board = Board(parts[1].split(separator: "/").map(String.init)) else { continue }
            let start = Date()
            let result = Solver().solve(board)
            let ms = Date().timeIntervalSince(start) * 1000
            times.append(ms)
            let outcome =
                switch result.outcome {
                case .solved(let moves): "\(moves.count)"
                case .unsolvable: "-"
                case .gaveUp: "gave-up"
                }
            if result.outcome != .gaveUp, ms <= 1000 { decidedInASecond += 1 }
            print("\(parts[0]) \(outcome) \(result.states) \(Int(ms)) \(parts[1])")
        }
        times.sort()
        print(
            "boards \(times.count), worst \(Int(times.last ?? 0)) ms, median \(Int(times.isEmpty ? 0 : times[times.count / 2])) ms, decided within 1 s: \(decidedInASecond)"
        )
    }
}
