import BloqEngine
import BloqGame
import BloqPlay

/// The level editor: the fields, the palette, the grid with its cursor, the tools, the
/// status line and Play, Save, Copy code.
struct EditorPainter {
    let app: AppController
    let screen: EditorScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        for control in screen.controls {
            switch control.style {
            case .field(let value, let editing, let caret, let allSelected):
                drawField(control, value: value, editing: editing, caret: caret, allSelected: allSelected)
            case .swatch(let tool, let selected): drawSwatch(control, tool: tool, selected: selected)
            default: kit.button(control, focused: control.id == screen.focus)
            }
        }
        drawGrid()
        drawStatus()
    }

    /// The notice or the solver's verdict, wrapped onto at most two lines under the grid.
    private func drawStatus() {
        let frame = screen.statusFrame
        let color: RGBA =
            switch screen.verdict {
            case _ where screen.notice != nil: Palette.text
            case .playable: Palette.accent
            case .unplayable: Palette.danger
            case .thinking: Palette.secondaryText
            }
        let size = min(app.metrics.unit * 0.34, frame.height / 2.6)
        var lines = PaintKit.wrap(screen.status, width: frame.width, size: size, canvas: canvas)
        if lines.count > 2 { lines = [lines[0], lines.dropFirst().joined(separator: " ")] }
        let pitch = size * 1.3
        let top = frame.center.y - pitch * Double(lines.count) / 2
        for (index, line) in lines.enumerated() {
            canvas.text(
                line, size: size, color, at: Point(x: frame.x, y: top + pitch * Double(index)), anchor: Point(x: 0, y: 0),
                maximumWidth: frame.width)
        }
    }

    private func drawField(_ control: Control, value: String, editing: Bool, caret: Int, allSelected: Bool) {
        let rect = control.rect
        canvas.roundedRect(rect, radius: rect.height * 0.28, editing ? Palette.selected : Palette.control, shaded: true)
        if editing { canvas.roundedRect(rect.insetBy(-3), radius: rect.height * 0.3, Palette.accent.with(alpha: 200)) }
        if editing { canvas.roundedRect(rect, radius: rect.height * 0.28, Palette.selected, shaded: true) }
        let size = rect.height * 0.36
        let label = canvas.text(
            control.label + ":", size: size * 0.85, Palette.secondaryText, at: Point(x: rect.x + rect.height * 0.3, y: rect.center.y),
            anchor: Point(x: 0, y: 0.5))
        let left = rect.x + rect.height * 0.3 + label.width + size * 0.5
        let room = max(rect.maxX - left - rect.height * 0.2, 10)
        let drawn = canvas.measure(value, size: size)
        // The whole text selected: a highlight behind it (typing replaces it).
        if editing, allSelected, drawn.width > 0 {
            canvas.fill(
                Rect(x: left - 2, y: rect.center.y - size * 0.62, width: min(drawn.width, room) + 4, height: size * 1.24),
                Palette.button.with(alpha: 170))
        }
        canvas.text(value, size: size, Palette.text, at: Point(x: left, y: rect.center.y), anchor: Point(x: 0, y: 0.5), maximumWidth: room)
        if editing, !allSelected {
            // The caret after `caret` characters, scaled as the text is when it is shrunk.
            let shrink = drawn.width > room && drawn.width > 0 ? room / drawn.width : 1
            let x = left + canvas.measure(String(value.prefix(caret)), size: size).width * shrink
            canvas.fill(Rect(x: x, y: rect.center.y - size * 0.6, width: max(size * 0.08, 2), height: size * 1.2), Palette.accent)
        }
    }

    private func drawSwatch(_ control: Control, tool: EditorTool, selected: Bool) {
        let rect = control.rect
        if selected { canvas.roundedRect(rect.insetBy(-4), radius: rect.height * 0.26, Palette.accent) }
        let inner = rect.insetBy(rect.width * 0.08)
        switch tool {
        case .block(let color):
            canvas.roundedRect(inner, radius: inner.height * 0.2, Palette.block(color), shaded: true)
            if app.settings.colorBlindSymbols {
                canvas.text(
                    Palette.symbol(color), size: inner.height * 0.42, Palette.symbolInk(color), at: inner.center,
                    anchor: Point(x: 0.5, y: 0.5))
            }
        case .wall:
            canvas.roundedRect(inner, radius: inner.height * 0.12, Palette.wall, shaded: true)
            canvas.roundedRect(inner.insetBy(inner.width * 0.16), radius: inner.height * 0.06, Palette.wallInset)
        case .empty:
            canvas.roundedRect(inner, radius: inner.height * 0.14, Palette.emptyCell)
        }
        if app.isPressed(control.id) { canvas.roundedRect(inner, radius: inner.height * 0.2, RGBA(0x000000, alpha: 60)) }
    }

    private func drawGrid() {
        let kit = PaintKit(app: app, canvas: canvas)
        let layout = screen.gridLayout
        let cell = layout.cellSize
        let draft = screen.draft
        canvas.roundedRect(layout.boardFrame, radius: cell * 0.2, Palette.boardFrame)
        let gap = max((cell * 0.06).rounded(), 1)
        for row in 0..<draft.rows {
            for column in 0..<draft.columns {
                let rect = layout.cellRect(row: Double(row), column: Double(column)).insetBy(gap)
                kit.cell(draft[CellPosition(row: row, column: column)], in: rect, cellSize: cell, symbols: app.settings.colorBlindSymbols)
            }
        }
        if let cursor = screen.cursor {
            kit.cursor(around: layout.cellRect(row: Double(cursor.row), column: Double(cursor.column)), cellSize: cell)
        }
    }
}
