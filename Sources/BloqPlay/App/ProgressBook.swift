import BloqGame

/// What the screens need to know of the player's progress; the platform implements it
/// with its saved files (replays and screenshots use none).
public protocol ProgressBook: AnyObject {
    /// Best stars earned on a level (0 when never cleared).
    func bestStars(_ level: PlayableLevel) -> Int
    /// Whether each level of a pack may be opened.
    func unlocked(_ levels: [PlayableLevel]) -> [Bool]
    func resume(_ level: PlayableLevel) -> UnfinishedLine?
    func cleared(_ level: PlayableLevel, moves: Int, stars: Int, time: Double)
    func leaving(_ level: PlayableLevel, line: UnfinishedLine?)
}
