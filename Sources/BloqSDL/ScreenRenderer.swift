import BloqEngine
import BloqGame
import BloqPlay
import Glibc

/// Draws the `AppController`'s screens on a `Canvas`.
struct ScreenRenderer {
    func draw(_ app: AppController, on canvas: Canvas) {
        canvas.offset = .zero
        canvas.clear(Palette.background)
        switch app.screen {
        case .title, .help: drawTitle(app, canvas)
        case .levels: drawLevels(app, canvas)
        case .settings: drawSettings(app, canvas)
        case .about: drawAbout(app, canvas)
        case .play:
            if let percent = app.edgePanPercent {
                // The play screen slides right and the level list comes in beneath it.
                canvas.offset = Point(x: -app.viewport.width * 0.3 * (1 - percent), y: 0)
                drawLevels(app, canvas)
                canvas.fill(
                    Rect(x: -app.viewport.width, y: 0, width: app.viewport.width * 3, height: app.viewport.height),
                    RGBA(0x000000, alpha: UInt8(120 * (1 - percent))))
                canvas.offset = Point(x: app.viewport.width * percent, y: 0)
                canvas.fill(Rect(x: -8, y: 0, width: 8, height: app.viewport.height), RGBA(0x000000, alpha: 90))
                canvas.fill(Rect(x: 0, y: 0, width: app.viewport.width, height: app.viewport.height), Palette.background)
            }
            drawPlay(app, canvas)
            canvas.offset = .zero
        }
        if let preview = app.preview { drawPreview(app, preview, canvas) }
        if let notice = app.notice { drawNotice(notice, app, canvas) }
        if app.showsHelp { drawHelp(app, canvas) }
    }

    // MARK: Pieces

    private func drawButton(_ button: UIButton, _ app: AppController, _ canvas: Canvas, accent: Bool = false, selected: Bool = false) {
        let pressed = app.pressed == button.action
        var rect = button.rect
        if pressed { rect = rect.insetBy(rect.height * 0.04) }
        let base = accent ? Palette.button : (selected ? Palette.selected : Palette.control)
        let alpha: UInt8 = button.isEnabled ? 255 : 90
        canvas.roundedRect(rect, radius: rect.height * 0.28, (pressed ? base.darker : base).with(alpha: alpha), shaded: true)
        if app.focus == button.action {
            canvas.roundedRect(rect.insetBy(-4), radius: rect.height * 0.32, Palette.accent.with(alpha: 230))
            canvas.roundedRect(rect, radius: rect.height * 0.28, (pressed ? base.darker : base), shaded: true)
        }
        canvas.text(
            button.label, size: rect.height * 0.4, Palette.text.with(alpha: button.isEnabled ? 255 : 120), at: rect.center,
            anchor: Point(x: 0.5, y: 0.5), maximumWidth: rect.width * 0.88)
    }

    private func drawHeading(_ text: String, _ app: AppController, _ canvas: Canvas) {
        let unit = app.buttons.first { $0.action == .back }?.rect.height ?? 44
        canvas.text(
            text, size: unit * 0.6, Palette.text, at: Point(x: app.viewport.width / 2, y: unit * 0.8), anchor: Point(x: 0.5, y: 0.5),
            maximumWidth: app.viewport.width * 0.5)
    }

    /// A board in miniature (level tiles, preview cards).
    private func drawMiniBoard(_ board: Board, in frame: Rect, alpha: UInt8, _ canvas: Canvas) {
        let cell = min(frame.width / Double(board.columns), frame.height / Double(board.rows))
        let origin = Point(
            x: frame.x + (frame.width - cell * Double(board.columns)) / 2, y: frame.y + (frame.height - cell * Double(board.rows)) / 2)
        for position in board.positions {
            let rect = Rect(
                x: origin.x + Double(position.column) * cell, y: origin.y + Double(position.row) * cell, width: cell, height: cell
            )
            .insetBy(max(cell * 0.08, 0.5))
            switch board[position] {
            case .empty: canvas.roundedRect(rect, radius: cell * 0.18, Palette.emptyCell.with(alpha: alpha))
            case .wall: canvas.roundedRect(rect, radius: cell * 0.12, Palette.wall.with(alpha: alpha))
            case .block(let color): canvas.roundedRect(rect, radius: cell * 0.2, Palette.block(color).with(alpha: alpha), shaded: true)
            }
        }
    }

    private func stars(_ count: Int) -> String {
        String(repeating: "★", count: max(min(count, 3), 0)) + String(repeating: "☆", count: max(3 - count, 0))
    }

    // MARK: Title

    private func drawTitle(_ app: AppController, _ canvas: Canvas) {
        let size = app.viewport
        let scale = min(size.width, size.height)
        // The logo: a 2x2 corner of a board beside the name.
        let block = scale * 0.075
        let logoTop = size.height * 0.12
        let word = canvas.measure("Bloq", size: scale * 0.16)
        let totalWidth = block * 2.2 + scale * 0.04 + word.width
        let left = (size.width - totalWidth) / 2
        let colors: [BlockColor] = [.blue, .orange, .green, .red]
        for (index, color) in colors.enumerated() {
            let rect = Rect(
                x: left + Double(index % 2) * block * 1.1, y: logoTop + Double(index / 2) * block * 1.1, width: block, height: block)
            canvas.roundedRect(rect, radius: block * 0.22, Palette.block(color), shaded: true)
        }
        canvas.text(
            "Bloq", size: scale * 0.16, Palette.text, at: Point(x: left + block * 2.2 + scale * 0.04, y: logoTop + block * 1.05),
            anchor: Point(x: 0, y: 0.5))
        canvas.text(
            "Slide a block. Match the colours. Clear the board.", size: scale * 0.032, Palette.secondaryText,
            at: Point(x: size.width / 2, y: logoTop + block * 2.2 + scale * 0.05), anchor: Point(x: 0.5, y: 0.5),
            maximumWidth: size.width * 0.9)
        for button in app.buttons { drawButton(button, app, canvas, accent: button.action == .play) }
        canvas.text(
            "F1 or ? shows the keys", size: scale * 0.025, Palette.secondaryText,
            at: Point(x: size.width / 2, y: size.height - scale * 0.04), anchor: Point(x: 0.5, y: 0.5))
    }

    // MARK: Level list

    private func drawLevels(_ app: AppController, _ canvas: Canvas) {
        drawHeading("Levels", app, canvas)
        let pack = app.currentPack
        let book = app.progress
        let open = pack.map { book?.unlocked($0.playable) ?? Array(repeating: true, count: $0.playable.count) } ?? []
        for button in app.levelsButtonsForDrawing {
            switch button.action {
            case .tab(let index):
                drawButton(button, app, canvas, selected: index == app.packIndex)
            case .tile(let index):
                guard let pack, pack.items.indices.contains(index) else { continue }
                let rect = app.pressed == button.action ? button.rect.insetBy(3) : button.rect
                let locked = !button.isEnabled
                canvas.roundedRect(rect, radius: rect.width * 0.12, Palette.control.with(alpha: locked ? 150 : 255), shaded: true)
                if app.focus == button.action {
                    canvas.roundedRect(rect.insetBy(-4), radius: rect.width * 0.14, Palette.accent.with(alpha: 230))
                    canvas.roundedRect(rect, radius: rect.width * 0.12, Palette.control, shaded: true)
                }
                let label = rect.height * 0.17
                canvas.text(
                    "\(index + 1)", size: label, Palette.text.with(alpha: locked ? 120 : 255),
                    at: Point(x: rect.x + rect.width * 0.08, y: rect.y + rect.height * 0.05))
                let miniature = Rect(
                    x: rect.x + rect.width * 0.22, y: rect.y + rect.height * 0.22, width: rect.width * 0.56, height: rect.height * 0.5)
                switch pack.items[index] {
                case .playable(let level):
                    drawMiniBoard(level.level.board, in: miniature, alpha: locked ? 70 : 255, canvas)
                    if locked {
                        drawLock(center: Point(x: rect.center.x, y: miniature.center.y), size: rect.width * 0.22, canvas)
                    } else {
                        let earned = book?.bestStars(level) ?? 0
                        canvas.text(
                            stars(earned), size: label * 0.95, earned > 0 ? Palette.accent : Palette.secondaryText.with(alpha: 140),
                            at: Point(x: rect.center.x, y: rect.maxY - rect.height * 0.13), anchor: Point(x: 0.5, y: 0.5))
                    }
                case .broken:
                    canvas.text("!", size: rect.height * 0.4, Palette.danger, at: miniature.center, anchor: Point(x: 0.5, y: 0.5))
                    canvas.text(
                        "broken", size: label * 0.8, Palette.danger, at: Point(x: rect.center.x, y: rect.maxY - rect.height * 0.13),
                        anchor: Point(x: 0.5, y: 0.5))
                }
            case .continueLevel:
                drawButton(button, app, canvas, accent: true)
            default:
                drawButton(button, app, canvas)
            }
        }
        if let pack {
            let pages = max((pack.items.count + AppController.levelsPerPage - 1) / AppController.levelsPerPage, 1)
            let bar = app.levelsButtonsForDrawing.first { $0.action == .nextPage }?.rect
            let cleared = pack.playable.filter { (book?.bestStars($0) ?? 0) > 0 }.count
            let text = "Page \(app.page + 1) of \(pages)  ·  \(cleared)/\(pack.playable.count) cleared" + (open.allSatisfy { $0 } ? "" : "")
            if let bar {
                canvas.text(
                    text, size: bar.height * 0.34, Palette.secondaryText, at: Point(x: bar.maxX + bar.height * 0.4, y: bar.center.y),
                    anchor: Point(x: 0, y: 0.5), maximumWidth: app.viewport.width - bar.maxX - bar.height * 5.2)
            }
        }
    }

    private func drawLock(center: Point, size: Double, _ canvas: Canvas) {
        let body = Rect(x: center.x - size * 0.5, y: center.y - size * 0.1, width: size, height: size * 0.75)
        let shackle = Rect(x: center.x - size * 0.32, y: center.y - size * 0.55, width: size * 0.64, height: size * 0.7)
        canvas.roundedRect(shackle, radius: size * 0.32, Palette.text.with(alpha: 220))
        canvas.roundedRect(shackle.insetBy(size * 0.11), radius: size * 0.2, Palette.control)
        canvas.roundedRect(body, radius: size * 0.14, Palette.text.with(alpha: 230), shaded: true)
    }

    // MARK: Settings

    private func drawSettings(_ app: AppController, _ canvas: Canvas) {
        drawHeading("Settings", app, canvas)
        for button in app.buttons {
            guard case .toggle(let key) = button.action else {
                drawButton(button, app, canvas)
                continue
            }
            let rect = app.pressed == button.action ? button.rect.insetBy(2) : button.rect
            canvas.roundedRect(rect, radius: rect.height * 0.28, Palette.control, shaded: true)
            if app.focus == button.action {
                canvas.roundedRect(rect.insetBy(-4), radius: rect.height * 0.32, Palette.accent.with(alpha: 230))
                canvas.roundedRect(rect, radius: rect.height * 0.28, Palette.control, shaded: true)
            }
            canvas.text(
                button.label, size: rect.height * 0.38, Palette.text, at: Point(x: rect.x + rect.height * 0.4, y: rect.center.y),
                anchor: Point(x: 0, y: 0.5), maximumWidth: rect.width * 0.6)
            let on = app.isOn(key)
            let pill = Rect(
                x: rect.maxX - rect.height * 2.0, y: rect.y + rect.height * 0.2, width: rect.height * 1.6, height: rect.height * 0.6)
            canvas.roundedRect(pill, radius: pill.height / 2, on ? Palette.button : Palette.emptyCell)
            let knob = Rect(x: on ? pill.maxX - pill.height : pill.x, y: pill.y, width: pill.height, height: pill.height).insetBy(
                pill.height * 0.1)
            canvas.roundedRect(knob, radius: knob.height / 2, Palette.text, shaded: true)
        }
        let unit = app.buttons.first?.rect.height ?? 44
        canvas.text(
            "Saved in ~/.config/bloq/settings.json", size: unit * 0.3, Palette.secondaryText,
            at: Point(x: app.viewport.width / 2, y: app.viewport.height - unit * 0.6), anchor: Point(x: 0.5, y: 0.5))
    }

    // MARK: About

    private func drawAbout(_ app: AppController, _ canvas: Canvas) {
        drawHeading("About", app, canvas)
        for button in app.buttons { drawButton(button, app, canvas) }
        let size = app.viewport
        let unit = app.buttons.first?.rect.height ?? 44
        canvas.text(
            "Bloq for Linux \(app.version)", size: unit * 0.55, Palette.text, at: Point(x: size.width / 2, y: unit * 2.3),
            anchor: Point(x: 0.5, y: 0.5))
        let line = min(unit * 0.62, (size.height - unit * 3.4) / Double(AppController.credits.count + 1))
        // One size for every line: the largest at which the longest fits.
        var textSize = line * 0.56
        for text in AppController.credits {
            let width = canvas.measure(text, size: textSize).width
            if width > size.width * 0.92, width > 0 { textSize *= size.width * 0.92 / width }
        }
        for (index, text) in AppController.credits.enumerated() {
            canvas.text(
                text, size: textSize, index == AppController.credits.count - 1 ? Palette.secondaryText : Palette.text,
                at: Point(x: size.width / 2, y: unit * 3.2 + Double(index) * line), anchor: Point(x: 0.5, y: 0))
        }
    }

    // MARK: Play

    private func drawPlay(_ app: AppController, _ canvas: Canvas) {
        guard let game = app.game else { return }
        let layout = game.layout
        drawHeader(game, layout, canvas)
        drawBoard(game, app.settings, layout, canvas)
        drawFooter(game, layout, canvas)
        for button in app.buttons where !(game.showsClearedOverlay && button.action != .back) {
            drawButton(button, app, canvas, accent: button.action == .hint)
        }
        if game.showsClearedOverlay { drawCleared(game, layout, canvas) }
        if let confetti = app.confetti {
            for piece in confetti.burst.pieces(at: confetti.time) {
                let color = Palette.block(BlockColor.allCases[piece.color]).with(alpha: UInt8(max(min(piece.opacity, 1), 0) * 255))
                // A spinning strip: its width follows the cosine of its angle.
                let width = piece.size * (0.35 + 0.65 * abs(cos(piece.angle)))
                canvas.fill(Rect(x: piece.x - width / 2, y: piece.y - piece.size * 0.3, width: width, height: piece.size * 0.6), color)
            }
        }
    }

    private func drawHeader(_ game: GameController, _ layout: BoardLayout, _ canvas: Canvas) {
        let band = layout.header
        let margin = max(band.height * 0.3, 12)
        let titleSize = band.height * 0.3
        let level = game.current.level
        canvas.text(
            level.title, size: titleSize, Palette.text, at: Point(x: margin, y: band.height * 0.5), anchor: Point(x: 0, y: 0.75),
            maximumWidth: band.width * 0.5)
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
        canvas.text(
            stars(game.starsInReach), size: titleSize * 0.8, Palette.accent,
            at: Point(x: right - max(parSize.width, titleSize * 2) - margin * 0.8, y: band.height * 0.5),
            anchor: Point(x: 1, y: 0.5))
    }

    private func drawBoard(_ game: GameController, _ settings: Settings, _ layout: BoardLayout, _ canvas: Canvas) {
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
            if settings.colorBlindSymbols {
                canvas.text(
                    Palette.symbol(sprite.color), size: side * 0.42,
                    Palette.symbolInk(sprite.color).with(alpha: UInt8(Double(alpha) * 0.8)), at: rect.center, anchor: Point(x: 0.5, y: 0.5))
            }
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
        let text = game.message ?? "Drag a block  ·  H hint  ·  Z undo  ·  Y redo  ·  R restart  ·  Esc levels  ·  F1 keys"
        canvas.text(
            text, size: band.height * 0.4, game.message == nil ? Palette.secondaryText : Palette.accent, at: band.center,
            anchor: Point(x: 0.5, y: 0.5), maximumWidth: band.width * 0.94)
    }

    private func drawCleared(_ game: GameController, _ layout: BoardLayout, _ canvas: Canvas) {
        let frame = layout.boardFrame
        canvas.roundedRect(frame, radius: layout.cellSize * 0.2, Palette.overlay)
        let moves = game.scene.session.moves
        canvas.text(
            "Cleared!", size: frame.height * 0.13, Palette.accent,
            at: Point(x: frame.center.x, y: frame.center.y - frame.height * 0.14), anchor: Point(x: 0.5, y: 1),
            maximumWidth: frame.width * 0.9)
        canvas.text(
            "in \(moves) move\(moves == 1 ? "" : "s")" + (game.par.map { " · par \($0)" } ?? ""), size: frame.height * 0.06,
            Palette.text, at: Point(x: frame.center.x, y: frame.center.y - frame.height * 0.12), anchor: Point(x: 0.5, y: 0),
            maximumWidth: frame.width * 0.9)
        canvas.text(
            stars(game.earnedStars ?? 0), size: frame.height * 0.1, Palette.accent,
            at: Point(x: frame.center.x, y: frame.center.y - frame.height * 0.03), anchor: Point(x: 0.5, y: 0))
        let button = game.nextButton
        canvas.roundedRect(button, radius: button.height * 0.3, Palette.button, shaded: true)
        let label = game.hasNextLevel ? "Next level  ›" : "Back to the levels"
        canvas.text(
            label, size: button.height * 0.42, Palette.text, at: button.center, anchor: Point(x: 0.5, y: 0.5),
            maximumWidth: button.width * 0.9)
    }

    // MARK: Overlays

    private func drawPreview(_ app: AppController, _ preview: AppController.Preview, _ canvas: Canvas) {
        guard let pack = app.currentPack, pack.items.indices.contains(preview.tile), case .playable(let level) = pack.items[preview.tile]
        else { return }
        let t = min(max(preview.fraction, 0), 1)
        canvas.fill(Rect(x: 0, y: 0, width: app.viewport.width, height: app.viewport.height), RGBA(0x000000, alpha: UInt8(150 * t)))
        let frame = app.previewFrame(preview)
        canvas.roundedRect(frame, radius: min(frame.width, frame.height) * 0.08, Palette.card, shaded: true)
        let alpha = UInt8(255 * min(max((t - 0.2) / 0.8, 0), 1))
        let inner = frame.insetBy(frame.width * 0.08)
        canvas.text(
            level.level.title, size: frame.height * 0.06, Palette.text.with(alpha: alpha), at: Point(x: frame.center.x, y: inner.y),
            anchor: Point(x: 0.5, y: 0), maximumWidth: inner.width)
        let details =
            "Level \(preview.tile + 1)" + (level.level.par.map { "  ·  par \($0)" } ?? "") + "  ·  best "
            + stars(app.progress?.bestStars(level) ?? 0)
        canvas.text(
            details, size: frame.height * 0.035, Palette.secondaryText.with(alpha: alpha),
            at: Point(x: frame.center.x, y: inner.y + frame.height * 0.085), anchor: Point(x: 0.5, y: 0), maximumWidth: inner.width)
        let boardFrame = Rect(x: inner.x, y: inner.y + frame.height * 0.15, width: inner.width, height: frame.height * 0.55)
        drawMiniBoard(level.level.board, in: boardFrame, alpha: max(alpha, 60), canvas)
        if preview.isOpen {
            for button in app.buttons { drawButton(button, app, canvas, accent: button.action == .previewPlay) }
        }
    }

    private func drawNotice(_ notice: String, _ app: AppController, _ canvas: Canvas) {
        let height = max(app.minimumButtonSize * 0.8, 30)
        let rect = Rect(
            x: app.viewport.width * 0.05, y: app.viewport.height - height * 2.9, width: app.viewport.width * 0.9, height: height)
        canvas.roundedRect(rect, radius: height * 0.3, Palette.overlay)
        canvas.text(
            notice, size: height * 0.42, Palette.text, at: rect.center, anchor: Point(x: 0.5, y: 0.5), maximumWidth: rect.width * 0.94)
    }

    private func drawHelp(_ app: AppController, _ canvas: Canvas) {
        let size = app.viewport
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), RGBA(0x000000, alpha: 170))
        let panel = Rect(x: size.width * 0.1, y: size.height * 0.07, width: size.width * 0.8, height: size.height * 0.86)
        canvas.roundedRect(panel, radius: min(panel.width, panel.height) * 0.05, Palette.card, shaded: true)
        let rows: [(String, String)] = [
            ("Drag a block", "push it; let go past half-way or flick"),
            ("Arrows", "move the cursor (lists: move the focus)"),
            ("Shift + arrow", "push the block under the cursor"),
            ("Z  or  Ctrl+Z", "undo"),
            ("Y  or  Ctrl+Shift+Z", "redo"),
            ("R", "restart (undoable)"),
            ("H", "hint: the next two moves, as ghosts"),
            ("Shift+S", "play the rest of the solution"),
            ("Enter", "choose; next level after a clear"),
            ("Escape", "back"),
            ("F11", "fullscreen"),
            ("F1  or  ?", "this help"),
            ("Gamepad", "D-pad, A choose, B back, X hint, Y undo"),
        ]
        let line = panel.height / Double(rows.count + 3)
        canvas.text(
            "Keys", size: line * 0.8, Palette.text, at: Point(x: panel.center.x, y: panel.y + line * 1.0), anchor: Point(x: 0.5, y: 0.5))
        for (index, row) in rows.enumerated() {
            let y = panel.y + line * (Double(index) + 2.2)
            canvas.text(
                row.0, size: line * 0.45, Palette.accent, at: Point(x: panel.x + panel.width * 0.4, y: y), anchor: Point(x: 1, y: 0.5),
                maximumWidth: panel.width * 0.34)
            canvas.text(
                row.1, size: line * 0.45, Palette.text, at: Point(x: panel.x + panel.width * 0.44, y: y), anchor: Point(x: 0, y: 0.5),
                maximumWidth: panel.width * 0.52)
        }
        canvas.text(
            "Press any key to close", size: line * 0.4, Palette.secondaryText, at: Point(x: panel.center.x, y: panel.maxY - line * 0.6),
            anchor: Point(x: 0.5, y: 0.5))
    }
}
