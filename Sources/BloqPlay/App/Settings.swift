import BloqGame

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

/// A pack of levels as the level list shows it: playable levels and, for players' own
/// packs, broken ones with their error (shown, never hidden).
public struct PackEntry: Sendable {
    public enum Item: Sendable {
        case playable(PlayableLevel)
        case broken(name: String, error: String)
    }

    public var title: String
    public var items: [Item]
    /// True for packs the player made (under their data folder).
    public var isPlayers: Bool

    public init(title: String, items: [Item], isPlayers: Bool = false) {
        self.title = title
        self.items = items
        self.isPlayers = isPlayers
    }

    /// The playable levels in order.
    public var playable: [PlayableLevel] {
        items.compactMap { if case .playable(let level) = $0 { return level } else { return nil } }
    }
}

/// What the screens need to know of the player's progress; the platform implements it
/// with its saved files (replays and screenshots use none).
public protocol ProgressBook: AnyObject {
    /// Best stars earned on a level (0 when never cleared).
    func bestStars(_ level: PlayableLevel) -> Int
    /// Whether each level of a pack may be opened.
    func unlocked(_ levels: [PlayableLevel]) -> [Bool]
    func resume(_ level: PlayableLevel) -> ResumeState?
    func cleared(_ level: PlayableLevel, moves: Int, stars: Int, time: Double)
    func leaving(_ level: PlayableLevel, line: ResumeState?)
}
