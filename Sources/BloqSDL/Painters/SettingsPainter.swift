import BloqEngine
import BloqPlay

/// Settings: a switch per setting, the language's row, and where they are saved.
struct SettingsPainter {
    let app: AppController
    let screen: SettingsScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        let layout = screen.layout
        // Texts on a control (the language's choice) go over it.
        kit.texts(layout.texts.filter { $0.owner == nil })
        defer { kit.texts(layout.texts.filter { $0.owner != nil }) }
        for control in layout.controls {
            guard case .toggle(let on) = control.style else {
                kit.button(control, focused: control.id == screen.focus)
                continue
            }
            // The row as every control is drawn (edge, shadow, focus, label), then its switch.
            kit.button(control, focused: control.id == screen.focus)
            let rect = app.isPressed(control.id) ? control.rect.insetBy(control.rect.height * 0.04) : control.rect
            let pill = Rect(
                x: rect.maxX - rect.height * 1.9, y: rect.y + rect.height * 0.2, width: rect.height * 1.6, height: rect.height * 0.6)
            // The track in the primary colour when on, the controls' edge colour when off (3:1
            // against the ground either way); the knob in the colour set on it.
            canvas.roundedRect(pill, radius: pill.height / 2, on ? canvas.palette.primary : canvas.palette.controlEdge)
            let knob = Rect(x: on ? pill.maxX - pill.height : pill.x, y: pill.y, width: pill.height, height: pill.height).insetBy(
                pill.height * 0.1)
            canvas.roundedRect(knob, radius: knob.height / 2, on ? canvas.palette.onPrimary : canvas.palette.surface, shaded: true)
        }
    }
}
