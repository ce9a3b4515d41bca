import BloqEngine
import BloqGame
import BloqPlay

/// Draws the play screen of a `GameController` on a `Canvas`.
struct PlayRenderer {
    func draw(_ game: GameController, on canvas: Canvas) {
        let layout = game.layout
        canvas.clear(Palette.background)
        drawHeader(game, layout, canvas)
        drawBoard(game, layout, canvas)
        drawFooter(game, layout, canvas)
        if game.showsClearedOverlay { drawCleared(game, layout, canvas) }
    }

    private func drawHeader(_ game: GameController, _ layout: BoardLayout, _ canvas: Canvas) {
        let band = layout.header
        let margin = max(band.height * 0.3, 12)
        let titleSize = band.height * 0.3
        let level = game.current.level
        canvas.text(level.title, size: titleSize, Palette.text, at: Point(x: margin, y: band.height * 0.5), anchor: Point(x: 0, y: 0.75))
        canvas.text(
            "Level \(game.index + 1) of \(game.levels.count)", size: titleSize * 0.6, Palette.secondaryText,
            at: Point(x: margin, y: band.height * 0.5), anchor: Point(x: 0, y: -0.25))
        let right = band.width - margin
        canvas.text(
            "\(game.scene.session.moves)", size: titleSize * 1.1, Palette.text,
            at: Point(x: right, y: band.height * 0.5), anchor: Point(x: 1, y: 0.75))
        let par = game.par.map { "moves · par \($0)" } ?? "moves"
        let parSize = canvas.text(
            par, size: titleSize * 0.6, Palette.secondaryText, at: Point(x: right, y: band.height * 0.5),
            anchor: Point(x: 1, y: -0.25))
        // Stars still in reach, left of the move count.
        let reach = game.starsInReach
        let stars = String(repeating: "★", count: reach) + String(repeating: "☆", count: max(3 - reach, 0))
        canvas.text(
            stars, size: titleSize * 0.8, Palette.accent,
            at: Point(x: right - max(parSize.width, titleSize * 2) - margin * 0.8, y: band.height * 0.5),
            anchor: Point(x: 1, y: 0.5))
    }

    private func drawBoard(_ game: GameController, _ layout: BoardLayout, _ canvas: Canvas) {
        let cell = layout.cellSize
        canvas.roundedRect(layout.boardFrame, radius: cell * 0.2, Palette.boardFrame)
        let board = game.scene.board
        let gap = max((cell * 0.06).rounded(), 1)
        for position in board.positions {
            let rect = layout.cellRect(row: Double(position.row), column: Double(position.column)).insetBy(gap)
            if board[position] == .wall {
                canvas.roundedRect(rect, radius: cell * 0.12, Palette.wall, shaded: true)
                canvas.roundedRect(rect.insetBy(cell * 0.16), radius: cell * 0.06, Palette.wallInset)
            } else {
                canvas.roundedRect(rect, radius: cell * 0.14, Palette.emptyCell)
            }
        }
        for sprite in game.scene.blockSprites {
            let drawn = sprite.drawnPosition
            let base = layout.cellRect(row: drawn.row, column: drawn.column).insetBy(gap)
            let side = base.width * sprite.scale
            let rect = Rect(x: base.center.x - side / 2, y: base.center.y - side / 2, width: side, height: side)
            let alpha = UInt8((min(max(sprite.opacity, 0), 1) * 255).rounded())
            var shadow = rect
            shadow.y += cell * 0.05
            canvas.roundedRect(shadow, radius: cell * 0.16 * sprite.scale, RGBA(0x000000, alpha: UInt8(Double(alpha) * 0.35)))
            canvas.roundedRect(rect, radius: cell * 0.16 * sprite.scale, Palette.block(sprite.color).with(alpha: alpha), shaded: true)
        }
        for ghost in game.scene.ghosts where ghost.opacity > 0 {
            let rect = layout.cellRect(row: ghost.position.row, column: ghost.position.column).insetBy(gap)
            let alpha = UInt8((min(max(ghost.opacity, 0), 1) * 110).rounded())
            canvas.roundedRect(rect, radius: cell * 0.16, Palette.block(ghost.color).with(alpha: alpha), shaded: true)
            canvas.roundedRect(rect.insetBy(cell * 0.3), radius: cell * 0.08, Palette.text.with(alpha: alpha))
        }
        if game.showsCursor, !game.showsClearedOverlay {
            let rect = layout.cellRect(row: Double(game.cursor.row), column: Double(game.cursor.column))
            let thickness = max((cell * 0.05).rounded(), 2)
            for edge in [
                Rect(x: rect.x, y: rect.y, width: rect.width, height: thickness),
                Rect(x: rect.x, y: rect.maxY - thickness, width: rect.width, height: thickness),
                Rect(x: rect.x, y: rect.y, width: thickness, height: rect.height),
                Rect(x: rect.maxX - thickness, y: rect.y, width: thickness, height: rect.height),
            ] {
                canvas.fill(edge, Palette.cursor.with(alpha: 200))
            }
        }
    }

    private func drawFooter(_ game: GameController, _ layout: BoardLayout, _ canvas: Canvas) {
        let band = layout.footer
        let text = game.message ?? "Drag a block  ·  H hint  ·  Z undo  ·  Y redo  ·  R restart  ·  N next  ·  Esc quit"
        var size = band.height * 0.28
        let width = canvas.measure(text, size: size).width
        if width > band.width * 0.94, width > 0 { size *= band.width * 0.94 / width }
        canvas.text(text, size: size, game.message == nil ? Palette.secondaryText : Palette.accent, at: band.center, anchor: Point(x: 0.5, y: 0.5))
    }

    private func drawCleared(_ game: GameController, _ layout: BoardLayout, _ canvas: Canvas) {
        let frame = layout.boardFrame
        canvas.roundedRect(frame, radius: layout.cellSize * 0.2, Palette.overlay)
        let moves = game.scene.session.moves
        canvas.text(
            "Cleared!", size: frame.height * 0.13, Palette.accent,
            at: Point(x: frame.center.x, y: frame.center.y - frame.height * 0.14), anchor: Point(x: 0.5, y: 1))
        canvas.text(
            "in \(moves) move\(moves == 1 ? "" : "s")" + (game.par.map { " · par \($0)" } ?? ""), size: frame.height * 0.06,
            Palette.text, at: Point(x: frame.center.x, y: frame.center.y - frame.height * 0.12), anchor: Point(x: 0.5, y: 0))
        let earned = game.earnedStars ?? 0
        canvas.text(
            String(repeating: "★", count: earned) + String(repeating: "☆", count: max(3 - earned, 0)),
            size: frame.height * 0.1, Palette.accent,
            at: Point(x: frame.center.x, y: frame.center.y - frame.height * 0.03), anchor: Point(x: 0.5, y: 0))
        let button = game.nextButton
        canvas.roundedRect(button, radius: button.height * 0.3, Palette.button, shaded: true)
        let label = game.hasNextLevel ? "Next level  ›" : "Play again from level 1"
        canvas.text(label, size: button.height * 0.42, Palette.text, at: button.center, anchor: Point(x: 0.5, y: 0.5))
    }
}
