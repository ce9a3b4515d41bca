import BloqEngine
import BloqGame
import BloqLocalization
import BloqPlay
import Glibc
import Synchronization
import Testing

/// The sparse 16x16 board (bench/sparse-16x16.bloq): far too large to solve.
func sparseBoard() throws -> Board {
    try #require(
        Board([
            "...P..O..G......", "..........G.....", "..Y.....Y..C....", "..........P.O...", "................", "W..G.R.........O",
            "................", "......W.........", "..........W.....", "...B.......Y...R", "....O...........", "...B.B..G.......",
            ".......C....P...", "..........R.....", "...........Y.R..", ".C..............",
        ]))
}

/// Steps `jobs` until `done` says so, waiting a little between steps once the first answers
/// could be due; false after `guardSeconds` (a hang guard, far beyond what the work takes).
func stepUntil(guardSeconds: Double = 300, _ step: () -> Void, _ done: () -> Bool) -> Bool {
    var waited = 0.0
    while !done() {
        step()
        usleep(2_000)
        waited += 0.002
        if waited > guardSeconds { return false }
    }
    return true
}

/// What background work saw, written from the worker thread.
final class Seen: Sendable {
    let state = Mutex<(running: Int, most: Int, niceness: [Int32], results: [SolverResult])>((0, 0, [], []))
}

@Suite("Live play's background work: one thread, at a lower priority, stopped when stale or slow")
struct BackgroundWorkerTests {
    @Test("however many requests, one piece of work runs at a time, on a thread at nice 10")
    func oneAtATime() {
        let seen = Seen()
        let owners = (0..<3).map { _ in
            BackgroundJobs<Int, Int>(mode: .background) { value, _ in
                seen.state.withLock {
                    $0.running += 1
                    $0.most = max($0.most, $0.running)
                    errno = 0
                    $0.niceness.append(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
                }
                usleep(20_000)
                seen.state.withLock { $0.running -= 1 }
                return value
            }
        }
        for (index, owner) in owners.enumerated() {
            for value in 0..<3 { _ = owner.request(index * 10 + value) }
        }
        var answers = 0
        let finished = stepUntil({ for owner in owners { answers += owner.step().count } }, { answers == 9 })
        #expect(finished)
        seen.state.withLock { seen in
            #expect(seen.most == 1, "\(seen.most) pieces of work ran at once")
            #expect(seen.niceness == Array(repeating: BackgroundWorker.niceness, count: 9))
        }
    }

    @Test("a request no longer wanted is stopped: its search gives up at once, and its answer never comes")
    func staleStopped() throws {
        let sparseSixteen = try sparseBoard()
        let seen = Seen()
        let jobs = BackgroundJobs<Board, Int>(mode: .background) { board, stop in
            seen.state.withLock { $0.running += 1 }
            let result = Solver(maxStates: Solver.maximumStates, memoryBudget: 1 << 30, stop: stop).solve(board)
            seen.state.withLock { $0.results.append(result) }
            return result.states
        }
        _ = jobs.request(sparseSixteen)
        // Once it runs (other tests' work may be ahead of it on the one thread).
        #expect(stepUntil({}, { seen.state.withLock { $0.running > 0 } }))
        #expect(jobs.cancel(where: { $0 == sparseSixteen }) == [sparseSixteen])
        #expect(!jobs.isBusy)
        let stopped = stepUntil({ #expect(jobs.step().isEmpty) }, { seen.state.withLock { !$0.results.isEmpty } })
        #expect(stopped)
        let result = try #require(seen.state.withLock { $0.results.first })
        #expect(result.outcome == .gaveUp && result.limit == .stopped)
        // In a replay nothing is cancelled: the answer was worked out already and arrives.
        let replay = BackgroundJobs<Int, Int>(mode: .deterministic) { value, _ in value }
        _ = replay.request(7)
        #expect(replay.cancel(where: { _ in true }).isEmpty)
        var answers: [Int] = []
        for _ in 0..<BackgroundTiming.deliveryDelaySteps { answers += replay.step().map(\.output) }
        #expect(answers == [7])
    }

    @Test("an owner let go (a level left) stops its running search rather than leave it to the end")
    func ownerGone() throws {
        let sparseSixteen = try sparseBoard()
        let seen = Seen()
        var jobs: BackgroundJobs<Board, Int>? = BackgroundJobs(mode: .background) { board, stop in
            seen.state.withLock { $0.running += 1 }
            let result = Solver(maxStates: Solver.maximumStates, memoryBudget: 1 << 30, stop: stop).solve(board)
            seen.state.withLock { $0.results.append(result) }
            return result.states
        }
        _ = jobs?.request(sparseSixteen)
        #expect(stepUntil({}, { seen.state.withLock { $0.running > 0 } }))
        jobs = nil
        #expect(stepUntil({}, { seen.state.withLock { !$0.results.isEmpty } }))
        #expect(seen.state.withLock { $0.results.first?.limit } == .stopped)
    }

    @Test("a live search stops after its wall time and says it gave up for that reason")
    func wallTime() throws {
        let sparseSixteen = try sparseBoard()
        let jobs = BackgroundJobs<Board, SolverResult>(mode: .background, seconds: 0.2) { board, stop in
            Solver(maxStates: Solver.maximumStates, memoryBudget: 1 << 30, stop: stop).solve(board)
        }
        _ = jobs.request(sparseSixteen)
        var answer: SolverResult?
        #expect(stepUntil({ answer = answer ?? jobs.step().first?.output }, { answer != nil }))
        let result = try #require(answer)
        #expect(result.outcome == .gaveUp && result.limit == .stopped)
    }

    @Test("the play screen's solver has a memory budget, and the player is told when a board is beyond it")
    func playMemory() throws {
        let sparseSixteen = try sparseBoard()
        let level = PlayableLevel(name: "sparse", level: Level(title: "Sparse Sixteen", board: sparseSixteen))
        let game = GameController(level: level, viewport: Size(width: 800, height: 600), solverMode: .deterministic)
        for _ in 0..<BackgroundTiming.deliveryDelaySteps { game.step(1.0 / 120) }
        #expect(game.par == nil)
        #expect(
            game.message
                == tr("This board is too large for the solver here: no par or hints, and no warning if it can no longer be cleared"))
    }

    @Test("the editor's verdict says when its search was stopped for time")
    func editorStopped() throws {
        let sparseSixteen = try sparseBoard()
        let verdict = DraftVerdict.judge(LevelDraft(board: sparseSixteen, title: "t"), stop: SearchStop { true })
        #expect(verdict == .undecided(reason: "undecided: too large to decide here; the search stopped after 3 seconds"))
        #expect(verdict.summary == "Undecided: too large to decide here; the search stopped after 3 seconds")
    }
}
