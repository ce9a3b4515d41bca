import BloqEngine
import BloqGame
import BloqPlay

/// Draws the shell: the screen shown, then the help over it. Each screen has its own
/// painter; the pieces they share (buttons, headings, boards in miniature) are here.
struct ScreenPainter {
    func draw(_ app: AppController, on canvas: Canvas) {
        canvas.offset = .zero
        canvas.clear(canvas.palette.background)
        switch app.root {
        case .title(let screen): TitlePainter(app: app, screen: screen, canvas: canvas).draw()
        case .levels(let screen): LevelListPainter(app: app, screen: screen, canvas: canvas).draw()
        case .play(let screen): PlayPainter(app: app, screen: screen, canvas: canvas).draw()
        case .settings(let screen): SettingsPainter(app: app, screen: screen, canvas: canvas).draw()
        case .about(let screen): AboutPainter(app: app, screen: screen, canvas: canvas).draw()
        case .editor(let screen): EditorPainter(app: app, screen: screen, canvas: canvas).draw()
        case .daily(let screen): DailyPainter(app: app, screen: screen, canvas: canvas).draw()
        case .statistics(let screen): StatisticsPainter(app: app, screen: screen, canvas: canvas).draw()
        }
        if let help = app.help { HelpPainter(app: app, screen: help, canvas: canvas).draw() }
        // The toast: in its band, on screens that have no place for it in their own layout,
        // else in the place the screen keeps.
        if let band = app.toastBand { canvas.fill(band, canvas.palette.scrim) }
        PaintKit(app: app, canvas: canvas).texts(app.toastTexts)
        // The gamepad's band: what its buttons do on this screen.
        let pad = app.padHintTexts
        if !pad.isEmpty {
            let top = app.metrics.viewport.height
            canvas.fill(Rect(x: 0, y: top, width: app.viewport.width, height: app.viewport.height - top), canvas.palette.scrim)
            PaintKit(app: app, canvas: canvas).texts(pad)
        }
    }
}

/// What every painter draws with.
struct PaintKit {
    let app: AppController
    let canvas: Canvas

    /// A control as a button: pressed while held, ringed when focused, faded when disabled.
    /// `focused` is whether the screen's focus is on it.
    func button(_ control: Control, focused: Bool, offset: Point = .zero) {
        let pressed = app.isPressed(control.id)
        var rect = control.rect
        rect.x += offset.x
        rect.y += offset.y
        if pressed { rect = rect.insetBy(rect.height * 0.04) }
        let base: RGBA =
            switch control.style {
            case .accent: canvas.palette.primary
            case .selected: canvas.palette.selected
            default: canvas.palette.control
            }
        let fill = (pressed ? base.darker : base).with(alpha: control.isEnabled ? 255 : 90)
        if focused, app.showsFocus {
            canvas.roundedRect(rect.insetBy(-4), radius: rect.height * 0.32, canvas.palette.accent.with(alpha: 230))
        }
        canvas.roundedRect(rect, radius: rect.height * 0.28, fill, shaded: true)
        if var label = control.labelBox {
            label.frame.x += offset.x
            label.frame.y += offset.y
            text(label, alpha: control.isEnabled ? 255 : 120)
        } else {
            canvas.text(
                control.text, size: rect.height * 0.4, canvas.palette.text.with(alpha: control.isEnabled ? 255 : 120), at: rect.center,
                anchor: Point(x: 0.5, y: 0.5), maximumWidth: rect.width * 0.88)
        }
    }

    /// Texts as a screen laid them out: each at its size, in its box, aligned.
    func texts(_ boxes: [TextBox]) {
        for box in boxes { text(box) }
    }

    /// One laid-out text.
    func text(_ box: TextBox, alpha: UInt8 = 255) {
        let color: RGBA =
            switch box.role {
            case .plain: canvas.palette.text
            case .secondary: canvas.palette.secondaryText
            case .accent: canvas.palette.accent
            case .danger: canvas.palette.danger
            }
        canvas.text(
            box.text, size: box.px, color.with(alpha: alpha),
            at: Point(x: box.frame.x + box.frame.width * box.alignment, y: box.frame.center.y), anchor: Point(x: box.alignment, y: 0.5),
            maximumWidth: box.frame.width, face: box.face)
    }

    /// Every control of a screen as buttons.
    func buttons(_ controls: [Control], focus: ControlID?) {
        for control in controls { button(control, focused: control.id == focus) }
    }

    /// A screen's heading, beside the Back button.
    func heading(_ text: String) {
        let unit = app.metrics.unit
        canvas.text(
            text, size: unit * 0.6, canvas.palette.text, at: Point(x: app.viewport.width / 2, y: unit * 0.8), anchor: Point(x: 0.5, y: 0.5),
            maximumWidth: app.viewport.width * 0.5)
    }

    /// A board in miniature (level tiles, preview cards), with symbols when asked.
    func miniBoard(_ board: Board, in frame: Rect, alpha: UInt8, symbols: Bool = false) {
        let cell = min(frame.width / Double(board.columns), frame.height / Double(board.rows))
        let origin = Point(
            x: frame.x + (frame.width - cell * Double(board.columns)) / 2, y: frame.y + (frame.height - cell * Double(board.rows)) / 2)
        for position in board.positions {
            let rect = Rect(
                x: origin.x + Double(position.column) * cell, y: origin.y + Double(position.row) * cell, width: cell, height: cell
            )
            .insetBy(max(cell * 0.08, 0.5))
            switch board[position] {
            case .empty: canvas.roundedRect(rect, radius: cell * 0.18, canvas.palette.cell.with(alpha: alpha))
            case .wall:
                // As on the board: raised, with its inset.
                canvas.roundedRect(rect, radius: cell * 0.12, canvas.palette.wall.with(alpha: alpha), shaded: true)
                if cell >= 8 {
                    canvas.roundedRect(rect.insetBy(cell * 0.16), radius: cell * 0.06, canvas.palette.wallInset.with(alpha: alpha))
                }
            case .block(let color):
                canvas.roundedRect(rect, radius: cell * 0.2, Palette.block(color).with(alpha: alpha), shaded: true)
                if symbols, cell >= 10 {
                    canvas.text(
                        Palette.symbol(color), size: rect.width * 0.55, Palette.symbolInk(color).with(alpha: UInt8(Double(alpha) * 0.8)),
                        at: rect.center, anchor: Point(x: 0.5, y: 0.5))
                }
            }
        }
    }

    /// One cell of a board: empty, a wall, or a block (with its symbol when asked).
    func cell(_ cell: Cell, in rect: Rect, cellSize: Double, symbols: Bool) {
        switch cell {
        case .empty: canvas.roundedRect(rect, radius: cellSize * 0.14, canvas.palette.cell)
        case .wall:
            canvas.roundedRect(rect, radius: cellSize * 0.12, canvas.palette.wall, shaded: true)
            canvas.roundedRect(rect.insetBy(cellSize * 0.16), radius: cellSize * 0.06, canvas.palette.wallInset)
        case .block(let color):
            canvas.roundedRect(rect, radius: cellSize * 0.16, Palette.block(color), shaded: true)
            if symbols {
                canvas.text(
                    Palette.symbol(color), size: rect.width * 0.42, Palette.symbolInk(color), at: rect.center, anchor: Point(x: 0.5, y: 0.5)
                )
            }
        }
    }

    /// The keyboard cursor's frame around a cell.
    func cursor(around rect: Rect, cellSize: Double) {
        let thickness = max((cellSize * 0.05).rounded(), 2)
        for edge in [
            Rect(x: rect.x, y: rect.y, width: rect.width, height: thickness),
            Rect(x: rect.x, y: rect.maxY - thickness, width: rect.width, height: thickness),
            Rect(x: rect.x, y: rect.y, width: thickness, height: rect.height),
            Rect(x: rect.maxX - thickness, y: rect.y, width: thickness, height: rect.height),
        ] {
            canvas.fill(edge, canvas.palette.focus.with(alpha: 200))
        }
    }

    /// ★★☆ for a count of stars out of three.
    static func stars(_ count: Int) -> String {
        String(repeating: "★", count: max(min(count, 3), 0)) + String(repeating: "☆", count: max(3 - count, 0))
    }
}
