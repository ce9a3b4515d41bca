import BloqEngine
import BloqPlay

/// Settings: a switch per setting, and where they are saved.
struct SettingsPainter {
    let app: AppController
    let screen: SettingsScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        kit.heading("Settings")
        for control in screen.controls {
            guard case .toggle(let on) = control.style else {
                kit.button(control, focused: control.id == screen.focus)
                continue
            }
            let rect = app.isPressed(control.id) ? control.rect.insetBy(2) : control.rect
            if control.id == screen.focus, app.showsFocus {
                canvas.roundedRect(rect.insetBy(-4), radius: rect.height * 0.32, Palette.accent.with(alpha: 230))
            }
            canvas.roundedRect(rect, radius: rect.height * 0.28, Palette.control, shaded: true)
            canvas.text(
                control.text, size: rect.height * 0.38, Palette.text, at: Point(x: rect.x + rect.height * 0.4, y: rect.center.y),
                anchor: Point(x: 0, y: 0.5), maximumWidth: rect.width * 0.6)
            let pill = Rect(
                x: rect.maxX - rect.height * 2.0, y: rect.y + rect.height * 0.2, width: rect.height * 1.6, height: rect.height * 0.6)
            canvas.roundedRect(pill, radius: pill.height / 2, on ? Palette.button : Palette.emptyCell)
            let knob = Rect(x: on ? pill.maxX - pill.height : pill.x, y: pill.y, width: pill.height, height: pill.height).insetBy(
                pill.height * 0.1)
            canvas.roundedRect(knob, radius: knob.height / 2, Palette.text, shaded: true)
        }
        let unit = app.metrics.unit
        let saved = screen.savedIn.map { "Saved in \($0)" } ?? "Not saved: this run keeps settings in memory only"
        canvas.text(
            saved, size: unit * 0.3, Palette.secondaryText, at: Point(x: app.viewport.width / 2, y: app.viewport.height - unit * 0.6),
            anchor: Point(x: 0.5, y: 0.5), maximumWidth: app.viewport.width * 0.94)
    }
}
