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

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        if let percent = screen.edgePanPercent {
            // The play screen slides right and the level list comes in beneath it.
            canvas.offset = Point(x: -app.viewport.width * 0.3 * (1 - percent), y: 0)
            LevelListPainter(app: app, screen: screen.listBeneath, canvas: canvas).drawList(kit)
            canvas.fill(
                Rect(x: -app.viewport.width, y: 0, width: app.viewport.width * 3, height: app.viewport.height),
                RGBA(0x000000, alpha: UInt8(120 * (1 - percent))))
            canvas.offset = Point(x: app.viewport.width * percent, y: 0)
            canvas.fill(Rect(x: -8, y: 0, width: 8, height: app.viewport.height), RGBA(0x000000, alpha: 90))
            canvas.fill(Rect(x: 0, y: 0, width: app.viewport.width, height: app.viewport.height), canvas.palette.background)
        }
        let game = screen.game
        let overlay = screen.visibleOverlay
        let layout = screen.layout
        let resting = game.scene.blockSprites.filter(\.isAtRest)
        let cardTexts = Set(layout.card?.texts ?? [])
        let still = {
            if screen.edgePanPercent == nil { canvas.clear(canvas.palette.background) }
            drawBoard(game, sprites: resting, quiet: overlay != nil)
            if let banner = layout.banner {
                canvas.roundedRect(banner.insetBy(-2), radius: min(banner.height * 0.2, 12), canvas.palette.banner)
            }
            kit.texts(layout.texts.filter { !cardTexts.contains($0) })
            if layout.card == nil { kit.buttons(layout.controls, focus: screen.focus) }
        }
        if screen.edgePanPercent == nil {
            // What stands still is drawn once and copied while it stays the same.
            canvas.cachedLayer(key: staticKey(resting: resting, layout: layout), draw: still)
        } else {
            still()
        }
        drawSprites(game.scene.blockSprites.filter { !$0.isAtRest }, game)
        drawGhostsAndCursor(game)
        if overlay == nil { drawHintMarks(game) }
        // The confetti falls behind the Cleared card, so its words and buttons stay clear.
        if let overlay = screen.overlay, let burst = overlay.confetti {
            for piece in burst.pieces(at: overlay.confettiTime) {
                let color = Palette.block(BlockColor.allCases[piece.color]).with(alpha: UInt8(max(min(piece.opacity, 1), 0) * 255))
                // A spinning strip: its width follows the cosine of its angle.
                let width = piece.size * (0.35 + 0.65 * abs(cos(piece.angle)))
                canvas.fill(Rect(x: piece.x - width / 2, y: piece.y - piece.size * 0.3, width: width, height: piece.size * 0.6), color)
            }
        }
        if let card = layout.card {
            // The review is opaque: the board and the confetti stay behind it.
            let fill = screen.reviewPanel == nil ? canvas.palette.scrim : canvas.palette.background
            canvas.roundedRect(card.frame, radius: min(card.frame.width, card.frame.height) * 0.06, fill)
            if let chart = layout.chart, let panel = screen.reviewPanel { drawChart(panel, in: chart) }
            kit.buttons(layout.controls, focus: screen.focus)
            kit.texts(card.texts)
        }
        if let report = app.levelWatch?.report, overlay == nil { drawWatchReport(report, game.layout) }
        canvas.offset = .zero
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
            var focus: ControlID?
            var showsFocus: Bool
            var card: Bool
            var banner: Rect?
        }
        let controls = layout.card == nil ? layout.controls : []
        return Key(
            viewport: app.viewport, board: game.layout, cells: game.scene.board, resting: resting, symbols: app.settings.colorBlindSymbols,
            texts: layout.texts, controls: controls, pressed: controls.map { app.isPressed($0.id) }, focus: screen.focus,
            showsFocus: app.showsFocus, card: layout.card != nil, banner: layout.banner)
    }

    /// The board: its frame, every cell's ground, the resting blocks. `quiet` (under the
    /// Cleared card) draws walls as plain cells, so nothing on the board outshines the card.
    private func drawBoard(_ game: GameController, sprites: [BlockSprite], quiet: Bool) {
        let layout = game.layout
        let cell = layout.cellSize
        canvas.roundedRect(layout.boardFrame, radius: cell * 0.2, canvas.palette.well)
        let board = game.scene.board
        let gap = BlockSprite.gap(cell: cell)
        let kit = PaintKit(app: app, canvas: canvas)
        // Every cell's ground; the blocks are sprites drawn over it.
        for position in board.positions {
            let rect = layout.cellRect(row: Double(position.row), column: Double(position.column)).insetBy(gap)
            kit.cell(board[position] == .wall && !quiet ? .wall : .empty, in: rect, cellSize: cell, symbols: false)
        }
        drawSprites(sprites, game)
    }

    /// The hint's moves, marked until the player moves or undoes: each block ringed, an
    /// arrow to where it stops, and its number in the hint.
    private func drawHintMarks(_ game: GameController) {
        guard !game.hint.isEmpty else { return }
        let layout = game.layout
        let cell = layout.cellSize
        let halo = max((cell * 0.05).rounded(), 2)
        let stroke = max((cell * 0.06).rounded(), 2)
        var board = game.scene.board
        for (index, move) in game.hint.enumerated() {
            guard let slide = board.slide(move) else { break }
            let from = layout.cellRect(row: Double(move.from.row), column: Double(move.from.column))
            let to = layout.cellRect(row: Double(slide.destination.row), column: Double(slide.destination.column))
            // The ring: halo, then the white line inside it.
            for (inset, color, width) in [(0.0, canvas.palette.shadow, stroke + halo * 2), (halo, canvas.palette.text, stroke)] {
                let ring = from.insetBy(inset)
                for edge in [
                    Rect(x: ring.x, y: ring.y, width: ring.width, height: width),
                    Rect(x: ring.x, y: ring.maxY - width, width: ring.width, height: width),
                    Rect(x: ring.x, y: ring.y, width: width, height: ring.height),
                    Rect(x: ring.maxX - width, y: ring.y, width: width, height: ring.height),
                ] {
                    canvas.fill(edge, color)
                }
            }
            drawArrow(from: from.center, to: to.center, direction: move.direction, cell: cell, stroke: stroke, halo: halo)
            let badge = Point(x: from.minX + cell * 0.2, y: from.minY + cell * 0.2)
            canvas.roundedRect(
                Rect(x: badge.x - cell * 0.14, y: badge.y - cell * 0.14, width: cell * 0.28, height: cell * 0.28), radius: cell * 0.14,
                canvas.palette.shadow)
            canvas.text("\(index + 1)", size: cell * 0.2, canvas.palette.text, at: badge, anchor: Point(x: 0.5, y: 0.5))
            board = slide.result
        }
    }

    /// An arrow along the move's axis from the block's centre to where it stops: a shaft
    /// and a head, white in a black halo.
    private func drawArrow(from: Point, to: Point, direction: Direction, cell: Double, stroke: Double, halo: Double) {
        let head = cell * 0.22
        let dx = Double(direction.columnStep)
        let dy = Double(direction.rowStep)
        let start = Point(x: from.x + dx * cell * 0.25, y: from.y + dy * cell * 0.25)
        let tip = Point(x: to.x, y: to.y)
        let neck = Point(x: tip.x - dx * head, y: tip.y - dy * head)
        for (extra, color) in [(halo, canvas.palette.shadow), (0.0, canvas.palette.text)] {
            let thickness = stroke + extra * 2
            let shaft = Rect(
                x: min(start.x, neck.x) - (dy != 0 ? thickness / 2 : 0) - (dx != 0 ? extra : 0),
                y: min(start.y, neck.y) - (dx != 0 ? thickness / 2 : 0) - (dy != 0 ? extra : 0),
                width: abs(neck.x - start.x) + (dy != 0 ? thickness : extra * 2),
                height: abs(neck.y - start.y) + (dx != 0 ? thickness : extra * 2))
            canvas.fill(shaft, color)
            let wing = head * 0.75 + extra
            let point = Point(x: tip.x + dx * extra * 1.5, y: tip.y + dy * extra * 1.5)
            let back = Point(x: neck.x - dx * extra, y: neck.y - dy * extra)
            canvas.triangle(
                point, Point(x: back.x + dy * wing, y: back.y + dx * wing), Point(x: back.x - dy * wing, y: back.y - dx * wing), color)
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
            canvas.roundedRect(shadow, radius: cell * 0.16 * sprite.scale, RGBA(0x000000, alpha: UInt8(Double(alpha) * 0.35)))
            canvas.roundedRect(rect, radius: cell * 0.16 * sprite.scale, Palette.block(sprite.color).with(alpha: alpha), shaded: true)
            if app.settings.colorBlindSymbols {
                canvas.text(
                    Palette.symbol(sprite.color), size: side * 0.42,
                    Palette.symbolInk(sprite.color).with(alpha: UInt8(Double(alpha) * 0.8)),
                    at: rect.center, anchor: Point(x: 0.5, y: 0.5))
            }
        }
    }

    private func drawGhostsAndCursor(_ game: GameController) {
        let layout = game.layout
        let cell = layout.cellSize
        let gap = BlockSprite.gap(cell: cell)
        for ghost in game.scene.ghosts where ghost.opacity > 0 {
            let rect = layout.cellRect(row: ghost.position.row, column: ghost.position.column).insetBy(gap)
            let alpha = UInt8((min(max(ghost.opacity, 0), 1) * 110).rounded())
            canvas.roundedRect(rect, radius: cell * 0.16, Palette.block(ghost.color).with(alpha: alpha), shaded: true)
            canvas.roundedRect(rect.insetBy(cell * 0.3), radius: cell * 0.08, canvas.palette.text.with(alpha: alpha))
        }
        if game.showsCursor, !game.showsClearedOverlay {
            PaintKit(app: app, canvas: canvas).cursor(
                around: layout.cellRect(row: Double(game.cursor.row), column: Double(game.cursor.column)), cellSize: cell)
        }
    }

    /// A watched file's errors (or the solver's verdict on it) in a panel over the lower
    /// part of the board, wrapped to its width, as `bloq validate` words them.
    private func drawWatchReport(_ report: LevelWatch.Report, _ layout: BoardLayout) {
        let board = layout.boardFrame
        let width = min(max(board.width, app.viewport.width * 0.8), app.viewport.width * 0.94)
        // The type scale's caption: never under the 12 px (14 px) every other text keeps.
        let size = app.metrics.type.caption
        let lineHeight = size * 1.3
        let padding = size * 0.8
        let wrapWidth = width - padding * 2
        var lines: [(String, RGBA)] = Typesetter.font.wrap(report.heading, px: size, width: wrapWidth).map {
            ($0, report.keepsLastGood ? canvas.palette.danger : canvas.palette.accent)
        }
        for diagnostic in report.lines {
            lines += Typesetter.font.wrap(diagnostic, px: size, width: wrapWidth).map { ($0, canvas.palette.text) }
        }
        // At most as many lines as fit over the board (and never fewer than three).
        let fit = max(Int((board.height * 0.9 - padding * 2) / lineHeight), 3)
        if lines.count > fit {
            let hidden = lines.count - fit + 1
            lines =
                Array(lines.prefix(fit - 1)) + [
                    (
                        tr("… and %1 more line: run bloq validate", "… and %1 more lines: run bloq validate", count: hidden, "\(hidden)"),
                        canvas.palette.secondaryText
                    )
                ]
        }
        let height = Double(lines.count) * lineHeight + padding * 2
        let rect = Rect(x: board.center.x - width / 2, y: max(board.maxY - height, board.y), width: width, height: height)
        canvas.roundedRect(rect, radius: size * 0.6, RGBA(0x0E1118, alpha: 235))
        for (index, line) in lines.enumerated() {
            canvas.text(
                line.0, size: size, line.1, at: Point(x: rect.x + padding, y: rect.y + padding + Double(index) * lineHeight),
                maximumWidth: wrapWidth)
        }
    }
}
