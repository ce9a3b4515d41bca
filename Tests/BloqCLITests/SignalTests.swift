import BloqTestSupport
import Foundation
import Testing

extension ChildProcessSuite {
    @Suite("SIGTERM and SIGINT end the game wherever it is")
    struct SignalTests {
        @Test("a screenshot or replay mid-search ends at SIGTERM (SDL no longer turns it into a quit event nobody reads)")
        func replayMidWork() throws {
            let level = try Scratch.keptFile("sparse.bloq", BoundedRun.sparseLevel)
            // Each committed move asks the solver about the board: seconds of work each.
            var lines: [String] = []
            for round in 0..<6 {
                let at = round * 1_000
                let (from, to) = round % 2 == 0 ? (0, 4) : (4, 0)
                lines += [
                    "at \(at) press \(from) 3", "at \(at + 40) drag \((from + to) / 2) 3", "at \(at + 80) drag \(to) 3",
                    "at \(at + 300) release \(to) 3",
                ]
            }
            let script = try Scratch.keptFile("moves.script", (lines + ["at 8000 end"]).joined(separator: "\n") + "\n")
            let scratch = try Scratch("bloq-term")
            let out = scratch.path("replay.png")
            let child = try Bloq.start(["replay", script, "--level", level, "--screenshot", out])
            #expect(BoundedRun.waitForWork(child, seconds: 1), "the replay ended before it was busy: \(child.standardError)")
            let state = BoundedRun.signalState(child)
            kill(child.process.processIdentifier, SIGTERM)
            let ended = try #require(BoundedRun.wait(child, guardSeconds: 60), "SIGTERM ignored: still running 60 s later (\(state))")
            #expect(ended.reason == .uncaughtSignal && ended.status == SIGTERM, "\(ended)")
        }

        @Test("bloq solve mid-search ends at SIGTERM")
        func solveMidWork() throws {
            let level = try Scratch.keptFile("sparse.bloq", BoundedRun.sparseLevel)
            let child = try Bloq.start(["solve", level, "--max-states", "100000000"])
            #expect(BoundedRun.waitForWork(child, seconds: 1), "the search ended before it was busy: \(child.standardError)")
            let state = BoundedRun.signalState(child)
            kill(child.process.processIdentifier, SIGTERM)
            let ended = try #require(BoundedRun.wait(child, guardSeconds: 60), "SIGTERM ignored: still running 60 s later (\(state))")
            #expect(ended.reason == .uncaughtSignal && ended.status == SIGTERM, "\(ended)")
        }

        @Test("play --watch waiting for a file that does not load yet stops at SIGTERM, saying so (was deaf to it)")
        func watchWaiting() throws {
            let level = try Scratch.keptFile("broken.bloq", "title: Broken\nR R x\n")
            let child = try Bloq.start(["play", "--level", level, "--watch"], environment: ["BLOQ_EXIT_AFTER_FIRST_FRAME": "1"])
            #expect(child.waitForError("waiting for"), "\(child.standardError)")
            kill(child.process.processIdentifier, SIGTERM)
            let ended = try #require(BoundedRun.wait(child, guardSeconds: 60), "SIGTERM ignored: still waiting 60 s later")
            #expect(ended.reason == .exit && ended.status == 128 + SIGTERM, "\(ended)")
            #expect(ended.err.contains("bloq: SIGTERM received: stopped waiting for \(level)"), "\(ended.err)")
        }

        @Test("the live game's handlers: the loop takes SIGINT in order; a loop that never looks is ended a second later")
        func liveHandlers() throws {
            let calm = try Bloq.start(["quit-signals"], executable: Bloq.developerTool)
            #expect(calm.waitForOutput("ready"))
            kill(calm.process.processIdentifier, SIGINT)
            let taken = try #require(BoundedRun.wait(calm, guardSeconds: 60))
            #expect(taken.reason == .exit && taken.status == 0, "\(taken)")
            #expect(calm.standardOutput.contains("took SIGINT"))

            let stuck = try Bloq.start(["quit-signals", "--stuck"], executable: Bloq.developerTool)
            #expect(stuck.waitForOutput("ready"))
            kill(stuck.process.processIdentifier, SIGTERM)
            let ended = try #require(BoundedRun.wait(stuck, guardSeconds: 60), "the watcher did not end it")
            #expect(ended.reason == .exit && ended.status == 128 + SIGTERM, "\(ended)")
            #expect(ended.err.contains("bloq: SIGTERM received, and the game did not stop within 1 s: ending it now"), "\(ended.err)")
        }
    }
}
