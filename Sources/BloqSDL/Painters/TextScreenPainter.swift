import BloqEngine
import BloqPlay

/// A screen of texts and buttons only, drawn as it laid them out: About (the name and
/// version, the credits) and Statistics (the rows of the player's record).
struct TextScreenPainter {
    let app: AppController
    let screen: any AppScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        kit.texts(screen.texts)
        kit.buttons(screen.controls, focus: screen.focus)
    }
}
