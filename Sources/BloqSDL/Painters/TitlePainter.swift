import BloqEngine
import BloqGame
import BloqPlay

/// The title: the logo's four blocks, then everything the screen laid out (the name, the
/// line under it, the buttons, the bottom band).
struct TitlePainter {
    let app: AppController
    let screen: TitleScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        let layout = screen.layout
        let colors: [BlockColor] = [.blue, .orange, .green, .red]
        for (rect, color) in zip(layout.logo, colors) {
            canvas.roundedRect(rect, radius: rect.width * 0.22, Palette.block(color), shaded: true)
        }
        kit.texts(layout.texts)
        kit.buttons(layout.controls, focus: screen.focus)
    }
}
