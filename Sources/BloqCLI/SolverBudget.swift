import ArgumentParser
import BloqFiles
import BloqGame

/// The solver's budgets as `solve` and `validate` take them: positions from the command
/// line, memory from the machine (docs/reliability.md).
enum SolverBudget {
    /// `--max-states` must be from 1 to `Solver.maximumStates`.
    static func check(maxStates: Int) throws {
        guard (1...Solver.maximumStates).contains(maxStates) else {
            throw ValidationError("--max-states must be from 1 to \(Solver.maximumStates), not '\(maxStates)'")
        }
    }

    /// The memory the solver's tables may take here.
    static func memory() -> Int { SystemMemory.solverBudget(default: Solver.defaultMemoryBudget) }

    /// Which budget a search that gave up ran out of, with what it had stored:
    /// "1200 positions, --max-states 1200" or "900 positions: the memory budget of 2048 MiB
    /// was full before --max-states 4000000".
    static func describe(_ result: SolverResult, maxStates: Int, memory: Int) -> String {
        let stored = Wording.count(result.states, "position")
        if result.limit == .memory {
            return "\(stored): the memory budget of \(memory >> 20) MiB was full before --max-states \(maxStates)"
        }
        return "\(stored), --max-states \(maxStates)"
    }
}
