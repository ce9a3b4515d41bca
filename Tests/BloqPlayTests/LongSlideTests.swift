import BloqEngine
import BloqGame
import Testing

@testable import BloqPlay

/// A long slide released slowly must commit with no visible snap (a spring fitted
/// only by its envelope was still 0.79 % short at its duration, so 7.5 cells from the end
/// the block jumped about 0.06 cell when the move committed). The release now
/// continues on a glide (`SlideMotion`) that lands with speed: every step, the commit's
/// included, is the glide's own, with nothing added.
@Suite("Board scene: a long slide commits without a snap")
struct LongSlideTests {
    /// A mouse on a 2x16 board: one event per 1/120 s step at most, as SDL delivers them.
    final class Replay {
        let scene = BoardScene(board: Board(["R...............", "................"]) ?? Board(["R.", ".."])!)
        let step = 1.0 / 120
        var time = 0.0
        /// The block's drawn column after every step.
        var columns: [Double] = []
        /// The index in `columns` of the step that committed the move.
        var commitStep: Int?
        var releaseStep = 0

        var column: Double { scene.blockSprites.first?.drawnPosition.column ?? .nan }

        func advance() {
            scene.advance(by: step)
            time += step
            columns.append(column)
            if commitStep == nil, scene.takeEvents().contains(where: { if case .committed = $0 { true } else { false } }) {
                commitStep = columns.count - 1
            }
        }

        /// Presses the block, drags it right at `speed` cells per second to `column`, holds it
        /// still for `hold` seconds, then releases it there, moving at `releaseSpeed`.
        func drag(to target: Double, speed: Double, hold: Double, releaseSpeed: Double = 0) {
            scene.pointerDown(.mouse, at: CellPoint(row: 0, column: 0), time: time)
            var pointer = 0.0
            while pointer < target {
                advance()
                pointer = min(pointer + speed * step, target)
                scene.pointerMoved(.mouse, to: CellPoint(row: 0, column: pointer), time: time)
            }
            var held = 0.0
            while held < hold - 1e-9 {
                advance()
                held += step
            }
            var released = pointer
            if releaseSpeed > 0 {
                // Keep moving slowly for the velocity window, then let go on the move.
                for _ in 0..<12 {
                    advance()
                    released += releaseSpeed * step
                    scene.pointerMoved(.mouse, to: CellPoint(row: 0, column: released), time: time)
                }
            }
            releaseStep = columns.count
            scene.pointerUp(.mouse, at: CellPoint(row: 0, column: released), time: time)
            for _ in 0..<120 { advance() }
        }

        var largestCommitStep: Double {
            guard let commit = commitStep, commit > 0 else { return .infinity }
            return abs(columns[commit] - columns[commit - 1])
        }
    }

    @Test("a 15-cell slide dragged past half-way, held and released follows its glide to the commit, with no jump")
    func heldRelease() throws {
        let replay = Replay()
        replay.drag(to: 8.4, speed: 3, hold: 0.25)
        let commit = try #require(replay.commitStep, "the move commits")
        #expect(replay.scene.board == Board(["...............R", "................"]))
        #expect(replay.columns[commit] == 15)

        // The whole motion: once the pan has chosen its direction (the scrub that takes the
        // block to the pointer, clamped to 0.01 of the slide) the block follows the pointer
        // at 3 cells/s; released, it is exactly the glide from where it was let go, leaving
        // at rest and landing at 1.2 times its average speed (no jump at the release, none
        // on the way, none at the commit); then it rests at the destination.
        let moved = try #require(replay.columns.firstIndex { $0 > 0 })
        for index in (moved + 1)..<replay.releaseStep {
            #expect(abs(replay.columns[index] - replay.columns[index - 1]) <= 3 * replay.step + 1e-9)
        }
        let start = replay.columns[replay.releaseStep - 1] / 15
        let duration = SlideMotion.release(remainingCells: 15 * (1 - start), speed: 0, arrival: SlideMotion.arrival).time
        #expect(abs(duration - (0.16 + 0.1 * (15 * (1 - start)).squareRoot())) < 1e-12)
        let glide = TimingCurve.glide(initialVelocity: 0, arrivalSlope: SlideMotion.arrival)
        for index in replay.releaseStep...commit {
            let elapsed = Double(index - replay.releaseStep + 1) * replay.step
            let expected = 15 * (start + (1 - start) * glide.progress(at: elapsed / duration, duration: duration))
            #expect(abs(replay.columns[index] - expected) < 1e-9, "step \(index): \(replay.columns[index]) vs \(expected)")
        }
        let landing = SlideMotion.arrival * 15 * (1 - start) / duration * replay.step
        let snap = replay.largestCommitStep
        print("15-cell slide, held then released: the step into the commit is \(snap) cell, the glide's landing speed allows \(landing)")
        #expect(snap <= landing + 1e-9, "the block jumped \(snap) cell when the move committed")
        for index in commit..<replay.columns.count { #expect(replay.columns[index] == 15) }
    }

    @Test("a 15-cell slide released while still moving slowly lands with its glide's speed, never more")
    func movingRelease() throws {
        let replay = Replay()
        replay.drag(to: 8, speed: 2, hold: 0.2, releaseSpeed: 0.6)  // under the 1 cell/s fling speed
        _ = try #require(replay.commitStep, "the move commits")
        #expect(replay.scene.board == Board(["...............R", "................"]))
        let remaining = 15 - replay.columns[replay.releaseStep - 1]
        let landing =
            SlideMotion.arrival * remaining / SlideMotion.release(remainingCells: remaining, speed: 0.6, arrival: SlideMotion.arrival).time
            * replay.step
        let snap = replay.largestCommitStep
        print("15-cell slide, released moving at 0.6 cell/s: the step into the commit is \(snap) cell (landing speed: \(landing))")
        #expect(snap <= landing + 1e-9, "the block jumped \(snap) cell when the move committed")
        // No step of the release moves the block backwards or further than the one before
        // it by more than the spring's start allows: the motion is smooth at the release.
        let first = abs(replay.columns[replay.releaseStep] - replay.columns[replay.releaseStep - 1])
        #expect(first < 0.1, "the first step after the release moved \(first) cell")
        for index in replay.releaseStep..<replay.columns.count {
            #expect(replay.columns[index] >= replay.columns[index - 1] - 1e-12, "it never moves back")
        }
    }

    /// helper-50: a hard flick slowed to half its speed about 100 ms after the release,
    /// then sped up again into the end: the glide left at the flick's speed, averaged the
    /// rest's own slide and landed at 1.2 of it.
    @Test("a hard flick keeps its speed to the end of the slide: it never slows and speeds up again")
    func flickKeepsSpeed() throws {
        let replay = Replay()
        // 40 cells/s: 880 px/s on a phone's 22 px cells, faster than the rest's own slide.
        replay.drag(to: 1, speed: 40, hold: 0, releaseSpeed: 40)
        let commit = try #require(replay.commitStep, "the move commits")
        #expect(replay.scene.board == Board(["...............R", "................"]))
        let steps = (replay.releaseStep + 1)..<commit
        let speeds = steps.map { (replay.columns[$0] - replay.columns[$0 - 1]) / replay.step }
        print("a flick at 40 cells/s, from column \(replay.columns[replay.releaseStep - 1]): speeds \(speeds.map { Int($0) })")
        #expect(!speeds.isEmpty)
        for speed in speeds { #expect(abs(speed - 40) < 4, "\(speed) cells/s, let go at 40") }
    }
}
