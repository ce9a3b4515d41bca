import BloqEngine
import BloqGame

/// The press-and-hold preview of a level tile (seed 004): it grows with the hold (or
/// the touch's pressure), scrubbed and clamped to 0.01...0.99 while the pointer is down;
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
    /// Reduced motion: the card fades in where it opens instead of growing from the tile.
    public let reducedMotion: Bool
    private let animator: PropertyAnimator
    private var recognizer = LongPressRecognizer()
    /// Whether a pointer still holds the tile.
    private(set) var isHeld = true
    /// Simulated seconds since the press, advanced by the steps.
    private var clock = 0.0
    private let pressTime: Double

    /// A quick tap shows nothing: the card starts growing past this much of the hold.
    static let tapThreshold = 0.15

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

    /// Whether the hold got far enough to count as a preview rather than a tap.
    var isBeyondTap: Bool { recognizer.progress >= PreviewCard.tapThreshold }

    /// Advances the hold by one step while the pointer holds the tile.
    func advance(_ seconds: Double) {
        guard isHeld, !isOpen else { return }
        clock += seconds
        recognizer.update(time: pressTime + clock)
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
        let progress = recognizer.progress
        let shown = progress < PreviewCard.tapThreshold ? 0 : (progress - PreviewCard.tapThreshold) / (1 - PreviewCard.tapThreshold)
        animator.fractionComplete = min(max(shown, 0.01), 0.99)
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

    /// The card's frame when fully open, in `viewport`.
    public static func cardFrame(in viewport: Size) -> Rect {
        let width = min(viewport.width * 0.8, viewport.height * 0.75)
        let height = min(viewport.height * 0.86, width * 1.25)
        return Rect(x: (viewport.width - width) / 2, y: (viewport.height - height) / 2, width: width, height: height)
    }

    /// The frame between the tile's (`from`) and the open card's, at `fraction` (the open
    /// card's always, with reduced motion: it fades in instead).
    public func frame(from tile: Rect, in viewport: Size) -> Rect {
        let card = PreviewCard.cardFrame(in: viewport)
        if reducedMotion { return card }
        let t = fraction
        return Rect(
            x: tile.x + (card.x - tile.x) * t, y: tile.y + (card.y - tile.y) * t,
            width: tile.width + (card.width - tile.width) * t, height: tile.height + (card.height - tile.height) * t)
    }

    /// The open card's buttons: Play and Close, then Edit a copy and Copy code.
    func controls(_ metrics: Metrics) -> [Control] {
        let card = PreviewCard.cardFrame(in: metrics.viewport)
        let height = max(metrics.minimumButtonSize, card.height * 0.09)
        let top = card.maxY - height * 2.5
        let bottom = card.maxY - height * 1.25
        let left = card.x + card.width * 0.08
        let width = card.width * 0.84
        return [
            Control(.previewPlay, "Play", rect: Rect(x: left, y: top, width: width * 0.6, height: height), style: .accent),
            Control(.previewClose, "Close", rect: Rect(x: left + width * 0.64, y: top, width: width * 0.36, height: height)),
            Control(.editCopy, "Edit a copy", rect: Rect(x: left, y: bottom, width: width * 0.48, height: height)),
            Control(.copyCode, "Copy code", rect: Rect(x: left + width * 0.52, y: bottom, width: width * 0.48, height: height)),
        ]
    }
}
