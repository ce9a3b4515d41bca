import BloqEngine
import BloqGame
import BloqPlay

/// Draws the shell: the screen shown, then the help over it. The list, the play screen and
/// the editor have painters of their own; the other screens are what they laid out
/// (`PaintKit.screen`), with the title's logo and the Daily screen's thinking dots. The
/// pieces every painter shares (buttons, texts, boards in miniature) are in `PaintKit`.
struct ScreenPainter {
    func draw(_ app: AppController, on canvas: Canvas) {
        canvas.offset = .zero
        let kit = PaintKit(app: app, canvas: canvas)
        // The play screen's still layer covers the whole output, its own ground included (and
        // while the edge pan drags it, it and the list beneath cover it together).
        let groundCovered = if case .play = app.root { true } else { false }
        if !groundCovered { kit.ground() }
        switch app.root {
        case .title(let screen):
            // The logo's four blocks, under the name.
            for (rect, color) in zip(screen.layout.logo, [BlockColor.blue, .orange, .green, .red]) {
                canvas.roundedRect(rect, radius: rect.width * 0.22, Palette.block(color), shaded: true)
            }
            kit.screen(screen)
        case .levels(let screen): LevelListPainter(app: app, screen: screen, canvas: canvas).draw()
        case .play(let screen): PlayPainter(app: app, screen: screen, canvas: canvas).draw()
        case .settings, .about, .statistics: kit.screen(app.root.screen)
        case .editor(let screen): EditorPainter(app: app, screen: screen, canvas: canvas).draw()
        case .daily(let screen):
            kit.screen(screen)
            if !screen.failed { thinkingDots(screen, on: canvas) }
        }
        if let help = app.help {
            // Over the whole window.
            canvas.fill(Rect(x: 0, y: 0, width: app.viewport.width, height: app.viewport.height), canvas.palette.surface)
            kit.screen(help)
        }
        // The toast: in its band, on screens that have no place for it in their own layout,
        // else in the place the screen keeps.
        if let band = app.toastBand { canvas.fill(band, canvas.palette.surface) }
        kit.texts(app.toastTexts)
        // The gamepad's band: what its buttons do on this screen.
        let pad = app.padHintTexts
        if !pad.isEmpty {
            let top = app.metrics.viewport.height
            canvas.fill(Rect(x: 0, y: top, width: app.viewport.width, height: app.viewport.height - top), canvas.palette.surface)
            kit.texts(pad)
        }
    }

    /// The Daily screen's four dots while the solver thinks: one lit at a time, a step
    /// every quarter of a second.
    private func thinkingDots(_ screen: DailyScreen, on canvas: Canvas) {
        let lit = Int(screen.thinkingTime * 4) % 4
        let dots = screen.layout.dots
        let dot = dots.height
        for (index, color) in [BlockColor.red, .blue, .orange, .green].enumerated() {
            let rect = Rect(x: dots.x + Double(index) * dot * 2, y: dots.y, width: dot, height: dot)
            canvas.roundedRect(rect, radius: dot * 0.25, Palette.block(color).with(alpha: index == lit ? 255 : 90), shaded: true)
        }
    }
}

/// What every painter draws with.
struct PaintKit {
    let app: AppController
    let canvas: Canvas

    /// The ground every screen stands on: the theme's gradient from top to bottom, and two
    /// large soft shapes of the backdrop over it (the layers between the ground and what
    /// sits on it). High contrast draws a plain ground: its backdrop is transparent. It is a
    /// copy of a layer made once per window size (drawing it took 5 ms of every frame in
    /// the software renderer; docs/performance.md).
    func ground() {
        canvas.cachedLayer(.ground, key: app.viewport) {
            // A fill, not a clear: without render targets the ground is drawn in place, where a
            // clear would wipe what the frame drew before it (the list beneath the edge pan).
            canvas.fill(Rect(x: 0, y: 0, width: app.viewport.width, height: app.viewport.height), canvas.palette.backgroundBottom)
            drawGround()
        }
    }

    private func drawGround() {
        let size = app.viewport
        let palette = canvas.palette
        let bands = 24
        let band = (size.height / Double(bands)).rounded(.up)
        for index in 0..<bands {
            let y = Double(index) * band
            canvas.fill(Rect(x: 0, y: y, width: size.width, height: band + 1), palette.background(at: (y + band / 2) / size.height))
        }
        guard palette.backdrop.a > 0 else { return }
        // Two discs, off the corners, as large as the window's short side: light falling in.
        let short = min(size.width, size.height)
        for (center, scale) in [
            (Point(x: size.width * 0.92, y: size.height * 0.06), 0.75), (Point(x: size.width * 0.04, y: size.height * 0.9), 0.6),
        ] {
            canvas.disc(center: center, radius: (short * scale).rounded(), palette.backdrop)
        }
    }

    /// The shadow of a thing at `elevation` (docs/design.md): `Elevation.layers` copies of
    /// its shape in the theme's shadow colour, each larger, lower and fainter.
    func shadow(_ rect: Rect, radius: Double, _ elevation: Elevation, hidden: Rect? = nil) {
        let shadow = canvas.palette.shadow
        guard elevation.strength > 0, shadow.a > 0 else { return }
        let unit = app.metrics.unit
        let layers = Elevation.layers
        for layer in 1...layers {
            let f = Double(layer) / Double(layers)
            let spread = elevation.spread * unit * f
            var frame = rect.insetBy(-spread)
            frame.y += elevation.drop * unit * f
            let alpha = Double(shadow.a) * elevation.strength * (1 - f * 0.75) / Double(layers)
            canvas.roundedRect(frame, radius: radius + spread, shadow.with(alpha: UInt8(alpha.rounded())), hidden: hidden)
        }
    }

    /// What a rounded rectangle of `color` hides of whatever is beneath it: nothing unless it
    /// is opaque, else all but its corners' arcs (`Canvas.coveredInset`); nil when that
    /// leaves nothing.
    static func hidden(beneath rect: Rect, radius: Double, _ color: RGBA) -> Rect? {
        let inset = Canvas.coveredInset(radius: radius)
        guard color.a == 255, rect.width > 2 * inset, rect.height > 2 * inset else { return nil }
        return rect.insetBy(inset)
    }

    /// A surface raised over the ground (a card, a panel): its shadow, its opaque fill and
    /// its hairline edge.
    func surface(_ rect: Rect, radius: Double, elevation: Elevation = .card, alpha: Double = 1) {
        let palette = canvas.palette
        let width = max((app.metrics.unit * 0.025).rounded(), 1)
        let fill = rect.insetBy(width)
        let fillRadius = max(radius - width, 0)
        let hidden = alpha >= 1 ? PaintKit.hidden(beneath: fill, radius: fillRadius, palette.surface) : nil
        if alpha >= 1 { shadow(rect, radius: radius, elevation, hidden: hidden) }
        let edge = palette.surfaceEdge.over(palette.surface).with(alpha: UInt8(255 * min(max(alpha, 0), 1)))
        canvas.roundedRect(rect, radius: radius, edge, hidden: hidden)
        canvas.roundedRect(fill, radius: fillRadius, palette.surface.faded(alpha))
    }

    /// A screen that is what it laid out: its texts, its controls as buttons, and over them
    /// the texts that belong to a control (a setting's choice).
    func screen(_ screen: any AppScreen) {
        texts(screen.texts.filter { $0.owner == nil })
        buttons(screen.controls, focus: screen.focus)
        texts(screen.texts.filter { $0.owner != nil })
    }

    /// A control as a button: pressed while held, ringed when focused, faded when disabled;
    /// a setting's row with its switch. `focused` is whether the screen's focus is on it.
    func button(_ control: Control, focused: Bool) {
        let pressed = app.isPressed(control.id)
        // A disabled primary button is drawn as any disabled one: faded blue read as half on.
        let accent = control.style == .accent && control.isEnabled
        var rect = control.rect
        if pressed { rect = rect.insetBy(rect.height * 0.04) }
        let base: RGBA =
            switch control.style {
            case .accent where accent: canvas.palette.primary
            case .selected: canvas.palette.selected
            default: canvas.palette.control
            }
        // Under the mouse with no button held.
        let hovered = !pressed && control.isEnabled && app.hoveredControl == control.id
        let lit = hovered ? canvas.palette.hovered(base, isPrimary: accent) : base
        let fill = (pressed ? base.darker : lit).with(alpha: control.isEnabled ? 255 : 90)
        let radius = rect.height * Radius.control
        if focused, app.showsFocus {
            canvas.roundedRect(rect.insetBy(-4), radius: radius + 4, canvas.palette.focus.with(alpha: 230))
        }
        // Its edge: the boundary a player sees (3:1 against the ground), under its fill.
        let edgeColor = canvas.palette.controlEdge.with(alpha: control.isEnabled ? 255 : 110)
        // What is beneath an opaque button, its shadow and its edge beneath its fill, is drawn
        // only where it shows (the same pixels; they were 3-4 ms of each redraw of the play
        // screen's still layer at 1920x1080).
        let top = !accent ? edgeColor : fill
        if control.isEnabled, !pressed {
            shadow(rect, radius: radius, .raised, hidden: PaintKit.hidden(beneath: rect, radius: radius, top))
        }
        if !accent {
            let edge = max((rect.height * 0.03).rounded(), 1)
            let inside = rect.insetBy(edge)
            let insideFill = fill.over(canvas.palette.background)
            let insideRadius = max(radius - edge, 0)
            canvas.roundedRect(rect, radius: radius, edgeColor, hidden: PaintKit.hidden(beneath: inside, radius: insideRadius, insideFill))
            canvas.roundedRect(inside, radius: insideRadius, insideFill, shaded: true)
        } else {
            canvas.roundedRect(rect, radius: radius, fill, shaded: true)
        }
        if let label = control.labelBox {
            text(label, alpha: control.isEnabled ? 255 : 120, ink: accent ? canvas.palette.onPrimary : nil)
        } else if control.showsLabel {
            // (A label the screen sets as its own texts, on two lines, is not drawn again.)
            let ink = accent ? canvas.palette.onPrimary : canvas.palette.text
            canvas.text(
                control.text, size: rect.height * 0.4, ink.with(alpha: control.isEnabled ? 255 : 120), at: rect.center,
                anchor: Point(x: 0.5, y: 0.5), maximumWidth: rect.width * 0.88)
        }
        guard case .toggle(let on) = control.style else { return }
        let pill = Rect(
            x: rect.maxX - rect.height * 1.9, y: rect.y + rect.height * 0.2, width: rect.height * 1.6, height: rect.height * 0.6)
        // The track in the primary colour when on, the controls' edge colour when off (3:1
        // against the ground either way); the knob in the colour set on it.
        canvas.roundedRect(pill, radius: pill.height / 2, on ? canvas.palette.primary : canvas.palette.controlEdge)
        let knob = Rect(x: on ? pill.maxX - pill.height : pill.x, y: pill.y, width: pill.height, height: pill.height).insetBy(
            pill.height * 0.1)
        canvas.roundedRect(knob, radius: knob.height / 2, on ? canvas.palette.onPrimary : canvas.palette.surface, shaded: true)
    }

    /// Texts as a screen laid them out: each at its size, in its box, aligned.
    func texts(_ boxes: [TextBox]) {
        for box in boxes { text(box) }
    }

    /// One laid-out text.
    func text(_ box: TextBox, alpha: UInt8 = 255, ink: RGBA? = nil) {
        if box.role == .stars, ink == nil {
            stars(box, alpha: alpha)
            return
        }
        let color: RGBA =
            if let ink { ink } else {
                switch box.role {
                case .plain: canvas.palette.text
                case .secondary: canvas.palette.secondaryText
                case .accent: canvas.palette.accent
                case .danger: canvas.palette.danger
                case .stars: canvas.palette.star
                }
            }
        canvas.text(
            box.text, size: box.px, color.with(alpha: alpha),
            at: Point(x: box.frame.x + box.frame.width * box.alignment, y: box.frame.center.y), anchor: Point(x: box.alignment, y: 0.5),
            maximumWidth: box.frame.width, face: box.face)
    }

    /// A row of stars laid out as text (`TextBox.Role.stars`): one to each third of the
    /// text's ink, as large as its line allows; ★ filled in the star colour, ☆ an outline in
    /// the hollow star's. `scales` grows each (the Cleared card's arriving stars).
    func stars(_ box: TextBox, alpha: UInt8 = 255, scales: [Double] = []) {
        let marks = Array(box.text.unicodeScalars.filter { $0 == "★" || $0 == "☆" })
        guard !marks.isEmpty else { return }
        let ink = box.inkFrame
        let slot = ink.width / Double(marks.count)
        let size = min(slot * 0.98, box.frame.height * 0.95, box.px * 1.25)
        for (index, mark) in marks.enumerated() {
            let scale = index < scales.count ? scales[index] : 1
            guard scale > 0.01 else { continue }
            let center = Point(x: ink.x + slot * (Double(index) + 0.5), y: box.frame.center.y)
            let hollow = mark == "☆"
            let color = (hollow ? canvas.palette.starHollow : canvas.palette.star).with(alpha: alpha)
            canvas.star(center: center, size: size, scale: scale, hollow: hollow, color)
        }
    }

    /// Every control of a screen as buttons.
    func buttons(_ controls: [Control], focus: ControlID?) {
        for control in controls { button(control, focused: control.id == focus) }
    }

    /// A board in miniature (level tiles, preview cards), with symbols when asked.
    func miniBoard(_ board: Board, in frame: Rect, alpha: UInt8, symbols: Bool = false) {
        let cell = min(frame.width / Double(board.columns), frame.height / Double(board.rows))
        let origin = Point(
            x: frame.x + (frame.width - cell * Double(board.columns)) / 2, y: frame.y + (frame.height - cell * Double(board.rows)) / 2)
        for position in board.positions {
            let rect = Rect(
                x: origin.x + Double(position.column) * cell, y: origin.y + Double(position.row) * cell, width: cell, height: cell
            )
            .insetBy(max(cell * 0.08, 0.5))
            switch board[position] {
            case .empty: canvas.roundedRect(rect, radius: cell * Radius.cell, canvas.palette.cell.with(alpha: alpha))
            case .wall:
                // As on the board: raised, with its inset.
                wall(in: rect, size: cell, alpha: alpha, inset: cell >= 8)
            case .block(let color):
                canvas.roundedRect(rect, radius: cell * Radius.block, Palette.block(color).with(alpha: alpha), shaded: true)
                if symbols, cell >= 10 { symbol(color, size: rect.width * 0.55, at: rect.center, alpha: UInt8(Double(alpha) * 0.8)) }
            }
        }
    }

    /// One cell of a board: empty, a wall, or a block (with its symbol when asked).
    func cell(_ cell: Cell, in rect: Rect, cellSize: Double, symbols: Bool) {
        switch cell {
        case .empty: canvas.roundedRect(rect, radius: cellSize * Radius.cell, canvas.palette.cell)
        case .wall: wall(in: rect, size: cellSize)
        case .block(let color):
            canvas.roundedRect(rect, radius: cellSize * Radius.block, Palette.block(color), shaded: true)
            if symbols { symbol(color, size: rect.width * 0.42, at: rect.center) }
        }
    }

    /// A wall in `rect`, raised, with its inset (`size`: the side its corners follow).
    func wall(in rect: Rect, size: Double, alpha: UInt8 = 255, inset: Bool = true) {
        canvas.roundedRect(rect, radius: size * 0.12, canvas.palette.wall.with(alpha: alpha), shaded: true)
        if inset { canvas.roundedRect(rect.insetBy(size * 0.16), radius: size * 0.06, canvas.palette.wallInset.with(alpha: alpha)) }
    }

    /// A block's colour-blind symbol, `size` high, centred on `center`.
    func symbol(_ color: BlockColor, size: Double, at center: Point, alpha: UInt8 = 255) {
        canvas.text(
            Palette.symbol(color), size: size, Palette.symbolInk(color).with(alpha: alpha), at: center, anchor: Point(x: 0.5, y: 0.5))
    }

    /// The keyboard cursor's frame around a cell.
    func cursor(around rect: Rect, cellSize: Double) {
        let thickness = max((cellSize * 0.05).rounded(), 2)
        for edge in [
            Rect(x: rect.x, y: rect.y, width: rect.width, height: thickness),
            Rect(x: rect.x, y: rect.maxY - thickness, width: rect.width, height: thickness),
            Rect(x: rect.x, y: rect.y, width: thickness, height: rect.height),
            Rect(x: rect.maxX - thickness, y: rect.y, width: thickness, height: rect.height),
        ] {
            canvas.fill(edge, canvas.palette.focus.with(alpha: 200))
        }
    }
}
