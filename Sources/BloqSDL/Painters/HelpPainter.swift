import BloqEngine
import BloqPlay

/// The key help over the screen: the command table's rows.
struct HelpPainter {
    let app: AppController
    let screen: HelpScreen
    let canvas: Canvas

    func draw() {
        let size = app.viewport
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), RGBA(0x000000, alpha: 170))
        let panel = Rect(x: size.width * 0.08, y: size.height * 0.05, width: size.width * 0.84, height: size.height * 0.9)
        canvas.roundedRect(panel, radius: min(panel.width, panel.height) * 0.05, Palette.card, shaded: true)
        let rows = screen.rows
        let line = panel.height / Double(rows.count + 3)
        canvas.text(
            "Keys", size: line * 0.8, Palette.text, at: Point(x: panel.center.x, y: panel.y + line * 1.0), anchor: Point(x: 0.5, y: 0.5))
        // As large as the rows allow, and never below 12 pixels.
        let textSize = max(min(line * 0.62, 20), 12)
        for (index, row) in rows.enumerated() {
            let y = panel.y + line * (Double(index) + 2.2)
            canvas.text(
                row.keys, size: textSize, Palette.accent, at: Point(x: panel.x + panel.width * 0.36, y: y), anchor: Point(x: 1, y: 0.5),
                maximumWidth: panel.width * 0.33)
            canvas.text(
                row.does, size: textSize, Palette.text, at: Point(x: panel.x + panel.width * 0.39, y: y), anchor: Point(x: 0, y: 0.5),
                maximumWidth: panel.width * 0.58)
        }
        canvas.text(
            "Press any key to close", size: line * 0.4, Palette.secondaryText, at: Point(x: panel.center.x, y: panel.maxY - line * 0.6),
            anchor: Point(x: 0.5, y: 0.5))
    }
}
