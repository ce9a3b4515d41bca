import BloqEngine
import BloqGame
import BloqPlay

/// The level editor: the fields, the palette, the grid with its cursor, the tools, the
/// status line and Play, Save, Copy code.
struct EditorPainter {
    let app: AppController
    let screen: EditorScreen
    let canvas: Canvas
    private var kit: PaintKit { PaintKit(app: app, canvas: canvas) }

    func draw() {
        let layout = screen.layout
        for control in layout.controls {
            switch control.style {
            case .field(_, let editing, let caret, let allSelected):
                drawField(
                    control, texts: layout.texts.filter { $0.owner == control.id }, editing: editing, caret: caret,
                    allSelected: allSelected)
            case .swatch(let tool, let selected): drawSwatch(control, tool: tool, selected: selected)
            default: kit.button(control, focused: control.id == screen.focus)
            }
        }
        drawGrid()
        // The status line (and any other text that belongs to no control).
        kit.texts(layout.texts.filter { $0.owner == nil })
    }

    /// A field: its box, its label and value as laid out, and while typed in, the caret
    /// or the selection.
    private func drawField(_ control: Control, texts: [TextBox], editing: Bool, caret: Int, allSelected: Bool) {
        let rect = control.rect
        if editing || (control.id == screen.focus && app.showsFocus) {
            canvas.roundedRect(rect.insetBy(-3), radius: rect.height * 0.3, canvas.palette.accent.with(alpha: 200))
        }
        canvas.roundedRect(rect, radius: rect.height * 0.28, editing ? canvas.palette.selected : canvas.palette.control, shaded: true)
        guard let value = texts.last, texts.count == 2, let label = texts.first else { return kit.texts(texts) }
        kit.text(label)
        let width = canvas.measure(value.text, size: value.px).width
        // The whole text selected: a highlight behind it (typing replaces it).
        if editing, allSelected, width > 0 {
            canvas.fill(
                Rect(
                    x: value.frame.x - 2, y: value.frame.center.y - value.px * 0.62, width: min(width, value.frame.width) + 4,
                    height: value.px * 1.24),
                canvas.palette.primary.with(alpha: 170))
        }
        kit.text(value)
        guard editing, !allSelected, case .field(let full, _, _, _) = control.style else { return }
        // The caret after `caret` characters of the value; where the start is cut ("…"),
        // counted from the end.
        let cut = value.text.hasPrefix("…") && value.text != full
        let shownCaret = cut ? max(caret - (full.count - (value.text.count - 1)), 0) + 1 : caret
        let x = value.frame.x + canvas.measure(String(value.text.prefix(shownCaret)), size: value.px).width
        canvas.fill(
            Rect(x: x, y: value.frame.center.y - value.px * 0.6, width: max(value.px * 0.08, 2), height: value.px * 1.2),
            canvas.palette.accent)
    }

    private func drawSwatch(_ control: Control, tool: EditorTool, selected: Bool) {
        let rect = control.rect
        if control.id == screen.focus, app.showsFocus {
            canvas.roundedRect(rect.insetBy(-7), radius: rect.height * 0.3, canvas.palette.focus.with(alpha: 220))
        }
        if selected { canvas.roundedRect(rect.insetBy(-4), radius: rect.height * 0.26, canvas.palette.accent) }
        let inner = rect.insetBy(rect.width * 0.08)
        switch tool {
        case .block(let color):
            canvas.roundedRect(inner, radius: inner.height * 0.2, Palette.block(color), shaded: true)
            if app.settings.colorBlindSymbols { kit.symbol(color, size: inner.height * 0.42, at: inner.center) }
        case .wall:
            // A swatch is square: its corners and inset follow its side.
            kit.wall(in: inner, size: inner.height)
        case .empty:
            // The eraser: an empty cell ringed as a control is, with a ×, so that it reads as
            // a tool and not as a hole in the palette.
            let edge = max((inner.height * 0.05).rounded(), 1)
            canvas.roundedRect(inner, radius: inner.height * 0.14, canvas.palette.controlEdge)
            canvas.roundedRect(inner.insetBy(edge), radius: max(inner.height * 0.14 - edge, 0), canvas.palette.cell)
            canvas.text(
                "×", size: inner.height * 0.6, canvas.palette.secondaryText, at: inner.center, anchor: Point(x: 0.5, y: 0.5),
                maximumWidth: inner.width)
        }
        if app.isPressed(control.id) { canvas.roundedRect(inner, radius: inner.height * 0.2, canvas.palette.shadow.with(alpha: 60)) }
    }

    private func drawGrid() {
        let layout = screen.gridLayout
        let cell = layout.cellSize
        let draft = screen.draft
        canvas.roundedRect(layout.boardFrame, radius: cell * 0.2, canvas.palette.well)
        let gap = BlockSprite.gap(cell: cell)
        for row in 0..<draft.rows {
            for column in 0..<draft.columns {
                let rect = layout.cellRect(row: Double(row), column: Double(column)).insetBy(gap)
                kit.cell(draft[CellPosition(row: row, column: column)], in: rect, cellSize: cell, symbols: app.settings.colorBlindSymbols)
            }
        }
        // The cursor while the grid has the keys (not while the focus is on a control).
        if let cursor = screen.cursor, screen.focus == nil {
            kit.cursor(around: layout.cellRect(row: Double(cursor.row), column: Double(cursor.column)), cellSize: cell)
        }
    }
}
