import BloqEngine
import BloqGame
import BloqPlay

/// The Daily screen while today's board is being made: the day, the streak, and dots that
/// move while the solver thinks (or why there is no board).
struct DailyPainter {
    let app: AppController
    let screen: DailyScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        kit.heading("Daily")
        kit.buttons(screen.controls, focus: screen.focus)
        let size = app.viewport
        let unit = app.metrics.unit
        canvas.text(
            screen.date.longDescription, size: unit * 0.55, Palette.text, at: Point(x: size.width / 2, y: size.height * 0.3),
            anchor: Point(x: 0.5, y: 0.5), maximumWidth: size.width * 0.9)
        canvas.text(
            screen.streak > 0 ? "Streak: \(DailyScreen.streakText(screen.streak))" : "Clear a daily board each day for a streak",
            size: unit * 0.4, Palette.secondaryText, at: Point(x: size.width / 2, y: size.height * 0.3 + unit * 0.8),
            anchor: Point(x: 0.5, y: 0.5), maximumWidth: size.width * 0.9)
        canvas.text(
            screen.message, size: unit * 0.5, screen.failed ? Palette.accent : Palette.text,
            at: Point(x: size.width / 2, y: size.height * 0.55), anchor: Point(x: 0.5, y: 0.5), maximumWidth: size.width * 0.9)
        guard !screen.failed else { return }
        // Four dots, one lit at a time, a step every quarter of a second.
        let lit = Int(screen.thinkingTime * 4) % 4
        let dot = unit * 0.22
        for index in 0..<4 {
            let rect = Rect(
                x: size.width / 2 + (Double(index) - 1.5) * dot * 2 - dot / 2, y: size.height * 0.55 + unit * 0.7, width: dot, height: dot)
            let colors: [BlockColor] = [.red, .blue, .orange, .green]
            canvas.roundedRect(rect, radius: dot * 0.25, Palette.block(colors[index]).with(alpha: index == lit ? 255 : 90), shaded: true)
        }
    }
}
