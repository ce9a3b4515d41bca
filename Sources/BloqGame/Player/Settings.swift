/// The player's settings (saved under `$XDG_CONFIG_HOME/bloq/` by the platform).
public struct Settings: Codable, Equatable, Sendable {
    /// Draw a distinct symbol on each colour, for players who tell colours apart poorly.
    public var colorBlindSymbols = false
    public var sound = true
    public var fullscreen = false
    /// Fewer and shorter effects (confetti, transitions).
    public var reducedMotion = false
    /// The window size in points, remembered across runs.
    public var windowWidth: Int?
    public var windowHeight: Int?

    public init() {}

    /// Whether the values are in range (a hand-edited file may not be).
    public var isPlausible: Bool {
        [windowWidth, windowHeight].allSatisfy { $0.map { (160...16384).contains($0) } ?? true }
    }
}
