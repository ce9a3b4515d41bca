import BloqEngine
import BloqPlay

/// About: what the screen laid out (the name and version, the credits).
struct AboutPainter {
    let app: AppController
    let screen: AboutScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        let layout = screen.layout
        kit.texts(layout.texts)
        kit.buttons(layout.controls, focus: screen.focus)
    }
}

/// Statistics: what the screen laid out (the rows of the player's record).
struct StatisticsPainter {
    let app: AppController
    let screen: StatisticsScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        let layout = screen.layout
        kit.texts(layout.texts)
        kit.buttons(layout.controls, focus: screen.focus)
    }
}
