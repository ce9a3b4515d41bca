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
        drawList(kit)
        if let preview = screen.preview { drawPreview(preview, kit) }
        if let notice = screen.notice { kit.notice(notice) }
    }

    /// The list itself (also drawn beneath a play screen sliding away).
    func drawList(_ kit: PaintKit) {
        kit.heading("Levels")
        let pack = screen.currentPack
        let focus = screen.preview?.isOpen == true ? nil : screen.focus
        for control in screen.listControls {
            guard case .tile(let index) = control.id else {
                kit.button(control, focused: control.id == focus)
                continue
            }
            guard let pack, pack.items.indices.contains(index) else { continue }
            var rect = app.isPressed(control.id) ? control.rect.insetBy(3) : control.rect
            if let shake = screen.shake, shake.tile == index { rect.x += shake.offset }
            let locked = !control.isEnabled
            if control.id == focus, app.showsFocus {
                canvas.roundedRect(rect.insetBy(-4), radius: rect.width * 0.14, Palette.accent.with(alpha: 230))
            }
            canvas.roundedRect(rect, radius: rect.width * 0.12, Palette.control.with(alpha: locked ? 150 : 255), shaded: true)
            let label = rect.height * 0.17
            canvas.text(
                control.label, size: label, Palette.text.with(alpha: locked ? 120 : 255),
                at: Point(x: rect.x + rect.width * 0.08, y: rect.y + rect.height * 0.05))
            let miniature = Rect(
                x: rect.x + rect.width * 0.22, y: rect.y + rect.height * 0.22, width: rect.width * 0.56, height: rect.height * 0.5)
            let below = Point(x: rect.center.x, y: rect.maxY - rect.height * 0.13)
            switch pack.items[index] {
            case .playable(let level):
                kit.miniBoard(level.level.board, in: miniature, alpha: locked ? 70 : 255)
                if locked {
                    drawLock(center: Point(x: rect.center.x, y: miniature.center.y), size: rect.width * 0.22)
                } else if let record = app.progress?.record(level), record.cleared {
                    // Cleared with no stars (Show solution) still reads as cleared.
                    let text = record.bestStars > 0 ? PaintKit.stars(record.bestStars) : "✓ cleared"
                    canvas.text(
                        text, size: label * 0.95, Palette.accent, at: below, anchor: Point(x: 0.5, y: 0.5), maximumWidth: rect.width * 0.9)
                } else if app.progress?.unfinished(level) != nil {
                    // Started and left unfinished: it resumes where the player was.
                    canvas.text(
                        "in progress", size: label * 0.8, Palette.accent.with(alpha: 220), at: below, anchor: Point(x: 0.5, y: 0.5),
                        maximumWidth: rect.width * 0.9)
                } else {
                    canvas.text(
                        PaintKit.stars(0), size: label * 0.95, Palette.secondaryText.with(alpha: 140), at: below,
                        anchor: Point(x: 0.5, y: 0.5))
                }
            case .broken:
                canvas.text("!", size: rect.height * 0.4, Palette.danger, at: miniature.center, anchor: Point(x: 0.5, y: 0.5))
                canvas.text("broken", size: label * 0.8, Palette.danger, at: below, anchor: Point(x: 0.5, y: 0.5))
            }
        }
        if let bar = screen.listControls.first(where: { $0.id == .nextPage })?.rect {
            let continueWidth = screen.listControls.contains { $0.id == .continueLevel } ? bar.height * 5.2 : bar.height * 0.6
            canvas.text(
                screen.summary, size: bar.height * 0.34, Palette.secondaryText, at: Point(x: bar.maxX + bar.height * 0.4, y: bar.center.y),
                anchor: Point(x: 0, y: 0.5), maximumWidth: app.viewport.width - bar.maxX - continueWidth)
        }
    }

    private func drawLock(center: Point, size: Double) {
        let body = Rect(x: center.x - size * 0.5, y: center.y - size * 0.1, width: size, height: size * 0.75)
        let shackle = Rect(x: center.x - size * 0.32, y: center.y - size * 0.55, width: size * 0.64, height: size * 0.7)
        canvas.roundedRect(shackle, radius: size * 0.32, Palette.text.with(alpha: 220))
        canvas.roundedRect(shackle.insetBy(size * 0.11), radius: size * 0.2, Palette.control)
        canvas.roundedRect(body, radius: size * 0.14, Palette.text.with(alpha: 230), shaded: true)
    }

    private func drawPreview(_ preview: PreviewCard, _ kit: PaintKit) {
        let t = min(max(preview.fraction, 0), 1)
        canvas.fill(Rect(x: 0, y: 0, width: app.viewport.width, height: app.viewport.height), RGBA(0x000000, alpha: UInt8(150 * t)))
        let tile = screen.listControls.first { $0.id == .tile(preview.tile) }?.rect ?? PreviewCard.cardFrame(in: app.viewport)
        let frame = preview.frame(from: tile, in: app.viewport)
        // Reduced motion: the card fades in where it opens (a cross-fade, nothing grows).
        let cardAlpha = preview.reducedMotion ? UInt8(255 * t) : 255
        canvas.roundedRect(frame, radius: min(frame.width, frame.height) * 0.08, Palette.card.with(alpha: cardAlpha), shaded: true)
        let alpha = UInt8(255 * min(max((t - 0.2) / 0.8, 0), 1))
        let inner = frame.insetBy(frame.width * 0.08)
        let level = preview.level
        canvas.text(
            level.level.title, size: frame.height * 0.06, Palette.text.with(alpha: alpha), at: Point(x: frame.center.x, y: inner.y),
            anchor: Point(x: 0.5, y: 0), maximumWidth: inner.width)
        let record = app.progress?.record(level)
        var details = "Level \(preview.tile + 1)" + (level.level.par.map { "  ·  par \($0)" } ?? "")
        if let record, record.cleared {
            details += "  ·  best " + PaintKit.stars(record.bestStars)
            if let moves = record.bestMoves { details += "  \(moves) move\(moves == 1 ? "" : "s")" }
            if let time = record.bestTime { details += "  " + ClearedOverlay.clock(time) }
        } else if let line = app.progress?.unfinished(level) {
            details += "  ·  in progress, \(line.log.count) move\(line.log.count == 1 ? "" : "s") played"
        } else {
            details += "  ·  not cleared yet"
        }
        canvas.text(
            details, size: frame.height * 0.035, Palette.secondaryText.with(alpha: alpha),
            at: Point(x: frame.center.x, y: inner.y + frame.height * 0.085), anchor: Point(x: 0.5, y: 0), maximumWidth: inner.width)
        let boardFrame = Rect(x: inner.x, y: inner.y + frame.height * 0.15, width: inner.width, height: frame.height * 0.55)
        kit.miniBoard(level.level.board, in: boardFrame, alpha: max(alpha, 60), symbols: app.settings.colorBlindSymbols)
        if preview.isOpen { kit.buttons(screen.controls, focus: screen.focus) }
    }
}
