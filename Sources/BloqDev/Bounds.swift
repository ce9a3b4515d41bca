import ArgumentParser
import BloqGame
import Foundation

/// The solver's bounds on boards given as rows joined by '/': per colour, the group count and
/// the movement bound, beside the optimum. Used to compare bounds (docs/solver.md).
struct Bounds: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the solver's bounds of boards, per colour, and the optimum.")

    @Argument(help: "Boards, rows joined by '/'.") var boards: [String]
    @Option(help: "The solver's budget.") var maxStates = 4_000_000

    func run() throws {
        for text in boards {
            guard let board = Board(text.split(separator: "/").map(String.init)) else {
                printError("not a board: \(text)")
                continue
            }
            let parts = Solver.boundParts(board)
            let groups = parts.map(\.groups).reduce(0, +)
            let combined = parts.map { max($0.groups, $0.movement ?? 0) }.reduce(0, +)
            let start = Date()
            let cpuStart = clock()
            let result = Solver(maxStates: maxStates).solve(board)
            let ms = Int(Date().timeIntervalSince(start) * 1000)
            let cpu = Int(Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC) * 1000)
            let each = parts.map { "\($0.color.name) \($0.groups)/\($0.movement.map(String.init) ?? "-")" }.joined(separator: " ")
            print(
                "\(text): groups \(groups) combined \(combined) optimum \(result.optimal.map(String.init) ?? "-") (\(result.states) states, \(result.expansions) expansions, \(ms) ms, cpu \(cpu) ms) [\(each)]"
            )
        }
    }
}
