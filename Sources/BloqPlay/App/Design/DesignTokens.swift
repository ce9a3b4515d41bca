import BloqEngine

/// The design system's lengths, depths and motions (docs/design.md). Lengths follow the
/// window through `Metrics` (`margin`, `gap`, `unit`); these say how things are rounded,
/// raised and moved, so every screen and painter rounds, raises and moves alike.

/// Corner radii, each a fraction of the height (or the short side) of what it rounds, so a
/// shape keeps its character at every size.
public enum Radius {
    /// Buttons, fields, switches: a soft pill-ish corner.
    public static let control = 0.32
    /// Cards (Cleared, the preview, the review, panels): of the card's short side.
    public static let card = 0.06
    /// The most a card's corner may be, as a fraction of `Metrics.unit`.
    public static let cardMaximum = 0.6
    /// Level tiles: of the tile's width.
    public static let tile = 0.16
    /// The board's well: of a cell.
    public static let well = 0.28
    /// A block: of a cell (a cell's ground is a little less round).
    public static let block = 0.2
    public static let cell = 0.16

    /// The radius of a card `frame` in a window of `metrics`.
    public static func card(_ frame: Rect, _ metrics: Metrics) -> Double {
        min(min(frame.width, frame.height) * card, metrics.unit * cardMaximum)
    }
}

/// How far a thing stands above the ground: its shadow's drop and softness, as fractions
/// of `Metrics.unit` (a shadow is drawn as `layers` offset copies fading out, which the
/// software renderer draws quickly).
public struct Elevation: Hashable, Sendable {
    /// The shadow's drop below the thing.
    public var drop: Double
    /// How far the shadow spreads past its edge.
    public var spread: Double
    /// The shadow's strength, a fraction of the theme's shadow colour's alpha.
    public var strength: Double

    /// On the ground: no shadow (text, the backdrop).
    public static let flat = Elevation(drop: 0, spread: 0, strength: 0)
    /// Controls and tiles: a short, firm shadow.
    public static let raised = Elevation(drop: 0.05, spread: 0.04, strength: 0.7)
    /// The board's well and panels: set a little above the ground.
    public static let panel = Elevation(drop: 0.1, spread: 0.12, strength: 0.6)
    /// Cards over the board or the list (Cleared, the preview, the review): the highest.
    public static let card = Elevation(drop: 0.22, spread: 0.3, strength: 1)

    /// How many copies a shadow is drawn with.
    public static let layers = 4
}

/// The motion tokens: durations, curves and springs of what moves in the shell. The
/// board's slides, squash and vanish are `SlideMotion` and `BoardScene`'s (docs/motion.md);
/// these are the ones the screens add, chosen to the same scale: nothing a person waits for
/// takes longer than half a second, and what celebrates settles on an underdamped spring.
public enum MotionToken {
    /// The Cleared card: each star lands `starStagger` after the one before, growing on an
    /// underdamped spring (`starSpring`) over `starDuration`, from `starDelay` after the
    /// card shows.
    public static let starDelay = 0.15
    public static let starStagger = 0.22
    public static let starDuration = 0.55
    public static let starSpring = TimingCurve.spring(dampingRatio: 0.45, initialVelocity: 0)
    /// When the last star has landed.
    public static let starsSettled = starDelay + 2 * starStagger + starDuration
    /// The hint's ghost (`BoardScene.showGhosts`): it fades in where the block is over
    /// `ghostFade`, travels its path in `ghostTravel(cells:)` (ease in and out), and rests
    /// `ghostPause` before the next move's ghost.
    public static let ghostFade = 0.12
    public static let ghostPause = 0.15
    public static func ghostTravel(cells: Int) -> Double { 0.25 + 0.06 * Double(cells) }
    /// The confetti's life (`ConfettiBurst`'s default).
    public static let confetti = 2.4

    /// The scale of star `index` (0, 1, 2) `time` seconds after the card showed: 0 before
    /// it arrives, then up past 1 and back on the spring. With reduced motion, 1 at once.
    public static func starScale(index: Int, time: Double, reducedMotion: Bool) -> Double {
        if reducedMotion { return 1 }
        let start = starDelay + Double(index) * starStagger
        guard time > start else { return 0 }
        return starSpring.progress(at: min((time - start) / starDuration, 1), duration: starDuration)
    }
}
