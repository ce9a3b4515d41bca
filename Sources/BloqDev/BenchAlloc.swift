import ArgumentParser
import BloqBench
import CAllocationCounter
import Foundation

/// The figures of docs/performance.md that need every heap allocation seen: this program
/// links CAllocationCounter, which interposes malloc, calloc, realloc and free, so it
/// counts what the Swift runtime, the standard library and C code allocate. The game's
/// binary defines no malloc (make test-install checks it): `bloq bench` takes its
/// `allocations_per_step` from this command (`--only animators`) when it is built beside it,
/// and reports the solver's memory by the search's own account.
struct BenchAlloc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-alloc",
        abstract: "Count heap allocations of 10,000 animators a step, and the solver's heap a position (malloc interposed).")

    @Flag(help: "Print one JSON object of numbers.") var json = false
    @Option(help: "Positions each memory search stores.") var states = 1_000_000
    @Option(help: "Only the animators (animators) or only the solver's heap (memory).") var only: String?

    func validate() throws {
        if let only, !["animators", "memory"].contains(only) { throw ValidationError("--only takes animators or memory, not '\(only)'") }
    }

    func run() throws {
        guard bloq_allocation_count() > 0 else {
            printError("BloqDev bench-alloc: the allocation counter saw no allocations (a sanitizer build?); nothing to measure")
            throw ExitCode.failure
        }
        var figures: [(String, Double?)] = []
        if only != "memory" {
            let animators = AnimatorBenchmark.run(allocations: { bloq_allocation_count() })
            figures.append(("allocations_per_step", animators.allocationsPerStep))
            figures.append(("animators_setup_allocations", animators.setupAllocations.map(Double.init)))
        }
        if only != "animators" { figures += memoryFigures() }
        let shown = figures.map { name, value in (name, value.map { String(format: "%.4g", $0) } ?? "null") }
        if json {
            print("{" + shown.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
        } else {
            let width = (shown.map(\.0.count).max() ?? 0) + 1
            for (name, value) in shown { print(name.padding(toLength: width, withPad: " ", startingAt: 0) + value) }
        }
    }

    /// The solver's heap and account a position on the three boards, and what a search of
    /// one position holds.
    func memoryFigures() -> [(String, Double?)] {
        let perState = SolverBenchmark.bytesPerState(states: states, heap: .interposed).flatMap { name, figure in
            [
                ("solver_heap_bytes_per_state_\(name)", figure?.heapBytesPerState),
                ("solver_accounted_bytes_per_state_\(name)", figure?.accountedBytesPerState),
            ]
        }
        // What a search of one position holds: the start-up beyond the bytes a position.
        let onePosition = BenchmarkBoards.memoryBoards.map { name, board in
            ("solver_heap_bytes_one_position_\(name)", SolverBenchmark.memory(board, states: 1, heap: .interposed)?.heapBytesPerState)
        }
        return perState + onePosition
    }
}

extension SolverBenchmark.HeapMeter {
    /// This thread's heap as the interposed malloc sees it.
    static let interposed = SolverBenchmark.HeapMeter(
        live: { bloq_thread_live_bytes() }, peak: { bloq_thread_peak_bytes() }, resetPeak: { bloq_thread_reset_peak_bytes() })
}
