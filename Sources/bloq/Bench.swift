import ArgumentParser
import BloqBench
import BloqFiles
import Foundation

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the engine's and the solver's speed (build with -c release for real figures).",
        discussion: """
            animators: 10,000 running animators advanced one 1/120 s step (median of 600) and heap allocations \
            per step. solver: every board of the original game's pool (../shared/data/original-pool.txt, or \
            --boards FILE) or, without it, 300 seeded random classic boards, beside a naive string-keyed \
            breadth-first search on the first --naive-boards of them, in this process.
            """)

    @Flag(help: "Print one JSON object of numbers.")
    var json = false

    @Option(help: ArgumentHelp("A pool file of 'PAR BOARD' lines to solve.", valueName: "FILE"))
    var boards: String?

    @Option(help: ArgumentHelp("How many boards the naive search also solves.", valueName: "N"))
    var naiveBoards = 24

    func run() throws {
        let animators = AnimatorBenchmark.run()
        guard animators.setupAllocations > 0 else {
            printError("bloq bench: the allocation counter saw no allocations; it is not interposing malloc, so allocations_per_step would be meaningless")
            throw ExitCode.failure
        }
        let poolPath = boards ?? (DataLocator.sourceRoot as NSString).appendingPathComponent("../shared/data/original-pool.txt")
        let pool = BenchmarkBoards.originalPool(path: poolPath)
        let set = pool?.map(\.board) ?? BenchmarkBoards.random(count: 300, seed: 2016)
        let solver = SolverBenchmark.run(set, naiveLimit: naiveBoards)
        if json {
            print(
                "{\"animators_10k_step_ms\": \(animators.medianStepMilliseconds), \"allocations_per_step\": \(animators.allocationsPerStep), \"solver_median_ms\": \(solver.medianMilliseconds), \"solver_worst_ms\": \(solver.worstMilliseconds), \"solver_speedup_vs_naive\": \(solver.speedup)}"
            )
            return
        }
        print("animators_10k_step_ms    \(animators.medianStepMilliseconds)  (median of \(animators.steps) steps, \(animators.animators) running animators)")
        print("allocations_per_step     \(animators.allocationsPerStep)")
        print("solver boards            \(solver.boards) (\(pool != nil ? "the original pool" : "seeded random classic boards"))")
        print("solver_median_ms         \(solver.medianMilliseconds)")
        print("solver_worst_ms          \(solver.worstMilliseconds)")
        print("solver_speedup_vs_naive  \(solver.speedup)  (naive: \(solver.naiveBoards) boards in \(Int(solver.naiveTotalMilliseconds)) ms; disagreements: \(solver.disagreements))")
        if let pool {
            var shorter = 0
            var longer = 0
            var impossibleSolved = 0
            var impossible = 0
            for (index, entry) in pool.enumerated() {
                let optimal = solver.optima[index]
                if entry.par == 999 {
                    impossible += 1
                    if optimal != nil { impossibleSolved += 1 }
                } else if let optimal {
                    if optimal < entry.par { shorter += 1 }
                    if optimal > entry.par { longer += 1 }
                }
            }
            print("original pars            \(shorter) too high, \(longer) too low; \(impossibleSolved) of \(impossible) marked impossible are solvable")
        }
        print("optima                   \(solver.optimaHistogram.sorted { $0.key < $1.key }.map { "\($0.key == -1 ? "unsolvable" : String($0.key)): \($0.value)" }.joined(separator: ", "))")
    }
}
