import BloqEngine
import BloqPlay

/// About: the version and the credits, one size for every line.
struct AboutPainter {
    let app: AppController
    let screen: AboutScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        kit.heading("About")
        kit.buttons(screen.controls, focus: screen.focus)
        let size = app.viewport
        let unit = app.metrics.unit
        canvas.text(
            "Bloq for Linux \(screen.version)", size: unit * 0.55, Palette.text, at: Point(x: size.width / 2, y: unit * 2.3),
            anchor: Point(x: 0.5, y: 0.5))
        let credits = AboutScreen.credits
        let line = min(unit * 0.62, (size.height - unit * 3.4) / Double(credits.count + 1))
        // One size for every line: the largest at which the longest fits.
        var textSize = line * 0.56
        for text in credits {
            let width = canvas.measure(text, size: textSize).width
            if width > size.width * 0.92, width > 0 { textSize *= size.width * 0.92 / width }
        }
        for (index, text) in credits.enumerated() {
            canvas.text(
                text, size: textSize, index == credits.count - 1 ? Palette.secondaryText : Palette.text,
                at: Point(x: size.width / 2, y: unit * 3.2 + Double(index) * line), anchor: Point(x: 0.5, y: 0))
        }
    }
}
