import BloqEngine

/// A press on the board: every event of that pointer goes to the board scene.
final class BoardTouch: PointerOwner {
    private weak var game: GameController?

    init(game: GameController) { self.game = game }

    func handle(_ event: PointerEvent) { game?.handlePointer(event) }
}
