import ArgumentParser
import BloqBench

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the engine's speed (build with -c release for real figures).",
        discussion: "Now: 10,000 running animators advanced one 1/120 s step (median of 600 steps) and heap allocations per step.")

    @Flag(help: "Print one JSON object of numbers.")
    var json = false

    func run() throws {
        let result = AnimatorBenchmark.run()
        guard result.setupAllocations > 0 else {
            printError("bloq bench: the allocation counter saw no allocations; it is not interposing malloc, so allocations_per_step would be meaningless")
            throw ExitCode.failure
        }
        if json {
            print("{\"animators_10k_step_ms\": \(result.medianStepMilliseconds), \"allocations_per_step\": \(result.allocationsPerStep)}")
        } else {
            print("animators_10k_step_ms  \(result.medianStepMilliseconds)  (median of \(result.steps) steps, \(result.animators) running animators)")
            print("allocations_per_step   \(result.allocationsPerStep)")
        }
    }
}
