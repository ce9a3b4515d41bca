import BloqEngine
import BloqGame
import BloqLocalization

/// The press-and-hold preview of a level tile (seed 004): once the press has outlasted a
/// person's tap (0.35 s) it grows with the hold (or the touch's pressure), scrubbed and
/// clamped to 0.01...0.99 while the pointer is down;
/// lifting early shrinks it back; reaching the end opens the card, with Play and Close.
public final class PreviewCard {
    /// The tile (item index in the pack) it grows from.
    public let tile: Int
    public let level: PlayableLevel
    /// How far it has grown: 0 is the tile, 1 the open card.
    public private(set) var fraction = 0.0
    public private(set) var isOpen = false
    /// Gone: shrunk back to the tile (the list drops it).
    public private(set) var isClosed = false
    public var focus: ControlID? = .previewPlay
    /// Copy code was chosen: its button says the code is on the clipboard (the card covers
    /// the list's notice, which says where to paste it once the card closes).
    public var codeCopied = false
    /// Reduced motion: the card fades in where it opens instead of growing from the tile.
    public let reducedMotion: Bool
    private let animator: PropertyAnimator
    private var recognizer = LongPressRecognizer()
    /// Whether a pointer still holds the tile.
    private(set) var isHeld = true
    /// Simulated seconds since the press, advanced by the steps.
    private var clock = 0.0
    private let pressTime: Double

    init(
        tile: Int, level: PlayableLevel, at point: Point, time: Double, pressure: Double?, allowableMovement: Double,
        driver: AnimationDriver, reducedMotion: Bool = false
    ) {
        self.reducedMotion = reducedMotion
        self.tile = tile
        self.level = level
        pressTime = time
        recognizer.allowableMovement = allowableMovement
        recognizer.begin(at: point, time: time, pressure: pressure)
        animator = PropertyAnimator(duration: 0.35, curve: .easeOut, driver: driver)
        animator.addAnimations { [weak self] value in self?.fraction = value }
        animator.addCompletion { [weak self] position in
            guard let self else { return }
            if position == .end {
                self.isOpen = true
            } else {
                self.isClosed = true
            }
        }
        animator.pauseAnimation()
    }

    /// Whether the press has lasted longer than a person's tap (0.35 s): a release now
    /// shrinks the card instead of opening the level.
    var isBeyondTap: Bool { recognizer.isBeyondTap }

    /// Advances the hold by one step while the pointer holds the tile.
    func advance(_ seconds: Double) {
        guard isHeld, !isOpen else { return }
        clock += seconds
        recognizer.update(time: pressTime + clock)
        sync()
    }

    /// Brings the hold up to `time`, the release's (steps advance it a frame at a time).
    func catchUp(to time: Double) {
        guard isHeld, !isOpen, time > pressTime + clock else { return }
        clock = time - pressTime
        recognizer.update(time: time)
        sync()
    }

    /// The pointer moved (and maybe pressed harder); moving too far cancels the preview.
    func moved(to point: Point, time: Double, pressure: Double?) {
        guard isHeld else { return }
        recognizer.update(at: point, time: max(time, pressTime + clock), pressure: pressure)
        if recognizer.state == .cancelled {
            close()
        } else {
            sync()
        }
    }

    /// Scrubs the card by the hold; at the end of the hold it opens on its own.
    private func sync() {
        if recognizer.state == .completed {
            isHeld = false
            animator.isReversed = false
            animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 0.3)
            return
        }
        // Nothing grows during the tap; then the hold (or the pressure) scrubs the card.
        animator.fractionComplete = min(max(recognizer.progress, 0.01), 0.99)
    }

    /// Grows open on its own, no pointer holding it (a right-click, the Menu key).
    func grow() {
        isHeld = false
        animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 1)
    }

    /// Shrinks back to the tile (released early, cancelled, or closed once open).
    func close() {
        isHeld = false
        isOpen = false
        if animator.state == .inactive {
            isClosed = true
            return
        }
        animator.isReversed = true
        animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 0.5)
    }

    /// Drops it at once (a tap that opens the level instead).
    func discard() {
        isHeld = false
        animator.stopAnimation(true)
        isClosed = true
    }

    /// The card's frame when fully open: a portrait card in most windows, as wide as the
    /// window in a narrow one, landscape in a short one.
    public static func cardFrame(_ metrics: Metrics) -> Rect {
        let viewport = metrics.viewport
        let margin = metrics.margin
        let room = Rect(x: margin, y: margin, width: viewport.width - margin * 2, height: viewport.height - margin * 2)
        let width = min(room.width, max(room.height * 0.8, min(room.width, 420)))
        let height = min(room.height, width * 1.3)
        return Rect(x: (viewport.width - width) / 2, y: (viewport.height - height) / 2, width: width, height: height)
    }

    /// The frame between the tile's (`from`) and the open card's, at `fraction` (the open
    /// card's always, with reduced motion: it fades in instead).
    public func frame(from tile: Rect, _ metrics: Metrics) -> Rect {
        let card = PreviewCard.cardFrame(metrics)
        if reducedMotion { return card }
        let t = fraction
        return Rect(
            x: tile.x + (card.x - tile.x) * t, y: tile.y + (card.y - tile.y) * t,
            width: tile.width + (card.width - tile.width) * t, height: tile.height + (card.height - tile.height) * t)
    }

    /// The open card laid out: its frame, its buttons (Play and Close, then Edit a copy and
    /// Copy code), its texts (the title and `details`, a line each), and its board's frame.
    public struct Layout {
        public var frame: Rect
        public var controls: [Control]
        public var texts: [TextBox]
        public var board: Rect
    }

    public func layout(_ metrics: Metrics, details: [String]) -> Layout {
        let type = metrics.type
        let frame = PreviewCard.cardFrame(metrics)
        let pad = max((metrics.margin * 1.5).rounded(), 10)
        let inner = frame.insetBy(pad)
        let others = [
            ButtonSpec(.previewPlay, tr("Play"), style: .accent), ButtonSpec(.previewClose, tr("Close")),
            ButtonSpec(.editCopy, tr("Edit a copy"), short: tr("Edit")),
        ]
        let copy = ButtonSpec(.copyCode, tr("Copy code"), short: tr("Copy"))
        // TRANSLATORS: the preview card's Copy code button, once the code is on the clipboard.
        let copied = ButtonSpec(.copyCode, tr("Copied ✓"), short: tr("Copied"))
        let specs = others + [codeCopied ? copied : copy]
        let height = metrics.unit
        let gap = metrics.gap
        // Landscape: the board on the left, the words and buttons on the right.
        let wide = frame.width > frame.height * 1.15
        let board: Rect
        let column: Rect
        if wide {
            let side = min(inner.height, inner.width * 0.48)
            board = Rect(x: inner.x, y: inner.center.y - side / 2, width: side, height: side)
            column = Rect(x: board.maxX + pad, y: inner.y, width: inner.maxX - board.maxX - pad, height: inner.height)
        } else {
            board = inner
            column = inner
        }
        // The buttons along the column's bottom: two by two, else one above another, as
        // Copy code's words before and after it is pressed both fit: the buttons do not move
        // under the hand that pressed it (helper-52, Russian at 400x300).
        var controls: [Control] = []
        var buttonsTop = column.maxY
        for columns in [2, 1] {
            let total = ButtonGroup.height(count: specs.count, columns: columns, height: height, gap: gap)
            let band = Rect(x: column.x, y: column.maxY - total, width: column.width, height: total)
            let other = others + [codeCopied ? copy : copied]
            if columns > 1, ButtonGroup.grid(other, in: band, columns: columns, height: height, gap: gap, scale: type) == nil { continue }
            if let laid = ButtonGroup.grid(specs, in: band, columns: columns, height: height, gap: gap, scale: type) {
                controls = laid
                buttonsTop = band.y
                break
            }
        }
        // The title as large as fits (wrapped at the caption size when nothing does), then
        // the details.
        var texts: [TextBox] = []
        let titleText = level.level.localizedTitle
        let titlePx = Typesetter.size(fitting: [titleText], width: column.width, sizes: [type.title, type.body]) ?? type.caption
        texts += Typesetter.paragraph(
            titleText, px: titlePx, in: Rect(x: column.x, y: column.y, width: column.width, height: 0), maximumLines: 2)
        var y = (texts.last?.frame.maxY ?? column.y) + gap
        for line in details {
            let lines = Typesetter.paragraph(
                line, px: type.caption, in: Rect(x: column.x, y: y, width: column.width, height: 0), role: .secondary, maximumLines: 2)
            texts += lines
            y = (lines.last?.frame.maxY ?? y) + gap * 0.5
        }
        let boardFrame = wide ? board : Rect(x: inner.x, y: y + gap, width: inner.width, height: max(buttonsTop - gap * 2 - y, 1))
        return Layout(frame: frame, controls: controls, texts: texts, board: boardFrame)
    }
}
