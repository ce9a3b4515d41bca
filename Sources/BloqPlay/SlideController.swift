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

    init(blockID: Int, move: Move, destination: CellPosition, driver: AnimationDriver) {
        self.blockID = blockID
        self.move = move
        startCell = move.from
        endCell = destination
        distance = abs(destination.row - move.from.row) + abs(destination.column - move.from.column)
        animator = PropertyAnimator(
            duration: SlideController.duration(forCells: distance), curve: .easeInOut, driver: driver)
    }

    /// The time a slide of `cells` takes when it runs on its own.
    static func duration(forCells cells: Int) -> Double { 0.09 + 0.045 * Double(cells) }

    /// The drawn position at `progress` along the slide.
    func position(at progress: Double) -> CellPoint {
        CellPoint(
            row: Double(startCell.row) + Double(endCell.row - startCell.row) * progress,
            column: Double(startCell.column) + Double(endCell.column - startCell.column) * progress)
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
