import BloqEngine
import BloqGame
import BloqPlay

/// The Daily screen while today's board is being made: what the screen laid out (the
/// day, the streak, the message) and dots that move while the solver thinks.
struct DailyPainter {
    let app: AppController
    let screen: DailyScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        let layout = screen.layout
        kit.texts(layout.texts)
        kit.buttons(layout.controls, focus: screen.focus)
        guard !screen.failed else { return }
        // Four dots, one lit at a time, a step every quarter of a second.
        let lit = Int(screen.thinkingTime * 4) % 4
        let dot = layout.dots.height
        let colors: [BlockColor] = [.red, .blue, .orange, .green]
        for index in 0..<4 {
            let rect = Rect(x: layout.dots.x + Double(index) * dot * 2, y: layout.dots.y, width: dot, height: dot)
            canvas.roundedRect(rect, radius: dot * 0.25, Palette.block(colors[index]).with(alpha: index == lit ? 255 : 90), shaded: true)
        }
    }
}
