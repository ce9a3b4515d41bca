import BloqEngine

/// The window the game is laid out for: its size in points, the pixels per point of its
/// output (above 1 on high-DPI screens), and its display's dots per inch.
public struct WindowGeometry: Equatable, Sendable {
    /// The window's size in points (what the mouse reports).
    public var points: Size
    /// Output pixels per point, across and down.
    public var scale: Point
    /// The display's dots per inch (96 when it does not say); on X11 with a `contentScale`
    /// above 1, its pixels' DPI over that scale, so that a button of `minimumButtonSize`
    /// stays about 9 mm.
    public var dpi: Double
    /// How much larger than its points the desktop asks things drawn: X11's scale (Xft.dpi
    /// over 96, `DesktopScale`), where a point is a pixel; 1 where `scale` says it all
    /// (Wayland's compositor, a headless window).
    public var contentScale: Double

    public init(points: Size, scale: Point = Point(x: 1, y: 1), dpi: Double = 96, contentScale: Double = 1) {
        self.points = points
        self.scale = scale
        self.dpi = dpi
        self.contentScale = contentScale
    }

    /// The size in output pixels (what the game lays itself out in).
    public var output: Size { Size(width: points.width * scale.x, height: points.height * scale.y) }

    /// Output pixels per point of the desktop's: what the smallest text, controls and cells
    /// are multiplied by (`Metrics.scale`).
    public var layoutScale: Double { scale.x * contentScale }

    /// The window's size in whole points of the desktop's (points over `contentScale`): what
    /// a recorded script says, so that its replay, at scale 1, is laid out as play was, and
    /// the size remembered for the next run.
    public var desktopPointSize: (width: Int, height: Int) {
        (Int((points.width / contentScale).rounded()), Int((points.height / contentScale).rounded()))
    }
}

/// What a `GameLoop` runs over (SwiftNIO's event loop over a channel, Bevy's schedule over
/// a window or none): where input comes from and when, and where frames go. An SDL window
/// is one platform; an input script (`ScriptPlatform`) is another, so live play, replays,
/// screenshots and benchmarks run the one loop.
public protocol GamePlatform: AnyObject {
    /// The platform's clock in milliseconds; input is stamped on it.
    var now: Double { get }
    /// Whether the loop may sleep while nothing moves (a window waits for input; a script
    /// goes through every step, so its answers come at the same steps every time).
    var sleepsWhenIdle: Bool { get }
    /// Gathers the input that has arrived, first waiting up to `timeout` milliseconds for
    /// some when nothing is there (0: no wait). Returns whether any is waiting.
    @discardableResult
    func gatherInput(waitingUpTo timeout: Double) -> Bool
    /// The platform time of the next input due by now, without taking it; nil when none.
    func nextInputTime() -> Double?
    /// Takes that input; nil when it means nothing to the game (an SDL event it ignores).
    func takeInput() -> RawInput?
    /// The window as it is now.
    var geometry: WindowGeometry { get }
    /// Whether play time counts now (the window has the focus and is not minimised).
    var isFocused: Bool { get }
    /// Whether the platform has ended the run (a script reached its end, or failed).
    var isFinished: Bool { get }
    /// Shows the game: the window follows the settings, the sounds play, the frame is
    /// drawn and presented.
    func present(_ app: AppController, sounds: [SoundCue])
}

/// A window a script platform lays the game out in and resizes (a headless SDL window, so
/// the final frame can be drawn).
public protocol ScriptWindow: AnyObject {
    var geometry: WindowGeometry { get }
    /// Resizes the window to `width` x `height` points.
    func resize(width: Int, height: Int)
}
