import BloqEngine
import BloqPlay

/// The key help over the whole window: what the help screen laid out.
struct HelpPainter {
    let app: AppController
    let screen: HelpScreen
    let canvas: Canvas

    func draw() {
        let size = app.viewport
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), canvas.palette.surface)
        let kit = PaintKit(app: app, canvas: canvas)
        let layout = screen.layout
        kit.texts(layout.texts)
        kit.buttons(layout.controls, focus: screen.focus)
    }
}
