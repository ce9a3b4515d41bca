import BloqEngine
import BloqGame
import BloqPlay

/// The title: a 2x2 corner of a board beside the name, a line, the buttons.
struct TitlePainter {
    let app: AppController
    let screen: TitleScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        let size = app.viewport
        let scale = min(size.width, size.height)
        let block = scale * 0.075
        let logoTop = size.height * 0.12
        let word = canvas.measure("Bloq", size: scale * 0.16)
        let totalWidth = block * 2.2 + scale * 0.04 + word.width
        let left = (size.width - totalWidth) / 2
        let colors: [BlockColor] = [.blue, .orange, .green, .red]
        for (index, color) in colors.enumerated() {
            let rect = Rect(
                x: left + Double(index % 2) * block * 1.1, y: logoTop + Double(index / 2) * block * 1.1, width: block, height: block)
            canvas.roundedRect(rect, radius: block * 0.22, Palette.block(color), shaded: true)
        }
        canvas.text(
            "Bloq", size: scale * 0.16, Palette.text, at: Point(x: left + block * 2.2 + scale * 0.04, y: logoTop + block * 1.05),
            anchor: Point(x: 0, y: 0.5))
        canvas.text(
            "Slide a block. Match the colours. Clear the board.", size: scale * 0.032, Palette.secondaryText,
            at: Point(x: size.width / 2, y: logoTop + block * 2.2 + scale * 0.05), anchor: Point(x: 0.5, y: 0.5),
            maximumWidth: size.width * 0.9)
        kit.buttons(screen.controls, focus: screen.focus)
        if let notice = screen.notice {
            kit.notice(notice, bottom: scale * 0.02)
        } else {
            canvas.text(
                "F1 or ? shows the keys", size: scale * 0.025, Palette.secondaryText,
                at: Point(x: size.width / 2, y: size.height - scale * 0.04),
                anchor: Point(x: 0.5, y: 0.5))
        }
    }
}
