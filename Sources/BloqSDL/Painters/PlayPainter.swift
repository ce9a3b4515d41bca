import BloqEngine
import BloqGame
import BloqLocalization
import BloqPlay
import Glibc

/// The play screen: header, board, footer, toolbar, the Cleared overlay and its confetti;
/// during the edge pan, the level list beneath it.
struct PlayPainter {
    let app: AppController
    let screen: PlayScreen
    let canvas: Canvas
    private var kit: PaintKit { PaintKit(app: app, canvas: canvas) }

    func draw() {
        if let percent = screen.edgePanPercent {
            // The play screen slides right and the level list comes in beneath it, on its own
            // ground: each a layer drawn once and copied where the pan puts it.
            let list = LevelListPainter(app: app, screen: screen.listBeneath, canvas: canvas)
            canvas.offset = Point(x: -app.viewport.width * 0.3 * (1 - percent), y: 0)
            canvas.cachedLayer(.beneath, key: list.key) {
                kit.ground()
                list.drawList(kit)
            }
            canvas.fill(
                Rect(x: -app.viewport.width, y: 0, width: app.viewport.width * 3, height: app.viewport.height),
                canvas.palette.scrim.faded(1 - percent))
            canvas.offset = Point(x: app.viewport.width * percent, y: 0)
            canvas.fill(Rect(x: -8, y: 0, width: 8, height: app.viewport.height), canvas.palette.shadow)
        }
        let game = screen.game
        let overlay = screen.visibleOverlay
        let layout = screen.layout
        let resting = game.scene.blockSprites.filter(\.isAtRest)
        let cardTexts = Set(layout.card?.texts ?? [])
        let still = {
            kit.ground()
            drawBoard(game, sprites: resting, quiet: overlay != nil)
            if let banner = layout.banner {
                canvas.roundedRect(banner.insetBy(-2), radius: min(banner.height * 0.2, 12), canvas.palette.banner)
            }
            kit.texts(layout.texts.filter { !cardTexts.contains($0) })
            if layout.card == nil { kit.buttons(layout.controls, focus: screen.focus) }
        }
        // What stands still is drawn once and copied while it stays the same.
        canvas.cachedLayer(.still, key: staticKey(resting: resting, layout: layout), draw: still)
        drawSprites(game.scene.blockSprites.filter { !$0.isAtRest }, game)
        // The hint's trail under its ghosts, so a ghost travels over its own path.
        if overlay == nil { drawHintMarks(game) }
        drawGhostsAndCursor(game)
        // The confetti falls in front of the board and the header, behind the Cleared card,
        // so its words and buttons stay clear: strips, squares and triangles in the level's
        // own colours, each turning in the plane and tumbling (its width follows the cosine
        // of its spin).
        if let overlay = screen.overlay, let burst = overlay.confetti {
            let start = game.scene.session.start
            var colors: [BlockColor] = []
            for position in start.positions {
                if case .block(let color) = start[position], !colors.contains(color) { colors.append(color) }
            }
            if colors.isEmpty { colors = BlockColor.allCases }
            for (index, piece) in burst.pieces(at: overlay.confettiTime).enumerated() {
                let color = Palette.block(colors[piece.color % colors.count]).faded(max(min(piece.opacity, 1), 0))
                drawConfetti(piece, shape: index % 3, color)
            }
        }
        if let card = layout.card {
            // The card is opaque, raised over the board and the confetti: only its words show.
            kit.surface(card.frame, radius: Radius.card(card.frame, app.metrics))
            if let chart = layout.chart, let panel = screen.reviewPanel { drawChart(panel, in: chart) }
            kit.buttons(layout.controls, focus: screen.focus)
            // The Cleared card's stars arrive one by one on springs (MotionToken), whether in
            // one row or each in its own column over the reasons it is missing.
            var starIndex = 0
            for box in card.texts {
                if box.role == .stars, let overlay = screen.overlay {
                    let marks = box.text.unicodeScalars.filter { $0 == "★" || $0 == "☆" }.count
                    let scales = (starIndex..<starIndex + marks).map {
                        MotionToken.starScale(index: $0, time: overlay.shownTime, reducedMotion: app.appearance.reducedMotion)
                    }
                    starIndex += marks
                    kit.stars(box, scales: scales)
                } else {
                    kit.text(box)
                }
            }
        }
        canvas.offset = .zero
    }

    /// One piece of confetti: a strip (shape 0), a square (1) or a triangle (2), `size`
    /// across, turned by its angle and narrowed by its tumble.
    private func drawConfetti(_ piece: ConfettiBurst.Piece, shape: Int, _ color: RGBA) {
        let tumble = 0.3 + 0.7 * abs(cos(piece.angle))
        let (halfWidth, halfHeight) =
            shape == 0 ? (piece.size * 0.5 * tumble, piece.size * 0.22) : (piece.size * 0.38 * tumble, piece.size * 0.38)
        let turn = piece.angle * 0.6
        let (c, s) = (cos(turn), sin(turn))
        func corner(_ x: Double, _ y: Double) -> Point { Point(x: piece.x + x * c - y * s, y: piece.y + x * s + y * c) }
        if shape == 2 {
            canvas.triangle(corner(0, -halfHeight), corner(halfWidth, halfHeight), corner(-halfWidth, halfHeight), color)
            return
        }
        let a = corner(-halfWidth, -halfHeight)
        let b = corner(halfWidth, -halfHeight)
        let d = corner(halfWidth, halfHeight)
        let e = corner(-halfWidth, halfHeight)
        canvas.triangle(a, b, d, color)
        canvas.triangle(a, d, e, color)
    }

    /// The review's chart: the fewest moves that clear the board from each position of the
    /// line, left to right, falling by one a move along a best line; a move that lost
    /// ground is drawn in the danger colour, the move chosen is ringed.
    private func drawChart(_ panel: ReviewPanel, in frame: Rect) {
        canvas.roundedRect(frame, radius: min(frame.height * 0.12, 10), canvas.palette.control.with(alpha: 120))
        guard let review = panel.review, !review.entries.isEmpty else { return }
        let pars = review.pars
        let highest = Double(max(pars.compactMap { $0 }.max() ?? 1, 1))
        let inner = frame.insetBy(max(frame.height * 0.12, 4))
        let step = inner.width / Double(max(pars.count - 1, 1))
        let dot = max((inner.height * 0.09).rounded(), 3)
        func point(_ index: Int) -> Point? {
            guard let par = pars[index] else { return nil }
            return Point(x: inner.x + Double(index) * step, y: inner.maxY - Double(par) / highest * inner.height)
        }
        for (index, entry) in review.entries.enumerated() {
            guard let from = point(index) else { continue }
            let color = entry.lostGround ? canvas.palette.danger : canvas.palette.accent
            if let to = point(index + 1) {
                // A line of small squares from one point to the next.
                let count = max(Int(max(abs(to.x - from.x), abs(to.y - from.y)) / (dot * 0.6)), 1)
                for t in 0...count {
                    let f = Double(t) / Double(count)
                    let x = from.x + (to.x - from.x) * f
                    let y = from.y + (to.y - from.y) * f
                    canvas.fill(Rect(x: x - dot * 0.35, y: y - dot * 0.35, width: dot * 0.7, height: dot * 0.7), color)
                }
            } else {
                // The board could no longer be cleared after this move: a mark at the bottom.
                canvas.fill(Rect(x: from.x + step - dot, y: inner.maxY - dot, width: dot * 2, height: dot * 2), canvas.palette.danger)
            }
        }
        for index in pars.indices {
            guard let at = point(index) else { continue }
            let chosen = index == panel.selected - 1
            let size = chosen ? dot * 2.2 : dot * 1.4
            if chosen {
                canvas.roundedRect(
                    Rect(x: at.x - size / 2 - 2, y: at.y - size / 2 - 2, width: size + 4, height: size + 4), radius: size,
                    canvas.palette.text)
            }
            canvas.roundedRect(
                Rect(x: at.x - size / 2, y: at.y - size / 2, width: size, height: size), radius: size / 2, canvas.palette.accent)
        }
    }

    /// Everything the still layer shows, so it is redrawn exactly when one of them changes.
    private func staticKey(resting: [BlockSprite], layout: PlayScreen.Layout) -> AnyHashable {
        let game = screen.game
        struct Key: Hashable {
            var viewport: Size
            var board: BoardLayout
            var cells: Board
            var resting: [BlockSprite]
            var symbols: Bool
            var texts: [TextBox]
            var controls: [Control]
            var pressed: [Bool]
            var hovered: ControlID?
            var focus: ControlID?
            var showsFocus: Bool
            var card: Bool
            var banner: Rect?
        }
        let controls = layout.card == nil ? layout.controls : []
        return Key(
            viewport: app.viewport, board: game.layout, cells: game.scene.board, resting: resting, symbols: app.settings.colorBlindSymbols,
            texts: layout.texts, controls: controls, pressed: controls.map { app.isPressed($0.id) },
            hovered: app.hoveredControl, focus: screen.focus,
            showsFocus: app.showsFocus, card: layout.card != nil, banner: layout.banner)
    }

    /// The board: its frame, every cell's ground, the resting blocks. `quiet` (under the
    /// Cleared card) draws walls as plain cells, so nothing on the board outshines the card.
    private func drawBoard(_ game: GameController, sprites: [BlockSprite], quiet: Bool) {
        let layout = game.layout
        let cell = layout.cellSize
        let radius = cell * Radius.well
        // The well is opaque: its shadow is drawn only where it shows (the same pixels; its
        // blending beneath the well took 4-6 ms of every redraw of the still layer).
        kit.shadow(
            layout.boardFrame, radius: radius, .panel,
            hidden: PaintKit.hidden(beneath: layout.boardFrame, radius: radius, canvas.palette.well))
        canvas.roundedRect(layout.boardFrame, radius: radius, canvas.palette.well)
        let board = game.scene.board
        let gap = BlockSprite.gap(cell: cell)
        // Every cell's ground; the blocks are sprites drawn over it.
        for position in board.positions {
            let rect = layout.cellRect(row: Double(position.row), column: Double(position.column)).insetBy(gap)
            kit.cell(board[position] == .wall && !quiet ? .wall : .empty, in: rect, cellSize: cell, symbols: false)
        }
        drawSprites(sprites, game)
    }

    /// The hint's moves, marked until the player moves or undoes: each moving block
    /// numbered (1, 2) in a small badge inside its own cell, and a trail of dots in its
    /// colour along the cells it crosses, ending in a larger dot where it stops. Marks are
    /// drawn only in the block's own cell and in cells empty now, so none covers a
    /// neighbour; the ghosts (`drawGhostsAndCursor`) travel over the trail.
    private func drawHintMarks(_ game: GameController) {
        guard !game.hint.isEmpty else { return }
        let layout = game.layout
        let cell = layout.cellSize
        let palette = canvas.palette
        let now = game.scene.board
        var board = now
        let dot = max((cell * 0.1).rounded(), 4)
        let end = max((cell * 0.2).rounded(), 7)
        for (index, move) in game.hint.enumerated() {
            guard let slide = board.slide(move), case .block(let color) = board[move.from] else { break }
            let ink = Palette.block(color)
            let (dx, dy) = (move.direction.columnStep, move.direction.rowStep)
            let steps = abs(slide.destination.row - move.from.row) + abs(slide.destination.column - move.from.column)
            // Three dots a cell from the block's edge, each only in a cell that is empty now.
            for step in 2..<max(steps * 3, 2) {
                let along = Double(step) / 3
                let row = move.from.row + dy * Int(along.rounded())
                let column = move.from.column + dx * Int(along.rounded())
                guard now[CellPosition(row: row, column: column)] == .empty else { continue }
                let center = layout.cellRect(
                    row: Double(move.from.row) + Double(dy) * along, column: Double(move.from.column) + Double(dx) * along
                ).center
                canvas.roundedRect(
                    Rect(x: center.x - dot / 2, y: center.y - dot / 2, width: dot, height: dot), radius: dot / 2,
                    ink.faded(0.5 + 0.4 * along / Double(steps)))
            }
            if now[slide.destination] == .empty {
                let stop = layout.cellRect(row: Double(slide.destination.row), column: Double(slide.destination.column)).center
                canvas.roundedRect(Rect(x: stop.x - end / 2, y: stop.y - end / 2, width: end, height: end), radius: end / 2, ink)
            }
            // The number on the block, in a badge inside its cell's top-left corner.
            let origin = layout.cellRect(row: Double(move.from.row), column: Double(move.from.column))
            let badge = (cell * 0.3).rounded()
            let gap = BlockSprite.gap(cell: cell)
            let frame = Rect(x: origin.x + gap + cell * 0.06, y: origin.y + gap + cell * 0.06, width: badge, height: badge)
            let edge = max((cell * 0.02).rounded(), 1)
            canvas.roundedRect(frame, radius: badge / 2, palette.controlEdge)
            canvas.roundedRect(frame.insetBy(edge), radius: badge / 2 - edge, palette.surface)
            canvas.text("\(index + 1)", size: badge * 0.62, palette.text, at: frame.center, anchor: Point(x: 0.5, y: 0.5))
            board = slide.result
        }
    }

    private func drawSprites(_ sprites: [BlockSprite], _ game: GameController) {
        let layout = game.layout
        let cell = layout.cellSize
        for sprite in sprites {
            let rect = sprite.drawnRect(in: layout)
            let side = min(rect.width, rect.height)
            let alpha = UInt8((min(max(sprite.opacity, 0), 1) * 255).rounded())
            var shadow = rect
            shadow.y += cell * 0.05
            canvas.roundedRect(shadow, radius: cell * Radius.block * sprite.scale, canvas.palette.shadow.faded(Double(alpha) / 255))
            canvas.roundedRect(
                rect, radius: cell * Radius.block * sprite.scale, Palette.block(sprite.color).with(alpha: alpha), shaded: true)
            if app.settings.colorBlindSymbols {
                kit.symbol(sprite.color, size: side * 0.42, at: rect.center, alpha: UInt8(Double(alpha) * 0.8))
            }
        }
    }

    /// Where each hint ghost may show (`GameController.hintLanes`), as rectangles.
    private func ghostLanes(_ game: GameController) -> [Rect] {
        let layout = game.layout
        return game.hintLanes.map { lane in
            let a = layout.cellRect(row: Double(lane.from.row), column: Double(lane.from.column))
            let b = layout.cellRect(row: Double(lane.to.row), column: Double(lane.to.column))
            return Rect(
                x: min(a.x, b.x), y: min(a.y, b.y), width: max(a.maxX, b.maxX) - min(a.x, b.x), height: max(a.maxY, b.maxY) - min(a.y, b.y))
        }
    }

    private func drawGhostsAndCursor(_ game: GameController) {
        let layout = game.layout
        let cell = layout.cellSize
        let gap = BlockSprite.gap(cell: cell)
        let lanes = ghostLanes(game)
        for (index, ghost) in game.scene.ghosts.enumerated() where ghost.opacity > 0 {
            let rect = layout.cellRect(row: ghost.position.row, column: ghost.position.column).insetBy(gap)
            // A soft ghost: the block, translucent, shown only in its lane (its own cell and
            // the empty cells after it), so it never passes over a neighbour.
            let alpha = UInt8((min(max(ghost.opacity, 0), 1) * 120).rounded())
            canvas.clip(index < lanes.count ? lanes[index] : nil)
            canvas.roundedRect(rect, radius: cell * Radius.block, Palette.block(ghost.color).with(alpha: alpha), shaded: true)
        }
        canvas.clip(nil)
        if game.showsCursor, !game.showsClearedOverlay {
            kit.cursor(
                around: layout.cellRect(row: Double(game.cursor.row), column: Double(game.cursor.column)), cellSize: cell)
        }
    }
}
