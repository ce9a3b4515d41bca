import BloqEngine
import BloqGame

/// One block's move in flight: where it started, where its slide stops, and the animator
/// between them (seed 000's BlockViewController). On completion at the end the offsets
/// swap: the destination becomes the block's resting place.
final class SlideController {
    let blockID: Int
    let move: Move
    /// The resting cell before the move (the start offset).
    private(set) var startCell: CellPosition
    /// The cell where the slide stops (the end offset).
    private(set) var endCell: CellPosition
    let distance: Int
    let animator: PropertyAnimator
    /// The speed it arrives with at the end, as a fraction of its average speed: a move
    /// lands with speed; an undo's slide home eases into its cell (0).
    let arrival: Double
    /// The speed (cells per second) the block will hit what stops it with, on the curve it
    /// runs on now: the squash on impact follows it.
    var impactSpeed: Double

    /// A slide of `move` to `destination`. An undo slides its block home as the reverse
    /// of the move it takes back (`destination` is then where the move started), arriving
    /// at rest.
    init(blockID: Int, move: Move, destination: CellPosition, arrival: Double = SlideMotion.arrival, driver: AnimationDriver) {
        self.blockID = blockID
        self.move = move
        self.arrival = arrival
        startCell = move.from
        endCell = destination
        distance = abs(destination.row - move.from.row) + abs(destination.column - move.from.column)
        let duration = SlideMotion.duration(forCells: Double(distance))
        animator = PropertyAnimator(
            duration: duration, curve: SlideMotion.curve(duration: duration, arrivalSlope: arrival), driver: driver)
        impactSpeed = arrival * Double(distance) / duration
    }

    /// The drawn position at `progress` along the slide.
    func position(at progress: Double) -> CellPoint {
        CellPoint(startCell).interpolated(to: CellPoint(endCell), progress)
    }

    /// The component of a translation (cell units) along the move's direction.
    func along(_ translation: Point) -> Double {
        switch move.direction {
        case .up: -translation.y
        case .down: translation.y
        case .left: -translation.x
        case .right: translation.x
        }
    }

    /// Swaps the start and end offsets (after completing at the end).
    func swapOffsets() {
        swap(&startCell, &endCell)
    }
}

extension CellPoint {
    /// The point `t` of the way from here to `end` (0 here, 1 there).
    func interpolated(to end: CellPoint, _ t: Double) -> CellPoint {
        CellPoint(row: row + (end.row - row) * t, column: column + (end.column - column) * t)
    }
}

/// How a slide moves: its durations and curves, chosen for a person's eye and hand
/// (GAME.md, "Moves with weight"; docs/motion.md has the reasoning and the figures).
///
/// A block is a puck pushed on ice: it leaves quickly, glides, and lands against what
/// stops it with speed, then squashes a little and springs back. A slide of two or more
/// cells is still in flight 200 ms after it starts (a person reacts in about 200 ms), so a
/// player who sees it go wrong can catch it.
enum SlideMotion {
    /// Seconds a slide of `cells` takes on its own (a key, the solution, redo): 0.16 s plus
    /// 0.1 s × √cells, so 0.26 s for one cell, 0.30 s for two, 0.33 s for three, 0.56 s
    /// for sixteen: longer slides are faster, as a thrown object's would be, without ever
    /// dragging.
    static func duration(forCells cells: Double) -> Double { 0.16 + 0.1 * max(cells, 0).squareRoot() }

    /// The speed it leaves with, as a fraction of its average speed.
    static let launch = 0.6
    /// The speed it lands with, as a fraction of its average speed: with speed, for the impact.
    static let arrival = 1.2

    /// The curve of a slide of `duration` seconds that starts on its own, arriving at
    /// `arrivalSlope` times its average speed.
    static func curve(duration: Double, arrivalSlope: Double = SlideMotion.arrival) -> TimingCurve {
        .glide(initialVelocity: launch / max(duration, 1e-3), arrivalSlope: arrivalSlope)
    }

    /// How the rest of a released slide runs: as long as a slide of the remaining cells on
    /// its own, arriving at `arrival`. A release faster than that slide's average keeps its
    /// speed instead, a puck on ice: going on, the rest takes remaining ÷ speed and lands at
    /// that speed, so the block never slows and then speeds up into what stops it (helper-50 saw a hard flick drop to half its speed, then speed up again;
    /// the glide had to leave at its speed, average 1 and land at 1.2). Never under 60 ms.
    static func release(remainingCells: Double, speed: Double, arrival: Double) -> (time: Double, arrival: Double) {
        let time = duration(forCells: remainingCells)
        guard speed > 0, remainingCells > 0, speed * time > remainingCells else { return (max(time, 0.06), arrival) }
        if arrival >= 1 { return (max(remainingCells / speed, 0.06), 1) }
        // Easing into its cell: it leaves at 1.5 to 2.5 times the rest's average speed, where
        // the glide only slows down (below 1.5 it would first speed up, by a third at 1).
        return (max(min(max(time, 1.5 * remainingCells / speed), 2.5 * remainingCells / speed), 0.06), arrival)
    }

    /// How much a block hitting at `speed` cells per second squashes: 1 % a cell per
    /// second, at most 10 %.
    static func squash(impactSpeed speed: Double) -> Double { min(max(speed, 0) * 0.01, 0.1) }

    /// Seconds the squash lasts: in, then out on a bouncy spring.
    static let squashDuration = 0.3
}
