import BloqFiles
import BloqGame

/// The solver's budgets as `solve` and `validate` take them: positions from the command
/// line (`--max-states`, checked as it is parsed), memory from the machine (docs/reliability.md).
enum SolverBudget {
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
