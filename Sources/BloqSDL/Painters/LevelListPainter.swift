import BloqEngine
import BloqGame
import BloqPlay

/// The level list: tabs, tiles (a level in miniature with its stars, a lock, or a broken
/// level's mark), paging and Continue, the summary line, and the preview card.
struct LevelListPainter {
    let app: AppController
    let screen: LevelListScreen
    let canvas: Canvas

    func draw() {
        let kit = PaintKit(app: app, canvas: canvas)
        // Once the card is open it is the whole screen: the list is not drawn under it.
        if screen.preview?.isOpen != true { drawList(kit) }
        if let preview = screen.preview { drawPreview(preview, kit) }
    }

    /// What the list as `drawList` draws it is made from, when it is beneath a play screen
    /// (which takes no tile's press there): its layout, its context's generation (progress,
    /// packs and settings), the window, the focus and which controls are held (Back is
    /// the play toolbar's too).
    var key: AnyHashable {
        struct Key: Hashable {
            var screen: ObjectIdentifier
            var generation: Int
            var layout: LevelListScreen.Layout
            var viewport: Size
            var focus: ControlID?
            var showsFocus: Bool
            var pressed: [Bool]
            var hovered: ControlID?
        }
        return Key(
            screen: ObjectIdentifier(screen), generation: screen.context.generation, layout: screen.layout, viewport: app.viewport,
            focus: screen.focus, showsFocus: app.showsFocus, pressed: screen.layout.controls.map { app.isPressed($0.id) },
            hovered: app.hoveredControl)
    }

    /// The list itself (also drawn beneath a play screen sliding away): what the screen
    /// laid out, the tiles with their boards in miniature.
    func drawList(_ kit: PaintKit) {
        let layout = screen.layout
        let pack = screen.currentPack
        let focus = screen.preview?.isOpen == true ? nil : screen.focus
        if let band = layout.notice { kit.surface(band, radius: min(band.height * 0.3, 12), elevation: .panel) }
        kit.texts(layout.texts.filter { if case .tile = $0.owner { false } else { true } })
        for control in layout.controls {
            guard case .tile(let index) = control.id else {
                kit.button(control, focused: control.id == focus)
                continue
            }
            guard let pack, pack.items.indices.contains(index) else { continue }
            var offset = Point.zero
            if let shake = screen.shake, shake.tile == index { offset.x = shake.offset }
            var rect = app.isPressed(control.id) ? control.rect.insetBy(3) : control.rect
            rect.x += offset.x
            let locked = !control.isEnabled
            let radius = min(min(rect.width, rect.height) * Radius.tile, app.metrics.unit * Radius.cardMaximum)
            if control.id == focus, app.showsFocus {
                canvas.roundedRect(rect.insetBy(-4), radius: radius + 4, canvas.palette.focus.with(alpha: 230))
            } else if control.id == app.hoveredControl {
                // Under the mouse: a ring of the accent, thinner than the keyboard's focus.
                canvas.roundedRect(rect.insetBy(-3), radius: radius + 3, canvas.palette.primary.faded(0.55))
            }
            if locked {
                canvas.roundedRect(rect, radius: radius, canvas.palette.control.faded(0.6))
            } else {
                kit.surface(rect, radius: radius, elevation: .raised)
            }
            var texts = layout.texts.filter { $0.owner == control.id }
            if let label = control.labelBox { texts.insert(label, at: 0) }
            for var text in texts {
                text.frame.x += offset.x
                kit.text(text, alpha: locked ? 120 : 255)
            }
            guard var miniature = layout.miniatures[index] else { continue }
            miniature.x += offset.x
            switch pack.items[index] {
            case .playable(let level):
                kit.miniBoard(level.level.board, in: miniature, alpha: locked ? 70 : 255)
                if locked { drawLock(center: miniature.center, size: min(miniature.width, miniature.height) * 0.4) }
            case .broken:
                canvas.text(
                    "!", size: miniature.height * 0.7, canvas.palette.danger, at: miniature.center, anchor: Point(x: 0.5, y: 0.5))
            }
        }
    }

    private func drawLock(center: Point, size: Double) {
        let body = Rect(x: center.x - size * 0.5, y: center.y - size * 0.1, width: size, height: size * 0.75)
        let shackle = Rect(x: center.x - size * 0.32, y: center.y - size * 0.55, width: size * 0.64, height: size * 0.7)
        canvas.roundedRect(shackle, radius: size * 0.32, canvas.palette.text.with(alpha: 220))
        canvas.roundedRect(shackle.insetBy(size * 0.11), radius: size * 0.2, canvas.palette.control)
        canvas.roundedRect(body, radius: size * 0.14, canvas.palette.text.with(alpha: 230), shaded: true)
    }

    /// The card growing from its tile (the list dimmed beneath), or open on its own.
    private func drawPreview(_ preview: PreviewCard, _ kit: PaintKit) {
        let t = min(max(preview.fraction, 0), 1)
        let metrics = app.metrics
        if !preview.isOpen {
            canvas.fill(Rect(x: 0, y: 0, width: app.viewport.width, height: app.viewport.height), canvas.palette.scrim.faded(t))
        }
        let tile = screen.listControls.first { $0.id == .tile(preview.tile) }?.rect ?? PreviewCard.cardFrame(metrics)
        let frame = preview.isOpen ? PreviewCard.cardFrame(metrics) : preview.frame(from: tile, metrics)
        // Reduced motion: the card fades in where it opens (a cross-fade, nothing grows).
        // Its shadow once it is open: a growing card changes size every frame, and its shadow
        // would be made anew with it.
        kit.surface(
            frame, radius: Radius.card(frame, metrics), elevation: preview.isOpen ? .card : .flat, alpha: preview.reducedMotion ? t : 1)
        // The board grows from the tile's own miniature, whole all along (with reduced
        // motion it fades in with the card); what the card says comes in over the second
        // half of the growth, where it will stay.
        let layout = screen.previewLayout(preview)
        let alpha = preview.isOpen ? 255 : UInt8(255 * min(max((t - 0.5) / 0.4, 0), 1))
        let boardAlpha = preview.isOpen || !preview.reducedMotion ? 255 : UInt8(255 * t)
        // The open card's contents, placed in the growing card by its proportions (the text
        // at its own size) and kept inside it: nothing spills over the heading or is cut
        // by the card's edge.
        let sx = frame.width / max(layout.frame.width, 1)
        let sy = frame.height / max(layout.frame.height, 1)
        func placed(_ rect: Rect) -> Rect {
            Rect(
                x: frame.x + (rect.x - layout.frame.x) * sx, y: frame.y + (rect.y - layout.frame.y) * sy, width: rect.width * sx,
                height: rect.height * sy)
        }
        canvas.clip(frame)
        for var text in layout.texts where alpha > 0 {
            let center = placed(text.frame).center
            text.frame.x = center.x - text.frame.width / 2
            text.frame.y = center.y - text.frame.height / 2
            kit.text(text, alpha: alpha)
        }
        kit.miniBoard(preview.level.level.board, in: placed(layout.board), alpha: boardAlpha, symbols: app.settings.colorBlindSymbols)
        canvas.clip(nil)
        if preview.isOpen { kit.buttons(layout.controls, focus: screen.focus) }
    }
}
